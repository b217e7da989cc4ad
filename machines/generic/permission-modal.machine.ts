// The permission modal of a role, a user or a client (spec 6, 7 "permission management"; issue 9
// resource kit), as ABP's permission management modal behaves. Rules:
// - `loadPermissions` {providerName, providerKey} answers the tree as the server groups it; the first
//   group is shown; `group.select` shows another.
// - A permission granted through another provider (a user's role or organization unit: any
//   `grantedProviders` entry whose providerName is not this one) is shown granted, with who grants it,
//   and cannot be changed here, by a toggle nor by select all.
// - Granting a permission grants its parents; revoking one revokes its children (down the tree).
// - `group.toggleAll` grants every changeable permission of the shown group, or revokes them all when
//   they are all granted already; `permissions.toggleAll` does the same over every group.
// - `permissions.save` sends only the changes (name, isGranted) through `savePermissions`; with no
//   change the modal just closes, as ABP's does. Success emits `permissions.saved` and ends; a failure
//   stays editing with the server's message. Close ends at once and emits `permissions.closed`.
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { GetPermissionListResultDto, UpdatePermissionsDto } from '../../contract/permission-management.ts';

export interface PermissionModalInput {
  providerName: string;
  providerKey: string;
}

export interface PermissionModalContext extends PermissionModalInput {
  data: GetPermissionListResultDto | null;
  /** Name → granted, as the user has set them. */
  granted: Record<string, boolean>;
  selectedGroup: string | null;
  error: string | null;
}

export type PermissionModalEvent =
  | { type: 'group.select'; group: string }
  | { type: 'permission.toggle'; name: string }
  | { type: 'group.toggleAll' }
  | { type: 'permissions.toggleAll' }
  | { type: 'permissions.save' }
  | { type: 'permissions.close' }
  | { type: 'permissions.retry' };

export type PermissionModalEmitted = { type: 'permissions.saved' } | { type: 'permissions.closed' };

type Permission = GetPermissionListResultDto['groups'][number]['permissions'][number];

function notProvided(name: string) {
  return () => Promise.reject(new Error(`actor ${name} is not provided`));
}

function allPermissions(data: GetPermissionListResultDto | null): Permission[] {
  return data ? data.groups.flatMap((group) => group.permissions) : [];
}

/** Granted through another provider (a role, an organization unit): shown granted, not editable. */
export function isLockedFor(permission: Permission, providerName: string): boolean {
  return permission.grantedProviders.some((provider) => provider.providerName !== providerName);
}

function ancestors(all: Permission[], name: string): string[] {
  const result: string[] = [];
  let parent = all.find((permission) => permission.name === name)?.parentName ?? null;
  while (parent && !result.includes(parent)) {
    result.push(parent);
    parent = all.find((permission) => permission.name === parent)?.parentName ?? null;
  }
  return result;
}

function descendants(all: Permission[], name: string): string[] {
  const children = all.filter((permission) => permission.parentName === name).map((permission) => permission.name);
  return children.flatMap((child) => [child, ...descendants(all, child)]);
}

function setGranted(context: PermissionModalContext, names: string[], value: boolean): Record<string, boolean> {
  const all = allPermissions(context.data);
  const next = { ...context.granted };
  for (const name of names) {
    const permission = all.find((candidate) => candidate.name === name);
    if (permission && !isLockedFor(permission, context.providerName)) next[name] = value;
  }
  return next;
}

/** The changed entries (only what differs from what the server said). */
export function permissionChanges(context: PermissionModalContext): UpdatePermissionsDto['permissions'] {
  return allPermissions(context.data)
    .filter((permission) => !isLockedFor(permission, context.providerName) && context.granted[permission.name] !== permission.isGranted)
    .map((permission) => ({ name: permission.name, isGranted: context.granted[permission.name] === true }));
}

function groupPermissions(context: PermissionModalContext, group: string | null): Permission[] {
  return context.data?.groups.find((candidate) => candidate.name === group)?.permissions ?? [];
}

function toggleAllOf(context: PermissionModalContext, permissions: Permission[]): Record<string, boolean> {
  const editable = permissions.filter((permission) => !isLockedFor(permission, context.providerName)).map((p) => p.name);
  const allGranted = editable.every((name) => context.granted[name]);
  return setGranted(context, editable, !allGranted);
}

