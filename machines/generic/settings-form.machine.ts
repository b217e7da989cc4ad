// A settings form (spec 2.5, 4.8, 5, 8), generic for every settings tab: the tab gives its field
// rules as data and its load/save actors; the machine owns the lifecycle. Rules:
// - `loadSettings` fills the form; a failed load offers `form.retry`.
// - `form.change` {values} patches fields (several at once, for fields that move together); the form
//   is dirty while the values differ from the last loaded or saved ones; `form.reset` goes back.
// - Validation follows the tab's rules (required, min, max; a rule may apply only `when` another
//   field has a value). Save is offered only while valid and not saving, and `form.submit` while
//   invalid saves nothing: it shows every field's error instead (spec 5).
// - `saveSettings` gets the values; on success 'Saved successfully' is emitted, the saved values
//   become the new baseline and `refreshConfiguration` reloads the application state (4.8), then
//   the form is editable again (a failed refresh does not undo the save).
// - A refused save keeps the values; the server's validation errors are mapped to their fields and
//   its message has its trailing '[a,b]' parameters interpolated (spec 5); a field's server error
//   goes when that field changes.
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';

export type SettingValue = string | number | boolean | null;
export type SettingValues = Record<string, SettingValue>;

export type FieldRule = {
  kind: 'required' | 'min' | 'max';
  /** The limit of min and max. */
  limit?: number;
  /** The rule applies only while this other field equals this value (captcha score: version 3). */
  when?: { field: string; equals: SettingValue };
};

export type FieldRules = Record<string, readonly FieldRule[]>;

export interface FieldError {
  /** 'number': a min or max field holds something that is not a number. */
  rule: FieldRule['kind'] | 'number';
  limit?: number;
}

export interface SettingsFormInput {
  rules?: FieldRules;
}

export interface SettingsFormContext {
  rules: FieldRules;
  /** The last loaded or saved values (the dirty baseline); null until loaded. */
  saved: SettingValues | null;
  values: SettingValues;
  /** Field errors sent by the server for the last save, by field name. */
  serverErrors: Record<string, string>;
  /** The server's message for the last refused save or failed load, interpolated. */
  error: string | null;
  /** A submit was tried while invalid: every field shows its error, touched or not. */
  showAllErrors: boolean;
}

export type SettingsFormEvent =
  | { type: 'form.change'; values: SettingValues }
  | { type: 'form.submit' }
  | { type: 'form.reset' }
  | { type: 'form.retry' };

export type SettingsFormEmitted = { type: 'settings.saved' } | { type: 'settings.saveFailed'; message: string | null };

const isEmpty = (value: SettingValue | undefined) => value === null || value === undefined || value === '';

/** Every field's first broken rule (pure: the guard, the view and the tests share it). */
export function validateSettings(values: SettingValues, rules: FieldRules): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const [field, fieldRules] of Object.entries(rules)) {
    for (const rule of fieldRules) {
      if (rule.when && values[rule.when.field] !== rule.when.equals) continue;
      const value = values[field];
      const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
      if (rule.kind !== 'required' && !isEmpty(value) && Number.isNaN(number)) {
        errors[field] = { rule: 'number' };
        break;
      }
      const broken =
        rule.kind === 'required'
          ? isEmpty(value)
          : !isEmpty(value) && (rule.kind === 'min' ? number < (rule.limit ?? 0) : number > (rule.limit ?? 0));
      if (broken) {
        errors[field] = rule.limit === undefined ? { rule: rule.kind } : { rule: rule.kind, limit: rule.limit };
        break;
      }
    }
  }
  return errors;
}

/**
 * Spec 5: a server message may end with its parameters in a '[a,b]' list; they fill its {0}, {1}…
 * placeholders and the list is removed ("Must be at least {0}.[2]" → "Must be at least 2.").
 */
export function interpolateMessage(message: string): string {
  const match = /^([\s\S]*?)\s*\[([^[\]]*)\]\s*$/.exec(message);
  if (!match) return message;
  const template = match[1] ?? '';
  if (!/\{\d+\}/.test(template)) return message;
  const parameters = (match[2] ?? '').split(',').map((parameter) => parameter.trim());
  return template.replace(/\{(\d+)\}/g, (placeholder, index: string) => parameters[Number(index)] ?? placeholder);
}

interface AbpValidationError {
  message?: unknown;
  members?: unknown;
}

/** The server's refusal (ABP error envelope) as a message and per-field errors (members are PascalCase on ABP). */
export function saveFailure(error: unknown): { message: string | null; fields: Record<string, string> } {
  const body = (error as { data?: { error?: { message?: unknown; validationErrors?: unknown } } } | null)?.data?.error;
  const message = typeof body?.message === 'string' && body.message !== '' ? interpolateMessage(body.message) : null;
  const fields: Record<string, string> = {};
  if (Array.isArray(body?.validationErrors)) {
    for (const item of body.validationErrors as AbpValidationError[]) {
      if (typeof item?.message !== 'string' || !Array.isArray(item.members)) continue;
      for (const member of item.members) {
        if (typeof member !== 'string' || member === '') continue;
        const field = member.charAt(0).toLowerCase() + member.slice(1);
        fields[field] ??= interpolateMessage(item.message);
      }
    }
  }
  return { message, fields };
}

