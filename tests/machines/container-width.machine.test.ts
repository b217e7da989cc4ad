// The container width machine, driven headless with fake actors: examples that pin spec 4.3 and 9,
// then every generated model path (the ones docs/machines/containerWidth.md lists).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { containerWidthMachine, defaultLayoutOptions, selectContainerWidth } from '../../machines/shell/container-width.machine.ts';
import { containerWidthModel } from '../../machines/shell/container-width.model.ts';
import { modelPaths, uncoveredEdges } from '../../machines/testing/model-paths.ts';
import { drivePath, fakeActors, settled } from './model-driver.ts';

const actorNames = ['loadLayout', 'saveLayout'] as const;

async function start(saved: string | null | Error) {
  const fakes = fakeActors(actorNames);
  const actor = createActor(containerWidthMachine.provide({ actors: fakes.actors }), { input: {} });
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  fakes.settle('loadLayout', saved instanceof Error ? { error: saved } : { output: saved });
  await settled();
  return { actor, fakes, emitted, view: () => selectContainerWidth(actor.getSnapshot()) };
}

describe('container width machine', () => {
  it('is Full Width unless a choice was saved', async () => {
    expect((await start(null)).view().layout).toBe('full');
    expect((await start('unknown')).view().layout).toBe('full');
    expect((await start(new Error('SecurityError'))).view().layout).toBe('full');
    const saved = await start('fixed');
    expect(saved.view().layout).toBe('fixed');
    expect(saved.emitted).toEqual([{ type: 'layout.apply', layout: 'fixed' }]);
    expect(saved.fakes.calls.map((call) => call.name)).toEqual(['loadLayout']);
  });

  it('offers Boxed Layout, Full Width and Fluid by order', async () => {
    const fakes = fakeActors(actorNames);
    const actor = createActor(containerWidthMachine.provide({ actors: fakes.actors }), {
      input: { options: [...defaultLayoutOptions].reverse() },
    });
    expect(selectContainerWidth(actor.start().getSnapshot()).options.map((o) => [o.label, o.order])).toEqual([
      ['Boxed Layout', 0],
      ['Full Width', 1],
      ['Fluid', 2],
    ]);
  });

  it('applies and saves a choice; re-selecting the current width does nothing', async () => {
    const run = await start(null);
    run.actor.send({ type: 'layout.select', layout: 'full' });
    expect(run.emitted).toHaveLength(1);
    run.actor.send({ type: 'layout.select', layout: 'boxed' });
    expect(run.emitted.at(-1)).toEqual({ type: 'layout.apply', layout: 'boxed' });
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'saveLayout', input: { layout: 'boxed' } });
    run.fakes.settle('saveLayout', { error: new Error('QuotaExceededError') });
    await settled();
    expect(run.view()).toMatchObject({ layout: 'boxed', isLoading: false });
  });
});

describe('container width machine model paths', () => {
  const paths = modelPaths(containerWidthModel);

  it('cover every transition of the machine', () => {
    expect(uncoveredEdges(containerWidthMachine, paths)).toEqual([]);
  });

  for (const modelPath of paths) {
    it(modelPath.title, async () => {
      await drivePath(containerWidthMachine, actorNames, modelPath, (expected, { fakes, emitted }) => {
        if (expected.context.layout) expect(emitted.at(-1)).toEqual({ type: 'layout.apply', layout: expected.context.layout });
        if (expected.matches('saving'))
          expect(fakes.calls.at(-1)).toEqual({ name: 'saveLayout', input: { layout: expected.context.layout } });
      });
    });
  }
});