export const permissionModalMachine = setup({
  types: {
    context: {} as PermissionModalContext,
    events: {} as PermissionModalEvent,
    input: {} as PermissionModalInput,
    emitted: {} as PermissionModalEmitted,
  },
  actors: {
    loadPermissions: fromPromise<GetPermissionListResultDto, PermissionModalInput>(notProvided('loadPermissions')),
    savePermissions: fromPromise<void, PermissionModalInput & UpdatePermissionsDto>(notProvided('savePermissions')),
  },
  guards: {
    hasChanges: ({ context }) => permissionChanges(context).length > 0,
    isEditable: ({ context }, name: string) => {
      const permission = allPermissions(context.data).find((candidate) => candidate.name === name);
      return permission !== undefined && !isLockedFor(permission, context.providerName);
    },
  },
  actions: {
    reportClosed: emit({ type: 'permissions.closed' } as const),
  },
}).createMachine({
  id: 'permissionModal',
  context: ({ input }) => ({
    providerName: input.providerName,
    providerKey: input.providerKey,
    data: null,
    granted: {},
    selectedGroup: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPermissions',
        src: 'loadPermissions',
        input: ({ context }) => ({ providerName: context.providerName, providerKey: context.providerKey }),
        onDone: {
          target: 'editing',
          actions: assign(({ event, context }) => ({
            data: event.output,
            error: null,
            selectedGroup: event.output.groups[0]?.name ?? null,
            granted: Object.fromEntries(
              event.output.groups
                .flatMap((group) => group.permissions)
                .map((permission) => [permission.name, permission.isGranted || isLockedFor(permission, context.providerName)]),
            ),
          })),
        },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
      on: { 'permissions.close': 'closed' },
    },
    loadFailed: { on: { 'permissions.retry': 'loading', 'permissions.close': 'closed' } },
    editing: {
      on: {
        'permissions.close': 'closed',
        'group.select': { actions: assign({ selectedGroup: ({ event }) => event.group }) },
        'permission.toggle': {
          guard: { type: 'isEditable', params: ({ event }) => event.name },
          actions: assign({
            granted: ({ context, event }) => {
              const all = allPermissions(context.data);
              if (context.granted[event.name]) return setGranted(context, [event.name, ...descendants(all, event.name)], false);
              return setGranted(context, [event.name, ...ancestors(all, event.name)], true);
            },
            error: null,
          }),
        },
        'group.toggleAll': {
          actions: assign({ granted: ({ context }) => toggleAllOf(context, groupPermissions(context, context.selectedGroup)) }),
        },
        'permissions.toggleAll': { actions: assign({ granted: ({ context }) => toggleAllOf(context, allPermissions(context.data)) }) },
        'permissions.save': [{ guard: 'hasChanges', target: 'saving' }, { target: 'closed' }],
      },
    },
    saving: {
      invoke: {
        id: 'savePermissions',
        src: 'savePermissions',
        input: ({ context }) => ({
          providerName: context.providerName,
          providerKey: context.providerKey,
          permissions: permissionChanges(context),
        }),
        onDone: { target: 'saved', actions: emit({ type: 'permissions.saved' } as const) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => messageOf(event.error) ?? '' }) },
      },
    },
    saved: { type: 'final' },
    closed: { type: 'final', entry: 'reportClosed' },
  },
});

function messageOf(error: unknown): string | null {
  const message = (error as { data?: { error?: { message?: unknown } } } | null)?.data?.error?.message;
  return typeof message === 'string' && message !== '' ? message : null;
}

export type PermissionModalMachine = typeof permissionModalMachine;

export interface PermissionRowView {
  name: string;
  displayName: string;
  /** Nesting depth under its group (0 for a top permission). */
  depth: number;
  isGranted: boolean;
  isLocked: boolean;
  /** Who else grants it ("R: admin"), for a locked one. */
  grantedBy: Array<{ providerName: string; providerKey: string }>;
}

export interface PermissionModalView {
  phase: 'loading' | 'loadFailed' | 'editing' | 'saving' | 'saved' | 'closed';
  entityDisplayName: string;
  groups: Array<{ name: string; displayName: string; grantedCount: number; total: number }>;
  selectedGroup: string | null;
  permissions: PermissionRowView[];
  /** 'all' | 'some' | 'none' of the shown group / of every group are granted (the two select-all boxes). */
  groupState: 'all' | 'some' | 'none';
  allState: 'all' | 'some' | 'none';
  error: string | null;
}

function stateOf(values: boolean[]): 'all' | 'some' | 'none' {
  const count = values.filter(Boolean).length;
  return count === 0 ? 'none' : count === values.length ? 'all' : 'some';
}

export function selectPermissionModal(snapshot: SnapshotFrom<PermissionModalMachine>): PermissionModalView {
  const context = snapshot.context;
  const all = allPermissions(context.data);
  const depth = (permission: Permission) => ancestors(all, permission.name).length;
  const shown = groupPermissions(context, context.selectedGroup);
  return {
    phase: snapshot.value as PermissionModalView['phase'],
    entityDisplayName: context.data?.entityDisplayName ?? '',
    groups: (context.data?.groups ?? []).map((group) => ({
      name: group.name,
      displayName: group.displayName,
      grantedCount: group.permissions.filter((permission) => context.granted[permission.name]).length,
      total: group.permissions.length,
    })),
    selectedGroup: context.selectedGroup,
    permissions: shown.map((permission) => {
      const isLocked = isLockedFor(permission, context.providerName);
      return {
        name: permission.name,
        displayName: permission.displayName,
        depth: depth(permission),
        isGranted: context.granted[permission.name] === true,
        isLocked,
        grantedBy: isLocked ? permission.grantedProviders.filter((provider) => provider.providerName !== context.providerName) : [],
      };
    }),
    groupState: stateOf(shown.map((permission) => context.granted[permission.name] === true)),
    allState: stateOf(all.map((permission) => context.granted[permission.name] === true)),
    error: context.error,
  };
}
