// The menu layout machine, driven headless with fake actors: examples of the saved choice and its
// fallbacks, then every generated model path (the ones docs/machines/menuLayout.md lists).
// Generated paths are checked step by step against the reference written from the spec
// (reference/menu-layout.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { menuLayoutMachine, selectMenuLayout } from '../../machines/shell/menu-layout.machine.ts';
import { menuLayoutModel } from '../../machines/shell/menu-layout.model.ts';
import { fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { menuLayoutReference, menuLayoutRules } from './reference/menu-layout.reference.ts';

const actorNames = ['loadMenuLayout', 'saveMenuLayout'] as const;

async function start(saved: string | null | Error, defaultLayout?: 'side-menu' | 'top-menu') {
  const fakes = fakeActors(actorNames);
  const actor = createActor(menuLayoutMachine.provide({ actors: fakes.actors }), { input: { defaultLayout } });
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  fakes.settle('loadMenuLayout', saved instanceof Error ? { error: saved } : { output: saved });
  await settled();
  return { actor, fakes, emitted, view: () => selectMenuLayout(actor.getSnapshot()) };
}

describe('menu layout machine', () => {
  it('is the configured layout (Side menu) unless a choice was saved', async () => {
    expect((await start(null)).view().layout).toBe('side-menu');
    expect((await start('unknown')).view().layout).toBe('side-menu');
    expect((await start(new Error('SecurityError'))).view().layout).toBe('side-menu');
    expect((await start(null, 'top-menu')).view().layout).toBe('top-menu');
    const saved = await start('top-menu');
    expect(saved.view()).toEqual({ layout: 'top-menu', isTopMenu: true, isLoading: false });
    expect(saved.emitted).toEqual([{ type: 'menuLayout.apply', layout: 'top-menu' }]);
    expect(saved.fakes.calls.map((call) => call.name)).toEqual(['loadMenuLayout']);
  });

  it('applies and saves a choice; re-selecting the current layout does nothing', async () => {
    const run = await start(null);
    run.actor.send({ type: 'menuLayout.select', layout: 'side-menu' });
    expect(run.emitted).toHaveLength(1);
    run.actor.send({ type: 'menuLayout.select', layout: 'top-menu' });
    expect(run.emitted.at(-1)).toEqual({ type: 'menuLayout.apply', layout: 'top-menu' });
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'saveMenuLayout', input: { layout: 'top-menu' } });
    run.fakes.settle('saveMenuLayout', { error: new Error('QuotaExceededError') });
    await settled();
    expect(run.view()).toMatchObject({ layout: 'top-menu', isLoading: false });
  });
});

describeReferencePaths('menu layout', {
  model: menuLayoutModel,
  id: 'menuLayout',
  actorNames: actorNames,
  select: (snapshot) => selectMenuLayout(snapshot as never),
  reference: menuLayoutReference,
  rules: menuLayoutRules,
});
