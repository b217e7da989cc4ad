// List selection and bulk actions (issue 9 resource kit): examples of the key rules (a selection
// spans pages, "all matching" sends the filter, a filter change clears it, an action's form, the
// report and the list refresh), then every generated model path checked against reference/list-selection.reference.ts.
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { listSelectionMachine, selectListSelection } from '../../machines/generic/list-selection.machine.ts';
import { bulkRefusal, listSelectionModel, report } from '../../machines/generic/list-selection.model.ts';
import { fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { listSelectionReference } from './reference/list-selection.reference.ts';

function start() {
  const fakes = fakeActors(['runBulkAction']);
  const actor = createActor(listSelectionMachine.provide({ actors: fakes.actors }));
  const emitted: EventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, fakes, emitted, view: () => selectListSelection(actor.getSnapshot()) };
}

describe('list selection', () => {
  it('keeps rows selected across pages; a page toggle selects, then unselects, its rows', () => {
    const run = start();
    run.actor.send({ type: 'selection.toggle', id: 'a' });
    run.actor.send({ type: 'selection.togglePage', ids: ['c', 'd'] });
    expect(run.view().selectedIds).toEqual(['a', 'c', 'd']);
    run.actor.send({ type: 'selection.togglePage', ids: ['c', 'd'] });
    expect(run.view()).toMatchObject({ selectedIds: ['a'], count: 1, canRunBulk: true });
  });

  it('"all matching" runs the bulk action over the filter, reports, refreshes the list', async () => {
    const run = start();
    run.actor.send({ type: 'list.filtersApplied', filters: { isLockedOut: true } });
    run.actor.send({ type: 'selection.selectMatching', totalCount: 42 });
    expect(run.view()).toMatchObject({ mode: 'matching', count: 42 });
    run.actor.send({ type: 'bulk.start', action: 'unlock' });
    expect(run.fakes.calls).toEqual([]);
    run.actor.send({ type: 'bulk.confirm' });
    expect(run.fakes.calls).toEqual([
      { name: 'runBulkAction', input: { action: 'unlock', target: { filters: { isLockedOut: true }, expectedCount: 42 } } },
    ]);
    run.fakes.settle('runBulkAction', { output: report });
    await settled();
    expect(run.view()).toMatchObject({ phase: 'reporting', report });
    expect(run.emitted).toEqual([{ type: 'list.refresh' }]);
    run.actor.send({ type: 'report.close' });
    expect(run.view()).toMatchObject({ phase: 'selecting', count: 0, report: null });
  });

  it('a change of filter clears the selection; the same filter again does not', () => {
    const run = start();
    run.actor.send({ type: 'selection.toggle', id: 'a' });
    run.actor.send({ type: 'list.filtersApplied', filters: {} });
    expect(run.view().count).toBe(1);
    run.actor.send({ type: 'list.filtersApplied', filters: { filter: 'x' } });
    expect(run.view().count).toBe(0);
  });

  it('an action with a form asks for its values, then "Are you sure?", then runs with them; a cancelled form runs nothing', async () => {
    const run = start();
    run.actor.send({ type: 'selection.toggle', id: 'a' });
    run.actor.send({ type: 'bulk.start', action: 'lock', withForm: true });
    expect(run.view()).toMatchObject({ phase: 'asking', action: 'lock', canRunBulk: false });
    run.actor.send({ type: 'bulk.cancel' });
    expect(run.view()).toMatchObject({ phase: 'selecting', action: null, count: 1 });
    run.actor.send({ type: 'bulk.start', action: 'lock', withForm: true });
    run.actor.send({ type: 'bulk.confirm' });
    expect(run.fakes.calls).toEqual([]);
    run.actor.send({ type: 'bulk.submit', values: { lockoutEnd: '2031-05-01T09:00' } });
    expect(run.view().phase).toBe('confirming');
    expect(run.fakes.calls).toEqual([]);
    run.actor.send({ type: 'bulk.confirm' });
    expect(run.fakes.calls).toEqual([
      { name: 'runBulkAction', input: { action: 'lock', target: { ids: ['a'] }, values: { lockoutEnd: '2031-05-01T09:00' } } },
    ]);
    run.fakes.settle('runBulkAction', { output: report });
    await settled();
    expect(run.view()).toMatchObject({ phase: 'reporting', report });
  });

  it('nothing selected, no bulk action; a failed run keeps the selection and says why', async () => {
    const run = start();
    run.actor.send({ type: 'bulk.start', action: 'delete' });
    expect(run.view().phase).toBe('selecting');
    run.actor.send({ type: 'selection.toggle', id: 'a' });
    run.actor.send({ type: 'bulk.start', action: 'delete' });
    run.actor.send({ type: 'bulk.confirm' });
    expect(run.fakes.calls[0]?.input).toEqual({ action: 'delete', target: { ids: ['a'] } });
    run.fakes.settle('runBulkAction', { error: bulkRefusal });
    await settled();
    expect(run.view()).toMatchObject({ phase: 'selecting', selectedIds: ['a'] });
    expect(run.emitted).toEqual([{ type: 'bulk.failed', message: 'Bulk actions are limited to 10000 rows.' }]);
  });
});

describeReferencePaths('list selection', {
  model: listSelectionModel,
  actorNames: ['runBulkAction'],
  select: (snapshot) => selectListSelection(snapshot as never),
  reference: listSelectionReference,
});
