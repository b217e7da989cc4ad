// The audit log Detail modal (spec 2.6): extra large (the whole screen on a phone), as tall as the
// screen allows so switching tabs does not resize it, tabs Overall, 'Actions (n)' and, only when the
// log has entity changes, 'Changes (n)'; a field without a value shows an em dash. Render-only: the recordModal actor holds the open state and
// the loaded log; closing returns focus to the row's actions button (react-aria's modal restores it).
import type { ReactNode } from 'react';
import type { AuditLogActionDto, AuditLogDto } from '../../api/audit-logging.ts';
import {
  Badge,
  DataTable,
  EmptyValue,
  httpMethodBadgeVariant,
  LtrBlock,
  LtrText,
  statusCodeBadgeVariant,
  Tab,
  TabList,
  TabPanel,
  Tabs,
} from '../../ui/index.ts';
import { extraPropertiesJson, prettyJson, tenantImpersonator, userImpersonator } from './audit-log-view.ts';
import * as styles from './audit-logs.css.ts';
import { type DateFormats, EntityChangeView, RecordModal, type RecordModalProps, type Translate } from './audit-parts.tsx';
import { statusCodeLabel } from './http-status-codes.ts';

export function StatusBadges({ statusCode, method }: { statusCode: number | null; method: string | null }) {
  return (
    <>
      {statusCode != null && (
        <Badge variant={statusCodeBadgeVariant(statusCode)}>
          <span title={statusCodeLabel(statusCode)}>{statusCode}</span>
        </Badge>
      )}
      {/* Spaces between the parts, so they are read (and copied) as "200 POST /api/..." */}
      {statusCode != null && method ? ' ' : null}
      {method && <Badge variant={httpMethodBadgeVariant(method)}>{method}</Badge>}
    </>
  );
}

export function AuditLogDetailModal({ modal, t, culture, dates }: RecordModalProps) {
  return (
    <RecordModal<AuditLogDto> modal={modal} t={t} title={() => t('detailTitle')} size="xl" height="full">
      {(log) => <AuditLogDetail log={log} t={t} culture={culture} dates={dates} />}
    </RecordModal>
  );
}

function AuditLogDetail({ log, t, culture, dates }: { log: AuditLogDto; t: Translate; culture: string; dates: DateFormats }) {
  const now = new Date();
  const tenant = tenantImpersonator(log);
  const user = userImpersonator(log);
  // A value of null shows the em dash (EmptyValue), never a blank.
  const rows: Array<[string, ReactNode] | null> = [
    [t('httpStatusCode'), log.httpStatusCode != null ? <StatusBadges key="status" statusCode={log.httpStatusCode} method={null} /> : null],
    [t('httpMethod'), log.httpMethod ? <StatusBadges key="method" statusCode={null} method={log.httpMethod} /> : null],
    [t('url'), log.url ? <LtrText key="url">{log.url}</LtrText> : null],
    [t('clientIpAddress'), log.clientIpAddress ? <LtrText key="ip">{log.clientIpAddress}</LtrText> : null],
    [t('clientName'), log.clientName || null],
    log.exceptions ? [t('exceptions'), <LtrBlock key="exceptions">{prettyJson(log.exceptions)}</LtrBlock>] : null,
    [t('userName'), log.userName || null],
    tenant ? [t('tenantImpersonator'), tenant] : null,
    user ? [t('userImpersonator'), user] : null,
    [
      t('time'),
      <time key="time" dateTime={log.executionTime}>
        {dates.full(log.executionTime)}
      </time>,
    ],
    [t('duration'), t('milliseconds', log.executionDuration)],
    [t('browserInfo'), log.browserInfo ? <LtrText key="browser">{log.browserInfo}</LtrText> : null],
    [t('applicationName'), log.applicationName || null],
    [t('correlationId'), log.correlationId ? <LtrText key="correlation">{log.correlationId}</LtrText> : null],
    [t('comments'), log.comments || null],
    [t('extraProperties'), <LtrBlock key="extra">{extraPropertiesJson(log.extraProperties)}</LtrBlock>],
  ];
  const empty = <EmptyValue label={t('notSet')} />;
  return (
    <Tabs defaultSelectedKey="overall">
      <TabList aria-label={t('detailTitle')}>
        <Tab id="overall">{t('overall')}</Tab>
        <Tab id="actions">{t('actionsTab', log.actions.length)}</Tab>
        {log.entityChanges.length > 0 && <Tab id="changes">{t('changesTab', log.entityChanges.length)}</Tab>}
      </TabList>
      <TabPanel id="overall">
        <dl className={styles.details}>
          {rows
            .filter((row): row is [string, ReactNode] => row !== null)
            .map(([term, value]) => (
              <div key={term} className={styles.detailRow}>
                <dt className={styles.term}>{term}</dt>
                <dd className={styles.definition}>{value ?? empty}</dd>
              </div>
            ))}
        </dl>
      </TabPanel>
      <TabPanel id="actions">
        <DataTable<AuditLogActionDto>
          aria-label={t('actionsTable')}
          rows={log.actions}
          getRowId={(action) => action.id}
          status="ready"
          texts={{ loading: t('loading'), empty: t('noData'), error: t('loadFailed'), retry: t('retry'), actions: t('actionsColumn') }}
          columns={[
            {
              id: 'service',
              header: t('serviceMethod'),
              width: 300,
              cell: (action) => <LtrText>{`${action.serviceName ?? ''} - ${action.methodName ?? ''}`}</LtrText>,
            },
            { id: 'duration', header: t('duration'), width: 120, cell: (action) => t('milliseconds', action.executionDuration) },
            {
              id: 'parameters',
              header: t('parameters'),
              cell: (action) => (action.parameters ? <LtrBlock>{prettyJson(action.parameters)}</LtrBlock> : empty),
            },
          ]}
        />
      </TabPanel>
      {log.entityChanges.length > 0 && (
        <TabPanel id="changes">
          {log.entityChanges.map((change) => (
            <EntityChangeView
              key={change.id}
              change={change}
              userName={log.userName}
              t={t}
              culture={culture}
              dates={dates}
              now={now}
              headingLevel={3}
            />
          ))}
        </TabPanel>
      )}
    </Tabs>
  );
}
