// The generic settings form with fake actors: examples that pin spec 4.8, 5 and 8 (dirty tracking,
// rule validation, no submit while invalid or saving, 'Saved successfully' then the configuration
// refresh, server field errors and '[a,b]' interpolation), then every generated model path (the
// ones docs/machines/settingsForm.md lists).
// Generated paths are checked step by step against the reference written from the spec
// (reference/settings-form.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  interpolateMessage,
  saveFailure,
  selectSettingsForm,
  settingsFormMachine,
  validateSettings,
} from '../../machines/generic/settings-form.machine.ts';
import { loadedValues, passwordRules, serverRefusal, settingsFormModel } from '../../machines/generic/settings-form.model.ts';
import { fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { settingsFormReference, settingsFormRules } from './reference/settings-form.reference.ts';

const actorNames = ['loadSettings', 'saveSettings', 'refreshConfiguration'] as const;

async function start() {
  const fakes = fakeActors(actorNames);
  const actor = createActor(settingsFormMachine.provide({ actors: fakes.actors }), { input: { rules: passwordRules } });
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  fakes.settle('loadSettings', { output: loadedValues });
  await settled();
  return { actor, fakes, emitted, view: () => selectSettingsForm(actor.getSnapshot()) };
}

describe('settings form', () => {
  it('loads, tracks dirtiness and goes back on reset', async () => {
    const run = await start();
    expect(run.view()).toMatchObject({ status: 'editing', values: loadedValues, isDirty: false, isValid: true, canSave: true });
    run.actor.send({ type: 'form.change', values: { requiredLength: 10 } });
    expect(run.view()).toMatchObject({ isDirty: true, values: { requiredLength: 10, requireDigit: true } });
    run.actor.send({ type: 'form.change', values: { requiredLength: 6 } });
    expect(run.view().isDirty).toBe(false);
    run.actor.send({ type: 'form.change', values: { requiredLength: 9, requireDigit: false } });
    run.actor.send({ type: 'form.reset' });
    expect(run.view()).toMatchObject({ values: loadedValues, isDirty: false });
  });

  it('blocks Save and submit while invalid, and shows the errors', async () => {
    const run = await start();
    run.actor.send({ type: 'form.change', values: { requiredLength: 40 } });
    expect(run.view()).toMatchObject({ isValid: false, canSave: false, fieldErrors: { requiredLength: { rule: 'max', limit: 32 } } });
    run.actor.send({ type: 'form.submit' });
    expect(run.view().status).toBe('editing');
    expect(run.fakes.calls.map((call) => call.name)).toEqual(['loadSettings']);
    run.actor.send({ type: 'form.change', values: { requiredLength: null } });
    expect(run.view().fieldErrors).toEqual({ requiredLength: { rule: 'required' } });
  });

  it('saves once, says Saved successfully, refreshes the configuration, keeps the saved values as baseline', async () => {
    const run = await start();
    run.actor.send({ type: 'form.change', values: { requiredLength: 12 } });
    run.actor.send({ type: 'form.submit' });
    expect(run.view()).toMatchObject({ status: 'saving', canSave: false, isSaving: true });
    // A second submit while saving does nothing.
    run.actor.send({ type: 'form.submit' });
    expect(run.fakes.calls.filter((call) => call.name === 'saveSettings')).toEqual([
      { name: 'saveSettings', input: { values: { requiredLength: 12, requireDigit: true } } },
    ]);
    run.fakes.settle('saveSettings', { output: undefined });
    await settled();
    expect(run.emitted).toEqual([{ type: 'settings.saved' }]);
    expect(run.view()).toMatchObject({ status: 'refreshing', isDirty: false, canSave: false });
    expect(run.fakes.calls.at(-1)?.name).toBe('refreshConfiguration');
    run.fakes.settle('refreshConfiguration', { error: new Error('offline') });
    await settled();
    expect(run.view()).toMatchObject({
      status: 'editing',
      isDirty: false,
      values: { requiredLength: 12, requireDigit: true },
      canSave: true,
    });
  });

  it('takes the values the server answers as the new baseline', async () => {
    const run = await start();
    run.actor.send({ type: 'form.change', values: { requiredLength: 12 } });
    run.actor.send({ type: 'form.submit' });
    run.fakes.settle('saveSettings', { output: { requiredLength: 12, requireDigit: false } });
    await settled();
    expect(run.view().values).toEqual({ requiredLength: 12, requireDigit: false });
  });

  it('maps a refusal to its fields with interpolated messages, until the field changes', async () => {
    const run = await start();
    run.actor.send({ type: 'form.submit' });
    run.fakes.settle('saveSettings', { error: serverRefusal });
    await settled();
    expect(run.emitted).toEqual([{ type: 'settings.saveFailed', message: 'Your request is not valid!' }]);
    expect(run.view()).toMatchObject({
      status: 'editing',
      error: 'Your request is not valid!',
      fieldErrors: { requiredLength: { rule: 'server', message: 'The field RequiredLength must be between 2 and 32.' } },
    });
    run.actor.send({ type: 'form.change', values: { requiredLength: 7 } });
    expect(run.view().fieldErrors).toEqual({});
  });

  it('offers a retry after a failed load', async () => {
    const fakes = fakeActors(actorNames);
    const actor = createActor(settingsFormMachine.provide({ actors: fakes.actors }), { input: {} }).start();
    fakes.settle('loadSettings', { error: { data: { error: { message: 'Forbidden' } } } });
    await settled();
    expect(selectSettingsForm(actor.getSnapshot())).toMatchObject({ status: 'loadFailed', error: 'Forbidden', canSave: false });
    actor.send({ type: 'form.retry' });
    fakes.settle('loadSettings', { output: { enabled: true } });
    await settled();
    expect(selectSettingsForm(actor.getSnapshot())).toMatchObject({ status: 'editing', values: { enabled: true }, error: null });
  });
});

describe('settings form rules and messages', () => {
  it('validates required, min, max and conditional rules', () => {
    const rules = {
      version: [{ kind: 'required' as const }],
      score: [
        { kind: 'required' as const, when: { field: 'version', equals: 3 } },
        { kind: 'min' as const, limit: 0, when: { field: 'version', equals: 3 } },
        { kind: 'max' as const, limit: 1, when: { field: 'version', equals: 3 } },
      ],
    };
    expect(validateSettings({ version: 2, score: null }, rules)).toEqual({});
    expect(validateSettings({ version: 3, score: null }, rules)).toEqual({ score: { rule: 'required' } });
    expect(validateSettings({ version: 3, score: 1.5 }, rules)).toEqual({ score: { rule: 'max', limit: 1 } });
    expect(validateSettings({ version: 3, score: '0.5' }, rules)).toEqual({});
    expect(validateSettings({ version: 3, score: 'abc' }, rules)).toEqual({ score: { rule: 'number' } });
    expect(validateSettings({ version: '', score: 0 }, rules)).toEqual({ version: { rule: 'required' } });
  });

  it("interpolates a trailing '[a,b]' parameter list (spec 5)", () => {
    expect(interpolateMessage('The field {0} must be between {1} and {2}.[RequiredLength,2,32]')).toBe(
      'The field RequiredLength must be between 2 and 32.',
    );
    expect(interpolateMessage('Given tenant is not available: {0} [acme]')).toBe('Given tenant is not available: acme');
    // No placeholders: brackets are part of the text.
    expect(interpolateMessage('Allowed values [a,b]')).toBe('Allowed values [a,b]');
    expect(interpolateMessage('Plain message')).toBe('Plain message');
  });

  it('reads ABP envelopes and nothing else', () => {
    expect(saveFailure(new Error('x'))).toEqual({ message: null, fields: {} });
    expect(
      saveFailure({
        data: {
          error: {
            message: 'Bad',
            validationErrors: [{ message: 'Too long', members: ['ExpiredDeleterPeriod', 'Other'] }, { members: ['X'] }],
          },
        },
      }),
    ).toEqual({ message: 'Bad', fields: { expiredDeleterPeriod: 'Too long', other: 'Too long' } });
  });
});

describeReferencePaths('settings form', {
  model: settingsFormModel,
  id: 'settingsForm',
  actorNames: actorNames,
  select: (snapshot) => selectSettingsForm(snapshot as never),
  reference: settingsFormReference,
  rules: settingsFormRules,
});
