// Row actions (issue 9 resource kit; spec 8): examples of the key rules (asks first, one mutation at
// a time, toast + refresh, focus after a delete), then every generated model path checked against
// reference/row-action.reference.ts.
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { focusAfterRemoval, rowActionMachine, selectRowAction } from '../../machines/generic/row-action.machine.ts';
import { actionRefusal, rowActionModel } from '../../machines/generic/row-action.model.ts';
import { fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { rowActionReference } from './reference/row-action.reference.ts';

function start() {
  const fakes = fakeActors(['runAction']);
  const actor = createActor(rowActionMachine.provide({ actors: fakes.actors }));
  const emitted: EventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, fakes, emitted, view: () => selectRowAction(actor.getSnapshot()) };
}

const del = (id: string, rowIds: string[]) =>
  ({ type: 'action.request', action: 'delete', id, confirm: true, removesRow: true, rowIds }) as const;

describe('row action', () => {
  it('a delete asks first, runs once, refreshes and moves the focus to the next row', async () => {
    const run = start();
    run.actor.send(del('b', ['a', 'b', 'c']));
    expect(run.view()).toMatchObject({ phase: 'confirming', pending: { action: 'delete', id: 'b' }, canAct: false });
    run.actor.send(del('c', ['a', 'b', 'c']));
    run.actor.send({ type: 'action.confirm' });
    run.actor.send({ type: 'action.confirm' });
    expect(run.fakes.calls).toEqual([{ name: 'runAction', input: { action: 'delete', id: 'b' } }]);
    run.fakes.settle('runAction', { output: undefined });
    await settled();
    expect(run.emitted).toEqual([
      { type: 'action.succeeded', action: 'delete', id: 'b' },
      { type: 'list.refresh' },
      { type: 'focus.after', id: 'c' },
    ]);
    expect(run.view().canAct).toBe(true);
  });

  it('cancel runs nothing; a refusal says the server message', async () => {
    const run = start();
    run.actor.send(del('a', ['a']));
    run.actor.send({ type: 'action.cancel' });
    expect(run.fakes.calls).toEqual([]);
    run.actor.send(del('a', ['a']));
    run.actor.send({ type: 'action.confirm' });
    run.fakes.settle('runAction', { error: actionRefusal });
    await settled();
    expect(run.emitted).toEqual([{ type: 'action.failed', action: 'delete', message: 'A static claim type cannot be deleted.' }]);
  });

  it('focus after removal: next, else previous, else the heading', () => {
    expect(focusAfterRemoval(['a', 'b', 'c'], 'b')).toBe('c');
    expect(focusAfterRemoval(['a', 'b', 'c'], 'c')).toBe('b');
    expect(focusAfterRemoval(['a'], 'a')).toBeNull();
  });
});

describeReferencePaths('row action', {
  model: rowActionModel,
  actorNames: ['runAction'],
  select: (snapshot) => selectRowAction(snapshot as never),
  reference: rowActionReference,
});
