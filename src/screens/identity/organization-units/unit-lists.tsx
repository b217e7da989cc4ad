// The selected unit's Members and Roles tabs (issue 9; spec 7.13), on the kit's list pieces: each
// list is a pagedList actor (ListTable, the free-text search), removing a row is the kit's rowAction
// machine ('Are you sure?', one mutation at a time, toast, refresh), which dialog is open the kit's
// resourceDialog machine. Adding opens a paged lookup of the users (roles) not yet in the unit, whose
// rows are added one by one; Move all users is the kit's entity form with the target unit. Rules:
// ManageMembers offers add/remove member and move all users, ManageRoles add/remove role; after any
// change the unit's lists and the tree's member counts reload.
import type { RowData } from '@tanstack/react-table';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { FetchPageInput, PageResult } from '../../../../machines/generic/paged-list.machine.ts';
import { resourceDialogMachine, selectResourceDialog } from '../../../../machines/generic/resource-dialog.machine.ts';
import { rowActionMachine, selectRowAction } from '../../../../machines/generic/row-action.machine.ts';
import {
  addUnitMembers,
  addUnitRoles,
  getAvailableRoles,
  getAvailableUsers,
  getUnitMembers,
  getUnitRoles,
  type IdentityRoleDto,
  type IdentityUserDto,
  moveAllUnitUsers,
  removeUnitMember,
  removeUnitRole,
} from '../../../api/identity-organization-units.ts';
import type { Http } from '../../../api/http.ts';
import { inspectOptions } from '../../../app/inspection.ts';
import { shallowEqual } from '../../../app/shell-view.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { Button, ConfirmDialog, type DataColumn, Modal, SearchField, showToast } from '../../../ui/index.ts';
import { EntityFormModal } from '../../../views/kit/entity-form-view.tsx';
import type { KitTextKey } from '../../../views/kit/kit-texts.ts';
import { abpListQuery, type FormSpec } from '../../../views/kit/resource-spec.ts';
import { type ListRef, ListFilters, ListTable, usePagedList, usePagedListActor } from '../../../views/lists/paged-list-view.tsx';
import type { OrganizationUnitsTextKey } from './organization-units-texts.ts';
import * as styles from './organization-units.css.ts';

type Texts = AreaTranslate<OrganizationUnitsTextKey>;
type Kit = AreaTranslate<KitTextKey>;

interface ListRowAction<TItem> {
  id: string;
  label: string;
  confirm?: (item: TItem) => string;
  successText: string;
  run: (item: TItem) => Promise<unknown>;
}

