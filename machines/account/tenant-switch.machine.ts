// The 'Switch Tenant' modal of the account pages' tenant box (spec 2.4, 4.4, 5, 8). Rules:
// - Opening starts from the current tenant's name; Save is disabled (and ignored) while the entered
//   name equals the current tenant's name;
// - an empty name clears the tenant (host side);
// - otherwise the tenant is looked up by name while the modal shows busy; a successful, active result
//   becomes the session tenant (isAvailable true), the modal closes and `tenant.changed` asks for the
//   configuration to be refreshed;
// - not found or inactive: `tenant.unavailable` with the entered name (the error toast 'Given tenant
//   is not available') and the modal stays open with the name kept; a failed call says so the same way
//   (`tenant.lookupFailed`), also keeping the modal open.
import { and, assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';

export interface FoundTenant {
  success: boolean;
  tenantId: string | null;
  name: string | null;
  isActive: boolean;
}

/** The session tenant (spec 3): id, name, isAvailable; null is the host. */
export interface SessionTenant {
  id: string;
  name: string;
  isAvailable: boolean;
}

export interface TenantSwitchContext {
  currentName: string | null;
  name: string;
  found: SessionTenant | null;
}

export type TenantSwitchEvent =
  | { type: 'tenant.open'; currentName: string | null }
  | { type: 'tenant.nameChanged'; name: string }
  | { type: 'tenant.save' }
  | { type: 'tenant.cancel' };

export type TenantSwitchEmitted =
  | { type: 'tenant.changed'; tenant: SessionTenant | null }
  | { type: 'tenant.unavailable'; name: string }
  | { type: 'tenant.lookupFailed'; name: string };

const notProvided = (name: string) => () => Promise.reject(new Error(`actor ${name} is not provided`));

export function canSaveTenant(context: Pick<TenantSwitchContext, 'name' | 'currentName'>): boolean {
  return context.name.trim() !== (context.currentName ?? '');
}

export const tenantSwitchMachine = setup({
  types: { context: {} as TenantSwitchContext, events: {} as TenantSwitchEvent, emitted: {} as TenantSwitchEmitted },
  actors: {
    findTenant: fromPromise<FoundTenant, { name: string }>(notProvided('findTenant')),
    applyTenant: fromPromise<void, { tenant: SessionTenant | null }>(notProvided('applyTenant')),
  },
  guards: {
    canSave: ({ context }) => canSaveTenant(context),
    isEmptyName: ({ context }) => context.name.trim() === '',
    isAvailable: (_, found: FoundTenant) => found.success && found.isActive && found.tenantId !== null,
  },
}).createMachine({
  id: 'tenantSwitch',
  context: { currentName: null, name: '', found: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'tenant.open': {
          target: 'open',
          actions: assign({ currentName: ({ event }) => event.currentName, name: ({ event }) => event.currentName ?? '', found: null }),
        },
      },
    },
    open: {
      on: {
        'tenant.nameChanged': { actions: assign({ name: ({ event }) => event.name }) },
        'tenant.cancel': { target: 'closed' },
        'tenant.save': [
          { guard: and(['canSave', 'isEmptyName']), target: 'applying', actions: assign({ found: null }) },
          { guard: 'canSave', target: 'lookingUp' },
        ],
      },
    },
    lookingUp: {
      invoke: {
        id: 'findTenant',
        src: 'findTenant',
        input: ({ context }) => ({ name: context.name.trim() }),
        onDone: [
          {
            guard: { type: 'isAvailable', params: ({ event }) => event.output },
            target: 'applying',
            actions: assign({
              found: ({ event, context }) => ({
                id: event.output.tenantId as string,
                name: event.output.name ?? context.name.trim(),
                isAvailable: true,
              }),
            }),
          },
          { target: 'open', actions: emit(({ context }) => ({ type: 'tenant.unavailable', name: context.name.trim() }) as const) },
        ],
        onError: { target: 'open', actions: emit(({ context }) => ({ type: 'tenant.lookupFailed', name: context.name.trim() }) as const) },
      },
    },
    applying: {
      invoke: {
        id: 'applyTenant',
        src: 'applyTenant',
        input: ({ context }) => ({ tenant: context.found }),
        onDone: { target: 'closed', actions: emit(({ context }) => ({ type: 'tenant.changed', tenant: context.found }) as const) },
        onError: { target: 'open', actions: emit(({ context }) => ({ type: 'tenant.lookupFailed', name: context.name.trim() }) as const) },
      },
    },
  },
});

export type TenantSwitchMachine = typeof tenantSwitchMachine;

export interface TenantSwitchView {
  isOpen: boolean;
  isBusy: boolean;
  name: string;
  canSave: boolean;
}

export function selectTenantSwitch(snapshot: SnapshotFrom<TenantSwitchMachine>): TenantSwitchView {
  const isBusy = snapshot.matches('lookingUp') || snapshot.matches('applying');
  return {
    isOpen: !snapshot.matches('closed'),
    isBusy,
    name: snapshot.context.name,
    canSave: !isBusy && canSaveTenant(snapshot.context),
  };
}
