// The test model of the tenant switch: opened with and without a current tenant, names that equal
// the current one (also once padded with spaces), a blank name, a new name typed in another case
// than the server's; lookups that find an active tenant (with its name, without one, or without an id), an inactive
// one, none, or fail; applying that fails.
import type { EventObject } from 'xstate';
import type { MachineModel } from '../testing/model-paths.ts';
import { type TenantSwitchEvent, tenantSwitchMachine } from './tenant-switch.machine.ts';

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
const failed = (id: string): EventObject => ({ type: `xstate.error.actor.${id}`, error: new Error(`${id} failed`) }) as EventObject;

export const acme = { success: true, tenantId: '3a1f0000-0000-0000-0000-00000000acme', name: 'acme', isActive: true };

const userEvents: TenantSwitchEvent[] = [
  { type: 'tenant.open', currentName: null },
  { type: 'tenant.open', currentName: 'acme' },
  { type: 'tenant.nameChanged', name: ' acme ' },
  { type: 'tenant.nameChanged', name: 'ACME' },
  { type: 'tenant.nameChanged', name: ' ' },
  { type: 'tenant.save' },
  { type: 'tenant.cancel' },
];

export const tenantSwitchModel: MachineModel<typeof tenantSwitchMachine> = {
  machine: tenantSwitchMachine,
  scenarios: [{ name: 'account page', input: undefined }],
  events: [
    ...(userEvents as EventObject[]),
    done('findTenant', acme),
    done('findTenant', { ...acme, name: null }),
    done('findTenant', { ...acme, tenantId: null }),
    done('findTenant', { ...acme, isActive: false }),
    done('findTenant', { success: false, tenantId: null, name: null, isActive: false }),
    failed('findTenant'),
    done('applyTenant', undefined),
    failed('applyTenant'),
  ],
  describeEvent(event) {
    const [, kind, , id] = event.type.split('.');
    if (kind === 'error') return `${id} fails`;
    if (id === 'findTenant') {
      const found = (event as unknown as { output: typeof acme }).output;
      if (!found.success) return 'findTenant: not found';
      if (!found.isActive) return 'findTenant: inactive';
      return `findTenant: active${found.name === null ? ' (no name)' : ''}${found.tenantId === null ? ' (no id)' : ''}`;
    }
    if (kind === 'done') return `${id} succeeds`;
    if (event.type === 'tenant.open') return `open (current ${(event as unknown as { currentName: string | null }).currentName ?? 'host'})`;
    if (event.type === 'tenant.nameChanged') return `name '${(event as unknown as { name: string }).name}'`;
    return event.type;
  },
};
