// My security logs (/account/security-logs, also {issuer}Account/SecurityLogs; spec 2.4, 3, 7.9): the
// signed-in user's own sign-in events as a paged list on the generic pagedList machine. Rules: the
// filters of spec 3 except clientIpAddress (admin only); typing edits, Enter or Refresh applies them
// from page 1; newest first by default; the server answers only the caller's own rows.
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  type FetchPageInput,
  type PageResult,
  pagedListMachine,
  selectPagedList,
} from '../../../../machines/generic/paged-list.machine.ts';
import { getMySecurityLogs, type SecurityLogDto } from '../../../api/my-account.ts';
import { inspectOptions } from '../../../app/inspection.ts';
import { selectCulture } from '../../../app/shell-view.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import { useSystem } from '../../../app/system-context.ts';
import { Button, DataTable, type DataColumn, formActionsClass, formGridClass, Pager, stackClass, TextField } from '../../../ui/index.ts';
import { DateTimeField, useDateFormats } from '../../audit-logs/audit-parts.tsx';
import { useAccountHttp } from '../manage/account-http.ts';
import { toApiQuery } from '../../audit-logs/list-url.ts';
import { securityLogsTexts } from './security-logs-texts.ts';

const textFilters = ['applicationName', 'identity', 'action', 'userName', 'clientId', 'correlationId'] as const;

export default function SecurityLogsScreen() {
  const t = useAreaTexts(securityLogsTexts);
  const { auth } = useSystem();
  const dates = useDateFormats(useSelector(auth, selectCulture));
  const http = useAccountHttp();
  const list = useActorRef(
    pagedListMachine.provide({
      actors: {
        fetchPage: fromPromise<PageResult, FetchPageInput>(({ input, signal }) => getMySecurityLogs(http, toApiQuery(input), signal)),
      },
    }),
    { input: { sorting: { id: 'creationTime', direction: 'desc' } }, ...inspectOptions() },
  );
  const view = useSelector(list, (snapshot) => selectPagedList<SecurityLogDto>(snapshot));
  const edit = (name: string, value: string | null) => list.send({ type: 'filter.change', filters: { [name]: value } });
  const text = (name: string) => (typeof view.filters[name] === 'string' ? (view.filters[name] as string) : '');

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
      <form
        aria-label={t('filters')}
        onSubmit={(event) => {
          event.preventDefault();
          list.send({ type: 'filter.submit' });
        }}
      >
        <div className={formGridClass}>
          <DateTimeField label={t('startTime')} value={view.filters.startTime} onChange={(iso) => edit('startTime', iso)} />
          <DateTimeField label={t('endTime')} value={view.filters.endTime} onChange={(iso) => edit('endTime', iso)} />
          {textFilters.map((name) => (
            <TextField key={name} label={t(name)} value={text(name)} onChange={(value) => edit(name, value)} />
          ))}
        </div>
        <div className={formActionsClass}>
          <Button type="submit" icon="search">
            {t('refresh')}
          </Button>
        </div>
      </form>
      <DataTable<SecurityLogDto>
        aria-label={t('table')}
        columns={columns}
        rows={view.items}
        getRowId={(log) => log.id}
        status={view.status}
        sort={view.sorting}
        onSortChange={(sorting) => list.send({ type: 'sort.change', sorting })}
        onRetry={() => list.send({ type: 'retry' })}
        texts={{
          loading: t('loading'),
          empty: t('empty'),
          emptyDescription: t('emptyDescription'),
          error: t('loadFailed'),
          retry: t('retry'),
          actions: t('actionsColumn'),
        }}
      />
      <Pager
        pageIndex={view.pageIndex}
        pageSize={view.pageSize}
        totalCount={view.totalCount}
        onPageChange={(pageIndex) => list.send({ type: 'page.change', page: pageIndex + 1 })}
        texts={{
          navigation: t('pagination'),
          pageSize: t('pageSize'),
          previous: t('previous'),
          next: t('next'),
          range: (from, to, total) => t('range', from, to, total),
        }}
      />
    </div>
  );
}
