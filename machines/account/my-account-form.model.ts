// The test model of a My account tab: with and without loading, load failure and retry, edits, an
// invalid submit, a save that succeeds and one the server refuses.
import { describeEvent, done } from '../shell/model-events.ts';
import type { MachineModel } from '../testing/model-paths.ts';
import { type MyAccountFormEvent, myAccountFormMachine } from './my-account-form.machine.ts';

const events = [
  { type: 'form.change', values: { name: 'Ada' }, isValid: true } satisfies MyAccountFormEvent,
  { type: 'form.change', values: { name: '' }, isValid: false } satisfies MyAccountFormEvent,
  { type: 'form.reload' } satisfies MyAccountFormEvent,
  done('loadForm', { name: 'Admin', concurrencyStamp: 's1' }),
  { type: 'xstate.error.actor.loadForm', error: { message: 'Could not load', fields: {} } },
  done('saveForm', { values: { name: 'Ada', concurrencyStamp: 's2' }, isValid: true }),
  { type: 'xstate.error.actor.saveForm', error: { message: 'Name is taken', fields: { name: 'Name is taken' } } },
];

export const myAccountFormModel: MachineModel<typeof myAccountFormMachine> = {
  machine: myAccountFormMachine,
  scenarios: [
    { name: 'profile tab', input: { load: true } },
    { name: 'password tab', input: { values: { newPassword: '' }, isValid: false } },
  ],
  events,
  describeEvent,
  // Edits after an edit only repeat themselves.
  stopWhen: (snapshot) => JSON.stringify(snapshot.context).length > 400,
};
