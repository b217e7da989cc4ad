// A resource screen's dialogs (issue 9 resource kit): examples of the rules (one dialog at a time, a
// save is reported, a reopening is a fresh dialog), then every generated model path checked against
// reference/resource-dialog.reference.ts.
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { resourceDialogMachine, selectResourceDialog } from '../../machines/generic/resource-dialog.machine.ts';
import { resourceDialogModel } from '../../machines/generic/resource-dialog.model.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { resourceDialogReference } from './reference/resource-dialog.reference.ts';

function start() {
  const actor = createActor(resourceDialogMachine);
  const emitted: EventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted, view: () => selectResourceDialog(actor.getSnapshot()) };
}

describe('resource dialogs', () => {
  it('opens one dialog at a time and reports a save once', () => {
    const run = start();
    run.actor.send({ type: 'dialog.open', dialog: 'form', id: 'r1' });
    run.actor.send({ type: 'dialog.open', dialog: 'permissions', id: 'r2' });
    expect(run.view()).toMatchObject({ dialog: 'form', id: 'r1' });
    run.actor.send({ type: 'dialog.saved' });
    expect(run.view()).toMatchObject({ dialog: null, id: null });
    expect(run.emitted).toEqual([{ type: 'dialog.saved', dialog: 'form', id: 'r1' }]);
  });

  it('a closed dialog says nothing; reopening the same record is a new dialog', () => {
    const run = start();
    run.actor.send({ type: 'dialog.open', dialog: 'form', id: null });
    const first = run.view().key;
    run.actor.send({ type: 'dialog.closed' });
    run.actor.send({ type: 'dialog.open', dialog: 'form', id: null });
    expect(run.view().key).not.toBe(first);
    expect(run.emitted).toEqual([]);
  });
});

describeReferencePaths('resource dialogs', {
  model: resourceDialogModel,
  actorNames: [],
  select: (snapshot) => selectResourceDialog(snapshot as never),
  reference: resourceDialogReference,
});
