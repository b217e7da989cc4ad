// The test model of the entity form: an edit (load, load failure, retry) and a create; typing a valid
// and an invalid name, submit with client errors, a save that succeeds, a 409 conflict, a refusal
// with field errors and a parameterised message, a plain failure; close clean and dirty, discard and
// keep editing, reload after a conflict.
import type { EventObject } from 'xstate';
import { describeEvent, done, failed } from '../shell/model-events.ts';
import type { MachineModel } from '../testing/model-paths.ts';
import { type EntityFieldErrors, type EntityFormEvent, type EntityValues, entityFormMachine } from './entity-form.machine.ts';

/** The spec's validator in the model: a name is required (what a claim type's TypeBox schema says). */
export const requireName = (values: EntityValues): EntityFieldErrors =>
  typeof values.name === 'string' && values.name.trim() !== '' ? {} : { name: 'The Name field is required.' };

export const loaded = { values: { name: 'Level', valueType: 0 }, concurrencyStamp: 'stamp-1' };
export const savedEntity = { id: 'ct-1', name: 'Age' };
export const conflictError = { status: 409, data: { error: { code: null, message: 'The record was changed by someone else.' } } };
export const refusal = {
  status: 400,
  data: {
    error: {
      message: 'Your request is not valid!',
      validationErrors: [{ message: 'The field {0} must be at most {1} characters.[Name,256]', members: ['Name'] }],
    },
  },
};

const events: Array<EntityFormEvent | EventObject> = [
  { type: 'form.change', values: { name: 'Age' } },
  { type: 'form.change', values: { name: '' } },
  { type: 'form.submit' },
  { type: 'form.close' },
  { type: 'form.discard' },
  { type: 'form.keepEditing' },
  { type: 'form.reload' },
  { type: 'form.retry' },
  done('loadEntity', loaded),
  failed('loadEntity'),
  done('saveEntity', savedEntity),
  { type: 'xstate.error.actor.saveEntity', error: conflictError } as EventObject,
  { type: 'xstate.error.actor.saveEntity', error: refusal } as EventObject,
  failed('saveEntity'),
];

export const entityFormModel: MachineModel<typeof entityFormMachine> = {
  machine: entityFormMachine,
  scenarios: [
    { name: 'edit', input: { id: 'ct-1', validate: requireName } },
    { name: 'create', input: { initialValues: { name: '', valueType: 0 }, validate: requireName } },
    { name: 'create with lookups', input: { initialValues: { name: '' }, validate: requireName, loadsOnCreate: true } },
  ],
  events,
  describeEvent(event) {
    const error = (event as { error?: { status?: number } }).error;
    if (event.type === 'xstate.error.actor.saveEntity' && typeof error === 'object') return `saveEntity answers ${error.status}`;
    return describeEvent(event);
  },
};
