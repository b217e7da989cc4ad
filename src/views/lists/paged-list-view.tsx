// The view of a generic pagedList actor (machines/generic/paged-list.machine.ts): the filter form,
// the table and the pager every list screen shows. Render-only. Rules: typing edits the filters
// (`filter.change`), Enter or the Refresh button applies them (`filter.submit`), selects apply at
// once (`filter.changeAndReload`); sorting, paging and retry go to the machine; the generic texts come
// from the screen's translator under the keys of ListTextKey (list-texts.ts has a shared set).
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import {
  type FetchPageInput,
  type FilterValue,
  type PagedListInput,
  type PagedListMachine,
  type PageResult,
  pagedListMachine,
  selectPagedList,
} from '../../../machines/generic/paged-list.machine.ts';
import { inspectOptions } from '../../app/inspection.ts';
import type { RowData } from '@tanstack/react-table';
import { Button, DataTable, type DataColumn, formActionsClass, formGridClass, Pager, type RowAction } from '../../ui/index.ts';
import * as styles from './paged-list.css.ts';

export type ListRef = ActorRefFrom<PagedListMachine>;
export type ListView<TItem> = ReturnType<typeof selectPagedList<TItem>>;

export type ListTextKey =
  | 'filters'
  | 'filtersInForce'
  | 'refresh'
  | 'loading'
  | 'empty'
  | 'emptyDescription'
  | 'loadFailed'
  | 'retry'
  | 'actionsColumn'
  | 'pagination'
  | 'pageSize'
  | 'previous'
  | 'next'
  | 'range'
  | 'rangeEstimate';
export type ListTranslate = (key: ListTextKey, ...args: Array<string | number>) => string;

/** A pagedList actor whose pages come from `load` (aborted when a newer request replaces it). */
export function usePagedListActor(
  load: (query: FetchPageInput, signal: AbortSignal) => Promise<PageResult>,
  input: PagedListInput,
): ListRef {
  return useActorRef(
    pagedListMachine.provide({
      actors: { fetchPage: fromPromise<PageResult, FetchPageInput>(({ input: query, signal }) => load(query, signal)) },
    }),
    { input, ...inspectOptions() },
  );
}

/** The list's state and the filter helpers its form binds to. */
export function usePagedList<TItem>(list: ListRef) {
  const view = useSelector(list, (snapshot) => selectPagedList<TItem>(snapshot));
  const { filters } = view;
  return {
    view,
    /** Edits a filter; applied on Enter or Refresh. */
    edit: (name: string, value: FilterValue) => list.send({ type: 'filter.change', filters: { [name]: value } }),
    /** Edits a filter and applies it at once (selects). */
    apply: (name: string, value: FilterValue) => list.send({ type: 'filter.changeAndReload', filters: { [name]: value } }),
    text: (name: string) => (typeof filters[name] === 'string' ? (filters[name] as string) : ''),
    number: (name: string) => (typeof filters[name] === 'number' ? (filters[name] as number) : Number.NaN),
  };
}

/**
 * The filter form: its fields, then Refresh (and `actions`, e.g. an export button). On a phone the
 * fields fold behind 'Filters (n)', n counting the filters in force (paged-list.css.ts).
 */
export function ListFilters({
  list,
  t,
  children,
  actions,
  gridClassName = formGridClass,
  actionsClassName = formActionsClass,
}: {
  list: ListRef;
  t: ListTranslate;
  children: ReactNode;
  actions?: ReactNode;
  gridClassName?: string;
  actionsClassName?: string;
}) {
  const inForce = useSelector(list, (snapshot) => Object.keys(snapshot.context.appliedFilters).length);
  return (
    <form
      aria-label={t('filters')}
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        list.send({ type: 'filter.submit' });
      }}
    >
      <details className={styles.fold}>
        <summary className={styles.foldToggle}>{t('filtersInForce', inForce)}</summary>
        <div className={gridClassName}>{children}</div>
      </details>
      <div className={actionsClassName}>
        <Button type="submit" icon="search">
          {t('refresh')}
        </Button>
        {actions}
      </div>
    </form>
  );
}

/** The table of the current page (sortable, retry on failure) and its pager. */
export function ListTable<TItem extends RowData>({
  list,
  view,
  t,
  label,
  columns,
  getRowId,
  rowActions,
  rowActionsLabel,
}: {
  list: ListRef;
  view: ListView<TItem>;
  t: ListTranslate;
  label: string;
  columns: readonly DataColumn<TItem>[];
  getRowId: (row: TItem) => string;
  rowActions?: (row: TItem) => readonly RowAction[];
  rowActionsLabel?: (row: TItem) => string;
}) {
  return (
    <>
      <DataTable<TItem>
        aria-label={label}
        columns={columns}
        rows={view.items}
        getRowId={getRowId}
        status={view.status}
        sort={view.sorting}
        onSortChange={(sorting) => list.send({ type: 'sort.change', sorting })}
        onRetry={() => list.send({ type: 'retry' })}
        texts={{
          loading: t('loading'),
          empty: t('empty'),
          // 'Nothing matches these filters' only when a filter is in force.
          emptyDescription: Object.keys(view.appliedFilters).length > 0 ? t('emptyDescription') : undefined,
          error: t('loadFailed'),
          retry: t('retry'),
          actions: t('actionsColumn'),
        }}
        {...(rowActions ? { rowActions } : {})}
        {...(rowActionsLabel ? { rowActionsLabel } : {})}
      />
      <Pager
        pageIndex={view.pageIndex}
        pageSize={view.pageSize}
        totalCount={view.totalCount}
        totalCountIsEstimate={view.totalCountIsEstimate}
        itemCount={view.items.length}
        onPageChange={(pageIndex) => list.send({ type: 'page.change', page: pageIndex + 1 })}
        texts={{
          navigation: t('pagination'),
          pageSize: t('pageSize'),
          previous: t('previous'),
          next: t('next'),
          range: (from, to, total) => t('range', from, to, total),
          rangeEstimate: (from, to, total) => t('rangeEstimate', from, to, total),
        }}
      />
    </>
  );
}
