// The side menu's 'Filter Menu' box (spec 2.3). Rules:
// - The filter matches item text as a case-insensitive substring (surrounding blanks ignored) over
//   the menu tree given as input (texts already translated; `menu.itemsChanged` replaces the tree
//   when the language or the permissions change).
// - A match keeps its ancestors (expanded, so the match is on screen) and its own children (a
//   matching group stays usable); everything else is hidden.
// - Typing applies after `filterDebounce` of quiet, so a fast typist does not re-filter the menu on
//   every key; until then the previous filter stays on screen. Clearing, or a blank text, shows the
//   whole menu at once: there is nothing to wait for.
import { assign, type SnapshotFrom, setup } from 'xstate';

export interface MenuFilterItem {
  id: string;
  text: string;
  children?: readonly MenuFilterItem[];
}

export interface MenuFilterInput {
  items: readonly MenuFilterItem[];
}

export interface MenuFilterContext {
  items: readonly MenuFilterItem[];
  /** What the box shows. */
  text: string;
  /** The filter in force (trimmed); '' shows the whole menu. */
  query: string;
}

export type MenuFilterEvent =
  | { type: 'filter.change'; text: string }
  | { type: 'filter.clear' }
  | { type: 'menu.itemsChanged'; items: readonly MenuFilterItem[] };

export interface FilteredMenu {
  items: MenuFilterItem[];
  /** Ids of the items with a matching descendant. */
  expandedIds: string[];
}

/** The visible tree and the expanded ids for a filter (pure, so views and tests share it). */
export function filterMenu(items: readonly MenuFilterItem[], query: string): FilteredMenu {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return { items: [...items], expandedIds: [] };
  const expandedIds: string[] = [];
  const visit = (list: readonly MenuFilterItem[]): MenuFilterItem[] =>
    list.flatMap((item) => {
      if (item.text.toLocaleLowerCase().includes(needle)) {
        // A match inside a matching group still expands it.
        if (item.children?.length && visit(item.children).length) expandedIds.push(item.id);
        return [item];
      }
      const children = visit(item.children ?? []);
      if (!children.length) return [];
      expandedIds.push(item.id);
      return [{ ...item, children }];
    });
  const visible = visit(items);
  return { items: visible, expandedIds };
}

export const menuFilterMachine = setup({
  types: {
    context: {} as MenuFilterContext,
    events: {} as MenuFilterEvent,
    input: {} as MenuFilterInput,
  },
  actions: {
    clearFilter: assign({ text: '', query: '' }),
  },
  guards: {
    hasText: (_, text: string) => text.trim() !== '',
  },
  delays: {
    // About one keystroke's pause: short enough to feel live.
    filterDebounce: 150,
  },
}).createMachine({
  id: 'menuFilter',
  context: ({ input }) => ({ items: input.items, text: '', query: '' }),
  on: {
    'menu.itemsChanged': { actions: assign({ items: ({ event }) => event.items }) },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'filter.change': [
          {
            guard: { type: 'hasText', params: ({ event }) => event.text },
            target: 'debouncing',
            actions: assign({ text: ({ event }) => event.text }),
          },
          // Blanks only: the box shows them, the menu stays whole.
          { actions: assign({ text: ({ event }) => event.text }) },
        ],
      },
    },
    debouncing: {
      after: { filterDebounce: { target: 'filtered', actions: assign({ query: ({ context }) => context.text.trim() }) } },
      on: {
        'filter.change': [
          {
            guard: { type: 'hasText', params: ({ event }) => event.text },
            // Another key: the quiet period starts again.
            target: 'debouncing',
            reenter: true,
            actions: assign({ text: ({ event }) => event.text }),
          },
          { target: 'idle', actions: assign({ text: ({ event }) => event.text, query: '' }) },
        ],
        'filter.clear': { target: 'idle', actions: 'clearFilter' },
      },
    },
    filtered: {
      on: {
        'filter.change': [
          {
            guard: { type: 'hasText', params: ({ event }) => event.text },
            target: 'debouncing',
            actions: assign({ text: ({ event }) => event.text }),
          },
          { target: 'idle', actions: assign({ text: ({ event }) => event.text, query: '' }) },
        ],
        'filter.clear': { target: 'idle', actions: 'clearFilter' },
      },
    },
  },
});

export type MenuFilterMachine = typeof menuFilterMachine;

/** The view model of the side menu: the box's text, the visible tree and the expanded ids. */
export function selectMenuFilter(snapshot: SnapshotFrom<MenuFilterMachine>) {
  const { text, query, items } = snapshot.context;
  return { text, canClear: text !== '', isPending: snapshot.matches('debouncing'), ...filterMenu(items, query) };
}
