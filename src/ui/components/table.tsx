// Data table on TanStack Table 9 (headless: header/cell models and column sizing) with our markup.
// Rules: the list machine owns data, sort and paging (manual sorting, nothing sorted here); sortable
// headers are buttons inside <th aria-sort>; the first column is the row header; row actions are a
// menu behind a named button; loading / empty / error render inside the table body so the header
// (and the user's place) stays; every text arrives in `texts`.
import { type ColumnDef, columnSizingFeature, type RowData, rowSortingFeature, tableFeatures, useTable } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { ariaSort, nextSort, type SortState } from '../table-sort.ts';
import { IconButton } from './button.tsx';
import { Icon } from './icon.tsx';
import type { IconName } from './icon-paths.ts';
import { Menu, MenuItem, MenuTrigger } from './menu.tsx';
import { EmptyState, ErrorState, LoadingState } from './states.tsx';
import * as styles from './table.css.ts';

export type DataColumn<T> = {
  /** Column id; also the field name sent for sorting. */
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  sortable?: boolean;
  /** Widths in px (spec 9: e.g. delegation columns 100 and 125, actions max 150). */
  width?: number;
  minWidth?: number;
  maxWidth?: number;
  align?: 'start' | 'center' | 'end';
};

export type RowAction = { id: string; label: string; icon?: IconName; isDanger?: boolean; isDisabled?: boolean; onAction: () => void };

export type DataTableTexts = {
  loading: string;
  empty: string;
  emptyDescription?: string;
  error: string;
  errorMessage?: string;
  retry: string;
  /** Header of the row-actions column (visually hidden). */
  actions: string;
};

export type DataTableProps<T> = {
  'aria-label': string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  status: 'loading' | 'ready' | 'error';
  texts: DataTableTexts;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  onRetry?: () => void;
  rowActions?: (row: T) => readonly RowAction[];
  /** Name of a row's actions button, e.g. "Actions for admin". */
  rowActionsLabel?: (row: T) => string;
};

const features = tableFeatures({ rowSortingFeature, columnSizingFeature });
type Features = typeof features;

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { columns, rows, getRowId, status, texts, sort = null, onSortChange, onRetry, rowActions, rowActionsLabel } = props;
  const columnDefs = useMemo(
    () =>
      columns.map(
        (c): ColumnDef<Features, T> => ({
          id: c.id,
          header: c.header,
          cell: (ctx) => c.cell(ctx.row.original),
          enableSorting: Boolean(c.sortable),
          ...(c.width ? { size: c.width } : {}),
          ...(c.minWidth ? { minSize: c.minWidth } : {}),
          ...(c.maxWidth ? { maxSize: c.maxWidth } : {}),
        }),
      ),
    [columns],
  );
  const data = rows as T[];
  const table = useTable({
    features,
    columns: columnDefs,
    data,
    getRowId: (row) => getRowId(row),
    manualSorting: true,
    state: { sorting: sort ? [{ id: sort.id, desc: sort.direction === 'desc' }] : [] },
    onSortingChange: () => {},
  });
  const byId = new Map(columns.map((c) => [c.id, c]));
  const hasActions = Boolean(rowActions);
  const columnCount = columns.length + (hasActions ? 1 : 0);
  const isLoading = status === 'loading';
  const stateRow = (content: ReactNode) => (
    <tr>
      <td colSpan={columnCount} className={styles.stateCell}>
        {content}
      </td>
    </tr>
  );

  return (
    <div className={styles.wrapper}>
      <table
        className={`${styles.table} ${isLoading && rows.length > 0 ? styles.busy : ''}`}
        aria-label={props['aria-label']}
        aria-busy={isLoading || undefined}
      >
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const column = byId.get(header.column.id);
                const sortable = Boolean(column?.sortable && onSortChange);
                const direction = sort?.id === header.column.id ? sort.direction : null;
                const sortIcon: IconName = direction === 'asc' ? 'arrow-up' : direction === 'desc' ? 'arrow-down' : 'arrows-up-down';
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sortable ? ariaSort(sort, header.column.id) : undefined}
                    className={`${styles.th} ${styles.align[column?.align ?? 'start']}`}
                    style={column?.width ? { inlineSize: header.getSize(), maxInlineSize: column.maxWidth } : undefined}
                  >
                    {sortable ? (
                      <AriaButton className={styles.sortButton} onPress={() => onSortChange?.(nextSort(sort, header.column.id))}>
                        {column?.header}
                        <Icon name={sortIcon} size={14} className={direction ? styles.sortIconActive : styles.sortIcon} />
                      </AriaButton>
                    ) : (
                      column?.header
                    )}
                  </th>
                );
              })}
              {hasActions && (
                <th scope="col" className={`${styles.th} ${styles.actionsCell}`}>
                  <span className="visually-hidden">{texts.actions}</span>
                </th>
              )}
            </tr>
          ))}
        </thead>
        <tbody>
          {status === 'error' &&
            stateRow(<ErrorState title={texts.error} message={texts.errorMessage} retryLabel={texts.retry} onRetry={onRetry} />)}
          {status === 'loading' && rows.length === 0 && stateRow(<LoadingState label={texts.loading} />)}
          {status === 'ready' && rows.length === 0 && stateRow(<EmptyState title={texts.empty} description={texts.emptyDescription} />)}
          {status !== 'error' &&
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={styles.row}>
                {row.getAllCells().map((cell, index) => {
                  const align = styles.align[byId.get(cell.column.id)?.align ?? 'start'];
                  return index === 0 ? (
                    <th key={cell.id} scope="row" className={`${styles.td} ${align}`}>
                      <table.FlexRender cell={cell} />
                    </th>
                  ) : (
                    <td key={cell.id} className={`${styles.td} ${align}`}>
                      <table.FlexRender cell={cell} />
                    </td>
                  );
                })}
                {rowActions && (
                  <td className={`${styles.td} ${styles.actionsCell}`}>
                    <RowActionsMenu actions={rowActions(row.original)} label={rowActionsLabel?.(row.original) ?? texts.actions} />
                  </td>
                )}
              </tr>
            ))}
        </tbody>
      </table>
      {/* Announces a reload of a list that already shows rows; the first load shows LoadingState. */}
      <div role="status" className="visually-hidden">
        {isLoading && rows.length > 0 ? texts.loading : ''}
      </div>
    </div>
  );
}

function RowActionsMenu({ actions, label }: { actions: readonly RowAction[]; label: string }) {
  if (actions.length === 0) return null;
  return (
    <MenuTrigger>
      <IconButton icon="more-vertical" aria-label={label} size="sm" />
      <Menu
        items={actions}
        onAction={(key) => actions.find((a) => a.id === key)?.onAction()}
        disabledKeys={actions.filter((a) => a.isDisabled).map((a) => a.id)}
      >
        {(action) => (
          <MenuItem id={action.id} icon={action.icon} isDanger={action.isDanger}>
            {action.label}
          </MenuItem>
        )}
      </Menu>
    </MenuTrigger>
  );
}
