// The confirmation machine: examples that pin spec 8 (one question at a time, the asker gets its
// answer), then every generated model path (the ones docs/machines/confirmAction.md lists).
// Generated paths are checked step by step against the reference written from the spec
// (reference/confirm-action.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { confirmActionMachine, selectConfirmAction } from '../../machines/generic/confirm-action.machine.ts';
import { confirmActionModel } from '../../machines/generic/confirm-action.model.ts';
import { requestConfirmation } from '../../src/app/effects.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { confirmActionReference, confirmActionRules } from './reference/confirm-action.reference.ts';

function start() {
  const actor = createActor(confirmActionMachine);
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted, view: () => selectConfirmAction(actor.getSnapshot()) };
}

describe('confirm action', () => {
  it('opens one question and answers it with its id', () => {
    const run = start();
    expect(run.view()).toBeNull();
    run.actor.send({ type: 'confirm.request', id: 'a', message: 'Delete the link to bob?' });
    expect(run.view()).toEqual({ id: 'a', message: 'Delete the link to bob?' });
    run.actor.send({ type: 'confirm.answer', yes: true });
    expect(run.view()).toBeNull();
    expect(run.emitted).toEqual([{ type: 'confirm.answered', id: 'a', yes: true }]);
  });

  it('answers a second question no at once while one is open, and keeps the first', () => {
    const run = start();
    run.actor.send({ type: 'confirm.request', id: 'a', message: 'First?' });
    run.actor.send({ type: 'confirm.request', id: 'b', message: 'Second?' });
    expect(run.emitted).toEqual([{ type: 'confirm.answered', id: 'b', yes: false }]);
    expect(run.view()).toEqual({ id: 'a', message: 'First?' });
    run.actor.send({ type: 'confirm.answer', yes: false });
    expect(run.emitted).toEqual([
      { type: 'confirm.answered', id: 'b', yes: false },
      { type: 'confirm.answered', id: 'a', yes: false },
    ]);
  });

  it('ignores an answer when no question is open', () => {
    const run = start();
    run.actor.send({ type: 'confirm.answer', yes: true });
    expect(run.emitted).toEqual([]);
    expect(run.actor.getSnapshot().value).toBe('idle');
  });

  it('holds one question at a time and answers the asker (requestConfirmation)', async () => {
    const { actor } = start();
    const first = requestConfirmation(actor, 'Delete the link to bob?');
    expect(selectConfirmAction(actor.getSnapshot())?.message).toBe('Delete the link to bob?');
    // A second question while one is open is answered no at once.
    await expect(requestConfirmation(actor, 'Another?')).resolves.toBe(false);
    actor.send({ type: 'confirm.answer', yes: true });
    await expect(first).resolves.toBe(true);
    expect(selectConfirmAction(actor.getSnapshot())).toBeNull();
    const second = requestConfirmation(actor, 'Delete the delegation of alice?');
    actor.send({ type: 'confirm.answer', yes: false });
    await expect(second).resolves.toBe(false);
  });
});

describeReferencePaths('confirm action', {
  model: confirmActionModel,
  id: 'confirmAction',
  actorNames: [],
  select: (snapshot) => selectConfirmAction(snapshot as never),
  reference: confirmActionReference,
  rules: confirmActionRules,
});
