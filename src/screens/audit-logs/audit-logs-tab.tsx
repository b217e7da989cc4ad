// The Audit Logs tab (spec 2.6): the filter form, the table and the pager. Render-only: the list
// is a pagedList actor (typing edits, Enter or Refresh applies, the three selects apply at once),
// Detail opens the recordModal actor. Column ids are the sort fields (all six sortable).
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { PagedListMachine } from '../../../machines/generic/paged-list.machine.ts';
import type { RecordModalMachine } from '../../../machines/audit-logging/record-modal.machine.ts';
import type { AuditLogDto } from '../../api/audit-logging.ts';
import { type DataColumn, LtrText, NumberField, Select, TextField } from '../../ui/index.ts';
import { ListFilters, ListTable, usePagedList } from '../../views/lists/paged-list-view.tsx';
import { StatusBadges } from './audit-log-detail.tsx';
import * as styles from './audit-logs.css.ts';
import { type DateFormats, DayAndTime, DateTimeField, ExportSlot, filterLayout, type Translate } from './audit-parts.tsx';
import { httpMethods, httpStatusCodes, statusCodeLabel } from './http-status-codes.ts';

const any = 'any';

export function AuditLogsTab({
  list,
  detail,
  t,
  dates,
}: {
  list: ActorRefFrom<PagedListMachine>;
  detail: ActorRefFrom<RecordModalMachine>;
  t: Translate;
  dates: DateFormats;
}) {
  const { view, edit, apply: select, text, number } = usePagedList<AuditLogDto>(list);
  const { filters } = view;

  // Stable between renders: the table renders each cell through its column definition, so new
  // definitions would remount every row (and lose the focus a modal returns to).
  const columns = useMemo<DataColumn<AuditLogDto>[]>(
    () => [
      {
        id: 'url',
        header: t('httpRequest'),
        width: 600,
        sortable: true,
        cell: (log) => (
          <span className={styles.requestCell}>
            <StatusBadges statusCode={log.httpStatusCode} method={log.httpMethod} /> <LtrText>{log.url}</LtrText>
          </span>
        ),
      },
      { id: 'userName', header: t('user'), width: 150, sortable: true, cell: (log) => log.userName ?? '' },
      {
        id: 'clientIpAddress',
        header: t('ipAddress'),
        width: 150,
        sortable: true,
        cell: (log) => <LtrText>{log.clientIpAddress ?? ''}</LtrText>,
      },
      {
        id: 'executionTime',
        header: t('date'),
        width: 150,
        sortable: true,
        cell: (log) => <DayAndTime value={log.executionTime} dates={dates} />,
      },
      {
        id: 'executionDuration',
        header: t('duration'),
        width: 150,
        sortable: true,
        align: 'end',
        cell: (log) => t('milliseconds', log.executionDuration),
      },
      { id: 'applicationName', header: t('applicationName'), width: 200, sortable: true, cell: (log) => log.applicationName ?? '' },
    ],
    [t, dates],
  );

  return (
    <>
      <ListFilters list={list} t={t} {...filterLayout} actions={<ExportSlot kind="auditLogs" filters={view.appliedFilters} />}>
        <DateTimeField label={t('startTime')} value={filters.startTime} onChange={(iso) => edit('startTime', iso)} />
        <DateTimeField label={t('endTime')} value={filters.endTime} onChange={(iso) => edit('endTime', iso)} />
        <TextField label={t('userName')} value={text('userName')} onChange={(value) => edit('userName', value)} />
        <TextField label={t('url')} value={text('url')} onChange={(value) => edit('url', value)} />
        <NumberField
          label={t('minDuration')}
          minValue={0}
          formatOptions={{ useGrouping: false, maximumFractionDigits: 0 }}
          value={number('minExecutionDuration')}
          onChange={(value) => edit('minExecutionDuration', Number.isNaN(value) ? null : value)}
        />
        <NumberField
          label={t('maxDuration')}
          minValue={0}
          formatOptions={{ useGrouping: false, maximumFractionDigits: 0 }}
          value={number('maxExecutionDuration')}
          onChange={(value) => edit('maxExecutionDuration', Number.isNaN(value) ? null : value)}
        />
        <Select
          label={t('httpMethod')}
          options={[{ id: any, label: t('any') }, ...httpMethods.map((method) => ({ id: method, label: method }))]}
          value={text('httpMethod') || any}
          onChange={(key) => select('httpMethod', key === any || key == null ? null : String(key))}
        />
        <Select
          label={t('httpStatusCode')}
          options={[{ id: any, label: t('any') }, ...httpStatusCodes.map(([code]) => ({ id: String(code), label: statusCodeLabel(code) }))]}
          value={Number.isNaN(number('httpStatusCode')) ? any : String(number('httpStatusCode'))}
          onChange={(key) => select('httpStatusCode', key === any || key == null ? null : Number(key))}
        />
        <TextField label={t('applicationName')} value={text('applicationName')} onChange={(value) => edit('applicationName', value)} />
        <TextField label={t('clientIpAddress')} value={text('clientIpAddress')} onChange={(value) => edit('clientIpAddress', value)} />
        <TextField label={t('correlationId')} value={text('correlationId')} onChange={(value) => edit('correlationId', value)} />
        <Select
          label={t('hasException')}
          options={[
            { id: any, label: t('any') },
            { id: 'true', label: t('yes') },
            { id: 'false', label: t('no') },
          ]}
          value={typeof filters.hasException === 'boolean' ? String(filters.hasException) : any}
          onChange={(key) => select('hasException', key === 'true' ? true : key === 'false' ? false : null)}
        />
      </ListFilters>
      <ListTable<AuditLogDto>
        list={list}
        view={view}
        t={t}
        label={t('auditLogsTable')}
        columns={columns}
        getRowId={(log) => log.id}
        rowActions={(log) => [
          { id: 'detail', label: t('detail'), icon: 'eye', onAction: () => detail.send({ type: 'modal.open', request: log.id }) },
        ]}
        rowActionsLabel={(log) => t('rowActions', `${log.httpMethod ?? ''} ${log.url ?? ''}`.trim())}
      />
    </>
  );
}
