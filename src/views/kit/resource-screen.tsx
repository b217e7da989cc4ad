// One admin screen from its spec (issue 9 resource kit; design "Screens as specs"): the title, the
// toolbar (free text and advanced filters, Export, list and bulk actions, New), the selection bar, the table
// with its row actions, the dialogs (form, permissions, the spec's row dialogs), confirmations and
// the bulk report. Render-only: the list is a pagedList actor, the selection a listSelection actor,
// row actions a rowAction actor, which dialog is open a resourceDialog actor, each form an
// entityForm actor (one per opening), the export a fileExport actor; the spec's calls become their
// named actors here, through the screen's HTTP client (`http`; the session's by default). Rules: an
// action is offered only with its permission (and shown disabled where the spec says); the applied
// filters, sorting and page live in the URL (list-url.ts); a list without free text never sends
// `filter`; after a delete the focus goes where the rowAction machine says (the next row's actions,
// else the previous, else the heading); toasts follow the machines' emitted events.
import type { RowData } from '@tanstack/react-table';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { fromPromise } from 'xstate';
import {
  type BulkReport,
  listSelectionMachine,
  type RunBulkInput,
  selectListSelection,
} from '../../../machines/generic/list-selection.machine.ts';
import type { Http } from '../../api/http.ts';
import { resourceDialogMachine, selectResourceDialog } from '../../../machines/generic/resource-dialog.machine.ts';
import { rowActionMachine, selectRowAction } from '../../../machines/generic/row-action.machine.ts';
import { isGranted } from '../../app/access.ts';
import { inspectOptions } from '../../app/inspection.ts';
import { selectAccess, shallowEqual } from '../../app/shell-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { useSessionHttp } from '../../app/use-session-http.ts';
import { Button, ConfirmDialog, Modal, type RowAction, SearchField, showToast, stackClass } from '../../ui/index.ts';
import { ListFilters, ListTable, type ListTranslate, usePagedList, usePagedListActor } from '../lists/paged-list-view.tsx';
import { AdvancedFilters } from './advanced-filters.tsx';
import { BulkDialogs, BulkMenu, pageSelection, SelectionBanner, selectColumn } from './bulk-actions.tsx';
import { EntityFormModal } from './entity-form-view.tsx';
import { ExportMenu } from './export-menu.tsx';
import { readKitListState, writeKitListState } from './list-url.ts';
import { PermissionModal } from './permission-modal-view.tsx';
import { kitTexts } from './kit-texts.ts';
import { ListActions } from './list-actions.tsx';
import * as styles from './kit.css.ts';
import type { ResourceSpec } from './resource-spec.ts';

/**
 * `embedded`: inside a dialog (a user's sessions): a second-level heading, and the URL is left alone.
 * `http`: the screen's own client (the account area's, which also reacts to a revoked session).
 * `onChanged`: told after a save or a row action changed a record (a tree's panel refreshes its counts).
 */
