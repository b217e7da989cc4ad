// Reference of a settings tab's form, written from spec 2.5 (the settings screen's tabs), spec 4.8
// (after any settings save the application state and configuration are refreshed), spec 5 (the
// field rules: required, minimum and maximum, some only when another field has a value; no form is
// submitted while invalid or saving; server messages have their trailing '[a,b]' parameters
// interpolated and mark the invalid fields), spec 8 ('Saved successfully') and spec 9 (settings
// limits). A field shows its rule error once it differs from the stored value, or every field after a
// refused submit; a server error on a field goes when that field changes; reset goes back to the
// stored values. Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';
import { envelopeFields, envelopeMessage, withParameters } from './abp-error.ts';

type Value = string | number | boolean | null;
type Values = Record<string, Value>;
type Rule = { kind: 'required' | 'min' | 'max'; limit?: number; when?: { field: string; equals: Value } };
type FieldError = { rule: string; limit?: number } | { rule: 'server'; message: string };
type Status = 'loading' | 'loadFailed' | 'editing' | 'saving' | 'refreshing';

export interface SettingsFormExpectedView {
  status: Status;
  values: Values;
  isDirty: boolean;
  isValid: boolean;
  canSave: boolean;
  isSaving: boolean;
  fieldErrors: Record<string, FieldError>;
  error: string | null;
}

export const settingsFormRules: RuleBook = {
  source: 'spec 2.5 (settings tabs), 4.8 (refresh after save), 5 (validation, server messages), 8 (Saved successfully), 9 (limits)',
  rules: {
    loaded: { state: 'loading', text: 'The stored settings fill the form: clean, no errors.' },
    loadFailed: { state: 'loading', text: "A failed load says why (the server's message, interpolated) and offers retry." },
    retry: { state: 'loadFailed', text: 'Retry loads again.' },
    change: {
      state: 'editing',
      text: "A change patches the values; a changed field shows its first broken rule (required, number, min, max), and loses the server's error.",
    },
    reset: { state: 'editing', text: 'Reset goes back to the stored values, without errors.' },
    submitInvalid: { state: 'editing', text: 'Submitting an invalid form saves nothing and shows every field error.' },
    submit: { state: 'editing', text: 'Submitting a valid form saves its values; Save is offered only then.' },
    saved: {
      state: 'saving',
      text: "Saved: 'Saved successfully'; the server's (or the sent) values are the new stored ones; the configuration is refreshed.",
    },
    refused: { state: 'saving', text: "A refused save keeps the values, shows the server's message and marks its fields." },
    refreshed: { state: 'refreshing', text: 'Refreshed, the form is editable again.' },
    refreshFailed: { state: 'refreshing', text: 'The refresh fails: the save stands and the form is editable again.' },
  },
};

const empty = (value: Value | undefined) => value === null || value === undefined || value === '';

function broken(values: Values, rules: Record<string, Rule[]>): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const [field, list] of Object.entries(rules)) {
    for (const rule of list) {
      if (rule.when && values[rule.when.field] !== rule.when.equals) continue;
      const value = values[field];
      if (rule.kind === 'required') {
        if (empty(value)) {
          errors[field] = { rule: 'required' };
          break;
        }
        continue;
      }
      if (empty(value)) continue;
      const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
      if (Number.isNaN(number)) {
        errors[field] = { rule: 'number' };
        break;
      }
      const limit = rule.limit ?? 0;
      if (rule.kind === 'min' ? number < limit : number > limit) {
        errors[field] = rule.limit === undefined ? { rule: rule.kind } : { rule: rule.kind, limit: rule.limit };
        break;
      }
    }
  }
  return errors;
}

