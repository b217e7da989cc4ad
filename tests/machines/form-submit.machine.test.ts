// The generic form submit driven headless with a fake submit actor: the rules first, then every
// generated model path, checked step by step against the reference written from the spec
// (reference/form-submit.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { formErrorOf, formSubmitMachine, selectFormSubmit } from '../../machines/generic/form-submit.machine.ts';
import { abpRefusal, formSubmitModel } from '../../machines/generic/form-submit.model.ts';
import { fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { formSubmitReference, formSubmitRules } from './reference/form-submit.reference.ts';

function start() {
  const fakes = fakeActors(['submit']);
  const actor = createActor(formSubmitMachine.provide({ actors: fakes.actors })).start();
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  return { fakes, actor, emitted, view: () => selectFormSubmit(actor.getSnapshot()) };
}

describe('form submit', () => {
  it('shows validation errors and sends nothing while the values are invalid', () => {
    const run = start();
    run.actor.send({ type: 'form.submit', values: { email: '' }, errors: { email: 'Required' } });
    expect(run.view()).toMatchObject({ isBusy: false, fieldErrors: { email: 'Required' } });
    expect(run.fakes.calls).toEqual([]);
  });

  it('submits once while busy, then emits the answer', async () => {
    const run = start();
    run.actor.send({ type: 'form.submit', values: { email: 'a@b.c' }, errors: {} });
    run.actor.send({ type: 'form.submit', values: { email: 'a@b.c' }, errors: {} });
    expect(run.view().isBusy).toBe(true);
    expect(run.fakes.calls).toEqual([{ name: 'submit', input: { email: 'a@b.c' } }]);
    run.fakes.settle('submit', { output: 'ok' });
    await settled();
    expect(run.view()).toMatchObject({ isBusy: false, isDone: true });
    expect(run.emitted).toEqual([{ type: 'form.submitted', output: 'ok' }]);
  });

  it("shows the server's message and field errors from the ABP envelope, and from an OAuth answer", async () => {
    const run = start();
    run.actor.send({ type: 'form.submit', values: { userName: 'admin' }, errors: {} });
    run.fakes.settle('submit', { error: abpRefusal });
    await settled();
    expect(run.view()).toMatchObject({
      isBusy: false,
      serverError: "Username 'admin' is already taken.",
      errorCode: 'Volo.Abp.Identity:DuplicateUserName',
      fieldErrors: { userName: "Username 'admin' is already taken.", email: "Username 'admin' is already taken." },
    });
    run.actor.send({ type: 'form.edit' });
    expect(run.view().serverError).toBeNull();
    expect(formErrorOf({ error: 'invalid_grant', error_description: 'Locked out' })).toEqual({
      message: 'Locked out',
      code: 'invalid_grant',
      fields: {},
    });
    expect(formErrorOf(new Error('network'))).toEqual({ message: null, code: null, fields: {} });
  });
});

describeReferencePaths('form submit', {
  model: formSubmitModel,
  id: 'formSubmit',
  actorNames: ['submit'],
  select: (snapshot) => selectFormSubmit(snapshot as never),
  reference: formSubmitReference,
  rules: formSubmitRules,
});