export function ResourceScreen<TItem extends RowData>({
  spec,
  embedded = false,
  http: screenHttp,
  onChanged,
}: {
  spec: ResourceSpec<TItem>;
  embedded?: boolean;
  http?: Http;
  onChanged?: () => void;
}) {
  const t = useAreaTexts(kitTexts);
  const sessionHttp = useSessionHttp();
  const http = screenHttp ?? sessionHttp;
  const { auth } = useSystem();
  const access = useSelector(auth, selectAccess, shallowEqual);
  const can = useCallback((permission: string | undefined) => isGranted(access, permission), [access]);
  const heading = useRef<HTMLHeadingElement>(null);
  const search = useSearch();
  // The address the screen was opened with, read once (later URL writes come from the list).
  const [initial] = useState(() =>
    readKitListState(
      embedded ? '' : search,
      spec.filters ?? [],
      spec.columns.filter((column) => column.sortable).map((column) => column.id),
      spec.search !== false,
    ),
  );

  const list = usePagedListActor((query, signal) => spec.list(http, query, signal), {
    filters: initial.filters,
    page: initial.page,
    sorting: initial.sorting ?? spec.defaultSorting ?? null,
  });
  const { view, edit, text } = usePagedList<TItem>(list);
  const dialogs = useActorRef(resourceDialogMachine, inspectOptions());
  const dialog = useSelector(dialogs, selectResourceDialog, shallowEqual);

  const bulkActions = (spec.bulkActions ?? []).filter((action) => can(action.permission));
  const listActions = useMemo(() => (spec.listActions ?? []).filter((action) => can(action.permission)), [spec, can]);
  const selectionLogic = useMemo(
    () =>
      listSelectionMachine.provide({
        actors: {
          runBulkAction: fromPromise<BulkReport, RunBulkInput>(({ input, signal }) => {
            const action = spec.bulkActions?.find((candidate) => candidate.id === input.action);
            return action
              ? action.run(http, input.target, signal, input.values)
              : Promise.reject(new Error(`no bulk action ${input.action}`));
          }),
        },
      }),
    [spec, http],
  );
  const selection = useActorRef(selectionLogic, inspectOptions());
  const selected = useSelector(selection, selectListSelection, shallowEqual);

  const rowLogic = useMemo(
    () =>
      rowActionMachine.provide({
        actors: {
          runAction: fromPromise<unknown, { action: string; id: string }>(({ input }) => {
            const action = spec.rowActions?.find((candidate) => candidate.id === input.action);
            const item = list.getSnapshot().context.items.find((row) => spec.getId(row as TItem) === input.id) as TItem | undefined;
            return action?.run && item !== undefined ? action.run(http, item) : Promise.reject(new Error(`no action ${input.action}`));
          }),
        },
      }),
    [spec, http, list],
  );
  const rowAction = useActorRef(rowLogic, inspectOptions());
  const rowView = useSelector(rowAction, selectRowAction, shallowEqual);

  const actionsLabel = useCallback((item: TItem) => spec.actionsLabel?.(item) ?? t('actionsFor', spec.getLabel(item)), [spec, t]);

  useEffect(() => {
    const subscriptions = [
      list.on('url.sync', (event) => {
        if (!embedded) navigate(`${window.location.pathname}${writeKitListState(event)}`, { replace: true });
      }),
      dialogs.on('dialog.saved', () => {
        showToast({ kind: 'success', title: t('savedSuccessfully') });
        list.send({ type: 'refresh' });
        onChanged?.();
      }),
      // The selection follows the filters the rows were loaded with (a new filter clears it).
      list.on('url.sync', (event) => selection.send({ type: 'list.filtersApplied', filters: event.filters })),
      selection.on('list.refresh', () => list.send({ type: 'refresh' })),
      selection.on('bulk.failed', (event) =>
        showToast({ kind: 'error', title: t('bulkRunFailed'), description: event.message ?? undefined }),
      ),
      rowAction.on('list.refresh', () => list.send({ type: 'refresh' })),
      rowAction.on('action.succeeded', (event) => {
        const action = spec.rowActions?.find((candidate) => candidate.id === event.action);
        showToast({ kind: 'success', title: action?.successText ?? t('savedSuccessfully') });
        onChanged?.();
      }),
      rowAction.on('action.failed', (event) => {
        const action = spec.rowActions?.find((candidate) => candidate.id === event.action);
        showToast({ kind: 'error', title: action?.failureText ?? t('actionFailed'), description: event.message ?? undefined });
      }),
      rowAction.on('focus.after', (event) => {
        const row = event.id === null ? undefined : list.getSnapshot().context.items.find((item) => spec.getId(item as TItem) === event.id);
        const target =
          row === undefined ? null : document.querySelector<HTMLElement>(`button[aria-label="${CSS.escape(actionsLabel(row as TItem))}"]`);
        (target ?? heading.current)?.focus();
      }),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [list, selection, rowAction, dialogs, spec, t, embedded, actionsLabel, onChanged]);

  const form = spec.form;
  const canCreate = form !== undefined && form.isCreatable !== false && can(form.createPermission);
  const canUpdate = form !== undefined && can(form.updatePermission);
  const pageIds = view.items.map((item) => spec.getId(item));
  const page = pageSelection(pageIds, selected);
  const columns =
    bulkActions.length > 0
      ? [selectColumn<TItem>({ page, selected, selection, getId: spec.getId, getLabel: spec.getLabel, t }), ...spec.columns]
      : spec.columns;
  const listT: ListTranslate = (key, ...args) =>
    (key === 'empty' || key === 'emptyDescription' || key === 'loadFailed' ? spec.listTexts?.[key] : undefined) ?? t(key, ...args);

  const rowActions = (item: TItem): RowAction[] => {
    const actions: RowAction[] = [];
    if (form && canUpdate && (form.isEditable?.(item) ?? true)) {
      actions.push({
        id: 'edit',
        label: t('edit'),
        isDisabled: !rowView.canAct,
        onAction: () => dialogs.send({ type: 'dialog.open', dialog: 'form', id: spec.getId(item) }),
      });
    }
    const permissions = spec.permissions;
    for (const action of spec.rowActions ?? []) {
      if (!can(action.permission) || !(action.isAvailable?.(item) ?? true)) continue;
      actions.push({
        id: action.id,
        label: action.label,
        ...(action.icon ? { icon: action.icon } : {}),
        isDanger: action.isDanger ?? false,
        isDisabled: !rowView.canAct || (action.isDisabled?.(item) ?? false),
        onAction: () =>
          action.dialog || action.panel
            ? dialogs.send({ type: 'dialog.open', dialog: action.id, id: spec.getId(item) })
            : rowAction.send({
                type: 'action.request',
                action: action.id,
                id: spec.getId(item),
                confirm: action.confirm !== undefined,
                removesRow: action.removesRow ?? false,
                rowIds: pageIds,
              }),
      });
    }
    if (permissions && can(permissions.policy)) {
      const at = actions.findIndex((one) => one.isDanger);
      const entry: RowAction = {
        id: 'permissions',
        label: t('permissions'),
        isDisabled: !rowView.canAct,
        onAction: () => dialogs.send({ type: 'dialog.open', dialog: 'permissions', id: spec.getId(item) }),
      };
      if (at === -1) actions.push(entry);
      else actions.splice(at, 0, entry);
    }
    return actions;
  };
  // No Actions column on a list whose rows can have none (a read-only log).
  const hasRowActions = canUpdate || (spec.rowActions?.length ?? 0) > 0 || (spec.permissions !== undefined && can(spec.permissions.policy));
  const dialogItem = dialog.id === null ? undefined : view.items.find((item) => spec.getId(item) === dialog.id);
  const rowDialog = spec.rowActions?.find((action) => action.id === dialog.dialog);
  const closeDialog = () => dialogs.send({ type: 'dialog.closed' });
  const savedDialog = () => dialogs.send({ type: 'dialog.saved' });

  const pendingRow = rowView.pending ? view.items.find((item) => spec.getId(item) === rowView.pending?.id) : undefined;
  const pendingAction = rowView.pending ? spec.rowActions?.find((action) => action.id === rowView.pending?.action) : undefined;

  return (
    <div className={`page ${stackClass}`}>
      {embedded ? (
        <h3 ref={heading} tabIndex={-1}>
          {spec.title}
        </h3>
      ) : (
        <h1 ref={heading} tabIndex={-1}>
          {spec.title}
        </h1>
      )}
      {spec.intro}
      <div className={styles.toolbar}>
        {spec.search !== false && (
          <ListFilters list={list} t={listT}>
            <SearchField
              label={t('search')}
              value={text('filter')}
              onChange={(value) => edit('filter', value)}
              clearLabel={t('clearSearch')}
            />
          </ListFilters>
        )}
        <div className={styles.toolbarEnd}>
          {spec.export && can(spec.export.permission) && <ExportMenu spec={spec.export} filters={view.appliedFilters} http={http} t={t} />}
          {spec.toolbar?.({ refresh: () => list.send({ type: 'refresh' }) })}
          {listActions.length > 0 && <ListActions actions={listActions} http={http} list={list} t={t} />}
          {bulkActions.length > 0 && <BulkMenu actions={bulkActions} selected={selected} selection={selection} t={t} />}
          {canCreate && <Button onPress={() => dialogs.send({ type: 'dialog.open', dialog: 'form', id: null })}>{t('newRecord')}</Button>}
        </div>
      </div>
      {spec.filters && spec.filters.length > 0 && (
        <AdvancedFilters list={list} filters={spec.filters} http={http} t={t} open={spec.filtersOpen ?? false} />
      )}
      {bulkActions.length > 0 && (
        <SelectionBanner
          page={page}
          totalCount={view.totalCount}
          totalIsEstimate={view.totalCountIsEstimate}
          selected={selected}
          selection={selection}
          t={t}
        />
      )}
      <ListTable<TItem>
        list={list}
        view={view}
        t={listT}
        label={spec.tableLabel}
        columns={columns}
        getRowId={spec.getId}
        {...(hasRowActions ? { rowActions, rowActionsLabel: actionsLabel } : {})}
      />
      <ConfirmDialog
        isOpen={rowView.phase === 'confirming' || (rowView.phase === 'running' && pendingAction?.confirm !== undefined)}
        title={t('areYouSure')}
        message={pendingRow && pendingAction?.confirm ? pendingAction.confirm(pendingRow) : ''}
        confirmLabel={t('yes')}
        cancelLabel={t('cancel')}
        isPending={rowView.phase === 'running'}
        onConfirm={() => rowAction.send({ type: 'action.confirm' })}
        onCancel={() => rowAction.send({ type: 'action.cancel' })}
      />
      <BulkDialogs actions={bulkActions} selected={selected} selection={selection} http={http} t={t} />
      {form && dialog.dialog === 'form' && (
        <EntityFormModal key={dialog.key} form={form} http={http} id={dialog.id} t={t} onSaved={savedDialog} onClosed={closeDialog} />
      )}
      {spec.permissions && dialog.dialog === 'permissions' && dialogItem !== undefined && (
        <PermissionModal
          key={dialog.key}
          providerName={spec.permissions.providerName}
          providerKey={spec.permissions.providerKey(dialogItem)}
          http={http}
          t={t}
          onSaved={savedDialog}
          onClosed={closeDialog}
        />
      )}
      {rowDialog?.dialog && dialogItem !== undefined && (
        <EntityFormModal
          key={dialog.key}
          form={{ ...rowDialog.dialog, ...(rowDialog.dialogTitle ? { title: rowDialog.dialogTitle(dialogItem) } : {}) }}
          http={http}
          id={dialog.id}
          t={t}
          onSaved={savedDialog}
          onClosed={closeDialog}
        />
      )}
      {rowDialog?.panel && dialogItem !== undefined && (
        <Modal
          isOpen
          onOpenChange={(open) => {
            if (!open) closeDialog();
          }}
          title={rowDialog.dialogTitle?.(dialogItem) ?? rowDialog.label}
          size="xl"
          closeLabel={t('close')}
          footer={<Button onPress={closeDialog}>{t('close')}</Button>}
        >
          {rowDialog.panel({ item: dialogItem, http, close: closeDialog })}
        </Modal>
      )}
    </div>
  );
}
