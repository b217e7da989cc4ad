// Security logs (/identity/security-logs; spec 2.2 order 4, 3 "Security log filter", 6
// AbpIdentity.SecurityLogs, 7.13): every user's sign-in and account events, a spec of the resource
// kit. Rules: the filters of spec 3 including the client IP address (admin only), the date range as
// whole local days; newest first, sortable on the server's allow-list; Details opens one log in a
// modal; Export holds exactly the filtered rows. No free-text search (the server's filter has none).
import { useSelector } from '@xstate/react';
import { type ReactNode, useMemo } from 'react';
import { getSecurityLogs, type IdentitySecurityLogDto } from '../../../api/identity-security-logs.ts';
import { selectCulture } from '../../../app/shell-view.ts';
import { useSystem } from '../../../app/system-context.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { LtrText } from '../../../ui/index.ts';
import { dateTimeFormatter } from '../../../views/kit/date-format.ts';
import { DeviceCell, type DeviceNamer, useDeviceName } from '../../../views/kit/device-cell.tsx';
import { listExport } from '../../../views/kit/list-export.ts';
import { abpListQuery, type FilterSpec, type ResourceSpec } from '../../../views/kit/resource-spec.ts';
import { ResourceScreen } from '../../../views/kit/resource-screen.tsx';
import { type SecurityLogAction, securityLogActionName, securityLogActionTexts } from './security-log-actions.ts';
import { type IdentitySecurityLogsKey, identitySecurityLogsTexts } from './security-logs-texts.ts';
import * as styles from './security-logs.css.ts';

const textFilters = ['applicationName', 'identity', 'action', 'userName', 'clientId', 'correlationId', 'clientIpAddress'] as const;

export function securityLogsSpec(
  t: AreaTranslate<IdentitySecurityLogsKey>,
  locale: string,
  actions: AreaTranslate<SecurityLogAction>,
  device: DeviceNamer,
): ResourceSpec<IdentitySecurityLogDto> {
  const when = dateTimeFormatter(locale);
  const action = (log: IdentitySecurityLogDto) => securityLogActionName(actions, log.action);
  const filters: FilterSpec[] = [
    { kind: 'dateRange', label: t('dateRange'), from: 'startTime', to: 'endTime', fromLabel: t('from'), toLabel: t('to') },
    ...textFilters.map((name) => ({ kind: 'text' as const, name, label: t(name) })),
  ];
  const fields: Array<[IdentitySecurityLogsKey, (log: IdentitySecurityLogDto) => ReactNode]> = [
    ['time', (log) => when(log.creationTime)],
    ['action', action],
    ['userName', (log) => log.userName ?? ''],
    ['tenantName', (log) => log.tenantName ?? ''],
    ['applicationName', (log) => log.applicationName ?? ''],
    ['identity', (log) => log.identity ?? ''],
    ['clientId', (log) => log.clientId && <LtrText>{log.clientId}</LtrText>],
    ['correlationId', (log) => log.correlationId && <LtrText>{log.correlationId}</LtrText>],
    ['clientIpAddress', (log) => log.clientIpAddress && <LtrText>{log.clientIpAddress}</LtrText>],
    [
      'browserInfo',
      (log) =>
        log.browserInfo && (
          <>
            {device(log.browserInfo)}
            <br />
            <LtrText>{log.browserInfo}</LtrText>
          </>
        ),
    ],
  ];
  return {
    title: t('title'),
    tableLabel: t('table'),
    getId: (log) => log.id,
    getLabel: (log) => `${action(log)} ${log.userName ?? t('noUser')} ${when(log.creationTime)}`,
    defaultSorting: { id: 'creationTime', direction: 'desc' },
    search: false,
    filters,
    columns: [
      { id: 'creationTime', header: t('time'), sortable: true, width: 180, cell: (log) => when(log.creationTime) },
      { id: 'action', header: t('action'), sortable: true, cell: action },
      { id: 'userName', header: t('userName'), sortable: true, cell: (log) => log.userName ?? '' },
      { id: 'clientIpAddress', header: t('clientIpAddress'), sortable: true, cell: (log) => log.clientIpAddress ?? '', dir: 'ltr' },
      {
        id: 'browserInfo',
        header: t('browserInfo'),
        cell: (log) => <DeviceCell name={device(log.browserInfo) ?? ''} userAgent={log.browserInfo} />,
      },
      { id: 'applicationName', header: t('applicationName'), sortable: true, cell: (log) => log.applicationName ?? '' },
      { id: 'identity', header: t('identity'), sortable: true, cell: (log) => log.identity ?? '' },
      { id: 'clientId', header: t('clientId'), sortable: true, cell: (log) => log.clientId ?? '', dir: 'ltr' },
    ],
    list: (http, query, signal) => getSecurityLogs(http, abpListQuery(query, filters), signal),
    export: listExport('/api/identity/security-logs', { resource: 'security-logs', fileName: 'SecurityLogs', filters }),
    rowActions: [
      {
        id: 'details',
        label: t('details'),
        dialogTitle: (log) => t('detailTitle', log.userName ?? t('noUser')),
        panel: ({ item }) => (
          <dl className={styles.details}>
            {fields.map(([key, value]) => (
              <div key={key} className={styles.pair}>
                <dt className={styles.term}>{t(key)}</dt>
                <dd className={styles.value}>{value(item) || '—'}</dd>
              </div>
            ))}
          </dl>
        ),
      },
    ],
  };
}

export default function IdentitySecurityLogsScreen() {
  const t = useAreaTexts(identitySecurityLogsTexts);
  const { auth } = useSystem();
  const culture = useSelector(auth, selectCulture);
  const actions = useAreaTexts(securityLogActionTexts);
  const device = useDeviceName();
  const spec = useMemo(() => securityLogsSpec(t, culture, actions, device), [t, culture, actions, device]);
  return <ResourceScreen spec={spec} />;
}
