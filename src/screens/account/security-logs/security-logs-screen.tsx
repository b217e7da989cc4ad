// My security logs (/account/security-logs, also {issuer}Account/SecurityLogs; spec 2.4, 3, 7.9): the
// signed-in user's own sign-in events as a paged list on the generic pagedList machine. Rules: the
// filters of spec 3 except clientIpAddress (admin only); typing edits, Enter or Refresh applies them
// from page 1; newest first by default; the server answers only the caller's own rows.
import { useSelector } from '@xstate/react';
import { getMySecurityLogs, type SecurityLogDto } from '../../../api/my-account.ts';
import { selectCulture } from '../../../app/shell-view.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import { useSystem } from '../../../app/system-context.ts';
import { type DataColumn, stackClass, TextField } from '../../../ui/index.ts';
import { abpListQuery } from '../../../views/kit/resource-spec.ts';
import { ListFilters, ListTable, usePagedList, usePagedListActor } from '../../../views/lists/paged-list-view.tsx';
import { DateTimeField, useDateFormats } from '../../audit-logs/audit-parts.tsx';
import { useAccountHttp } from '../manage/account-http.ts';
import { securityLogsTexts } from './security-logs-texts.ts';

const textFilters = ['applicationName', 'identity', 'action', 'userName', 'clientId', 'correlationId'] as const;

export default function SecurityLogsScreen() {
  const t = useAreaTexts(securityLogsTexts);
  const { auth } = useSystem();
  const dates = useDateFormats(useSelector(auth, selectCulture));
  const http = useAccountHttp();
  const list = usePagedListActor((query, signal) => getMySecurityLogs(http, abpListQuery(query), signal), {
    sorting: { id: 'creationTime', direction: 'desc' },
  });
  const { view, edit, text } = usePagedList<SecurityLogDto>(list);

  const columns: DataColumn<SecurityLogDto>[] = [
    { id: 'creationTime', header: t('time'), sortable: true, width: 200, cell: (log) => dates.short(log.creationTime) },
    { id: 'action', header: t('action'), sortable: true, cell: (log) => log.action ?? '' },
    { id: 'clientIpAddress', header: t('ipAddress'), sortable: true, cell: (log) => log.clientIpAddress ?? '' },
    { id: 'browserInfo', header: t('browser'), cell: (log) => log.browserInfo ?? '' },
    { id: 'applicationName', header: t('applicationName'), sortable: true, cell: (log) => log.applicationName ?? '' },
    { id: 'identity', header: t('identity'), sortable: true, cell: (log) => log.identity ?? '' },
    { id: 'clientId', header: t('clientId'), sortable: true, cell: (log) => log.clientId ?? '' },
  ];

  return (
    <div className={`page ${stackClass}`}>
      <h1>{t('title')}</h1>
      <ListFilters list={list} t={t}>
        <DateTimeField label={t('startTime')} value={view.filters.startTime} onChange={(iso) => edit('startTime', iso)} />
        <DateTimeField label={t('endTime')} value={view.filters.endTime} onChange={(iso) => edit('endTime', iso)} />
        {textFilters.map((name) => (
          <TextField key={name} label={t(name)} value={text(name)} onChange={(value) => edit(name, value)} />
        ))}
      </ListFilters>
      <ListTable<SecurityLogDto> list={list} view={view} t={t} label={t('table')} columns={columns} getRowId={(log) => log.id} />
    </div>
  );
}
