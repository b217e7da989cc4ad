// The opened menu groups machine: examples that pin spec 2.3, then every generated model path (the
// ones docs/machines/menuGroups.md lists).
// Generated paths are checked step by step against the reference written from the spec
// (reference/menu-groups.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { menuGroupsMachine, selectMenuGroups } from '../../machines/shell/menu-groups.machine.ts';
import { menuGroupsModel } from '../../machines/shell/menu-groups.model.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { menuGroupsReference, menuGroupsRules } from './reference/menu-groups.reference.ts';

function start() {
  const actor = createActor(menuGroupsMachine).start();
  return { actor, view: () => selectMenuGroups(actor.getSnapshot()) };
}

describe('menu groups', () => {
  it('opens and closes menu groups by id', () => {
    const run = start();
    expect(run.view()).toEqual([]);
    run.actor.send({ type: 'menu.toggle', id: 'administration' });
    run.actor.send({ type: 'menu.toggle', id: 'identity' });
    expect(run.view()).toEqual(['administration', 'identity']);
    run.actor.send({ type: 'menu.toggle', id: 'administration' });
    expect(run.view()).toEqual(['identity']);
    run.actor.send({ type: 'menu.toggle', id: 'identity' });
    expect(run.view()).toEqual([]);
    expect(run.actor.getSnapshot().value).toBe('collapsed');
  });

  it('collapses every opened group at once', () => {
    const run = start();
    run.actor.send({ type: 'menu.toggle', id: 'administration' });
    run.actor.send({ type: 'menu.toggle', id: 'identity' });
    run.actor.send({ type: 'menu.collapseAll' });
    expect(run.view()).toEqual([]);
    expect(run.actor.getSnapshot().value).toBe('collapsed');
  });

  it('keeps the same list while nothing changes (a selector can return it)', () => {
    const run = start();
    run.actor.send({ type: 'menu.toggle', id: 'administration' });
    const before = run.view();
    run.actor.send({ type: 'navigation.changed' } as never);
    expect(run.view()).toBe(before);
  });
});

describeReferencePaths('menu groups', {
  model: menuGroupsModel,
  id: 'menuGroups',
  actorNames: [],
  select: (snapshot) => selectMenuGroups(snapshot as never),
  reference: menuGroupsReference,
  rules: menuGroupsRules,
});
