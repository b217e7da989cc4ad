// Reference of the entity form, written from issue 9 ("Entity form: load -> edit (client validation
// from the contract schema) -> save, with the concurrency stamp (a 409 says someone else changed the
// record and offers to reload), server validation errors mapped onto fields (spec 5, with [a,b]
// parameters), no double submit, dirty check before closing") and spec 5 ("No form is submitted
// while it is invalid or while a save is in progress"). Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';
import { envelopeFields, envelopeMessage, httpStatus, withParameters } from './abp-error.ts';

type Values = Record<string, unknown>;
type Phase = 'loading' | 'loadFailed' | 'editing' | 'confirmingDiscard' | 'saving' | 'conflict' | 'saved' | 'closed';

export interface EntityFormExpectedView {
  phase: Phase;
  isCreate: boolean;
  values: Values;
  fieldErrors: Record<string, string>;
  formError: string | null;
  isDirty: boolean;
  canSave: boolean;
  isBusy: boolean;
}

interface Input {
  id?: string | null;
  initialValues?: Values;
  validate?: (values: Values) => Record<string, string>;
  loadsOnCreate?: boolean;
}

function differs(a: Values, b: Values): boolean {
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (JSON.stringify(a[key] ?? null) !== JSON.stringify(b[key] ?? null)) return true;
  }
  return false;
}

export function entityFormReference(rawInput: unknown): ReferenceRun<EntityFormExpectedView> {
  const input = (rawInput ?? {}) as Input;
  const id = input.id ?? null;
  const validate = input.validate ?? (() => ({}));
  const recorder = new Recorder();
  let phase: Phase = 'editing';
  let values: Values = {};
  let original: Values = {};
  let stamp: string | null = null;
  let fieldErrors: Record<string, string> = {};
  let formError: string | null = null;

  const load = () => {
    // Reload keeps nothing stale: values and stamp are dropped until the record is back.
    phase = 'loading';
    values = {};
    original = {};
    stamp = null;
    fieldErrors = {};
    formError = null;
    recorder.call('loadEntity', { id });
  };
  const close = () => {
    phase = 'closed';
    recorder.emit({ type: 'form.closed' });
  };

  // An edit loads its record; a create that needs lookups (the roles a new user can get) loads them.
  if (id !== null || input.loadsOnCreate === true) load();
  else {
    values = input.initialValues ?? {};
    original = values;
  }

  return {
    take: () => recorder.take(),
    view: () => ({
      phase,
      isCreate: id === null,
      values,
      fieldErrors,
      formError,
      isDirty: differs(values, original),
      canSave: phase === 'editing',
      isBusy: phase === 'saving' || phase === 'loading',
    }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { actor?: string; output?: unknown; error?: unknown; values?: Values };
      if (phase === 'loading' && e.type === 'done' && e.actor === 'loadEntity') {
        const loaded = e.output as { values: Values; concurrencyStamp: string | null };
        values = loaded.values;
        original = loaded.values;
        stamp = loaded.concurrencyStamp;
        phase = 'editing';
      } else if (phase === 'loading' && e.type === 'error' && e.actor === 'loadEntity') {
        phase = 'loadFailed';
        formError = envelopeMessage(e.error) === null ? '' : withParameters(envelopeMessage(e.error)!);
      } else if (phase === 'loadFailed' && e.type === 'form.retry') load();
      else if (phase === 'conflict' && e.type === 'form.reload') load();
      else if (phase === 'editing' && e.type === 'form.change') {
        values = { ...values, ...e.values };
        for (const name of Object.keys(e.values ?? {})) delete fieldErrors[name];
        fieldErrors = { ...fieldErrors };
        formError = null;
      } else if (phase === 'editing' && e.type === 'form.submit') {
        const errors = validate(values);
        if (Object.keys(errors).length > 0) {
          fieldErrors = errors;
          formError = null;
        } else {
          phase = 'saving';
          fieldErrors = {};
          formError = null;
          recorder.call('saveEntity', { id, values, concurrencyStamp: stamp });
        }
      } else if (phase === 'saving' && e.type === 'done' && e.actor === 'saveEntity') {
        phase = 'saved';
        recorder.emit({ type: 'entity.saved', entity: e.output });
      } else if (phase === 'saving' && e.type === 'error' && e.actor === 'saveEntity') {
        if (id !== null && httpStatus(e.error) === 409) phase = 'conflict';
        else {
          phase = 'editing';
          fieldErrors = envelopeFields(e.error);
          const message = envelopeMessage(e.error);
          formError = message === null ? '' : withParameters(message);
        }
      } else if (e.type === 'form.close') {
        if (phase === 'editing') {
          if (differs(values, original)) phase = 'confirmingDiscard';
          else close();
        } else if (phase === 'loading' || phase === 'loadFailed' || phase === 'conflict') close();
      } else if (phase === 'confirmingDiscard' && e.type === 'form.discard') close();
      else if (phase === 'confirmingDiscard' && e.type === 'form.keepEditing') phase = 'editing';
    },
  };
}