export function settingsFormReference(rawInput: unknown): ReferenceRun<SettingsFormExpectedView> {
  const rules = ((rawInput ?? {}) as { rules?: Record<string, Rule[]> }).rules ?? {};
  const recorder = new Recorder();
  let status: Status = 'loading';
  let stored: Values | null = null;
  let values: Values = {};
  let serverErrors: Record<string, string> = {};
  let error: string | null = null;
  let showAll = false;
  const message = (failure: unknown) => {
    const text = envelopeMessage(failure);
    return text === null ? null : withParameters(text);
  };
  const load = () => {
    status = 'loading';
    recorder.call('loadSettings', undefined);
  };
  load();
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => {
      const errors = broken(values, rules);
      const isValid = Object.keys(errors).length === 0;
      const changed = Object.keys(values).filter((field) => !stored || values[field] !== stored[field]);
      const fieldErrors: Record<string, FieldError> = {};
      for (const [field, text] of Object.entries(serverErrors)) fieldErrors[field] = { rule: 'server', message: text };
      for (const [field, each] of Object.entries(errors)) if (showAll || changed.includes(field)) fieldErrors[field] = each;
      return {
        status,
        values,
        isDirty: changed.length > 0,
        isValid,
        canSave: status === 'editing' && isValid,
        isSaving: status === 'saving' || status === 'refreshing',
        fieldErrors,
        error,
      };
    },
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { actor?: string; output?: unknown; error?: unknown; values?: Values };
      if (status === 'loading' && e.type === 'done' && e.actor === 'loadSettings') {
        recorder.rule('loaded');
        stored = e.output as Values;
        values = stored;
        error = null;
        serverErrors = {};
        showAll = false;
        status = 'editing';
      } else if (status === 'loading' && e.type === 'error' && e.actor === 'loadSettings') {
        recorder.rule('loadFailed');
        error = message(e.error);
        status = 'loadFailed';
      } else if (status === 'loadFailed' && e.type === 'form.retry') {
        recorder.rule('retry');
        load();
      } else if (status === 'editing' && e.type === 'form.change') {
        recorder.rule('change');
        values = { ...values, ...e.values };
        serverErrors = Object.fromEntries(Object.entries(serverErrors).filter(([field]) => !(field in (e.values ?? {}))));
      } else if (status === 'editing' && e.type === 'form.reset') {
        recorder.rule('reset');
        values = stored ?? {};
        serverErrors = {};
        error = null;
        showAll = false;
      } else if (status === 'editing' && e.type === 'form.submit') {
        if (Object.keys(broken(values, rules)).length > 0) {
          recorder.rule('submitInvalid');
          showAll = true;
        } else {
          recorder.rule('submit');
          status = 'saving';
          recorder.call('saveSettings', { values });
        }
      } else if (status === 'saving' && e.type === 'done' && e.actor === 'saveSettings') {
        recorder.rule('saved');
        stored = (e.output as Values | undefined) ?? values;
        values = stored;
        serverErrors = {};
        error = null;
        showAll = false;
        recorder.emit({ type: 'settings.saved' });
        status = 'refreshing';
        recorder.call('refreshConfiguration', undefined);
      } else if (status === 'saving' && e.type === 'error' && e.actor === 'saveSettings') {
        recorder.rule('refused');
        error = message(e.error);
        serverErrors = envelopeFields(e.error);
        recorder.emit({ type: 'settings.saveFailed', message: error });
        status = 'editing';
      } else if (status === 'refreshing' && (e.type === 'done' || e.type === 'error') && e.actor === 'refreshConfiguration') {
        recorder.rule(e.type === 'done' ? 'refreshed' : 'refreshFailed');
        status = 'editing';
      }
    },
  };
}

/**
 * The product's settings tab, Settings → Audit Logging, General (spec 2.5, 4.8, 5, 7.8), as this
 * reference's input and the values it stores: the period (days) counts only while the expired
 * deleter is enabled, is never negative and at most 36,500 (the API's limit, contract
 * UpdateAuditLogSettingsDto); an empty period is 0 (spec 5) and a disabled deleter saves 0 (spec 4.8).
 * The deleter's last run (lastRunTime, lastDeletedCount) is read-only and kept as loaded.
 */
export const auditLoggingTab = {
  rules: {
    expiredDeleterPeriod: [
      { kind: 'min', limit: 0, when: { field: 'isExpiredDeleterEnabled', equals: true } },
      { kind: 'max', limit: 36_500, when: { field: 'isExpiredDeleterEnabled', equals: true } },
    ] as Rule[],
  },
  stored(values: Values): Values {
    const enabled = values.isExpiredDeleterEnabled === true;
    const period = typeof values.expiredDeleterPeriod === 'number' ? values.expiredDeleterPeriod : 0;
    return { ...values, isExpiredDeleterEnabled: enabled, expiredDeleterPeriod: enabled ? period : 0 };
  },
};
