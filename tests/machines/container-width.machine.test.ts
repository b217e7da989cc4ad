// The container width machine, driven headless with fake actors: examples that pin spec 4.3 and 9,
// then every generated model path (the ones docs/machines/containerWidth.md lists).
// Generated paths are checked step by step against the reference written from the spec
// (reference/container-width.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { containerWidthMachine, defaultLayoutOptions, selectContainerWidth } from '../../machines/shell/container-width.machine.ts';
import { containerWidthModel } from '../../machines/shell/container-width.model.ts';
import { fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { containerWidthReference, containerWidthRules } from './reference/container-width.reference.ts';

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

describeReferencePaths('container width', {
  model: containerWidthModel,
  id: 'containerWidth',
  actorNames: actorNames,
  select: (snapshot) => selectContainerWidth(snapshot as never),
  reference: containerWidthReference,
  rules: containerWidthRules,
});
