// Reference of one form's submit lifecycle (the account pages: login, register, forgot and reset
// password, security and recovery codes, e-mail confirmation), written from spec 5 ("No form is
// submitted while it is invalid or while a save is in progress"; server messages have their
// trailing '[a,b]' parameters interpolated and mark the invalid fields), spec 8 (a refusal shows the
// server's message: the ABP envelope's message and validationErrors, an OAuth answer's
// error_description) and 2.4 (the account routes). Success hands the answer to the screen, which
// moves on; a reset starts over; editing again clears the server's message. Plain code: it does not
// import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';
import { envelopeFields, withParameters } from './abp-error.ts';

type Errors = Record<string, string>;

export interface FormSubmitExpectedView {
  isBusy: boolean;
  isDone: boolean;
  fieldErrors: Errors;
  serverError: string | null;
  errorCode: string | null;
}

export const formSubmitRules: RuleBook = {
  source: 'spec 2.4 (account routes), 5 (validation, server messages), 8 (error catalogue)',
  rules: {
    invalid: { state: 'editing', text: 'Submitting with client-side errors shows them and sends nothing; no server message.' },
    submit: { state: 'editing', text: 'Submitting valid values sends them once; the form is busy and shows no errors.' },
    edit: { state: 'editing', text: "Editing again clears the server's message and code (field errors stay until the next submit)." },
    accepted: { state: 'submitting', text: "The server's answer is handed to the screen (form.submitted); the form is done." },
    refused: {
      state: 'submitting',
      text: "A refusal goes back to editing with the server's message (parameters interpolated; '' when it gave none), its code and the fields it marks.",
    },
    reset: { state: 'succeeded', text: 'A reset starts the form over: no errors, no message, not done.' },
  },
  equivalentMutants: [
    {
      mutant: "form.reset's assign({ values: null, fieldErrors: {}, serverError: null, errorCode: null }) → assign({})",
      why: 'succeeded is only reached from a valid submit, which already cleared the errors; the values are replaced by the next submit.',
    },
  ],
};

/** Message, code and fields of a refusal: the ABP envelope, else an OAuth answer, else nothing said. */
function refusalOf(error: unknown): { message: string; code: string | null; fields: Errors } {
  const body = (error as { data?: { error?: { message?: unknown; code?: unknown } } } | null)?.data?.error;
  if (body && typeof body.message === 'string')
    return { message: withParameters(body.message), code: typeof body.code === 'string' ? body.code : null, fields: envelopeFields(error) };
  const oauth = error as { error?: unknown; error_description?: unknown } | null;
  if (oauth && typeof oauth.error === 'string')
    return { message: typeof oauth.error_description === 'string' ? oauth.error_description : '', code: oauth.error, fields: {} };
  return { message: '', code: null, fields: {} };
}

export function formSubmitReference(): ReferenceRun<FormSubmitExpectedView> {
  const recorder = new Recorder();
  let phase: 'editing' | 'submitting' | 'succeeded' = 'editing';
  let fieldErrors: Errors = {};
  let serverError: string | null = null;
  let errorCode: string | null = null;
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({ isBusy: phase === 'submitting', isDone: phase === 'succeeded', fieldErrors, serverError, errorCode }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { actor?: string; output?: unknown; error?: unknown; values?: unknown; errors?: Errors };
      if (phase === 'editing' && e.type === 'form.submit') {
        serverError = null;
        errorCode = null;
        if (Object.keys(e.errors ?? {}).length > 0) {
          recorder.rule('invalid');
          fieldErrors = e.errors ?? {};
        } else {
          recorder.rule('submit');
          fieldErrors = {};
          phase = 'submitting';
          recorder.call('submit', e.values);
        }
      } else if (phase === 'editing' && e.type === 'form.edit') {
        recorder.rule('edit');
        serverError = null;
        errorCode = null;
      } else if (phase === 'submitting' && e.type === 'done' && e.actor === 'submit') {
        recorder.rule('accepted');
        phase = 'succeeded';
        recorder.emit({ type: 'form.submitted', output: e.output });
      } else if (phase === 'submitting' && e.type === 'error' && e.actor === 'submit') {
        recorder.rule('refused');
        const refusal = refusalOf(e.error);
        phase = 'editing';
        serverError = refusal.message;
        errorCode = refusal.code;
        fieldErrors = refusal.fields;
      } else if (phase === 'succeeded' && e.type === 'form.reset') {
        recorder.rule('reset');
        phase = 'editing';
        fieldErrors = {};
        serverError = null;
        errorCode = null;
      }
    },
  };
}
