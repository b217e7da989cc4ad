// One form's submit lifecycle, generic for every form that posts once and shows the answer (the
// account pages: login, register, forgot/reset password, security code, recovery code, tenant-less
// e-mail confirmation). Rules:
// - `form.submit` carries the values and the client-side validation errors (a pure validator of the
//   screen computes them); with errors the form stays editing and shows them, nothing is sent;
// - while submitting, further submits are ignored (no double submit) and the form is busy;
// - a failure goes back to editing with the server's message and field errors (ABP envelope:
//   message + validationErrors[].members, their trailing '[a,b]' parameters interpolated as spec 5
//   says; OAuth answer: error_description), values kept;
// - success emits `form.submitted` with the actor's output and waits in `succeeded` (the screen
//   moves on); `form.reset` starts over; `form.edit` clears the server's message.
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { interpolateMessage } from './settings-form.machine.ts';

export type FieldErrors = Readonly<Record<string, string>>;

export interface FormSubmitContext {
  values: Readonly<Record<string, unknown>> | null;
  fieldErrors: FieldErrors;
  serverError: string | null;
  /** The server said why in a code the screen may act on (an OAuth `error`, an ABP error code). */
  errorCode: string | null;
}

export type FormSubmitEvent =
  | { type: 'form.submit'; values: Readonly<Record<string, unknown>>; errors: FieldErrors }
  | { type: 'form.edit' }
  | { type: 'form.reset' };

export type FormSubmitEmitted = { type: 'form.submitted'; output: unknown };

export interface FormError {
  message: string | null;
  code: string | null;
  fields: FieldErrors;
}

/** Lower-camel member names ('UserName' → 'userName'), as the form's field names are. */
function fieldName(member: string): string {
  return member[0]!.toLowerCase() + member.slice(1);
}

/** The message, code and field errors of a rejected call: ABP envelope, OAuth answer or plain Error. */
export function formErrorOf(error: unknown): FormError {
  const envelope = (error as { data?: { error?: unknown } } | null)?.data?.error as
    | { message?: unknown; code?: unknown; validationErrors?: Array<{ message?: unknown; members?: unknown }> }
    | undefined;
  if (envelope && typeof envelope.message === 'string') {
    const fields: Record<string, string> = {};
    for (const item of envelope.validationErrors ?? []) {
      if (typeof item.message !== 'string' || !Array.isArray(item.members)) continue;
      for (const member of item.members)
        if (typeof member === 'string' && member !== '') fields[fieldName(member)] ??= interpolateMessage(item.message);
    }
    return { message: interpolateMessage(envelope.message), code: typeof envelope.code === 'string' ? envelope.code : null, fields };
  }
  const oauth = error as { error?: unknown; error_description?: unknown } | null;
  if (oauth && typeof oauth.error === 'string') {
    return { message: typeof oauth.error_description === 'string' ? oauth.error_description : null, code: oauth.error, fields: {} };
  }
  return { message: null, code: null, fields: {} };
}

const notProvided = () => Promise.reject(new Error('actor submit is not provided'));

export const formSubmitMachine = setup({
  types: {
    context: {} as FormSubmitContext,
    events: {} as FormSubmitEvent,
    emitted: {} as FormSubmitEmitted,
  },
  actors: {
    submit: fromPromise<unknown, Readonly<Record<string, unknown>>>(notProvided),
  },
  guards: {
    hasErrors: (_, errors: FieldErrors) => Object.keys(errors).length > 0,
  },
}).createMachine({
  id: 'formSubmit',
  context: { values: null, fieldErrors: {}, serverError: null, errorCode: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.submit': [
          {
            guard: { type: 'hasErrors', params: ({ event }) => event.errors },
            actions: assign({ fieldErrors: ({ event }) => event.errors, serverError: null, errorCode: null }),
          },
          {
            target: 'submitting',
            actions: assign({ values: ({ event }) => event.values, fieldErrors: {}, serverError: null, errorCode: null }),
          },
        ],
        'form.edit': { actions: assign({ serverError: null, errorCode: null }) },
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => context.values ?? {},
        onDone: { target: 'succeeded', actions: emit(({ event }) => ({ type: 'form.submitted', output: event.output }) as const) },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => {
            const failure = formErrorOf(event.error);
            return { serverError: failure.message ?? '', errorCode: failure.code, fieldErrors: failure.fields };
          }),
        },
      },
    },
    succeeded: {
      on: { 'form.reset': { target: 'editing', actions: assign({ values: null, fieldErrors: {}, serverError: null, errorCode: null }) } },
    },
  },
});

export type FormSubmitMachine = typeof formSubmitMachine;

export interface FormSubmitView {
  isBusy: boolean;
  isDone: boolean;
  fieldErrors: FieldErrors;
  /** '' when the server gave no message (the screen shows its generic failure text). */
  serverError: string | null;
  errorCode: string | null;
}

export function selectFormSubmit(snapshot: SnapshotFrom<FormSubmitMachine>): FormSubmitView {
  return {
    isBusy: snapshot.matches('submitting'),
    isDone: snapshot.matches('succeeded'),
    fieldErrors: snapshot.context.fieldErrors,
    serverError: snapshot.context.serverError,
    errorCode: snapshot.context.errorCode,
  };
}
