// Organization-unit tree (issue 9; spec 7.13): examples of the key rules (no move under a descendant
// without a request, the server's refusal said, a delete counts its subtree and hands the selection to
// the parent), then every generated model path checked against
// reference/organization-unit-tree.reference.ts.
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import {
  isInSubtree,
  organizationUnitTreeMachine,
  selectOrganizationUnitTree,
} from '../../machines/identity/organization-unit-tree.machine.ts';
import { moveRefusal, organizationUnitTreeModel, units } from '../../machines/identity/organization-unit-tree.model.ts';
import { fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { organizationUnitTreeReference } from './reference/organization-unit-tree.reference.ts';

const actorNames = ['loadUnits', 'moveUnit', 'deleteUnit'] as const;

async function start() {
  const fakes = fakeActors(actorNames);
  const actor = createActor(organizationUnitTreeMachine.provide({ actors: fakes.actors }));
  const emitted: EventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  fakes.settle('loadUnits', { output: units });
  await settled();
  return { actor, fakes, emitted, view: () => selectOrganizationUnitTree(actor.getSnapshot()) };
}

describe('organization unit tree', () => {
  it('nests the flat list and refuses a move under the unit itself or a descendant without a request', async () => {
    const run = await start();
    expect(run.view().tree.map((node) => [node.name, node.children.map((child) => child.name)])).toEqual([
      ['Sales', ['Sales east']],
      ['Support', []],
    ]);
    run.actor.send({ type: 'move.drop', id: 'A', newParentId: 'A1' });
    run.actor.send({ type: 'move.drop', id: 'A', newParentId: 'A' });
    expect(run.fakes.calls.filter((call) => call.name === 'moveUnit')).toEqual([]);
    expect(run.view().notice).toEqual({ kind: 'moveRefused', name: 'Sales' });
    expect(isInSubtree(units, 'A', 'A1')).toBe(true);
    expect(isInSubtree(units, 'A1', 'A')).toBe(false);
  });

  it('a keyboard move offers only valid parents; the server refusal says its message', async () => {
    const run = await start();
    run.actor.send({ type: 'move.open', id: 'A' });
    expect(run.view().move?.targets.map((target) => target.id)).toEqual(['B']);
    run.actor.send({ type: 'move.pick', newParentId: 'B' });
    run.actor.send({ type: 'move.confirm' });
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'moveUnit', input: { id: 'A', newParentId: 'B' } });
    run.fakes.settle('moveUnit', { error: moveRefusal });
    await settled();
    expect(run.emitted).toEqual([{ type: 'action.failed', message: moveRefusal.data.error.message }]);
    expect(run.view().phase).toBe('loading');
  });

  it('a delete names how many units go and hands the selection to the parent', async () => {
    const run = await start();
    run.actor.send({ type: 'unit.select', id: 'A1' });
    run.actor.send({ type: 'delete.request', id: 'A' });
    expect(run.view().deleting).toEqual({ id: 'A', name: 'Sales', count: 2 });
    run.actor.send({ type: 'delete.confirm' });
    run.fakes.settle('deleteUnit', { output: undefined });
    await settled();
    expect(run.emitted).toEqual([{ type: 'unit.deleted', name: 'Sales', count: 2 }]);
    run.fakes.settle('loadUnits', { output: units.filter((unit) => unit.id === 'B') });
    await settled();
    expect(run.view().selected).toBeNull();
  });

  it('deleting the selected child selects its parent', async () => {
    const run = await start();
    run.actor.send({ type: 'unit.select', id: 'A1' });
    run.actor.send({ type: 'delete.request', id: 'A1' });
    expect(run.view().deleting).toEqual({ id: 'A1', name: 'Sales east', count: 1 });
    run.actor.send({ type: 'delete.confirm' });
    run.fakes.settle('deleteUnit', { output: undefined });
    await settled();
    run.fakes.settle('loadUnits', { output: units.filter((unit) => unit.id !== 'A1') });
    await settled();
    expect(run.view().selected).toEqual({ id: 'A', name: 'Sales', parentId: null });
  });
});

describeReferencePaths('organization unit tree', {
  model: organizationUnitTreeModel,
  actorNames,
  select: (snapshot) => selectOrganizationUnitTree(snapshot as never),
  reference: organizationUnitTreeReference,
});
