// Reference of one tab of My account, written from spec 2.4 (/account/manage: Picture, Password,
// Personal info, Authenticator app, Two factor), spec 5 (no form is submitted while it is invalid or
// while a save is in progress), spec 7.10 (my profile calls) and spec 8 ('Saved successfully'). A
// tab with stored values loads them first (retry on failure) and again when another tab changed them,
// unless the user has unsaved edits; an invalid submit shows every field's error; a save shows what
// the server answers (a password tab clears itself) or keeps the user's values with the server's
// message and fields until the next edit or submit. Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

type Values = Record<string, unknown>;
export type Failure = { message: string | null; fields: Record<string, string> } | null;

export interface MyAccountFormExpectedView {
  values: Values;
  isLoading: boolean;
  loadFailed: boolean;
  isSaving: boolean;
  isValid: boolean;
  submitted: boolean;
  failure: Failure;
}

export const myAccountFormRules: RuleBook = {
  source: 'spec 2.4 (My account tabs), 5 (no submit while invalid or saving), 7.10 (my profile), 8 (Saved successfully)',
  rules: {
    load: { state: 'starting', text: 'A tab showing stored values loads them first.' },
    blank: { state: 'starting', text: 'A tab without stored values (Password) starts with its empty fields.' },
    loaded: { state: 'loading', text: 'The stored values show, valid, unedited.' },
    loadFailed: { state: 'loading', text: "A failed load says why (the server's message) and offers retry." },
    retry: { state: 'loadFailed', text: 'Retry loads again.' },
    edit: { state: 'editing', text: "An edit changes the values and their validity and clears the server's message." },
    submitInvalid: { state: 'editing', text: 'Submitting an invalid form sends nothing and shows every field error from then on.' },
    submit: { state: 'editing', text: 'Submitting a valid form saves its values.' },
    reload: { state: 'editing', text: 'Another tab changed the stored values: they load again, unless the user has unsaved edits.' },
    saved: { state: 'saving', text: "Saved: the answer's values show (a password tab clears itself), 'Saved successfully'." },
    saveFailed: { state: 'saving', text: "A refused save keeps the user's values and shows the server's message and fields." },
  },
  equivalentMutants: [
    {
      mutant: 'the initial edited: false made true',
      why: 'edited is read only by the reload guard, which also needs a tab that loads; such a tab sets edited: false when its first load ends, before it can be edited or reloaded.',
    },
    {
      mutant: "selectMyAccountForm's matches('starting') emptied",
      why: 'starting only decides where to go (eventless transitions), so no snapshot the view is given is ever in it.',
    },
  ],
};

/** What a failed call shows: its message (when it is text) and its invalid fields (shared with the authenticator tab). */
export function failureOf(error: unknown): Failure {
  const value = error as { message?: unknown; fields?: unknown } | null;
  return {
    message: typeof value?.message === 'string' ? value.message : null,
    fields: value?.fields && typeof value.fields === 'object' ? { ...(value.fields as Record<string, string>) } : {},
  };
}

export function myAccountFormReference(rawInput: unknown): ReferenceRun<MyAccountFormExpectedView> {
  const input = (rawInput ?? {}) as { values?: Values; isValid?: boolean; load?: boolean };
  const recorder = new Recorder();
  let values: Values = input.values ?? {};
  let isValid = input.isValid ?? true;
  let edited = false;
  let submitted = false;
  let failure: Failure = null;
  let phase: 'loading' | 'loadFailed' | 'editing' | 'saving' = 'editing';
  const load = () => {
    phase = 'loading';
    recorder.call('loadForm', undefined);
  };
  if (input.load) {
    recorder.rule('load');
    load();
  } else recorder.rule('blank');
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({
      values,
      isLoading: phase === 'loading',
      loadFailed: phase === 'loadFailed',
      isSaving: phase === 'saving',
      isValid,
      submitted,
      failure,
    }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { actor?: string; output?: unknown; error?: unknown; values?: Values; isValid?: boolean };
      if (phase === 'loading' && e.type === 'done' && e.actor === 'loadForm') {
        recorder.rule('loaded');
        values = e.output as Values;
        isValid = true;
        edited = false;
        phase = 'editing';
      } else if (phase === 'loading' && e.type === 'error' && e.actor === 'loadForm') {
        recorder.rule('loadFailed');
        failure = failureOf(e.error);
        phase = 'loadFailed';
      } else if (phase === 'loadFailed' && e.type === 'retry') {
        recorder.rule('retry');
        failure = null;
        load();
      } else if (phase === 'editing' && e.type === 'form.change') {
        recorder.rule('edit');
        values = { ...values, ...e.values };
        isValid = e.isValid === true;
        edited = true;
        failure = null;
      } else if (phase === 'editing' && e.type === 'form.submit') {
        submitted = true;
        failure = null;
        if (isValid) {
          recorder.rule('submit');
          phase = 'saving';
          recorder.call('saveForm', { values });
        } else recorder.rule('submitInvalid');
      } else if (phase === 'editing' && e.type === 'form.reload' && input.load && !edited) {
        recorder.rule('reload');
        submitted = false;
        failure = null;
        load();
      } else if (phase === 'saving' && e.type === 'done' && e.actor === 'saveForm') {
        recorder.rule('saved');
        const answer = e.output as { values: Values; isValid: boolean };
        values = answer.values;
        isValid = answer.isValid;
        submitted = false;
        edited = false;
        phase = 'editing';
        recorder.emit({ type: 'form.saved' });
      } else if (phase === 'saving' && e.type === 'error' && e.actor === 'saveForm') {
        recorder.rule('saveFailed');
        failure = failureOf(e.error);
        phase = 'editing';
      }
    },
  };
}
