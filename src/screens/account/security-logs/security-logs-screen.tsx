// My security logs (/account/security-logs, also {issuer}Account/SecurityLogs; spec 2.4, 3, 7.9): the
// signed-in user's own sign-in events, a spec of the resource kit on the account area's HTTP client.
// Rules: the filters of spec 3 except clientIpAddress (admin only), as an open form: a start and end
// date-time, then text; typing edits, Enter or Refresh applies them from page 1; newest first; the
// server answers only the caller's own rows; read-only (no row actions).
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { getMySecurityLogs, type SecurityLogDto } from '../../../api/my-account.ts';
import { selectCulture } from '../../../app/shell-view.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import { useSystem } from '../../../app/system-context.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { dateTimeFormatter } from '../../../views/kit/date-format.ts';
import { DeviceCell, type DeviceNamer, useDeviceName } from '../../../views/kit/device-cell.tsx';
import { ResourceScreen } from '../../../views/kit/resource-screen.tsx';
import { abpListQuery, type FilterSpec, type ResourceSpec } from '../../../views/kit/resource-spec.ts';
import {
  type SecurityLogAction,
  securityLogActionName,
  securityLogActionTexts,
} from '../../identity/security-logs/security-log-actions.ts';
import { useAccountHttp } from '../manage/account-http.ts';
import { type SecurityLogsKey, securityLogsTexts } from './security-logs-texts.ts';

const textFilters = ['applicationName', 'identity', 'action', 'userName', 'clientId', 'correlationId'] as const;

export function mySecurityLogsSpec(
  t: AreaTranslate<SecurityLogsKey>,
  locale: string,
  actions: AreaTranslate<SecurityLogAction>,
  device: DeviceNamer,
): ResourceSpec<SecurityLogDto> {
  const when = dateTimeFormatter(locale);
  const action = (log: SecurityLogDto) => securityLogActionName(actions, log.action);
  const filters: FilterSpec[] = [
    {
      kind: 'dateRange',
      withTime: true,
      label: t('time'),
      from: 'startTime',
      to: 'endTime',
      fromLabel: t('startTime'),
      toLabel: t('endTime'),
    },
    ...textFilters.map((name) => ({ kind: 'text' as const, name, label: t(name) })),
  ];
  return {
    title: t('title'),
    tableLabel: t('table'),
    getId: (log) => log.id,
    getLabel: (log) => `${action(log)} ${when(log.creationTime)}`,
    listTexts: { empty: t('empty'), emptyDescription: t('emptyDescription'), loadFailed: t('loadFailed') },
    search: false,
    filtersOpen: true,
    filters,
    defaultSorting: { id: 'creationTime', direction: 'desc' },
    columns: [
      { id: 'creationTime', header: t('time'), sortable: true, width: 200, cell: (log) => when(log.creationTime) },
      { id: 'action', header: t('action'), sortable: true, cell: action },
      { id: 'clientIpAddress', header: t('ipAddress'), sortable: true, cell: (log) => log.clientIpAddress ?? '', dir: 'ltr' },
      {
        id: 'browserInfo',
        header: t('browser'),
        cell: (log) => <DeviceCell name={device(log.browserInfo) ?? ''} userAgent={log.browserInfo} />,
      },
      { id: 'applicationName', header: t('applicationName'), sortable: true, cell: (log) => log.applicationName ?? '' },
      { id: 'identity', header: t('identity'), sortable: true, cell: (log) => log.identity ?? '' },
      { id: 'clientId', header: t('clientId'), sortable: true, cell: (log) => log.clientId ?? '', dir: 'ltr' },
    ],
    list: (http, query, signal) => getMySecurityLogs(http, abpListQuery(query, filters), signal),
  };
}

export default function SecurityLogsScreen() {
  const t = useAreaTexts(securityLogsTexts);
  const { auth } = useSystem();
  const culture = useSelector(auth, selectCulture);
  const actions = useAreaTexts(securityLogActionTexts);
  const device = useDeviceName();
  const http = useAccountHttp();
  const spec = useMemo(() => mySecurityLogsSpec(t, culture, actions, device), [t, culture, actions, device]);
  return <ResourceScreen spec={spec} http={http} />;
}