function notProvided(name: string) {
  return () => Promise.reject(new Error(`actor ${name} is not provided`));
}

export const settingsFormMachine = setup({
  types: {
    context: {} as SettingsFormContext,
    events: {} as SettingsFormEvent,
    input: {} as SettingsFormInput,
    emitted: {} as SettingsFormEmitted,
  },
  actors: {
    loadSettings: fromPromise<SettingValues>(notProvided('loadSettings')),
    /** Resolves with the values the server now holds, or nothing (then the sent values are kept). */
    saveSettings: fromPromise<SettingValues | undefined, { values: SettingValues }>(notProvided('saveSettings')),
    refreshConfiguration: fromPromise<void>(notProvided('refreshConfiguration')),
  },
  guards: {
    isInvalid: ({ context }) => Object.keys(validateSettings(context.values, context.rules)).length > 0,
  },
  actions: {
    loaded: assign((_, values: SettingValues) => ({ saved: values, values, error: null, serverErrors: {}, showAllErrors: false })),
    loadFailed: assign({ error: (_, failure: { error: unknown }) => saveFailure(failure.error).message }),
    change: assign(({ context }, values: SettingValues) => {
      const serverErrors = { ...context.serverErrors };
      for (const field of Object.keys(values)) delete serverErrors[field];
      return { values: { ...context.values, ...values }, serverErrors };
    }),
    reset: assign(({ context }) => ({ values: context.saved ?? {}, serverErrors: {}, error: null, showAllErrors: false })),
    showAllErrors: assign({ showAllErrors: true }),
    saved: assign(({ context }, values: SettingValues | undefined) => {
      const now = values ?? context.values;
      return { saved: now, values: now, serverErrors: {}, error: null, showAllErrors: false };
    }),
    refused: assign((_, refusal: { error: unknown }) => {
      const failure = saveFailure(refusal.error);
      return { error: failure.message, serverErrors: failure.fields };
    }),
    reportSaved: emit({ type: 'settings.saved' }),
    reportRefused: emit(
      (_, refusal: { error: unknown }) => ({ type: 'settings.saveFailed', message: saveFailure(refusal.error).message }) as const,
    ),
  },
}).createMachine({
  id: 'settingsForm',
  context: ({ input }) => ({
    rules: input.rules ?? {},
    saved: null,
    values: {},
    serverErrors: {},
    error: null,
    showAllErrors: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'editing', actions: { type: 'loaded', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'loadFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { 'form.retry': 'loading' },
    },
    editing: {
      on: {
        'form.change': { actions: { type: 'change', params: ({ event }) => event.values } },
        'form.reset': { actions: 'reset' },
        'form.submit': [{ guard: 'isInvalid', actions: 'showAllErrors' }, { target: 'saving' }],
      },
    },
    saving: {
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => ({ values: context.values }),
        onDone: { target: 'refreshing', actions: [{ type: 'saved', params: ({ event }) => event.output }, 'reportSaved'] },
        onError: {
          target: 'editing',
          actions: [
            { type: 'refused', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportRefused', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    refreshing: {
      invoke: { id: 'refreshConfiguration', src: 'refreshConfiguration', onDone: 'editing', onError: 'editing' },
    },
  },
});

export type SettingsFormMachine = typeof settingsFormMachine;

export interface SettingsFormView {
  status: 'loading' | 'loadFailed' | 'editing' | 'saving' | 'refreshing';
  values: SettingValues;
  isDirty: boolean;
  isValid: boolean;
  canSave: boolean;
  isSaving: boolean;
  /** The errors to show: a rule error once the field was changed (or after a refused submit), else the server's. */
  fieldErrors: Record<string, FieldError | { rule: 'server'; message: string }>;
  error: string | null;
}

function changedFields(values: SettingValues, saved: SettingValues | null): Set<string> {
  return new Set(Object.keys(values).filter((field) => !saved || values[field] !== saved[field]));
}

/** The form's view model (a new object per snapshot; compare with shallowEqual on its parts). */
export function selectSettingsForm(snapshot: SnapshotFrom<SettingsFormMachine>): SettingsFormView {
  const { context } = snapshot;
  const status = snapshot.value as SettingsFormView['status'];
  const errors = validateSettings(context.values, context.rules);
  const isValid = Object.keys(errors).length === 0;
  const changed = changedFields(context.values, context.saved);
  const fieldErrors: SettingsFormView['fieldErrors'] = {};
  for (const [field, message] of Object.entries(context.serverErrors)) fieldErrors[field] = { rule: 'server', message };
  for (const [field, error] of Object.entries(errors)) if (context.showAllErrors || changed.has(field)) fieldErrors[field] = error;
  return {
    status,
    values: context.values,
    isDirty: changed.size > 0,
    isValid,
    canSave: status === 'editing' && isValid,
    isSaving: status === 'saving' || status === 'refreshing',
    fieldErrors,
    error: context.error,
  };
}
