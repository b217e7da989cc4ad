// The selected unit's Members and Roles tabs (issue 9; spec 7.13), each an embedded ResourceScreen
// of the kit (paged list, search, Remove with 'Are you sure?', toast, focus after a delete); which of
// the unit's dialogs is open is the kit's resourceDialog machine. Add opens a paged lookup (again an
// embedded kit list) of the users (roles) not yet in the unit, whose rows are added one by one; Move
// all users is the kit's entity form with the target unit. Rules: ManageMembers offers add/remove
// member and move all users, ManageRoles add/remove role; after a change the tree's member counts
// reload, and closing a dialog reloads the unit's lists.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { resourceDialogMachine, selectResourceDialog } from '../../../../machines/generic/resource-dialog.machine.ts';
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
import { Button, type DataColumn, Modal, showToast } from '../../../ui/index.ts';
import { EntityFormModal } from '../../../views/kit/entity-form-view.tsx';
import type { KitTextKey } from '../../../views/kit/kit-texts.ts';
import { abpListQuery, type FormSpec, type ResourceSpec } from '../../../views/kit/resource-spec.ts';
import { ResourceScreen } from '../../../views/kit/resource-screen.tsx';
import type { OrganizationUnitsTextKey } from './organization-units-texts.ts';
import * as styles from './organization-units.css.ts';

type Texts = AreaTranslate<OrganizationUnitsTextKey>;
type Kit = AreaTranslate<KitTextKey>;
const manageMembers = 'AbpIdentity.OrganizationUnits.ManageMembers';
const manageRoles = 'AbpIdentity.OrganizationUnits.ManageRoles';

export interface UnitRef {
  id: string;
  name: string;
}

function userColumns(t: Texts): DataColumn<IdentityUserDto>[] {
  return [
    { id: 'userName', header: t('userName'), sortable: true, cell: (user) => user.userName },
    { id: 'email', header: t('email'), sortable: true, cell: (user) => user.email, dir: 'ltr' },
    { id: 'name', header: t('name'), cell: (user) => [user.name, user.surname].filter(Boolean).join(' ') },
  ];
}

function roleColumns(t: Texts): DataColumn<IdentityRoleDto>[] {
  return [{ id: 'name', header: t('roleName'), sortable: true, cell: (role) => role.name }];
}

function membersSpec(t: Texts, unit: UnitRef, onChanged: () => void): ResourceSpec<IdentityUserDto> {
  return {
    title: t('members'),
    tableLabel: t('membersTable', unit.name),
    getId: (user) => user.id,
    getLabel: (user) => user.userName,
    columns: userColumns(t),
    list: (http, query, signal) => getUnitMembers(http, unit.id, abpListQuery(query), signal),
    rowActions: [
      {
        id: 'remove',
        label: t('remove'),
        isDanger: true,
        permission: manageMembers,
        confirm: (user) => t('removeMemberConfirm', user.userName, unit.name),
        removesRow: true,
        successText: t('removed'),
        run: async (http, user) => {
          await removeUnitMember(http, unit.id, user.id);
          onChanged();
        },
      },
    ],
  };
}

function rolesSpec(t: Texts, unit: UnitRef): ResourceSpec<IdentityRoleDto> {
  return {
    title: t('roles'),
    tableLabel: t('rolesTable', unit.name),
    getId: (role) => role.id,
    getLabel: (role) => role.name,
    columns: roleColumns(t),
    // The unit's roles take paging only: the free text is not sent.
    list: (http, query, signal) => getUnitRoles(http, unit.id, abpListQuery({ ...query, filters: {} }), signal),
    rowActions: [
      {
        id: 'remove',
        label: t('remove'),
        isDanger: true,
        permission: manageRoles,
        confirm: (role) => t('removeRoleConfirm', role.name, unit.name),
        removesRow: true,
        successText: t('removed'),
        run: (http, role) => removeUnitRole(http, unit.id, role.id),
      },
    ],
  };
}

