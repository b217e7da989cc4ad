// The menu filter machine, driven headless on a SimulatedClock: examples that pin spec 2.3, then
// every generated model path (the ones docs/machines/menuFilter.md lists).
// Generated paths are checked step by step against the reference written from the spec
// (reference/menu-filter.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { filterMenu, type MenuFilterItem, menuFilterMachine, selectMenuFilter } from '../../machines/shell/menu-filter.machine.ts';
import { menuFilterModel, menuItems } from '../../machines/shell/menu-filter.model.ts';
import { delayOf } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { menuFilterReference, menuFilterRules } from './reference/menu-filter.reference.ts';

const debounce = delayOf(menuFilterMachine, 'xstate.after.filterDebounce');

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(menuFilterMachine, { input: { items: menuItems }, clock }).start();
  return { actor, clock, view: () => selectMenuFilter(actor.getSnapshot()) };
}

const ids = (items: readonly MenuFilterItem[]): unknown[] =>
  items.map((item) => (item.children ? { [item.id]: ids(item.children) } : item.id));

describe('menu filter', () => {
  it('matches a case-insensitive substring and expands the parents of matches', () => {
    const result = filterMenu(menuItems, 'USER');
    expect(ids(result.items)).toEqual([{ administration: [{ identity: ['users'] }] }]);
    expect(result.expandedIds.sort()).toEqual(['administration', 'identity']);
  });

  it('keeps the children of a matching group, and shows everything for a blank filter', () => {
    expect(ids(filterMenu(menuItems, 'identity').items)).toEqual([{ administration: [{ identity: ['users', 'roles'] }] }]);
    expect(filterMenu(menuItems, 'identity').expandedIds).toEqual(['administration']);
    expect(filterMenu(menuItems, '  ')).toEqual({ items: menuItems, expandedIds: [] });
    expect(filterMenu(menuItems, 'nothing like this')).toEqual({ items: [], expandedIds: [] });
  });

  it('applies the text after the debounce; typing again restarts the wait', () => {
    const run = start();
    run.actor.send({ type: 'filter.change', text: 'us' });
    expect(run.view()).toMatchObject({ text: 'us', isPending: true, expandedIds: [] });
    run.clock.increment(debounce - 1);
    run.actor.send({ type: 'filter.change', text: 'use' });
    run.clock.increment(debounce - 1);
    expect(run.view().items).toEqual(menuItems);
    run.clock.increment(1);
    expect(run.view()).toMatchObject({ isPending: false, canClear: true });
    expect(ids(run.view().items)).toEqual([{ administration: [{ identity: ['users'] }] }]);
  });

  it('clears at once, with the clear button or a blank text', () => {
    const run = start();
    run.actor.send({ type: 'filter.change', text: 'roles' });
    run.clock.increment(debounce);
    run.actor.send({ type: 'filter.clear' });
    expect(run.view()).toMatchObject({ text: '', canClear: false, items: menuItems, expandedIds: [] });
    run.actor.send({ type: 'filter.change', text: 'roles' });
    run.clock.increment(debounce);
    run.actor.send({ type: 'filter.change', text: '' });
    expect(run.actor.getSnapshot().value).toBe('idle');
    expect(run.view().items).toEqual(menuItems);
  });

  it('filters a replaced menu tree with the filter in force', () => {
    const run = start();
    run.actor.send({ type: 'filter.change', text: 'param' });
    run.clock.increment(debounce);
    run.actor.send({
      type: 'menu.itemsChanged',
      items: [
        { id: 'settings', text: 'Paramètres' },
        { id: 'home', text: 'Accueil' },
      ],
    });
    expect(ids(run.view().items)).toEqual(['settings']);
  });
});

describeReferencePaths('menu filter', {
  model: menuFilterModel,
  id: 'menuFilter',
  actorNames: [],
  select: (snapshot) => {
    const view = selectMenuFilter(snapshot as never);
    return { ...view, expandedIds: [...view.expandedIds].sort() };
  },
  reference: menuFilterReference,
  rules: menuFilterRules,
});
