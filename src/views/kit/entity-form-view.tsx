// The create / edit modal of a resource (issue 9 resource kit), render-only over one entityForm
// actor: fields from the screen's spec (text, multiline, number, checkbox, select, multi-select,
// date, date-time, password, claims, a live preview; grouped in tabs when the spec says), the field and form errors the machine holds, Save pending while saving, the conflict's
// Reload and the discard question as the machine's states. A new actor per opening (the modal is
// mounted per record), so nothing of a previous edit survives.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  type EntityFieldErrors,
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
import {
  Button,
  Checkbox,
  ConfirmDialog,
  ErrorState,
  LoadingState,
  Modal,
  NumberField,
  Select,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  TextField,
} from '../../ui/index.ts';
import type { AreaTranslate } from '../../i18n/define-texts.ts';
import type { KitTextKey } from './kit-texts.ts';
import * as styles from './kit.css.ts';
import { LivePreview } from './live-preview-view.tsx';
import type { ClaimTypeOption, FormFieldSpec, FormSpec, Option } from './resource-spec.ts';

export interface EntityFormModalProps<TItem> {
  form: FormSpec<TItem>;
  http: Http;
  /** null: create. */
  id: string | null;
  t: AreaTranslate<KitTextKey>;
  /** With what the save answered (a bulk action's form: its values). */
  onSaved: (entity: SavedEntity) => void;
  onClosed: () => void;
}

