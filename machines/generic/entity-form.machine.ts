// The create / edit form of one record (issue 9 resource kit; spec 5 and 8), generic for every admin
// screen: a modal or a page renders it, the screen's spec supplies the validator and the effects.
// Rules:
// - Edit (`id` given) loads the record through `loadEntity` {id}; create starts editing at once with
//   the spec's initial values, or (`loadsOnCreate`) loads first with id null (the choices a new record
//   can take, e.g. the roles of a new user). A failed load offers retry and close.
// - `form.change` edits values (that field's client and server errors go); `form.submit` runs the
//   spec's validator (derived from the contract's TypeBox schema): with errors nothing is sent.
// - `saveEntity` {id, values, concurrencyStamp} is the one save; while saving, submit and close are
//   ignored (no double submit, no half-closed modal). Success emits `entity.saved` {entity} and ends.
// - A 409 on an edit is a concurrency conflict: someone else changed the record. `conflict` offers
//   reload (values and stamp are dropped, the record loads again: nothing stale is kept) or close.
// - Any other refusal goes back to editing: the ABP envelope's validationErrors land on their fields
//   (members, lower-camel), the message on the form, both with spec 5's trailing `[a,b]` parameters
//   interpolated; the values are kept.
// - `form.close` while the values differ from the loaded (or initial) ones asks first
//   (`confirmingDiscard`: discard or keep editing); otherwise it ends at once. Ending emits `form.closed`.
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { saveFailure } from './settings-form.machine.ts';

export type EntityValues = Readonly<Record<string, unknown>>;
export type EntityFieldErrors = Readonly<Record<string, string>>;

/** What `loadEntity` answers: the form's values and the record's concurrency stamp. */
export interface LoadedEntity {
  values: EntityValues;
  concurrencyStamp: string | null;
}

export interface SaveEntityInput {
  id: string | null;
  values: EntityValues;
  concurrencyStamp: string | null;
}

/** What the server answered to a save (the record as stored, or nothing). */
export type SavedEntity = object | null | undefined;

export interface EntityFormInput {
  /** The record to edit; null (or absent) creates a new one. */
  id?: string | null;
  /** The create form's starting values. */
  initialValues?: EntityValues;
  /** The spec's client validation: field name → message; empty when the values may be sent. */
  validate?: (values: EntityValues) => EntityFieldErrors;
  /** A create loads too (`loadEntity` {id: null}) before editing. */
  loadsOnCreate?: boolean;
}

export interface EntityFormContext {
  id: string | null;
  loadsOnCreate: boolean;
  values: EntityValues;
  /** The values as loaded (or the create form's initial ones): the dirty check compares with them. */
  original: EntityValues;
  concurrencyStamp: string | null;
  fieldErrors: EntityFieldErrors;
  formError: string | null;
  initialValues: EntityValues;
  validate: (values: EntityValues) => EntityFieldErrors;
}

export type EntityFormEvent =
  | { type: 'form.change'; values: EntityValues }
  | { type: 'form.submit' }
  | { type: 'form.close' }
  | { type: 'form.discard' }
  | { type: 'form.keepEditing' }
  | { type: 'form.reload' }
  | { type: 'form.retry' };

export type EntityFormEmitted = { type: 'entity.saved'; entity: SavedEntity } | { type: 'form.closed' };

const noErrors = () => ({});

function notProvided(name: string) {
  return () => Promise.reject(new Error(`actor ${name} is not provided`));
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Whether the values differ from the original ones (a key missing on one side counts as empty). */
export function isDirty(values: EntityValues, original: EntityValues): boolean {
  const keys = new Set([...Object.keys(values), ...Object.keys(original)]);
  return [...keys].some((key) => !sameValue(values[key], original[key]));
}

/** The HTTP status of a rejected call (ofetch's FetchError carries `status` and `statusCode`). */
export function statusOf(error: unknown): number | null {
  const candidate = error as { status?: unknown; statusCode?: unknown } | null;
  const status = candidate?.status ?? candidate?.statusCode;
  return typeof status === 'number' ? status : null;
}

/** A 409 on an edit: the record changed since it was loaded (on a create there is nothing to reload). */
function isConflict(id: string | null, error: unknown): boolean {
  return id !== null && statusOf(error) === 409;
}

function without(errors: EntityFieldErrors, names: string[]): EntityFieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([name]) => !names.includes(name)));
}

