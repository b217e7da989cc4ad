// The navigation history machine: examples that pin the error page's Go back rule (spec 2.8), then
// every generated model path (the ones docs/machines/navigationHistory.md lists).
// Generated paths are checked step by step against the reference written from the spec
// (reference/navigation-history.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { navigationHistoryMachine, selectNavigationHistory } from '../../machines/shell/navigation-history.machine.ts';
import { navigationHistoryModel } from '../../machines/shell/navigation-history.model.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { navigationHistoryReference, navigationHistoryRules } from './reference/navigation-history.reference.ts';

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

describeReferencePaths('navigation history', {
  model: navigationHistoryModel,
  id: 'navigationHistory',
  actorNames: [],
  select: (snapshot) => selectNavigationHistory(snapshot as never),
  reference: navigationHistoryReference,
  rules: navigationHistoryRules,
});
