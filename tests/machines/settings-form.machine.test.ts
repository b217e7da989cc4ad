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

  it("keeps the other fields' server errors when one field changes", async () => {
    const run = await start();
    run.actor.send({ type: 'form.submit' });
    const refusal = {
      data: { error: { message: 'Invalid', validationErrors: [{ message: 'Bad', members: ['RequiredLength', 'RequireDigit'] }] } },
    };
    run.fakes.settle('saveSettings', { error: refusal });
    await settled();
    run.actor.send({ type: 'form.change', values: { requiredLength: 7 } });
    expect(run.view().fieldErrors).toEqual({ requireDigit: { rule: 'server', message: 'Bad' } });
  });

  it('after a save, shows only the errors of fields changed again (a blocked submit showed them all before)', async () => {
    const fakes = fakeActors(actorNames);
    const rules = {
      version: [{ kind: 'required' as const }],
      score: [{ kind: 'required' as const, when: { field: 'version', equals: 3 } }],
    };
    const actor = createActor(settingsFormMachine.provide({ actors: fakes.actors }), { input: { rules } }).start();
    const view = () => selectSettingsForm(actor.getSnapshot());
    fakes.settle('loadSettings', { output: { version: 2, score: null } });
    await settled();
    actor.send({ type: 'form.change', values: { version: '' } });
    actor.send({ type: 'form.submit' });
    expect(view().fieldErrors).toEqual({ version: { rule: 'required' } });
    actor.send({ type: 'form.change', values: { version: 4 } });
    actor.send({ type: 'form.submit' });
    fakes.settle('saveSettings', { output: undefined });
    await settled();
    fakes.settle('refreshConfiguration', { output: undefined });
    await settled();
    expect(view()).toMatchObject({ status: 'editing', isDirty: false });
    actor.send({ type: 'form.change', values: { version: 3 } });
    // score (unchanged since the save) breaks its rule now, but shows it only once changed or on submit.
    expect(view()).toMatchObject({ isValid: false, fieldErrors: {} });
    actor.stop();
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
    expect(validateSettings({ version: '', score: 0 }, rules)).toStrictEqual({ version: { rule: 'required' } });
  });

  it('reads numbers from numbers and non-blank texts only; limits are inclusive; required accepts any text', () => {
    const limits = {
      n: [
        { kind: 'min' as const, limit: 2 },
        { kind: 'max' as const, limit: 32 },
      ],
    };
    expect(validateSettings({ n: 2 }, limits)).toEqual({});
    expect(validateSettings({ n: 32 }, limits)).toEqual({});
    expect(validateSettings({ n: '32' }, limits)).toEqual({});
    expect(validateSettings({ n: 1 }, limits)).toStrictEqual({ n: { rule: 'min', limit: 2 } });
    expect(validateSettings({ n: 33 }, limits)).toStrictEqual({ n: { rule: 'max', limit: 32 } });
    // A blank text or a boolean is not a number (not 0 or 1).
    expect(validateSettings({ n: '   ' }, limits)).toStrictEqual({ n: { rule: 'number' } });
    expect(validateSettings({ n: true }, { n: [{ kind: 'max' as const, limit: 32 }] })).toStrictEqual({ n: { rule: 'number' } });
    // Required asks for a value, not a number.
    expect(validateSettings({ name: 'abc' }, { name: [{ kind: 'required' as const }] })).toStrictEqual({});
  });

  it("interpolates a trailing '[a,b]' parameter list (spec 5)", () => {
    expect(interpolateMessage('The field {0} must be between {1} and {2}.[RequiredLength,2,32]')).toBe(
      'The field RequiredLength must be between 2 and 32.',
    );
    expect(interpolateMessage('Given tenant is not available: {0} [acme]')).toBe('Given tenant is not available: acme');
    // No placeholders: brackets are part of the text.
    expect(interpolateMessage('Allowed values [a,b]')).toBe('Allowed values [a,b]');
    expect(interpolateMessage('Plain message')).toBe('Plain message');
    // Only a list at the very end (blanks after it allowed) holds parameters; its items are trimmed.
    expect(interpolateMessage('Use {0} [x] in the name')).toBe('Use {0} [x] in the name');
    expect(interpolateMessage('Must be at least {0}.[2]  \n')).toBe('Must be at least 2.');
    expect(interpolateMessage('Between {0} and {1}. [ 2 , 32 ]')).toBe('Between 2 and 32.');
    // Placeholders past {9}; a placeholder without a parameter stays.
    expect(interpolateMessage('{0} {10} {11}[a,b,c,d,e,f,g,h,i,j,k]')).toBe('a k {11}');
    expect(interpolateMessage('Only {12} [a]')).toBe('Only {12}');
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
    ).toStrictEqual({ message: 'Bad', fields: { expiredDeleterPeriod: 'Too long', other: 'Too long' } });
    expect(saveFailure(null)).toStrictEqual({ message: null, fields: {} });
    expect(saveFailure(undefined)).toStrictEqual({ message: null, fields: {} });
    // An empty message is no message; items without a text message or a members list, and members
    // that are not non-empty texts, mark no field.
    expect(
      saveFailure({
        data: {
          error: {
            message: '',
            validationErrors: [
              null,
              { message: 'Text', members: 'Name' },
              { message: 7, members: ['Code'] },
              { message: 'Odd', members: [42, '', 'Value'] },
            ],
          },
        },
      }),
    ).toStrictEqual({ message: null, fields: { value: 'Odd' } });
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
