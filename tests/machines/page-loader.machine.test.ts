// The page loader machine on a SimulatedClock: examples that pin spec 2.3 and 9, then every
// generated model path (the ones docs/machines/pageLoader.md lists).
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { pageLoaderMachine, selectPageLoader } from '../../machines/shell/page-loader.machine.ts';
import { pageLoaderModel } from '../../machines/shell/page-loader.model.ts';
import { modelPaths, uncoveredEdges } from '../../machines/testing/model-paths.ts';
import { delayOf, drivePath } from './model-driver.ts';

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

describe('page loader model paths', () => {
  const paths = modelPaths(pageLoaderModel);

  it('cover every transition of the machine', () => {
    expect(uncoveredEdges(pageLoaderMachine, paths)).toEqual([]);
  });

  for (const modelPath of paths) {
    it(modelPath.title, async () => {
      await drivePath(pageLoaderMachine, [], modelPath, (expected) => {
        expect(expected.matches({ bar: 'active' })).toBe(expected.context.pending > 0);
      });
    });
  }
});
