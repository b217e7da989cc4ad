// The test model of the permission modal, for a user: a group with a parent and two children and a
// permission the user holds through a role (locked), a second group; load (and its failure, retry),
// toggles down and up the tree, select all in a group and everywhere, save with and without changes,
// a refused save, close.
import type { EventObject } from 'xstate';
import type { GetPermissionListResultDto } from '../../contract/permission-management.ts';
import { describeEvent, done, failed } from '../shell/model-events.ts';
import type { MachineModel } from '../testing/model-paths.ts';
import { type PermissionModalEvent, permissionModalMachine } from './permission-modal.machine.ts';

const permission = (name: string, parentName: string | null, isGranted: boolean, grantedBy: string | null = null) => ({
  name,
  displayName: name.split('.').at(-1) ?? name,
  parentName,
  isGranted,
  allowedProviders: [],
  grantedProviders: grantedBy
    ? [{ providerName: 'R', providerKey: grantedBy }]
    : isGranted
      ? [{ providerName: 'U', providerKey: 'user-1' }]
      : [],
});

export const permissionTree: GetPermissionListResultDto = {
  entityDisplayName: 'alice',
  groups: [
    {
      name: 'AbpIdentity',
      displayName: 'Identity management',
      displayNameKey: null,
      displayNameResource: null,
      permissions: [
        permission('AbpIdentity.Roles', null, false),
        permission('AbpIdentity.Roles.Create', 'AbpIdentity.Roles', false),
        permission('AbpIdentity.Roles.Delete', 'AbpIdentity.Roles', false),
        permission('AbpIdentity.Users', null, true, 'admin'),
      ],
    },
    {
      name: 'AuditLogging',
      displayName: 'Audit logging',
      displayNameKey: null,
      displayNameResource: null,
      permissions: [permission('AuditLogging.AuditLogs', null, true)],
    },
  ],
};

export const saveRefusal = { data: { error: { message: 'Unknown permission' } } };

const events: Array<PermissionModalEvent | EventObject> = [
  { type: 'group.select', group: 'AuditLogging' },
  { type: 'group.select', group: 'AbpIdentity' },
  { type: 'permission.toggle', name: 'AbpIdentity.Roles.Create' },
  { type: 'permission.toggle', name: 'AbpIdentity.Roles' },
  { type: 'permission.toggle', name: 'AbpIdentity.Users' },
  { type: 'group.toggleAll' },
  { type: 'permissions.toggleAll' },
  { type: 'permissions.save' },
  { type: 'permissions.close' },
  { type: 'permissions.retry' },
  done('loadPermissions', permissionTree),
  failed('loadPermissions'),
  done('savePermissions', undefined),
  { type: 'xstate.error.actor.savePermissions', error: saveRefusal } as EventObject,
];

export const permissionModalModel: MachineModel<typeof permissionModalMachine> = {
  machine: permissionModalMachine,
  scenarios: [{ name: 'user alice', input: { providerName: 'U', providerKey: 'user-1' } }],
  events,
  describeEvent(event) {
    if (event.type === 'xstate.done.actor.loadPermissions') return 'loadPermissions → tree';
    if (event.type === 'xstate.error.actor.savePermissions') return 'savePermissions refused';
    return describeEvent(event);
  },
};
