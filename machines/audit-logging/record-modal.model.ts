// The test model of the record modal: open a record, open another one, the load succeeding and
// failing, retry and close.
import { describeEvent, done, failed } from '../shell/model-events.ts';
import type { MachineModel } from '../testing/model-paths.ts';
import { type RecordModalEvent, recordModalMachine } from './record-modal.machine.ts';

const events: RecordModalEvent[] = [
  { type: 'modal.open', request: { id: 'log-1' } },
  { type: 'modal.open', request: { id: 'log-2' } },
  { type: 'modal.retry' },
  { type: 'modal.close' },
];

export const recordModalModel: MachineModel<typeof recordModalMachine> = {
  machine: recordModalMachine,
  scenarios: [{ name: 'closed', input: undefined as never }],
  events: [done('loadRecord', { id: 'log-1', url: '/api/x' }), failed('loadRecord'), ...events],
  describeEvent,
};
