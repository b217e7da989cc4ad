// The selection and bulk actions of a resource screen (issue 9 kit), render-only over its
// listSelection actor: the row and page checkboxes, the selection banner ("select all N matching"),
// the Bulk actions menu, an action's form (the kit's entity form; its values go to the machine),
// 'Are you sure?' and the report. Rules: the menu is usable only with a selection and no action under
// way; an action with a form asks for its values first (the machine's `asking`), then confirms.
import type { RowData } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { BulkValues, ListSelectionMachine, ListSelectionView } from '../../../machines/generic/list-selection.machine.ts';
import type { Http } from '../../api/http.ts';
import type { AreaTranslate } from '../../i18n/define-texts.ts';
import { Button, Checkbox, ConfirmDialog, type DataColumn, Menu, MenuItem, MenuTrigger } from '../../ui/index.ts';
import { BulkReportDialog } from './bulk-report-dialog.tsx';
import { EntityFormModal } from './entity-form-view.tsx';
import type { KitTextKey } from './kit-texts.ts';
import * as styles from './kit.css.ts';
import type { BulkActionSpec, BulkFormSpec, FormSpec } from './resource-spec.ts';

type SelectionRef = ActorRefFrom<ListSelectionMachine>;
type Translate = AreaTranslate<KitTextKey>;

interface PageSelection {
  ids: string[];
  /** Every row of the page is selected. */
  all: boolean;
}

export function pageSelection(pageIds: string[], selected: ListSelectionView): PageSelection {
  return { ids: pageIds, all: pageIds.length > 0 && pageIds.every((id) => selected.selectedIds.includes(id)) };
}

/** The checkbox column: a row's checkbox, and the page's in the header. */
export function selectColumn<TItem extends RowData>(props: {
  page: PageSelection;
  selected: ListSelectionView;
  selection: SelectionRef;
  getId: (item: TItem) => string;
  getLabel: (item: TItem) => string;
  t: Translate;
}): DataColumn<TItem> {
  const { page, selected, selection, getId, getLabel, t } = props;
  const someOnPage = page.ids.some((id) => selected.selectedIds.includes(id));
  return {
    id: '__select',
    header: t('selectPage'),
    headerContent: (
      <Checkbox
        aria-label={t('selectPage')}
        isSelected={selected.mode === 'matching' || page.all}
        isIndeterminate={selected.mode === 'ids' && someOnPage && !page.all}
        isDisabled={page.ids.length === 0}
        onChange={() => selection.send({ type: 'selection.togglePage', ids: page.ids })}
      >
        {''}
      </Checkbox>
    ),
    width: 48,
    cell: (item) => (
      <Checkbox
        aria-label={t('selectRow', getLabel(item))}
        isSelected={selected.mode === 'matching' || selected.selectedIds.includes(getId(item))}
        isDisabled={selected.mode === 'matching'}
        onChange={() => selection.send({ type: 'selection.toggle', id: getId(item) })}
      >
        {''}
      </Checkbox>
    ),
  };
}

export function BulkMenu({
  actions,
  selected,
  selection,
  t,
}: {
  actions: BulkActionSpec[];
  selected: ListSelectionView;
  selection: SelectionRef;
  t: Translate;
}) {
  return (
    <MenuTrigger>
      <Button variant="secondary" icon="chevron-down" isDisabled={!selected.canRunBulk}>
        {t('bulkActions')}
      </Button>
      <Menu
        aria-label={t('bulkActions')}
        onAction={(key) => {
          const action = actions.find((one) => one.id === String(key));
          if (action) selection.send({ type: 'bulk.start', action: action.id, withForm: action.dialog !== undefined });
        }}
      >
        {actions.map((action) => (
          <MenuItem key={action.id} id={action.id}>
            {action.label}
          </MenuItem>
        ))}
      </Menu>
    </MenuTrigger>
  );
}

/**
 * How many rows are selected, "select all N matching", clear; only while something is or could be
 * selected. An estimated total (the server's large lists, ADR 0006) is never offered as "all N
 * matching": the server counts exactly up to the most a bulk action may take, so an estimate means
 * more rows than that (the action would be refused); the banner says so instead.
 */
