// One tab of My account (spec 2.4, 7.10): picture, password, personal info, two factor. Rules:
// - A tab that shows stored values loads them first (`loadForm`); a failed load offers retry, and
//   `form.reload` loads them again (what another tab changed: the password's new concurrency stamp,
//   two-factor turned on with the authenticator) unless the user has edited since the last load or
//   save: unsaved edits are never dropped.
// - `form.change` edits the values and says whether the form is valid with them (the screen checks
//   them with the same rules its fields show); `form.submit` saves only a valid form and never while
//   a save runs (spec 5: no form is submitted while invalid or saving). An invalid submit marks the form as submitted, so the
//   view shows every field's error from then on.
// - `saveForm` answers the values the tab shows afterwards (a password tab clears itself, the profile
//   comes back with its new concurrency stamp) and whether they are valid; success emits `form.saved` ('Saved successfully').
// - A failed save keeps the user's values and holds the server's message and invalid fields (the
//   ABP envelope, as the save actor hands it on); the next edit or submit clears them.
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';

export type FormValues = Record<string, unknown>;

/** What a failed call says: the server's message (null: no usable message) and its invalid fields. */
export interface FormFailure {
  message: string | null;
  fields: Record<string, string>;
}

export interface MyAccountFormInput {
  /** The values before anything is loaded (a password tab's empty fields). */
  values?: FormValues;
  /** Whether those values are valid as they are (default true). */
  isValid?: boolean;
  /** Whether stored values are loaded first. */
  load?: boolean;
}

export interface MyAccountFormContext {
  values: FormValues;
  shouldLoad: boolean;
  isValid: boolean;
  /** Edited since the last load or save. */
  edited: boolean;
  /** A submit was attempted: every field error shows from then on. */
  submitted: boolean;
  failure: FormFailure | null;
}

export type MyAccountFormEvent =
  | { type: 'form.change'; values: FormValues; isValid: boolean }
  | { type: 'form.submit' }
  | { type: 'form.reload' }
  | { type: 'retry' };

export type MyAccountFormEmitted = { type: 'form.saved' };

/** What a save answers: the values the tab shows next, and whether they are valid as they are. */
export interface SavedForm {
  values: FormValues;
  isValid: boolean;
}

/** The failure an actor rejected with, as the view shows it (anything else: no message). */
export function toFailure(error: unknown): FormFailure {
  const candidate = error as Partial<FormFailure> | null;
  const message = typeof candidate?.message === 'string' ? candidate.message : null;
  const fields = candidate?.fields && typeof candidate.fields === 'object' ? { ...candidate.fields } : {};
  return { message, fields };
}

const notProvided = (name: string) => () => Promise.reject(new Error(`actor ${name} is not provided`));

export const myAccountFormMachine = setup({
  types: {
    context: {} as MyAccountFormContext,
    events: {} as MyAccountFormEvent,
    input: {} as MyAccountFormInput,
    emitted: {} as MyAccountFormEmitted,
  },
  actors: {
    loadForm: fromPromise<FormValues>(notProvided('loadForm')),
    saveForm: fromPromise<SavedForm, { values: FormValues }>(notProvided('saveForm')),
  },
  guards: {
    shouldLoad: ({ context }) => context.shouldLoad,
    isReloadable: ({ context }) => context.shouldLoad && !context.edited,
    isValid: ({ context }) => context.isValid,
  },
  actions: {
    takeValues: assign({ values: (_, values: FormValues) => values }),
    editValues: assign({
      values: ({ context }, edit: { values: FormValues; isValid: boolean }) => ({ ...context.values, ...edit.values }),
      isValid: (_, edit: { values: FormValues; isValid: boolean }) => edit.isValid,
      edited: true,
      failure: null,
    }),
    markSubmitted: assign({ submitted: true, failure: null }),
  },
}).createMachine({
  id: 'myAccountForm',
  context: ({ input }) => ({
    values: input.values ?? {},
    isValid: input.isValid ?? true,
    shouldLoad: input.load ?? false,
    edited: false,
    submitted: false,
    failure: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'shouldLoad', target: 'loading' }, { target: 'editing' }],
    },
    loading: {
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        onDone: {
          target: 'editing',
          actions: [{ type: 'takeValues', params: ({ event }) => event.output }, assign({ isValid: true, edited: false })],
        },
        onError: { target: 'loadFailed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    loadFailed: {
      on: { retry: { target: 'loading', actions: assign({ failure: null }) } },
    },
    editing: {
      on: {
        'form.change': { actions: { type: 'editValues', params: ({ event }) => ({ values: event.values, isValid: event.isValid }) } },
        'form.submit': [{ guard: 'isValid', target: 'saving', actions: 'markSubmitted' }, { actions: 'markSubmitted' }],
        // Another tab changed what this one shows (the authenticator turns two-factor on): load again.
        'form.reload': { guard: 'isReloadable', target: 'loading', actions: assign({ submitted: false, failure: null }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveForm',
        src: 'saveForm',
        input: ({ context }) => ({ values: context.values }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'takeValues', params: ({ event }) => event.output.values },
            assign({ isValid: ({ event }) => event.output.isValid, submitted: false, edited: false }),
            emit({ type: 'form.saved' }),
          ],
        },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
  },
});

export type MyAccountFormMachine = typeof myAccountFormMachine;

/** The tab's view model. */
export function selectMyAccountForm(snapshot: SnapshotFrom<MyAccountFormMachine>) {
  return {
    values: snapshot.context.values,
    isLoading: snapshot.matches('loading') || snapshot.matches('starting'),
    loadFailed: snapshot.matches('loadFailed'),
    isSaving: snapshot.matches('saving'),
    isValid: snapshot.context.isValid,
    submitted: snapshot.context.submitted,
    failure: snapshot.context.failure,
  };
}