export const entityFormMachine = setup({
  types: {
    context: {} as EntityFormContext,
    events: {} as EntityFormEvent,
    input: {} as EntityFormInput,
    emitted: {} as EntityFormEmitted,
  },
  actors: {
    loadEntity: fromPromise<LoadedEntity, { id: string | null }>(notProvided('loadEntity')),
    saveEntity: fromPromise<SavedEntity, SaveEntityInput>(notProvided('saveEntity')),
  },
  guards: {
    loadsFirst: ({ context }) => context.id !== null || context.loadsOnCreate,
    isDirty: ({ context }) => isDirty(context.values, context.original),
    hasClientErrors: ({ context }) => Object.keys(context.validate(context.values)).length > 0,
  },
  actions: {
    startEmpty: assign(({ context }) => ({
      values: context.initialValues,
      original: context.initialValues,
      concurrencyStamp: null,
      fieldErrors: {},
      formError: null,
    })),
    forget: assign({ values: {}, original: {}, concurrencyStamp: null, fieldErrors: {}, formError: null }),
    storeLoaded: assign((_, loaded: LoadedEntity) => ({
      values: loaded.values,
      original: loaded.values,
      concurrencyStamp: loaded.concurrencyStamp,
      fieldErrors: {},
      formError: null,
    })),
    edit: assign(({ context }, values: EntityValues) => ({
      values: { ...context.values, ...values },
      fieldErrors: without(context.fieldErrors, Object.keys(values)),
      formError: null,
    })),
    clearErrors: assign({ fieldErrors: {}, formError: null }),
    showClientErrors: assign({ fieldErrors: ({ context }) => context.validate(context.values), formError: null }),
    reportSaved: emit((_, entity: SavedEntity) => ({ type: 'entity.saved', entity }) as const),
    reportClosed: emit({ type: 'form.closed' } as const),
  },
}).createMachine({
  id: 'entityForm',
  context: ({ input }) => ({
    id: input.id ?? null,
    loadsOnCreate: input.loadsOnCreate ?? false,
    values: {},
    original: {},
    concurrencyStamp: null,
    fieldErrors: {},
    formError: null,
    initialValues: input.initialValues ?? {},
    validate: input.validate ?? noErrors,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'loadsFirst', target: 'loading' },
        { target: 'editing', actions: 'startEmpty' },
      ],
    },
    loading: {
      entry: 'forget',
      invoke: {
        id: 'loadEntity',
        src: 'loadEntity',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'editing', actions: { type: 'storeLoaded', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: assign({ formError: ({ event }) => saveFailure(event.error).message ?? '' }) },
      },
      on: { 'form.close': 'closed' },
    },
    loadFailed: {
      on: { 'form.retry': 'loading', 'form.close': 'closed' },
    },
    editing: {
      on: {
        'form.change': { actions: { type: 'edit', params: ({ event }) => event.values } },
        'form.submit': [{ guard: 'hasClientErrors', actions: 'showClientErrors' }, { target: 'saving' }],
        'form.close': [{ guard: 'isDirty', target: 'confirmingDiscard' }, { target: 'closed' }],
      },
    },
    confirmingDiscard: {
      on: { 'form.discard': 'closed', 'form.keepEditing': 'editing' },
    },
    saving: {
      entry: 'clearErrors',
      invoke: {
        id: 'saveEntity',
        src: 'saveEntity',
        input: ({ context }) => ({ id: context.id, values: context.values, concurrencyStamp: context.concurrencyStamp }),
        onDone: { target: 'saved', actions: { type: 'reportSaved', params: ({ event }) => event.output } },
        onError: [
          { guard: ({ context, event }) => isConflict(context.id, event.error), target: 'conflict' },
          {
            target: 'editing',
            actions: assign(({ event }) => {
              const failure = saveFailure(event.error);
              return { fieldErrors: failure.fields, formError: failure.message ?? '' };
            }),
          },
        ],
      },
    },
    conflict: {
      on: { 'form.reload': 'loading', 'form.close': 'closed' },
    },
    saved: { type: 'final' },
    closed: { type: 'final', entry: 'reportClosed' },
  },
});

export type EntityFormMachine = typeof entityFormMachine;

export type EntityFormPhase = 'loading' | 'loadFailed' | 'editing' | 'confirmingDiscard' | 'saving' | 'conflict' | 'saved' | 'closed';

export interface EntityFormView {
  phase: EntityFormPhase;
  isCreate: boolean;
  values: EntityValues;
  fieldErrors: EntityFieldErrors;
  /** The form's message: '' when the server gave none (the view shows its generic text). */
  formError: string | null;
  isDirty: boolean;
  /** Save is offered (editing); while saving the button is pending and inert. */
  canSave: boolean;
  isBusy: boolean;
}

export function selectEntityForm(snapshot: SnapshotFrom<EntityFormMachine>): EntityFormView {
  const phase = (snapshot.value === 'starting' ? 'loading' : snapshot.value) as EntityFormPhase;
  const { values, original, fieldErrors, formError, id } = snapshot.context;
  return {
    phase,
    isCreate: id === null,
    values,
    fieldErrors,
    formError,
    isDirty: isDirty(values, original),
    canSave: phase === 'editing',
    isBusy: phase === 'saving' || phase === 'loading',
  };
}
