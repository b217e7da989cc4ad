// The permission modal (spec 6, 7; issue 9): examples of the key rules (parent/child, locked grants
// from a role with who grants them, select all, only the changes are sent), then every generated
// model path checked against reference/permission-modal.reference.ts.
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { permissionModalMachine, selectPermissionModal } from '../../machines/generic/permission-modal.machine.ts';
import { permissionModalModel, permissionTree } from '../../machines/generic/permission-modal.model.ts';
import { fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { permissionModalReference } from './reference/permission-modal.reference.ts';

async function started() {
  const fakes = fakeActors(['loadPermissions', 'savePermissions']);
  const actor = createActor(permissionModalMachine.provide({ actors: fakes.actors }), {
    input: { providerName: 'U', providerKey: 'user-1' },
  });
  const emitted: EventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  fakes.settle('loadPermissions', { output: permissionTree });
  await settled();
  const view = () => selectPermissionModal(actor.getSnapshot());
  const granted = () => Object.fromEntries(view().permissions.map((p) => [p.name, p.isGranted]));
  return { actor, fakes, emitted, view, granted };
}

describe('permission modal', () => {
  it('shows a permission held through a role as granted, locked, with who grants it', async () => {
    const run = await started();
    expect(run.fakes.calls[0]).toEqual({ name: 'loadPermissions', input: { providerName: 'U', providerKey: 'user-1' } });
    const users = run.view().permissions.find((p) => p.name === 'AbpIdentity.Users');
    expect(users).toEqual({
      name: 'AbpIdentity.Users',
      displayName: 'Users',
      depth: 0,
      isGranted: true,
      isLocked: true,
      grantedBy: [{ providerName: 'R', providerKey: 'admin' }],
    });
    run.actor.send({ type: 'permission.toggle', name: 'AbpIdentity.Users' });
    expect(run.granted()['AbpIdentity.Users']).toBe(true);
  });

  it('granting a child grants its parent; revoking the parent revokes its children', async () => {
    const run = await started();
    run.actor.send({ type: 'permission.toggle', name: 'AbpIdentity.Roles.Create' });
    expect(run.granted()).toMatchObject({ 'AbpIdentity.Roles': true, 'AbpIdentity.Roles.Create': true, 'AbpIdentity.Roles.Delete': false });
    run.actor.send({ type: 'permission.toggle', name: 'AbpIdentity.Roles' });
    expect(run.granted()).toMatchObject({ 'AbpIdentity.Roles': false, 'AbpIdentity.Roles.Create': false });
  });

  it('select all in the group leaves the locked one alone; save sends only the changes', async () => {
    const run = await started();
    run.actor.send({ type: 'group.toggleAll' });
    expect(run.view().groupState).toBe('all');
    run.actor.send({ type: 'permissions.save' });
    expect(run.fakes.calls[1]).toEqual({
      name: 'savePermissions',
      input: {
        providerName: 'U',
        providerKey: 'user-1',
        permissions: [
          { name: 'AbpIdentity.Roles', isGranted: true },
          { name: 'AbpIdentity.Roles.Create', isGranted: true },
          { name: 'AbpIdentity.Roles.Delete', isGranted: true },
        ],
      },
    });
    run.fakes.settle('savePermissions', { output: undefined });
    await settled();
    expect(run.emitted).toEqual([{ type: 'permissions.saved' }]);
  });

  it('a save without changes closes without a request', async () => {
    const run = await started();
    run.actor.send({ type: 'permissions.save' });
    expect(run.view().phase).toBe('closed');
    expect(run.fakes.calls).toHaveLength(1);
  });
});

describeReferencePaths('permission modal', {
  model: permissionModalModel,
  actorNames: ['loadPermissions', 'savePermissions'],
  select: (snapshot) => selectPermissionModal(snapshot as never),
  reference: permissionModalReference,
});
