// The Entity Changes tab (spec 2.6) and its large modal. Render-only: the list is a pagedList actor
// (the change type select applies at once, Enter or Refresh applies the rest); the actions column
// (150, not sortable) with 'Change Details' (search icon) and 'Full Change History' (history icon),
// each opening the recordModal actor with its request, comes last like the Audit Logs tab's row
// actions (issue 20.10; spec 2.6's table lists it first); the modal is titled
// '<entity type full name> (<entity id>)' and lists the changes with user names, or 'No changes'.
import { useCallback, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { RecordModalMachine } from '../../../machines/audit-logging/record-modal.machine.ts';
import type { PagedListMachine } from '../../../machines/generic/paged-list.machine.ts';
import type { EntityChangeDto, EntityChangeWithUsernameDto } from '../../api/audit-logging.ts';
import { type DataColumn, IconButton, LtrText, Select, TextField, Tooltip } from '../../ui/index.ts';
import { ListFilters, ListTable, usePagedList } from '../../views/lists/paged-list-view.tsx';
import { changeTypeNames } from './audit-log-view.ts';
import * as styles from './audit-logs.css.ts';
import {
  ChangeTypeBadge,
  type DateFormats,
  DayAndTime,
  DateTimeField,
  EntityChangeView,
  ExportSlot,
  filterLayout,
  RecordModal,
  type RecordModalProps,
  type Translate,
} from './audit-parts.tsx';

export type EntityChangeRequest =
  | { kind: 'change'; id: string; entityId: string | null; entityTypeFullName: string }
  | { kind: 'history'; entityId: string; entityTypeFullName: string };

const any = 'any';

export function EntityChangesTab({
  list,
  modal,
  t,
  dates,
}: {
  list: ActorRefFrom<PagedListMachine>;
  modal: ActorRefFrom<RecordModalMachine>;
  t: Translate;
  dates: DateFormats;
}) {
  const { view, edit, apply, text } = usePagedList<EntityChangeDto>(list);
  const { filters } = view;
  const open = useCallback((request: EntityChangeRequest) => modal.send({ type: 'modal.open', request }), [modal]);

  // Stable between renders: the table renders each cell through its column definition, so new
  // definitions would remount every row (and lose the focus a modal returns to).
  const columns = useMemo<DataColumn<EntityChangeDto>[]>(
    () => [
      {
        id: 'changeTime',
        header: t('time'),
        width: 230,
        sortable: true,
        cell: (change) => <DayAndTime value={change.changeTime} dates={dates} />,
      },
      { id: 'changeType', header: t('changeType'), width: 140, cell: (change) => <ChangeTypeBadge changeType={change.changeType} t={t} /> },
      { id: 'tenantId', header: t('tenantId'), width: 150, cell: (change) => <LtrText>{change.tenantId ?? ''}</LtrText> },
      { id: 'entityId', header: t('entityId'), width: 150, cell: (change) => <LtrText>{change.entityId ?? ''}</LtrText> },
      {
        id: 'entityTypeFullName',
        header: t('entityTypeFullName'),
        width: 150,
        cell: (change) => <LtrText>{change.entityTypeFullName}</LtrText>,
      },
      {
        id: 'actions',
        header: t('actionsColumn'),
        width: 150,
        maxWidth: 150,
        cell: (change) => {
          const entity = `${change.entityTypeFullName} (${change.entityId ?? ''})`;
          return (
            <span className={styles.rowButtons}>
              <Tooltip content={t('changeDetails')}>
                <IconButton
                  icon="search"
                  size="sm"
                  aria-label={`${t('changeDetails')}: ${entity}`}
                  onPress={() =>
                    open({ kind: 'change', id: change.id, entityId: change.entityId, entityTypeFullName: change.entityTypeFullName })
                  }
                />
              </Tooltip>
              {change.entityId && (
                <Tooltip content={t('fullChangeHistory')}>
                  <IconButton
                    icon="history"
                    size="sm"
                    aria-label={`${t('fullChangeHistory')}: ${entity}`}
                    onPress={() =>
                      open({ kind: 'history', entityId: change.entityId as string, entityTypeFullName: change.entityTypeFullName })
                    }
                  />
                </Tooltip>
              )}
            </span>
          );
        },
      },
    ],
    [t, dates, open],
  );

  return (
    <>
      <ListFilters
        list={list}
        t={t}
        {...filterLayout}
        actions={
          <ExportSlot
            kind="entityChanges"
            filters={{ ...view.appliedFilters, ...(view.sorting ? { sorting: `${view.sorting.id} ${view.sorting.direction}` } : {}) }}
          />
        }
      >
        <DateTimeField label={t('startDate')} value={filters.startDate} onChange={(iso) => edit('startDate', iso)} />
        <DateTimeField label={t('endDate')} value={filters.endDate} onChange={(iso) => edit('endDate', iso)} />
        <Select
          label={t('changeType')}
          options={[{ id: any, label: t('any') }, ...changeTypeNames.map((name, index) => ({ id: String(index), label: t(name) }))]}
          value={typeof filters.entityChangeType === 'number' ? String(filters.entityChangeType) : any}
          onChange={(key) => apply('entityChangeType', key === any || key == null ? null : Number(key))}
        />
        <TextField label={t('entityId')} value={text('entityId')} onChange={(value) => edit('entityId', value)} />
        <TextField
          label={t('entityTypeFullName')}
          value={text('entityTypeFullName')}
          onChange={(value) => edit('entityTypeFullName', value)}
        />
      </ListFilters>
      <ListTable<EntityChangeDto>
        list={list}
        view={view}
        t={t}
        label={t('entityChangesTable')}
        columns={columns}
        getRowId={(change) => change.id}
      />
    </>
  );
}

export function EntityChangeModal({ modal, t, culture, dates }: RecordModalProps) {
  const now = new Date();
  return (
    <RecordModal<EntityChangeWithUsernameDto[], EntityChangeRequest>
      modal={modal}
      t={t}
      title={(request) => (request ? `${request.entityTypeFullName} (${request.entityId ?? ''})` : '')}
      size="lg"
    >
      {(changes) =>
        changes.length === 0 ? (
          <p>{t('noChanges')}</p>
        ) : (
          changes.map(({ entityChange, userName }) => (
            <EntityChangeView
              key={entityChange.id}
              change={entityChange}
              userName={userName}
              t={t}
              culture={culture}
              dates={dates}
              now={now}
              headingLevel={3}
            />
          ))
        )
      }
    </RecordModal>
  );
}
