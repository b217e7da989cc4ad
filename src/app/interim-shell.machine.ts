// Interim shell state not covered by machines/shell/** yet: which menu groups the user opened and
// how many in-app navigations happened (the error page's Go back rule, spec 2.8, needs "was there a
// previous navigation"). Rules: pure XState, no browser access; to be replaced by a machine in
// machines/shell when one covers these (asked of the machines engineer).
import { assign, setup } from 'xstate';

export interface InterimShellContext {
  /** Menu groups the user opened (ids); a filter opens the parents of its matches on its own. */
  expanded: string[];
  navigations: number;
}

export type InterimShellEvent = { type: 'menu.toggle'; id: string } | { type: 'navigation.changed'; path: string };

export const interimShellMachine = setup({
  types: { context: {} as InterimShellContext, events: {} as InterimShellEvent },
}).createMachine({
  id: 'interimShell',
  context: { expanded: [], navigations: 0 },
  on: {
    'menu.toggle': {
      actions: assign({
        expanded: ({ context, event }) =>
          context.expanded.includes(event.id) ? context.expanded.filter((id) => id !== event.id) : [...context.expanded, event.id],
      }),
    },
    'navigation.changed': { actions: assign({ navigations: ({ context }) => context.navigations + 1 }) },
  },
});

export type InterimShellMachine = typeof interimShellMachine;