/** One searchable paged list with at most one row action (remove, or add in a lookup). */
function UnitList<TItem extends RowData>({
  list,
  label,
  columns,
  getId,
  getLabel,
  action,
  kit,
  onChanged,
  toolbar,
}: {
  list: ListRef;
  label: string;
  columns: DataColumn<TItem>[];
  getId: (item: TItem) => string;
  getLabel: (item: TItem) => string;
  action: ListRowAction<TItem> | null;
  kit: Kit;
  onChanged: () => void;
  toolbar?: ReactNode;
}) {
  const { view, edit, text } = usePagedList<TItem>(list);
  const logic = useMemo(
    () =>
      rowActionMachine.provide({
        actors: {
          runAction: fromPromise<unknown, { action: string; id: string }>(({ input }) => {
            const item = list.getSnapshot().context.items.find((row) => getId(row as TItem) === input.id) as TItem | undefined;
            return action && item !== undefined ? action.run(item) : Promise.reject(new Error(`no row ${input.id}`));
          }),
        },
      }),
    [list, action, getId],
  );
  const rowAction = useActorRef(logic, inspectOptions());
  const rowView = useSelector(rowAction, selectRowAction, shallowEqual);
  useEffect(() => {
    const subscriptions = [
      rowAction.on('list.refresh', () => {
        list.send({ type: 'refresh' });
        onChanged();
      }),
      rowAction.on('action.succeeded', () => showToast({ kind: 'success', title: action?.successText ?? '' })),
      rowAction.on('action.failed', (event) =>
        showToast({ kind: 'error', title: kit('actionFailed'), description: event.message ?? undefined }),
      ),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [rowAction, list, action, kit, onChanged]);
  const pageIds = view.items.map(getId);
  const pending = rowView.pending ? view.items.find((item) => getId(item) === rowView.pending?.id) : undefined;
  return (
    <div className={styles.panel}>
      <div className={styles.actions}>
        <ListFilters list={list} t={kit}>
          <SearchField
            label={kit('search')}
            value={text('filter')}
            onChange={(value) => edit('filter', value)}
            clearLabel={kit('clearSearch')}
          />
        </ListFilters>
        {toolbar}
      </div>
      <ListTable<TItem>
        list={list}
        view={view}
        t={kit}
        label={label}
        columns={columns}
        getRowId={getId}
        {...(action
          ? {
              rowActions: (item: TItem) => [
                {
                  id: action.id,
                  label: action.label,
                  isDisabled: !rowView.canAct,
                  onAction: () =>
                    rowAction.send({
                      type: 'action.request',
                      action: action.id,
                      id: getId(item),
                      confirm: action.confirm !== undefined,
                      removesRow: true,
                      rowIds: pageIds,
                    }),
                },
              ],
              rowActionsLabel: (item: TItem) => kit('actionsFor', getLabel(item)),
            }
          : {})}
      />
      <ConfirmDialog
        isOpen={rowView.phase === 'confirming' || (rowView.phase === 'running' && action?.confirm !== undefined)}
        title={kit('areYouSure')}
        message={pending && action?.confirm ? action.confirm(pending) : ''}
        confirmLabel={kit('yes')}
        cancelLabel={kit('cancel')}
        isPending={rowView.phase === 'running'}
        onConfirm={() => rowAction.send({ type: 'action.confirm' })}
        onCancel={() => rowAction.send({ type: 'action.cancel' })}
      />
    </div>
  );
}

const pageOf =
  <TItem,>(load: (query: Record<string, string | number | boolean>, signal: AbortSignal) => Promise<PageResult<TItem>>) =>
  (query: FetchPageInput, signal: AbortSignal) =>
    load(abpListQuery(query), signal) as Promise<PageResult>;

function userColumns(t: Texts): DataColumn<IdentityUserDto>[] {
  return [
    { id: 'userName', header: t('userName'), cell: (user) => user.userName },
    { id: 'email', header: t('email'), cell: (user) => user.email },
    { id: 'name', header: t('name'), cell: (user) => [user.name, user.surname].filter(Boolean).join(' ') },
  ];
}

function roleColumns(t: Texts): DataColumn<IdentityRoleDto>[] {
  return [{ id: 'name', header: t('roleName'), cell: (role) => role.name }];
}

const userId = (user: IdentityUserDto) => user.id;
const roleId = (role: IdentityRoleDto) => role.id;
const userLabel = (user: IdentityUserDto) => user.userName;
const roleLabel = (role: IdentityRoleDto) => role.name;

export interface UnitRef {
  id: string;
  name: string;
}

/** The lookup of users (roles) not yet in the unit: each row's action adds it. */
function AddLookup({
  kind,
  unit,
  http,
  t,
  kit,
  onChanged,
  onClose,
}: {
  kind: 'members' | 'roles';
  unit: UnitRef;
  http: Http;
  t: Texts;
  kit: Kit;
  onChanged: () => void;
  onClose: () => void;
}) {
  const list = usePagedListActor(
    kind === 'members'
      ? pageOf((query, signal) => getAvailableUsers(http, { ...query, id: unit.id }, signal))
      : pageOf((query, signal) => getAvailableRoles(http, { ...query, id: unit.id }, signal)),
    {},
  );
  const addUser = useMemo<ListRowAction<IdentityUserDto>>(
    () => ({ id: 'add', label: t('add'), successText: t('added', unit.name), run: (user) => addUnitMembers(http, unit.id, [user.id]) }),
    [http, t, unit],
  );
  const addRole = useMemo<ListRowAction<IdentityRoleDto>>(
    () => ({ id: 'add', label: t('add'), successText: t('added', unit.name), run: (role) => addUnitRoles(http, unit.id, [role.id]) }),
    [http, t, unit],
  );
  return (
    <Modal
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={kind === 'members' ? t('addMembersTitle', unit.name) : t('addRolesTitle', unit.name)}
      size="lg"
      closeLabel={t('close')}
      footer={<Button onPress={onClose}>{t('close')}</Button>}
    >
      {kind === 'members' ? (
        <UnitList<IdentityUserDto>
          list={list}
          label={t('availableUsers', unit.name)}
          columns={userColumns(t)}
          getId={userId}
          getLabel={userLabel}
          action={addUser}
          kit={kit}
          onChanged={onChanged}
        />
      ) : (
        <UnitList<IdentityRoleDto>
          list={list}
          label={t('availableRoles', unit.name)}
          columns={roleColumns(t)}
          getId={roleId}
          getLabel={roleLabel}
          action={addRole}
          kit={kit}
          onChanged={onChanged}
        />
      )}
    </Modal>
  );
}

function moveAllUsersForm(t: Texts, kit: Kit, unit: UnitRef, units: readonly UnitRef[]): FormSpec<never> {
  const label = t('targetUnit');
  return {
    entityName: t('entityName'),
    title: t('moveAllUsersTitle', unit.name),
    fields: [
      {
        name: 'organizationId',
        label,
        kind: 'select',
        isRequired: true,
        options: units.filter((other) => other.id !== unit.id).map((other) => ({ id: other.id, label: other.name })),
      },
    ],
    initialValues: { organizationId: '' },
    validate: (values): Record<string, string> =>
      typeof values.organizationId === 'string' && values.organizationId !== '' ? {} : { organizationId: kit('fieldRequired', label) },
    load: async () => ({ values: { organizationId: '' }, concurrencyStamp: null }),
    save: (http, { values }) => moveAllUnitUsers(http, unit.id, String(values.organizationId)),
  };
}

export function UnitMembersAndRoles({
  unit,
  units,
  tab,
  http,
  t,
  kit,
  can,
  onChanged,
}: {
  unit: UnitRef;
  /** Every unit (the targets of Move all users). */
  units: readonly UnitRef[];
  tab: 'members' | 'roles';
  http: Http;
  t: Texts;
  kit: Kit;
  can: (permission: string) => boolean;
  onChanged: () => void;
}) {
  const members = usePagedListActor(
    pageOf((query, signal) => getUnitMembers(http, unit.id, query, signal)),
    {},
  );
  const roles = usePagedListActor(
    pageOf((query, signal) => getUnitRoles(http, unit.id, query, signal)),
    {},
  );
  const dialogs = useActorRef(resourceDialogMachine, inspectOptions());
  const dialog = useSelector(dialogs, selectResourceDialog, shallowEqual);
  useEffect(() => {
    const subscription = dialogs.on('dialog.saved', (event) => {
      if (event.dialog === 'moveAllUsers') showToast({ kind: 'success', title: t('saved') });
      members.send({ type: 'refresh' });
      roles.send({ type: 'refresh' });
      onChanged();
    });
    return () => subscription.unsubscribe();
  }, [dialogs, members, roles, onChanged, t]);

  const removeMember = useMemo<ListRowAction<IdentityUserDto>>(
    () => ({
      id: 'remove',
      label: t('remove'),
      confirm: (user) => t('removeMemberConfirm', user.userName, unit.name),
      successText: t('removed'),
      run: (user) => removeUnitMember(http, unit.id, user.id),
    }),
    [http, t, unit],
  );
  const removeRole = useMemo<ListRowAction<IdentityRoleDto>>(
    () => ({
      id: 'remove',
      label: t('remove'),
      confirm: (role) => t('removeRoleConfirm', role.name, unit.name),
      successText: t('removed'),
      run: (role) => removeUnitRole(http, unit.id, role.id),
    }),
    [http, t, unit],
  );
  const canMembers = can('AbpIdentity.OrganizationUnits.ManageMembers');
  const canRoles = can('AbpIdentity.OrganizationUnits.ManageRoles');
  const open = (name: string) => dialogs.send({ type: 'dialog.open', dialog: name, id: unit.id });
  const saved = () => dialogs.send({ type: 'dialog.saved' });
  const closed = () => dialogs.send({ type: 'dialog.closed' });
  const moveForm = useMemo(() => moveAllUsersForm(t, kit, unit, units), [t, kit, unit, units]);

  return (
    <>
      {tab === 'members' ? (
        <UnitList<IdentityUserDto>
          list={members}
          label={t('membersTable', unit.name)}
          columns={userColumns(t)}
          getId={userId}
          getLabel={userLabel}
          action={canMembers ? removeMember : null}
          kit={kit}
          onChanged={onChanged}
          toolbar={
            canMembers && (
              <div className={styles.actions}>
                <Button onPress={() => open('addMembers')}>{t('addMember')}</Button>
                <Button variant="secondary" onPress={() => open('moveAllUsers')}>
                  {t('moveAllUsers')}
                </Button>
              </div>
            )
          }
        />
      ) : (
        <UnitList<IdentityRoleDto>
          list={roles}
          label={t('rolesTable', unit.name)}
          columns={roleColumns(t)}
          getId={roleId}
          getLabel={roleLabel}
          action={canRoles ? removeRole : null}
          kit={kit}
          onChanged={onChanged}
          toolbar={canRoles && <Button onPress={() => open('addRoles')}>{t('addRole')}</Button>}
        />
      )}
      {(dialog.dialog === 'addMembers' || dialog.dialog === 'addRoles') && (
        <AddLookup
          key={dialog.key}
          kind={dialog.dialog === 'addMembers' ? 'members' : 'roles'}
          unit={unit}
          http={http}
          t={t}
          kit={kit}
          onChanged={onChanged}
          onClose={saved}
        />
      )}
      {dialog.dialog === 'moveAllUsers' && (
        <EntityFormModal key={dialog.key} form={moveForm} http={http} id={unit.id} t={kit} onSaved={saved} onClosed={closed} />
      )}
    </>
  );
}
