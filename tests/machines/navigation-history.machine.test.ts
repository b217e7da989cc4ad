// The navigation history machine: examples that pin the error page's Go back rule (spec 2.8), then
// every generated model path (the ones docs/machines/navigationHistory.md lists).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  type NavigationHistoryEvent,
  navigationHistoryMachine,
  selectNavigationHistory,
} from '../../machines/shell/navigation-history.machine.ts';
import { navigationHistoryModel } from '../../machines/shell/navigation-history.model.ts';
import { modelPaths, uncoveredEdges } from '../../machines/testing/model-paths.ts';
import { drivePath } from './model-driver.ts';

function start() {
  const actor = createActor(navigationHistoryMachine).start();
  return { actor, view: () => selectNavigationHistory(actor.getSnapshot()) };
}

describe('navigation history', () => {
  it('does not count the first load as a previous navigation', () => {
    const run = start();
    expect(run.view()).toEqual({ path: null, hasPreviousNavigation: false });
    run.actor.send({ type: 'navigation.changed', path: '/' });
    expect(run.view()).toEqual({ path: '/', hasPreviousNavigation: false });
  });

  it('has a previous navigation from the second one on', () => {
    const run = start();
    run.actor.send({ type: 'navigation.changed', path: '/' });
    run.actor.send({ type: 'navigation.changed', path: '/dashboard' });
    expect(run.view()).toEqual({ path: '/dashboard', hasPreviousNavigation: true });
    run.actor.send({ type: 'navigation.changed', path: '/' });
    expect(run.view()).toEqual({ path: '/', hasPreviousNavigation: true });
  });
});

describe('navigation history model paths', () => {
  const paths = modelPaths(navigationHistoryModel);

  it('cover every transition of the machine', () => {
    expect(uncoveredEdges(navigationHistoryMachine, paths)).toEqual([]);
  });

  for (const modelPath of paths) {
    it(modelPath.title, async () => {
      // The driver checks once per step, in order (the first step is the start).
      let step = 0;
      await drivePath(navigationHistoryMachine, [], modelPath, (_expected, drive) => {
        const taken = modelPath.path.steps.slice(0, step + 1).map((each) => each.event);
        const navigations = taken.filter((event): event is NavigationHistoryEvent => event.type === 'navigation.changed');
        const view = selectNavigationHistory(drive.actor.getSnapshot());
        // A previous navigation exists exactly from the second reported navigation on.
        expect(view).toEqual({ path: navigations.at(-1)?.path ?? null, hasPreviousNavigation: navigations.length > 1 });
        step += 1;
      });
      expect(step).toBe(modelPath.path.steps.length);
    });
  }
});
