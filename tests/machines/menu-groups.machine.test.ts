// The opened menu groups machine: examples that pin spec 2.3, then every generated model path (the
// ones docs/machines/menuGroups.md lists).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { menuGroupsMachine, selectMenuGroups } from '../../machines/shell/menu-groups.machine.ts';
import { menuGroupsModel } from '../../machines/shell/menu-groups.model.ts';
import { modelPaths, uncoveredEdges } from '../../machines/testing/model-paths.ts';
import { drivePath } from './model-driver.ts';

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

describe('menu groups model paths', () => {
  const paths = modelPaths(menuGroupsModel);

  it('cover every transition of the machine', () => {
    expect(uncoveredEdges(menuGroupsMachine, paths)).toEqual([]);
  });

  for (const modelPath of paths) {
    it(modelPath.title, async () => {
      await drivePath(menuGroupsMachine, [], modelPath, (expected) => {
        // Collapsed exactly when no group is open.
        expect(expected.matches('collapsed')).toBe(expected.context.expanded.length === 0);
      });
    });
  }
});
