// The test model of the generic form submit: a submit with validation errors, a valid one, the
// server's success, its refusal with an ABP envelope (its messages with '[a,b]' parameters, spec 5),
// with an OAuth answer and with nothing said (a network error); editing and reset.
import type { EventObject } from 'xstate';
import type { MachineModel } from '../testing/model-paths.ts';
import { type FormSubmitEvent, formSubmitMachine } from './form-submit.machine.ts';

const userEvents: FormSubmitEvent[] = [
  { type: 'form.submit', values: { userName: '' }, errors: { userName: 'The User name field is required.' } },
  { type: 'form.submit', values: { userName: 'admin' }, errors: {} },
  { type: 'form.edit' },
  { type: 'form.reset' },
];

export const abpRefusal = {
  data: {
    error: {
      code: 'Volo.Abp.Identity:DuplicateUserName',
      message: "Username '{0}' is already taken. [admin]",
      validationErrors: [
        { message: "Username '{0}' is already taken.[admin]", members: ['UserName', 'Email'] },
        { message: 'Also {0}.', members: ['UserName', ''] },
      ],
    },
  },
};

export const formSubmitModel: MachineModel<typeof formSubmitMachine> = {
  machine: formSubmitMachine,
  scenarios: [{ name: 'form', input: undefined }],
  events: [
    ...(userEvents as EventObject[]),
    { type: 'xstate.done.actor.submit', output: { id: 'u-1' } } as EventObject,
    { type: 'xstate.error.actor.submit', error: abpRefusal } as EventObject,
    {
      type: 'xstate.error.actor.submit',
      error: { error: 'invalid_grant', error_description: 'Invalid username or password!' },
    } as EventObject,
    { type: 'xstate.error.actor.submit', error: new Error('Failed to fetch') } as EventObject,
    // Answers the rules must survive: an envelope with a numeric code and malformed validation
    // errors, one without a message, an OAuth answer without a description.
    {
      type: 'xstate.error.actor.submit',
      error: {
        data: {
          error: {
            message: 'Refused.',
            code: 7,
            validationErrors: [
              { message: 3, members: ['Age'] },
              { message: 'Not a list', members: 'Age' },
              { message: 'Odd', members: [4, 'Age'] },
            ],
          },
        },
      },
    } as EventObject,
    { type: 'xstate.error.actor.submit', error: { data: { error: { code: 'NoMessage' } } } } as EventObject,
    { type: 'xstate.error.actor.submit', error: { error: 'access_denied' } } as EventObject,
  ],
  describeEvent(event) {
    if (event.type === 'form.submit')
      return Object.keys((event as unknown as { errors: object }).errors).length ? 'submit with errors' : 'submit valid values';
    if (event.type === 'xstate.done.actor.submit') return 'server accepts';
    if (event.type === 'xstate.error.actor.submit') {
      const error = (
        event as unknown as {
          error: { data?: { error: { message?: unknown; code?: unknown } }; error?: unknown; error_description?: unknown };
        }
      ).error;
      if (error.data)
        return error.data.error.message === undefined
          ? 'server refuses (envelope without message)'
          : typeof error.data.error.code === 'string'
            ? 'server refuses (ABP envelope)'
            : 'server refuses (odd envelope)';
      if (error.error) return error.error_description ? 'server refuses (OAuth answer)' : 'server refuses (OAuth, no description)';
      return 'network error';
    }
    return event.type;
  },
};
