// Data table on TanStack Table 9 (headless: header/cell models and column sizing) with our markup.
// Rules: the list machine owns data, sort and paging (manual sorting, nothing sorted here); sortable
// headers are buttons inside <th aria-sort>; the first column is the row header; row actions are a
// menu behind a named button; loading / empty / error render inside the table body so the header
// (and the user's place) stays; every text arrives in `texts`. In a narrow container rows show as
// cards (table.css.ts).
import { type ColumnDef, columnSizingFeature, type RowData, rowSortingFeature, tableFeatures, useTable } from '@tanstack/react-table';
import { type FocusEvent, type ReactNode, useEffect, useMemo, useRef } from 'react';
import { IconButton, Link } from './button.tsx';
import { Button as AriaButton } from 'react-aria-components';
import { ariaSort, nextSort, type SortState } from '../table-sort.ts';
import { Icon } from './icon.tsx';
import { LtrText } from './ltr.tsx';
import type { IconName } from './icon-paths.ts';
import { Menu, MenuItem, MenuTrigger } from './menu.tsx';
import { EmptyState, ErrorState, LoadingState } from './states.tsx';
import * as styles from './table.css.ts';

export type DataColumn<T> = {
  /** Column id; also the field name sent for sorting. */
  id: string;
  header: string;
  /** Shown in the header cell instead of `header` (e.g. a "select this page" checkbox, named by `header`). */
  headerContent?: ReactNode;
  cell: (row: T) => ReactNode;
  sortable?: boolean;
  /** Widths in px (spec 9: e.g. delegation columns 100 and 125, actions max 150). */
  width?: number;
  minWidth?: number;
  maxWidth?: number;
  align?: 'start' | 'center' | 'end';
  /** 'ltr' for data always written left to right (e-mail, IP, client id, URL): kept so in RTL pages. */
  dir?: 'ltr';
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
  /** Makes the first cell a link to the row's page (rows exposed as links for screen readers). */
  rowHref?: (row: T) => string | undefined;
};

const features = tableFeatures({ rowSortingFeature, columnSizingFeature });
type Features = typeof features;

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { columns, rows, getRowId, status, texts, sort = null, onSortChange, onRetry, rowActions, rowActionsLabel, rowHref } = props;
  const { wrapperRef, bodyRef, onBodyFocus } = useKeepRowFocus(rows);
  const columnDefs = useMemo(
    () =>
      columns.map(
        (c): ColumnDef<Features, T> => ({
          id: c.id,
          header: c.header,
          cell: (ctx) => (c.dir === 'ltr' ? <LtrText>{c.cell(ctx.row.original)}</LtrText> : c.cell(ctx.row.original)),
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
    <div className={styles.wrapper} ref={wrapperRef} tabIndex={-1}>
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
                      (column?.headerContent ?? column?.header)
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
        <tbody ref={bodyRef} onFocus={onBodyFocus}>
          {status === 'error' &&
            stateRow(<ErrorState title={texts.error} message={texts.errorMessage} retryLabel={texts.retry} onRetry={onRetry} />)}
          {status === 'loading' && rows.length === 0 && stateRow(<LoadingState label={texts.loading} />)}
          {status === 'ready' && rows.length === 0 && stateRow(<EmptyState title={texts.empty} description={texts.emptyDescription} />)}
          {status !== 'error' &&
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={styles.row}>
                {row.getAllCells().map((cell, index) => {
                  const column = byId.get(cell.column.id);
                  const align = styles.align[column?.align ?? 'start'];
                  // Names the cell in the narrow (card) layout; a column with a control for a header has none.
                  const label = column?.headerContent ? undefined : column?.header;
                  return index === 0 ? (
                    <th key={cell.id} scope="row" className={`${styles.td} ${align}`} data-label={label}>
                      {rowHref?.(row.original) ? (
                        <Link href={rowHref(row.original)}>
                          <table.FlexRender cell={cell} />
                        </Link>
                      ) : (
                        <table.FlexRender cell={cell} />
                      )}
                    </th>
                  ) : (
                    <td key={cell.id} className={`${styles.td} ${align}`} data-label={label}>
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

/**
 * Keeps keyboard users in place when rows change under them (a delete, a reload): if focus was in a
 * row and is now lost (on <body>), it moves to the same row position, or to the table when empty.
 */
function useKeepRowFocus(rows: readonly unknown[]) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const lastRowIndex = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows change, by design.
  useEffect(() => {
    // After the next frame: a closing dialog (the delete confirmation) restores focus in a frame of
    // its own, to a menu item that no longer exists; only then is focus known to be lost.
    const frame = requestAnimationFrame(() => {
      const index = lastRowIndex.current;
      const active = document.activeElement;
      if (index === null || (active && active !== document.body && active.isConnected)) return;
      const rowElements = bodyRef.current?.rows;
      const target = rowElements?.[Math.min(index, rowElements.length - 1)];
      const focusable = target?.querySelector<HTMLElement>('a[href], button:not([disabled])');
      (focusable ?? wrapperRef.current)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [rows]);
  const onBodyFocus = (event: FocusEvent) => {
    // React focus events bubble out of portals: a row's menu (rendered in a popover) lands here
    // too, and must not make us forget the row it was opened from.
    const target = event.target as HTMLElement;
    if (!bodyRef.current?.contains(target)) return;
    lastRowIndex.current = target.closest('tr')?.sectionRowIndex ?? null;
  };
  return { wrapperRef, bodyRef, onBodyFocus };
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