/** The users not yet in the unit: each row's Add puts it in. */
function availableUsersSpec(t: Texts, unit: UnitRef, onChanged: () => void): ResourceSpec<IdentityUserDto> {
  return {
    title: t('availableUsers', unit.name),
    tableLabel: t('availableUsers', unit.name),
    getId: (user) => user.id,
    getLabel: (user) => user.userName,
    columns: userColumns(t),
    list: (http, query, signal) => getAvailableUsers(http, { ...abpListQuery(query), id: unit.id }, signal),
    rowActions: [
      {
        id: 'add',
        label: t('add'),
        removesRow: true,
        successText: t('added', unit.name),
        run: async (http, user) => {
          await addUnitMembers(http, unit.id, [user.id]);
          onChanged();
        },
      },
    ],
  };
}

/** The roles not yet in the unit: each row's Add gives it to the unit (and so to its members). */
function availableRolesSpec(t: Texts, unit: UnitRef): ResourceSpec<IdentityRoleDto> {
  return {
    title: t('availableRoles', unit.name),
    tableLabel: t('availableRoles', unit.name),
    getId: (role) => role.id,
    getLabel: (role) => role.name,
    columns: roleColumns(t),
    list: (http, query, signal) => getAvailableRoles(http, { ...abpListQuery(query), id: unit.id }, signal),
    rowActions: [
      {
        id: 'add',
        label: t('add'),
        removesRow: true,
        successText: t('added', unit.name),
        run: (http, role) => addUnitRoles(http, unit.id, [role.id]),
      },
    ],
  };
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
  const dialogs = useActorRef(resourceDialogMachine, inspectOptions());
  const dialog = useSelector(dialogs, selectResourceDialog, shallowEqual);
  useEffect(() => {
    const subscription = dialogs.on('dialog.saved', (event) => {
      if (event.dialog === 'moveAllUsers') {
        showToast({ kind: 'success', title: t('saved') });
        onChanged();
      }
    });
    return () => subscription.unsubscribe();
  }, [dialogs, onChanged, t]);

  const members = useMemo(() => membersSpec(t, unit, onChanged), [t, unit, onChanged]);
  const roles = useMemo(() => rolesSpec(t, unit), [t, unit]);
  const availableUsers = useMemo(() => availableUsersSpec(t, unit, onChanged), [t, unit, onChanged]);
  const availableRoles = useMemo(() => availableRolesSpec(t, unit), [t, unit]);
  const moveForm = useMemo(() => moveAllUsersForm(t, kit, unit, units), [t, kit, unit, units]);
  const open = (name: string) => dialogs.send({ type: 'dialog.open', dialog: name, id: unit.id });
  const saved = () => dialogs.send({ type: 'dialog.saved' });
  const closed = () => dialogs.send({ type: 'dialog.closed' });
  const lookup = dialog.dialog === 'addMembers' || dialog.dialog === 'addRoles' ? dialog.dialog : null;

  return (
    <>
      {tab === 'members' && can(manageMembers) && (
        <div className={styles.actions}>
          <Button onPress={() => open('addMembers')}>{t('addMember')}</Button>
          <Button variant="secondary" onPress={() => open('moveAllUsers')}>
            {t('moveAllUsers')}
          </Button>
        </div>
      )}
      {tab === 'roles' && can(manageRoles) && (
        <div className={styles.actions}>
          <Button onPress={() => open('addRoles')}>{t('addRole')}</Button>
        </div>
      )}
      {/* A new list per opening and closing of a dialog: what the dialog changed shows at once. */}
      {tab === 'members' ? (
        <ResourceScreen key={`members-${dialog.key}`} spec={members} embedded />
      ) : (
        <ResourceScreen key={`roles-${dialog.key}`} spec={roles} embedded />
      )}
      {lookup && (
        <Modal
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) closed();
          }}
          title={lookup === 'addMembers' ? t('addMembersTitle', unit.name) : t('addRolesTitle', unit.name)}
          size="lg"
          closeLabel={t('close')}
          footer={<Button onPress={closed}>{t('close')}</Button>}
        >
          {lookup === 'addMembers' ? <ResourceScreen spec={availableUsers} embedded /> : <ResourceScreen spec={availableRoles} embedded />}
        </Modal>
      )}
      {dialog.dialog === 'moveAllUsers' && (
        <EntityFormModal key={dialog.key} form={moveForm} http={http} id={unit.id} t={kit} onSaved={saved} onClosed={closed} />
      )}
    </>
  );
}
