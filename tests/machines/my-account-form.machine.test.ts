// My account's tab forms (spec 2.4, 5, 7.10): examples with controllable actors (load, invalid
// submit, save with the server's refusal, no double submit), then every generated model path (the
// ones docs/machines/myAccountForm.md lists).
// Generated paths are checked step by step against the reference written from the spec
// (reference/my-account-form.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { myAccountFormMachine, selectMyAccountForm, toFailure } from '../../machines/account/my-account-form.machine.ts';
import { myAccountFormModel } from '../../machines/account/my-account-form.model.ts';
import { abpError } from '../../src/api/my-account.ts';
import { fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { myAccountFormReference, myAccountFormRules } from './reference/my-account-form.reference.ts';

function start(input: { values?: Record<string, unknown>; isValid?: boolean; load?: boolean }) {
  const fakes = fakeActors(['loadForm', 'saveForm']);
  const actor = createActor(myAccountFormMachine.provide({ actors: fakes.actors as never }), { input });
  const emitted: EventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, fakes, emitted, view: () => selectMyAccountForm(actor.getSnapshot()) };
}

describe('my account form', () => {
  it('loads the stored values, saves the edited ones and says so', async () => {
    const run = start({ load: true });
    expect(run.view().isLoading).toBe(true);
    run.fakes.settle('loadForm', { output: { name: 'Admin', concurrencyStamp: 's1' } });
    await settled();
    expect(run.view()).toMatchObject({ isLoading: false, values: { name: 'Admin', concurrencyStamp: 's1' }, isValid: true });
    run.actor.send({ type: 'form.change', values: { name: 'Ada' }, isValid: true });
    run.actor.send({ type: 'form.submit' });
    expect(run.view().isSaving).toBe(true);
    // A second submit while saving does nothing (spec 5).
    run.actor.send({ type: 'form.submit' });
    expect(run.fakes.calls.filter((call) => call.name === 'saveForm')).toEqual([
      { name: 'saveForm', input: { values: { name: 'Ada', concurrencyStamp: 's1' } } },
    ]);
    run.fakes.settle('saveForm', { output: { values: { name: 'Ada', concurrencyStamp: 's2' }, isValid: true } });
    await settled();
    expect(run.view()).toMatchObject({ isSaving: false, values: { name: 'Ada', concurrencyStamp: 's2' }, failure: null });
    expect(run.emitted).toEqual([{ type: 'form.saved' }]);
  });

  it('does not submit an invalid form, and shows its errors from then on', () => {
    const run = start({ values: { currentPassword: '', newPassword: '' }, isValid: false });
    run.actor.send({ type: 'form.submit' });
    expect(run.view()).toMatchObject({ isSaving: false, submitted: true });
    expect(run.fakes.calls).toEqual([]);
    run.actor.send({ type: 'form.change', values: { newPassword: 'x' }, isValid: true });
    run.actor.send({ type: 'form.submit' });
    expect(run.fakes.calls).toEqual([{ name: 'saveForm', input: { values: { currentPassword: '', newPassword: 'x' } } }]);
  });

  it("keeps the user's values and the server's message when the save is refused", async () => {
    const run = start({ values: { currentPassword: 'a', newPassword: 'b' } });
    run.actor.send({ type: 'form.submit' });
    run.fakes.settle('saveForm', { error: { message: 'Incorrect password.', fields: { currentPassword: 'Incorrect password.' } } });
    await settled();
    expect(run.view()).toMatchObject({
      isSaving: false,
      values: { currentPassword: 'a', newPassword: 'b' },
      failure: { message: 'Incorrect password.', fields: { currentPassword: 'Incorrect password.' } },
    });
    expect(run.emitted).toEqual([]);
    run.actor.send({ type: 'form.change', values: { currentPassword: 'c' }, isValid: true });
    expect(run.view().failure).toBeNull();
  });

  it('loads the stored values again on request, never over unsaved edits, only for a tab that loads', async () => {
    const run = start({ load: true });
    run.fakes.settle('loadForm', { output: { enabled: false, canEnable: false } });
    await settled();
    run.actor.send({ type: 'form.reload' });
    expect(run.view().isLoading).toBe(true);
    run.fakes.settle('loadForm', { output: { enabled: true, canEnable: true } });
    await settled();
    expect(run.view().values).toEqual({ enabled: true, canEnable: true });
    // Edited: a reload would drop the user's edit, so it waits until a save.
    run.actor.send({ type: 'form.change', values: { enabled: false }, isValid: true });
    run.actor.send({ type: 'form.reload' });
    expect(run.view()).toMatchObject({ isLoading: false, values: { enabled: false } });
    run.actor.send({ type: 'form.submit' });
    run.fakes.settle('saveForm', { output: { values: { enabled: false, canEnable: true }, isValid: true } });
    await settled();
    run.actor.send({ type: 'form.reload' });
    expect(run.view().isLoading).toBe(true);
    const password = start({ values: { newPassword: '' }, isValid: false });
    password.actor.send({ type: 'form.reload' });
    expect(password.view().isLoading).toBe(false);
    expect(password.fakes.calls).toEqual([]);
  });

  it('offers retry after a failed load', async () => {
    const run = start({ load: true });
    run.fakes.settle('loadForm', { error: new Error('offline') });
    await settled();
    expect(run.view()).toMatchObject({ loadFailed: true, failure: { message: 'offline', fields: {} } });
    run.actor.send({ type: 'retry' });
    expect(run.view()).toMatchObject({ isLoading: true, failure: null });
  });

  it("reads the ABP error envelope's message and invalid fields", () => {
    const error = {
      data: {
        error: {
          message: 'Your request is not valid!',
          validationErrors: [
            { message: 'Passwords must have at least one digit.', members: ['NewPassword'] },
            { message: 'Second message', members: ['newPassword'] },
          ],
        },
      },
    };
    expect(abpError(error)).toEqual({
      message: 'Your request is not valid!',
      fields: { newPassword: 'Passwords must have at least one digit.' },
    });
    expect(abpError(new Error('network'))).toEqual({ message: null, fields: {} });
    expect(toFailure(null)).toEqual({ message: null, fields: {} });
    // Fields only from an object: a text in its place marks no field.
    expect(toFailure({ message: 'Refused', fields: 'NewPassword' })).toStrictEqual({ message: 'Refused', fields: {} });
    expect(toFailure({ message: 7, fields: { newPassword: 'Too short' } })).toStrictEqual({
      message: null,
      fields: { newPassword: 'Too short' },
    });
  });

  it('shows loaded values as valid, even after a save the server answered as invalid', async () => {
    const run = start({ load: true });
    run.fakes.settle('loadForm', { output: { enabled: false } });
    await settled();
    run.actor.send({ type: 'form.submit' });
    run.fakes.settle('saveForm', { output: { values: { enabled: false }, isValid: false } });
    await settled();
    expect(run.view().isValid).toBe(false);
    run.actor.send({ type: 'form.reload' });
    run.fakes.settle('loadForm', { output: { enabled: true } });
    await settled();
    expect(run.view()).toMatchObject({ isLoading: false, isValid: true, values: { enabled: true } });
  });
});

describeReferencePaths('my account form', {
  model: myAccountFormModel,
  id: 'myAccountForm',
  actorNames: ['loadForm', 'saveForm'],
  select: (snapshot) => selectMyAccountForm(snapshot as never),
  reference: myAccountFormReference,
  rules: myAccountFormRules,
});
