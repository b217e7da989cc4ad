// The test model of the settings form, on a password-policy-like tab (requiredLength required,
// 2 to 32): a load and a failed one, an invalid and a valid change, a submit while invalid, a save
// that succeeds, one the server refuses with field errors and one that fails plainly, and the
// configuration refresh succeeding or failing. Shared by tests/machines/settings-form.machine.test.ts
// and docs/machines/settingsForm.md.
import type { EventObject } from 'xstate';
import { describeEvent, done, failed } from '../shell/model-events.ts';
import type { MachineModel } from '../testing/model-paths.ts';
import { type FieldRules, type SettingsFormEvent, settingsFormMachine } from './settings-form.machine.ts';

export const passwordRules: FieldRules = {
  requiredLength: [{ kind: 'required' }, { kind: 'min', limit: 2 }, { kind: 'max', limit: 32 }],
};

export const loadedValues = { requiredLength: 6, requireDigit: true };

export const serverRefusal = {
  data: {
    error: {
      code: null,
      message: 'Your request is not valid!',
      validationErrors: [{ message: 'The field {0} must be between {1} and {2}.[RequiredLength,2,32]', members: ['RequiredLength'] }],
    },
  },
};

const events: Array<SettingsFormEvent | EventObject> = [
  done('loadSettings', loadedValues),
  done('loadSettings', { version: 3, score: null }),
  failed('loadSettings'),
  { type: 'xstate.error.actor.loadSettings', error: { data: { error: { message: 'Cannot read {0}. [settings]' } } } } as EventObject,
  { type: 'form.change', values: { requiredLength: 1 } },
  { type: 'form.change', values: { requiredLength: 8 } },
  { type: 'form.change', values: { requiredLength: 'x' } },
  { type: 'form.change', values: { requiredLength: 40 } },
  { type: 'form.change', values: { requiredLength: '' } },
  { type: 'form.submit' },
  { type: 'form.reset' },
  { type: 'form.retry' },
  done('saveSettings', undefined),
  { type: 'xstate.error.actor.saveSettings', error: serverRefusal } as EventObject,
  done('refreshConfiguration', undefined),
  failed('refreshConfiguration'),
];

export const settingsFormModel: MachineModel<typeof settingsFormMachine> = {
  machine: settingsFormMachine,
  scenarios: [
    { name: 'password policy tab', input: { rules: passwordRules } },
    { name: 'no rules', input: {} },
    {
      // A captcha-like tab: the score is required and between 0 and 1 only with version 3; the stored
      // values break it (so a refused submit shows an error on a field never touched).
      name: 'captcha tab, stored values invalid',
      input: {
        rules: {
          score: [
            { kind: 'required', when: { field: 'version', equals: 3 } },
            { kind: 'min', limit: 0, when: { field: 'version', equals: 3 } },
            { kind: 'max', limit: 1 },
          ],
        },
      },
    },
  ],
  events,
  describeEvent(event) {
    if (event.type === 'xstate.error.actor.saveSettings') return 'saveSettings refused (field error)';
    return describeEvent(event);
  },
};
