// The Audit Logging settings tab (spec 2.5, 4.8, 5, 7.8): 'General' (this tenant's or the host's own
// settings) and, for the host only, 'Global' (the periodic deleter; its expired-deleter section shows
// only while it is on). Rules: the period field shows only while the deleter is enabled; an empty
// period counts as 0 and a disabled deleter saves 0; the note names the date before which logs go;
// each switch says what it does under it (the two deleters are easy to confuse).
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { FieldRules, SettingValues } from '../../../../machines/generic/settings-form.machine.ts';
import {
  deletionCutoffDate,
  getAuditLogGlobalSettings,
  getAuditLogSettings,
  toAuditLogGlobalSettings,
  toAuditLogSettings,
  toDeleterStatus,
  updateAuditLogGlobalSettings,
  updateAuditLogSettings,
} from '../../../api/audit-settings.ts';
import type { Http } from '../../../api/http.ts';
import { useSystem } from '../../../app/system-context.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import {
  Button,
  Checkbox,
  ErrorState,
  formActionsClass,
  LoadingState,
  NumberField,
  stackClass,
  Tab,
  TabList,
  TabPanel,
  Tabs,
} from '../../../ui/index.ts';
import { useSessionHttp } from '../../../app/use-session-http.ts';
import { intlFor } from '../../../i18n/intl.ts';
import { settingsTexts } from '../settings-texts.ts';
import * as styles from './audit-logging-settings.css.ts';
import { type SettingsFormSpec, useSettingsForm } from '../use-settings-form.ts';

const rules: FieldRules = {
  expiredDeleterPeriod: [
    { kind: 'min', limit: 0, when: { field: 'isExpiredDeleterEnabled', equals: true } },
    { kind: 'max', limit: 36_500, when: { field: 'isExpiredDeleterEnabled', equals: true } },
  ],
};

/** The form's values: the settings plus, read-only, what the deleter last did. */
function withStatus(raw: Record<string, unknown>, settings: SettingValues): SettingValues {
  const status = toDeleterStatus(raw);
  return { ...settings, lastRunTime: status.lastRunTime, lastDeletedCount: status.lastDeletedCount };
}

function generalSpec(http: Http): SettingsFormSpec {
  return {
    rules,
    load: async () => {
      const raw = await getAuditLogSettings(http);
      return withStatus(raw, { ...toAuditLogSettings(raw) });
    },
    save: async (values) => {
      const settings = toAuditLogSettings(values);
      await updateAuditLogSettings(http, settings);
      return { ...values, ...settings };
    },
  };
}

function globalSpec(http: Http): SettingsFormSpec {
  return {
    rules,
    load: async () => {
      const raw = await getAuditLogGlobalSettings(http);
      return withStatus(raw, { ...toAuditLogGlobalSettings(raw) });
    },
    save: async (values) => {
      const settings = toAuditLogGlobalSettings(values);
      await updateAuditLogGlobalSettings(http, settings);
      return { ...values, ...settings };
    },
  };
}

function formatTime(value: string, culture: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : intlFor(culture).formatDate(date, { dateStyle: 'short', timeStyle: 'medium' });
}

function AuditSettingsForm({ spec, global }: { spec: SettingsFormSpec; global: boolean }) {
  const t = useAreaTexts(settingsTexts);
  const { auth } = useSystem();
  const culture = useSelector(auth, (snapshot) => snapshot.context.configuration?.localization.currentCulture.cultureName ?? 'en');
  const form = useSettingsForm(spec);
  const { view } = form;
  if (view.status === 'loading') return <LoadingState label={t('loading')} />;
  if (view.status === 'loadFailed')
    return <ErrorState title={t('loadFailed')} message={view.error ?? undefined} retryLabel={t('retry')} onRetry={form.retry} />;
  const values = view.values;
  const deleterOn = values.isExpiredDeleterEnabled === true;
  const period = typeof values.expiredDeleterPeriod === 'number' ? values.expiredDeleterPeriod : null;
  const showExpired = !global || values.isPeriodicDeleterEnabled === true;
  const lastRunTime = typeof values.lastRunTime === 'string' ? values.lastRunTime : null;
  const lastDeletedCount = typeof values.lastDeletedCount === 'number' ? values.lastDeletedCount : null;
  const periodError = form.errorText('expiredDeleterPeriod');
  return (
    <form
      className={stackClass}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      {global && (
        <Checkbox
          isSelected={values.isPeriodicDeleterEnabled === true}
          onChange={(selected) => form.change({ isPeriodicDeleterEnabled: selected })}
          isDisabled={view.isSaving}
          description={t('periodicDeleterHelp')}
        >
          {t('isPeriodicDeleterEnabled')}
        </Checkbox>
      )}
      {showExpired && (
        <fieldset className={`${stackClass} ${styles.section}`}>
          {global && <legend className={styles.legend}>{t('expiredDeleterSection')}</legend>}
          <Checkbox
            isSelected={deleterOn}
            onChange={(selected) => form.change({ isExpiredDeleterEnabled: selected })}
            isDisabled={view.isSaving}
            description={t(global ? 'expiredDeleterGlobalHelp' : 'expiredDeleterHelp')}
          >
            {t('isExpiredDeleterEnabled')}
          </Checkbox>
          {deleterOn && (
            <>
              <NumberField
                label={t('expiredDeleterPeriod')}
                value={period ?? Number.NaN}
                minValue={0}
                formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
                onChange={(value) => form.change({ expiredDeleterPeriod: Number.isNaN(value) ? null : value })}
                isInvalid={periodError !== undefined}
                errorMessage={periodError}
                isDisabled={view.isSaving}
              />
              <p role="status">{t('deletionNote', deletionCutoffDate(new Date(), period ?? 0))}</p>
            </>
          )}
        </fieldset>
      )}
      {(lastRunTime !== null || lastDeletedCount !== null) && (
        <p>
          {lastRunTime !== null && lastDeletedCount !== null
            ? t('lastRun', formatTime(lastRunTime, culture), lastDeletedCount)
            : lastRunTime !== null
              ? t('lastRunTime', formatTime(lastRunTime, culture))
              : t('neverRun')}
        </p>
      )}
      {view.error && !view.isSaving && <p role="alert">{view.error}</p>}
      <div className={formActionsClass}>
        <Button type="submit" isDisabled={!view.canSave} isPending={view.isSaving}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}

export default function AuditLoggingSettingsTab() {
  const t = useAreaTexts(settingsTexts);
  const { auth } = useSystem();
  const http = useSessionHttp();
  // Spec 6: the host is the case with no available tenant; only the host has the global settings.
  const isHost = useSelector(auth, (snapshot) => snapshot.context.configuration?.currentTenant.isAvailable !== true);
  const general = useMemo(() => generalSpec(http), [http]);
  const global = useMemo(() => globalSpec(http), [http]);
  return (
    <section aria-labelledby="audit-logging-settings-heading">
      <h2 id="audit-logging-settings-heading">{t('auditLogging')}</h2>
      <Tabs>
        <TabList aria-label={t('auditTabs')}>
          <Tab id="general">{t('general')}</Tab>
          {isHost && <Tab id="global">{t('global')}</Tab>}
        </TabList>
        <TabPanel id="general">
          <AuditSettingsForm spec={general} global={false} />
        </TabPanel>
        {isHost && (
          <TabPanel id="global">
            <AuditSettingsForm spec={global} global />
          </TabPanel>
        )}
      </Tabs>
    </section>
  );
}
