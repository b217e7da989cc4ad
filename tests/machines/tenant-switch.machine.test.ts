// The tenant switch driven headless with fake actors: the rules of spec 4.4 and 8 first, then every
// generated model path, checked step by step against the reference written from the spec
// (reference/tenant-switch.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { selectTenantSwitch, tenantSwitchMachine } from '../../machines/account/tenant-switch.machine.ts';
import { acme, tenantSwitchModel } from '../../machines/account/tenant-switch.model.ts';
import { fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { tenantSwitchReference, tenantSwitchRules } from './reference/tenant-switch.reference.ts';

const actorNames = ['findTenant', 'applyTenant'] as const;

function start(currentName: string | null) {
  const fakes = fakeActors(actorNames);
  const actor = createActor(tenantSwitchMachine.provide({ actors: fakes.actors })).start();
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.send({ type: 'tenant.open', currentName });
  return { fakes, actor, emitted, view: () => selectTenantSwitch(actor.getSnapshot()) };
}

describe('tenant switch', () => {
  it('opens with the current tenant and keeps Save disabled while the name equals it', () => {
    const run = start('acme');
    expect(run.view()).toEqual({ isOpen: true, isBusy: false, name: 'acme', canSave: false });
    run.actor.send({ type: 'tenant.save' });
    expect(run.fakes.calls).toEqual([]);
    run.actor.send({ type: 'tenant.nameChanged', name: 'globex' });
    expect(run.view().canSave).toBe(true);
  });

  it('looks the tenant up (busy), then sets it as the session tenant and asks for the configuration', async () => {
    const run = start(null);
    run.actor.send({ type: 'tenant.nameChanged', name: ' acme ' });
    run.actor.send({ type: 'tenant.save' });
    expect(run.view().isBusy).toBe(true);
    expect(run.fakes.calls).toEqual([{ name: 'findTenant', input: { name: 'acme' } }]);
    run.actor.send({ type: 'tenant.save' });
    expect(run.fakes.calls).toHaveLength(1);
    run.fakes.settle('findTenant', { output: acme });
    await settled();
    const tenant = { id: acme.tenantId, name: 'acme', isAvailable: true };
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'applyTenant', input: { tenant } });
    run.fakes.settle('applyTenant', { output: undefined });
    await settled();
    expect(run.view().isOpen).toBe(false);
    expect(run.emitted).toEqual([{ type: 'tenant.changed', tenant }]);
  });

  it('keeps the modal open and reports the name when the tenant is not found or inactive', async () => {
    for (const found of [
      { success: false, tenantId: null, name: null, isActive: false },
      { ...acme, isActive: false },
    ]) {
      const run = start(null);
      run.actor.send({ type: 'tenant.nameChanged', name: 'nowhere' });
      run.actor.send({ type: 'tenant.save' });
      run.fakes.settle('findTenant', { output: found });
      await settled();
      expect(run.view()).toEqual({ isOpen: true, isBusy: false, name: 'nowhere', canSave: true });
      expect(run.emitted).toEqual([{ type: 'tenant.unavailable', name: 'nowhere' }]);
    }
  });

  it('clears the tenant with an empty name, without a lookup', async () => {
    const run = start('acme');
    run.actor.send({ type: 'tenant.nameChanged', name: '  ' });
    run.actor.send({ type: 'tenant.save' });
    expect(run.fakes.calls).toEqual([{ name: 'applyTenant', input: { tenant: null } }]);
    run.fakes.settle('applyTenant', { output: undefined });
    await settled();
    expect(run.emitted).toEqual([{ type: 'tenant.changed', tenant: null }]);
    // Already the host: an empty name equals the current one, nothing to save.
    const host = start(null);
    host.actor.send({ type: 'tenant.save' });
    expect(host.fakes.calls).toEqual([]);
  });
});

describeReferencePaths('tenant switch', {
  model: tenantSwitchModel,
  id: 'tenantSwitch',
  actorNames,
  select: (snapshot) => selectTenantSwitch(snapshot as never),
  reference: tenantSwitchReference,
  rules: tenantSwitchRules,
});