export function EntityFormModal<TItem>({ form, http, id, t, onSaved, onClosed }: EntityFormModalProps<TItem>) {
  const logic = useMemo(
    () =>
      entityFormMachine.provide({
        actors: {
          loadEntity: fromPromise<LoadedEntity, { id: string | null }>(({ input, signal }) =>
            input.id === null ? (form.loadNew ?? emptyLoad)(http, signal) : form.load(http, input.id, signal),
          ),
          saveEntity: fromPromise<SavedEntity, SaveEntityInput>(async ({ input }) => (await form.save(http, input)) as SavedEntity),
        },
      }),
    [form, http],
  );
  const actor = useActorRef(logic, {
    input: { id, initialValues: form.initialValues, validate: form.validate, loadsOnCreate: id === null && form.loadNew !== undefined },
    ...inspectOptions(),
  });
  const view = useSelector(actor, selectEntityForm, shallowEqual);
  useEffect(() => {
    const saved = actor.on('entity.saved', (event) => onSaved(event.entity));
    const closed = actor.on('form.closed', onClosed);
    return () => {
      saved.unsubscribe();
      closed.unsubscribe();
    };
  }, [actor, onSaved, onClosed]);

  const title = form.title ?? (id === null ? t('createTitle', form.entityName) : t('editTitle', form.entityName));
  const fields = typeof form.fields === 'function' ? form.fields(id === null, view.values) : form.fields;
  const tabs = (form.tabs ?? []).filter((tab) => tab.fields.some((name) => fields.some((field) => field.name === name)));
  const inTabs = new Set(tabs.flatMap((tab) => tab.fields));
  const field = (spec: FormFieldSpec) => (
    <FormField key={spec.name} field={spec} values={view.values} errors={view.fieldErrors} onChange={change} t={t} http={http} />
  );
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
            {/* Own keys: Save and Reload are different buttons. Reusing the element would keep the focus
                of an Enter pressed on Save, and the key's release would press Reload when a 409 answered
                quickly, dropping the user's edits. */}
            {view.phase === 'conflict' ? (
              <Button key="reload" onPress={() => actor.send({ type: 'form.reload' })}>
                {t('reload')}
              </Button>
            ) : (
              <Button
                key="save"
                type="submit"
                form="entity-form"
                icon="check"
                isPending={view.phase === 'saving'}
                isDisabled={!view.canSave && view.phase !== 'saving'}
              >
                {form.submitLabel ?? t('save')}
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
            {form.description && <p>{form.description}</p>}
            {view.formError !== null && <div role="alert">{view.formError || t('saveFailed')}</div>}
            {/* An error on no field of this form (the server named a member the form does not show) is still said. */}
            {Object.entries(view.fieldErrors)
              .filter(([name]) => !fields.some((one) => name === one.name || name.startsWith(`${one.name}.`)))
              .map(([name, message]) => (
                <div key={name} role="alert">
                  {message}
                </div>
              ))}
            {fields.filter((one) => !inTabs.has(one.name)).map(field)}
            {tabs.length > 0 && (
              <Tabs>
                <TabList aria-label={title}>
                  {tabs.map((tab) => (
                    <Tab key={tab.id} id={tab.id}>
                      {tab.fields.some((name) => Object.keys(view.fieldErrors).some((key) => key === name || key.startsWith(`${name}.`)))
                        ? `${tab.label} (!)`
                        : tab.label}
                    </Tab>
                  ))}
                </TabList>
                {tabs.map((tab) => (
                  <TabPanel key={tab.id} id={tab.id}>
                    <div className={styles.formFields}>
                      {tab.fields.flatMap((name) => fields.filter((one) => one.name === name)).map(field)}
                    </div>
                  </TabPanel>
                ))}
              </Tabs>
            )}
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

const emptyLoad = async (): Promise<LoadedEntity> => ({ values: {}, concurrencyStamp: null });

function optionsOf(field: FormFieldSpec, values: EntityValues): Option[] {
  if (field.optionsFrom) {
    const loaded = values[field.optionsFrom];
    return Array.isArray(loaded) ? (loaded as Option[]) : [];
  }
  return field.options ?? [];
}

function FormField({
  field,
  values,
  errors,
  onChange,
  t,
  http,
}: {
  field: FormFieldSpec;
  values: EntityValues;
  errors: EntityFieldErrors;
  onChange: (name: string, value: unknown) => void;
  t: AreaTranslate<KitTextKey>;
  http: Http;
}) {
  const value = values[field.name];
  const error = errors[field.name];
  const isReadOnly = field.isReadOnly?.(values) ?? false;
  const common = { label: field.label, description: field.description, errorMessage: error, isInvalid: error !== undefined };
  switch (field.kind) {
    case 'checkbox':
      return (
        <Checkbox
          isSelected={value === true}
          isReadOnly={isReadOnly}
          description={field.description}
          onChange={(checked) => onChange(field.name, checked)}
        >
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
    case 'select': {
      const options = optionsOf(field, values);
      return (
        <Select
          {...common}
          isRequired={field.isRequired}
          options={options.map((option) => ({ id: String(option.id), label: option.label }))}
          value={value === null || value === undefined ? null : String(value)}
          onChange={(key) => {
            const option = options.find((candidate) => String(candidate.id) === String(key));
            onChange(field.name, option ? option.id : null);
          }}
        />
      );
    }
    case 'multiSelect': {
      const selected = Array.isArray(value) ? (value as Array<string | number>) : [];
      const options = optionsOf(field, values);
      return (
        <fieldset className={styles.fieldset}>
          <legend>{field.label}</legend>
          {options.length === 0 && <p className={styles.muted}>{t('noChoices')}</p>}
          {options.map((option) => (
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
    case 'preview':
      return field.preview ? (
        <LivePreview
          label={field.label}
          source={field.preview.source(values)}
          render={field.preview.render}
          pendingText={field.preview.pendingText}
          http={http}
          t={t}
        />
      ) : null;
    case 'claims':
      return <ClaimsField field={field} values={values} errors={errors} onChange={onChange} t={t} />;
    case 'date':
    case 'dateTime':
      return (
        <TextField
          {...common}
          isRequired={field.isRequired}
          type={field.kind === 'date' ? 'date' : 'datetime-local'}
          value={typeof value === 'string' ? (field.kind === 'date' ? value.slice(0, 10) : value.slice(0, 16)) : ''}
          onChange={(text) => onChange(field.name, text)}
        />
      );
    default:
      return (
        <TextField
          {...common}
          isRequired={field.isRequired}
          isReadOnly={isReadOnly}
          multiline={field.kind === 'multiline'}
          rows={field.rows}
          inputDir={field.isLeftToRight ? 'ltr' : undefined}
          type={field.kind === 'password' ? 'password' : 'text'}
          autoComplete={field.autoComplete ?? (field.kind === 'password' ? 'new-password' : undefined)}
          maxLength={field.maxLength}
          value={typeof value === 'string' ? value : ''}
          onChange={(text) => onChange(field.name, text)}
        />
      );
  }
}

/** A claim of a user or role as the claims field edits it. */
export interface ClaimValue {
  claimType: string;
  claimValue: string;
}

/** The claims of a user or role: one row per claim (type, value, remove), then Add; errors per row as `name.index`. */
function ClaimsField({
  field,
  values,
  errors,
  onChange,
  t,
}: {
  field: FormFieldSpec;
  values: EntityValues;
  errors: EntityFieldErrors;
  onChange: (name: string, value: unknown) => void;
  t: AreaTranslate<KitTextKey>;
}) {
  const claims = Array.isArray(values[field.name]) ? (values[field.name] as ClaimValue[]) : [];
  const types = field.optionsFrom && Array.isArray(values[field.optionsFrom]) ? (values[field.optionsFrom] as ClaimTypeOption[]) : [];
  const set = (next: ClaimValue[]) => onChange(field.name, next);
  return (
    <fieldset className={styles.fieldset}>
      <legend>{field.label}</legend>
      {claims.length === 0 && <p className={styles.muted}>{t('noClaims')}</p>}
      <ul className={styles.claimList}>
        {claims.map((claim, index) => {
          const type = types.find((one) => one.name === claim.claimType);
          const error = errors[`${field.name}.${index}`];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a claim row has no identity but its place in the list.
            <li key={index} className={styles.claimRow}>
              <Select
                label={t('claimType')}
                options={types.map((one) => ({ id: one.name, label: one.name }))}
                value={claim.claimType || null}
                onChange={(key) => set(claims.map((one, at) => (at === index ? { ...one, claimType: String(key) } : one)))}
              />
              <TextField
                label={t('claimValue')}
                description={type?.regexDescription ?? undefined}
                errorMessage={error}
                isInvalid={error !== undefined}
                value={claim.claimValue}
                onChange={(text) => set(claims.map((one, at) => (at === index ? { ...one, claimValue: text } : one)))}
              />
              <Button variant="ghost" icon="x" onPress={() => set(claims.filter((_, at) => at !== index))}>
                {t('removeClaim', claim.claimType || String(index + 1))}
              </Button>
            </li>
          );
        })}
      </ul>
      <Button variant="secondary" onPress={() => set([...claims, { claimType: types[0]?.name ?? '', claimValue: '' }])}>
        {t('addClaim')}
      </Button>
    </fieldset>
  );
}
