// The menu groups the user opened (spec 2.3), by id. Rules:
// - `menu.toggle` opens a closed group and closes an open one; closing the last open group leaves
//   the menu collapsed.
// - `menu.collapseAll` closes every group the user opened.
// - Only the user's own choices live here: a menu filter opens the parents of its matches on its own
//   (menuFilter), and the active page's trail is open by the view; the layout unites the three.
import { assign, type SnapshotFrom, setup } from 'xstate';

export interface MenuGroupsContext {
  /** Ids of the opened groups, in the order they were opened. */
  expanded: string[];
}

export type MenuGroupsEvent = { type: 'menu.toggle'; id: string } | { type: 'menu.collapseAll' };

export const menuGroupsMachine = setup({
  types: { context: {} as MenuGroupsContext, events: {} as MenuGroupsEvent },
  guards: {
    isLastOpenGroup: ({ context }, id: string) => context.expanded.length === 1 && context.expanded[0] === id,
  },
  actions: {
    toggleGroup: assign({
      expanded: ({ context }, id: string) =>
        context.expanded.includes(id) ? context.expanded.filter((open) => open !== id) : [...context.expanded, id],
    }),
    collapseAll: assign({ expanded: [] }),
  },
}).createMachine({
  id: 'menuGroups',
  context: { expanded: [] },
  initial: 'collapsed',
  states: {
    collapsed: {
      on: { 'menu.toggle': { target: 'expanded', actions: { type: 'toggleGroup', params: ({ event }) => event.id } } },
    },
    expanded: {
      on: {
        'menu.toggle': [
          {
            guard: { type: 'isLastOpenGroup', params: ({ event }) => event.id },
            target: 'collapsed',
            actions: 'collapseAll',
          },
          { actions: { type: 'toggleGroup', params: ({ event }) => event.id } },
        ],
        'menu.collapseAll': { target: 'collapsed', actions: 'collapseAll' },
      },
    },
  },
});

export type MenuGroupsMachine = typeof menuGroupsMachine;

/** The ids of the groups the user opened (the same array until it changes, so a selector can return it). */
export function selectMenuGroups(snapshot: SnapshotFrom<MenuGroupsMachine>): string[] {
  return snapshot.context.expanded;
}
