// The page loader machine on a SimulatedClock: examples that pin spec 2.3 and 9, then every
// generated model path (the ones docs/machines/pageLoader.md lists).
// Generated paths are checked step by step against the reference written from the spec
// (reference/page-loader.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { pageLoaderMachine, selectPageLoader } from '../../machines/shell/page-loader.machine.ts';
import { pageLoaderModel } from '../../machines/shell/page-loader.model.ts';
import { delayOf } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { pageLoaderReference, pageLoaderRules } from './reference/page-loader.reference.ts';

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(pageLoaderMachine, { clock }).start();
  return { actor, clock, view: () => selectPageLoader(actor.getSnapshot()) };
}

describe('page loader', () => {
  it('removes the page loader 500 ms after start', () => {
    expect(delayOf(pageLoaderMachine, 'xstate.after.pageLoaderDelay')).toBe(500);
    const run = start();
    expect(run.view()).toEqual({ isPageLoaderVisible: true, isLoadingBarVisible: false });
    run.clock.increment(499);
    run.actor.send({ type: 'loader.start' });
    expect(run.view().isPageLoaderVisible).toBe(true);
    run.clock.increment(1);
    expect(run.view()).toEqual({ isPageLoaderVisible: false, isLoadingBarVisible: true });
  });

  it('shows the loading bar until the last overlapping request ends', () => {
    const run = start();
    run.actor.send({ type: 'loader.start' });
    run.actor.send({ type: 'loader.start' });
    run.actor.send({ type: 'loader.stop' });
    expect(run.view().isLoadingBarVisible).toBe(true);
    run.actor.send({ type: 'loader.stop' });
    expect(run.view().isLoadingBarVisible).toBe(false);
  });

  it('ignores a stop without a start', () => {
    const run = start();
    run.actor.send({ type: 'loader.stop' });
    run.actor.send({ type: 'loader.start' });
    expect(run.actor.getSnapshot().context.pending).toBe(1);
    expect(run.view().isLoadingBarVisible).toBe(true);
  });
});

describeReferencePaths('page loader', {
  model: pageLoaderModel,
  id: 'pageLoader',
  actorNames: [],
  select: (snapshot) => selectPageLoader(snapshot as never),
  reference: pageLoaderReference,
  rules: pageLoaderRules,
  delays: { pageLoaderDelay: 500 },
});