export function SelectionBanner({
  page,
  totalCount,
  totalIsEstimate,
  selected,
  selection,
  t,
}: {
  page: PageSelection;
  totalCount: number;
  totalIsEstimate: boolean;
  selected: ListSelectionView;
  selection: SelectionRef;
  t: Translate;
}) {
  const more = page.all && (totalIsEstimate || totalCount > page.ids.length);
  if (selected.count === 0 && !more) return null;
  return (
    <section aria-label={t('selection')} className={styles.banner}>
      <span role="status">{selected.count > 0 ? t('selectedCount', selected.count) : ''}</span>
      {selected.mode === 'ids' && more && (
        <>
          <span>{t('pageSelected', page.ids.length)}</span>
          {totalIsEstimate ? (
            <span>{t('tooManyToSelectAll')}</span>
          ) : (
            <Button variant="ghost" onPress={() => selection.send({ type: 'selection.selectMatching', totalCount })}>
              {t('selectAllMatching', totalCount)}
            </Button>
          )}
        </>
      )}
      {selected.mode === 'matching' && <span>{t('allMatchingSelected', selected.count)}</span>}
      {selected.count > 0 && (
        <Button variant="ghost" onPress={() => selection.send({ type: 'selection.clear' })}>
          {t('clearSelection')}
        </Button>
      )}
    </section>
  );
}

/** The action's form while the machine asks for it, 'Are you sure?' while it confirms or runs, then the report. */
export function BulkDialogs({
  actions,
  selected,
  selection,
  http,
  t,
}: {
  actions: BulkActionSpec[];
  selected: ListSelectionView;
  selection: SelectionRef;
  http: Http;
  t: Translate;
}) {
  const action = actions.find((one) => one.id === selected.action);
  return (
    <>
      {selected.phase === 'asking' && action?.dialog && (
        <BulkForm
          action={action}
          dialog={action.dialog}
          count={selected.count}
          http={http}
          t={t}
          onSubmit={(values) => selection.send({ type: 'bulk.submit', values })}
          onCancel={() => selection.send({ type: 'bulk.cancel' })}
        />
      )}
      <ConfirmDialog
        isOpen={selected.phase === 'confirming' || selected.phase === 'running'}
        title={t('areYouSure')}
        message={t('bulkConfirm', action?.label ?? '', selected.count)}
        confirmLabel={t('yes')}
        cancelLabel={t('cancel')}
        isPending={selected.phase === 'running'}
        onConfirm={() => selection.send({ type: 'bulk.confirm' })}
        onCancel={() => selection.send({ type: 'bulk.cancel' })}
      />
      <BulkReportDialog
        report={selected.phase === 'reporting' ? selected.report : null}
        t={t}
        onClose={() => selection.send({ type: 'report.close' })}
      />
    </>
  );
}

/** A bulk action's form on the kit's entity form: its "save" only hands the valid values back. */
function BulkForm({
  action,
  dialog,
  count,
  http,
  t,
  onSubmit,
  onCancel,
}: {
  action: BulkActionSpec;
  dialog: BulkFormSpec;
  count: number;
  http: Http;
  t: Translate;
  onSubmit: (values: BulkValues) => void;
  onCancel: () => void;
}) {
  // Built once per opening, so the starting values (e.g. a date from now) are those of this opening.
  const form = useMemo<FormSpec<unknown>>(
    () => ({
      entityName: action.label,
      title: dialog.title ?? action.label,
      description: t('bulkFormTarget', count),
      submitLabel: action.label,
      fields: dialog.fields,
      initialValues: dialog.initialValues(),
      validate: dialog.validate,
      load: async () => ({ values: {}, concurrencyStamp: null }),
      save: async (_, { values }) => ({ ...values }),
    }),
    [action, dialog, count, t],
  );
  return (
    <EntityFormModal
      form={form}
      http={http}
      id={null}
      t={t}
      onSaved={(values) => onSubmit((values ?? {}) as BulkValues)}
      onClosed={onCancel}
    />
  );
}
