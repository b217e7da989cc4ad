// The test model of list selection and bulk actions: rows toggled one by one and a page at once,
// "all matching" the filter, a filter change (and the same filter again), a bulk action confirmed or
// cancelled, one with a form (its values submitted, or the form cancelled), its report, and a failed
// run with the server's message.
import type { EventObject } from 'xstate';
import { describeEvent, done } from '../shell/model-events.ts';
import type { MachineModel } from '../testing/model-paths.ts';
import { type BulkReport, type ListSelectionEvent, listSelectionMachine } from './list-selection.machine.ts';

export const report: BulkReport = { done: 40, skipped: 1, failed: [{ id: 'u9', userName: 'admin', reason: 'You cannot lock yourself.' }] };
export const bulkRefusal = { data: { error: { message: 'Bulk actions are limited to 10000 rows.' } } };

const events: Array<ListSelectionEvent | EventObject> = [
  { type: 'selection.toggle', id: 'a' },
  { type: 'selection.togglePage', ids: ['a', 'b'] },
  { type: 'selection.selectMatching', totalCount: 42 },
  { type: 'selection.clear' },
  { type: 'list.filtersApplied', filters: { filter: 'adm' } },
  { type: 'list.filtersApplied', filters: {} },
  { type: 'bulk.start', action: 'unlock' },
  { type: 'bulk.start', action: 'lock', withForm: true },
  { type: 'bulk.submit', values: { lockoutEnd: '2031-05-01T09:00' } },
  { type: 'bulk.confirm' },
  { type: 'bulk.cancel' },
  { type: 'report.close' },
  done('runBulkAction', report),
  { type: 'xstate.error.actor.runBulkAction', error: bulkRefusal } as EventObject,
];

export const listSelectionModel: MachineModel<typeof listSelectionMachine> = {
  machine: listSelectionMachine,
  scenarios: [{ name: 'users list', input: undefined }],
  events,
  describeEvent(event) {
    if (event.type === 'xstate.error.actor.runBulkAction') return 'runBulkAction refused';
    return describeEvent(event);
  },
};
