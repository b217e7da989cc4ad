// The create / edit modal of a resource (issue 9 resource kit), render-only over one entityForm
// actor: fields from the screen's spec (text, multiline, number, checkbox, select, multi-select,
// date), the field and form errors the machine holds, Save pending while saving, the conflict's
// Reload and the discard question as the machine's states. A new actor per opening (the modal is
// mounted per record), so nothing of a previous edit survives.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  type EntityValues,
  entityFormMachine,
  type LoadedEntity,
  type SaveEntityInput,
  type SavedEntity,
  selectEntityForm,
} from '../../../machines/generic/entity-form.machine.ts';
import type { Http } from '../../api/http.ts';
import { inspectOptions } from '../../app/inspection.ts';
import { shallowEqual } from '../../app/shell-view.ts';
import { Button, Checkbox, ConfirmDialog, ErrorState, LoadingState, Modal, NumberField, Select, TextField } from '../../ui/index.ts';
import type { AreaTranslate } from '../../i18n/define-texts.ts';
import type { KitTextKey } from './kit-texts.ts';
import * as styles from './kit.css.ts';
import type { FormFieldSpec, FormSpec } from './resource-spec.ts';

export interface EntityFormModalProps<TItem> {
  form: FormSpec<TItem>;
  http: Http;
  /** null: create. */
  id: string | null;
  t: AreaTranslate<KitTextKey>;
  onSaved: () => void;
  onClosed: () => void;
}

export function EntityFormModal<TItem>({ form, http, id, t, onSaved, onClosed }: EntityFormModalProps<TItem>) {
  const logic = useMemo(
    () =>
      entityFormMachine.provide({
        actors: {
          loadEntity: fromPromise<LoadedEntity, { id: string }>(({ input, signal }) => form.load(http, input.id, signal)),
          saveEntity: fromPromise<SavedEntity, SaveEntityInput>(async ({ input }) => (await form.save(http, input)) as SavedEntity),
        },
      }),
    [form, http],
  );
  const actor = useActorRef(logic, {
    input: { id, initialValues: form.initialValues, validate: form.validate },
    ...inspectOptions(),
  });
  const view = useSelector(actor, selectEntityForm, shallowEqual);
  useEffect(() => {
    const saved = actor.on('entity.saved', onSaved);
    const closed = actor.on('form.closed', onClosed);
    return () => {
      saved.unsubscribe();
      closed.unsubscribe();
    };
  }, [actor, onSaved, onClosed]);

  const title = id === null ? t('createTitle', form.entityName) : t('editTitle', form.entityName);
  const change = (name: string, value: unknown) => actor.send({ type: 'form.change', values: { [name]: value } });
  const isOpen = view.phase !== 'saved' && view.phase !== 'closed';

  return (
    <>
      <Modal
        isOpen={isOpen}
        onOpenChange={(open) => {
          if (!open) actor.send({ type: 'form.close' });
        }}
        title={title}
        size="lg"
        closeLabel={t('close')}
        isBusy={view.phase === 'saving'}
        footer={
          <>
            <Button variant="secondary" isDisabled={view.phase === 'saving'} onPress={() => actor.send({ type: 'form.close' })}>
              {t('cancel')}
            </Button>
            {view.phase === 'conflict' ? (
              <Button onPress={() => actor.send({ type: 'form.reload' })}>{t('reload')}</Button>
            ) : (
              <Button
                type="submit"
                form="entity-form"
                icon="check"
                isPending={view.phase === 'saving'}
                isDisabled={!view.canSave && view.phase !== 'saving'}
              >
                {t('save')}
              </Button>
            )}
          </>
        }
      >
        {view.phase === 'loading' && <LoadingState label={t('loadingRecord')} />}
        {view.phase === 'loadFailed' && (
          <ErrorState
            title={t('loadRecordFailed')}
            message={view.formError || undefined}
            retryLabel={t('retry')}
            onRetry={() => actor.send({ type: 'form.retry' })}
          />
        )}
        {view.phase === 'conflict' && (
          <div role="alert">
            <strong>{t('conflictTitle')}</strong>
            <p>{t('conflictMessage')}</p>
          </div>
        )}
        {(view.phase === 'editing' || view.phase === 'saving' || view.phase === 'confirmingDiscard') && (
          <form
            id="entity-form"
            aria-label={title}
            className={styles.formFields}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: 'form.submit' });
            }}
          >
            {view.formError !== null && <div role="alert">{view.formError || t('saveFailed')}</div>}
            {form.fields.map((field) => (
              <FormField key={field.name} field={field} values={view.values} error={view.fieldErrors[field.name]} onChange={change} />
            ))}
          </form>
        )}
      </Modal>
      <ConfirmDialog
        isOpen={view.phase === 'confirmingDiscard'}
        title={t('discardTitle')}
        message={t('discardMessage')}
        confirmLabel={t('discard')}
        cancelLabel={t('keepEditing')}
        onConfirm={() => actor.send({ type: 'form.discard' })}
        onCancel={() => actor.send({ type: 'form.keepEditing' })}
      />
    </>
  );
}

function FormField({
  field,
  values,
  error,
  onChange,
}: {
  field: FormFieldSpec;
  values: EntityValues;
  error: string | undefined;
  onChange: (name: string, value: unknown) => void;
}) {
  const value = values[field.name];
  const common = { label: field.label, description: field.description, errorMessage: error, isInvalid: error !== undefined };
  switch (field.kind) {
    case 'checkbox':
      return (
        <Checkbox isSelected={value === true} onChange={(checked) => onChange(field.name, checked)}>
          {field.label}
        </Checkbox>
      );
    case 'number':
      return (
        <NumberField
          {...common}
          isRequired={field.isRequired}
          value={typeof value === 'number' ? value : Number.NaN}
          onChange={(number) => onChange(field.name, Number.isNaN(number) ? null : number)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          isRequired={field.isRequired}
          options={(field.options ?? []).map((option) => ({ id: String(option.id), label: option.label }))}
          value={value === null || value === undefined ? null : String(value)}
          onChange={(key) => {
            const option = field.options?.find((candidate) => String(candidate.id) === String(key));
            onChange(field.name, option ? option.id : null);
          }}
        />
      );
    case 'multiSelect': {
      const selected = Array.isArray(value) ? (value as Array<string | number>) : [];
      return (
        <fieldset>
          <legend>{field.label}</legend>
          {(field.options ?? []).map((option) => (
            <Checkbox
              key={String(option.id)}
              isSelected={selected.includes(option.id)}
              onChange={(checked) => onChange(field.name, checked ? [...selected, option.id] : selected.filter((one) => one !== option.id))}
            >
              {option.label}
            </Checkbox>
          ))}
          {error && <div role="alert">{error}</div>}
        </fieldset>
      );
    }
    case 'date':
      // A date is typed as yyyy-mm-dd (the date picker is not in src/ui yet); the server reads ISO dates.
      return (
        <TextField
          {...common}
          isRequired={field.isRequired}
          placeholder="yyyy-mm-dd"
          value={typeof value === 'string' ? value.slice(0, 10) : ''}
          onChange={(text) => onChange(field.name, text)}
        />
      );
    default:
      return (
        <TextField
          {...common}
          isRequired={field.isRequired}
          multiline={field.kind === 'multiline'}
          maxLength={field.maxLength}
          value={typeof value === 'string' ? value : ''}
          onChange={(text) => onChange(field.name, text)}
        />
      );
  }
}
