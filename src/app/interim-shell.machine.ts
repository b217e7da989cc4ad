// Interim shell state not covered by machines/shell/** yet: which menu groups the user opened, how
// many in-app navigations happened (the error page's Go back rule, spec 2.8, needs "was there a
// previous navigation"), and the one open 'Are you sure?' confirmation (spec 8). Rules: pure XState,
// no browser access; one confirmation at a time (a second request while one is open is answered
// 'no' at once, so no caller waits forever); to be replaced by machines in machines/ when they cover
// these (asked of the machines engineer).
import { assign, emit, setup } from 'xstate';

export interface ConfirmRequest {
  id: string;
  message: string;
}

export interface InterimShellContext {
  /** Menu groups the user opened (ids); a filter opens the parents of its matches on its own. */
  expanded: string[];
  navigations: number;
  confirm: ConfirmRequest | null;
}

export type InterimShellEvent =
  | { type: 'menu.toggle'; id: string }
  | { type: 'navigation.changed'; path: string }
  | ({ type: 'confirm.request' } & ConfirmRequest)
  | { type: 'confirm.answer'; yes: boolean };

export type InterimShellEmitted = { type: 'confirm.answered'; id: string; yes: boolean };

export const interimShellMachine = setup({
  types: { context: {} as InterimShellContext, events: {} as InterimShellEvent, emitted: {} as InterimShellEmitted },
}).createMachine({
  id: 'interimShell',
  context: { expanded: [], navigations: 0, confirm: null },
  on: {
    'confirm.request': [
      {
        guard: ({ context }) => context.confirm !== null,
        actions: emit(({ event }) => ({ type: 'confirm.answered', id: event.id, yes: false }) as const),
      },
      { actions: assign({ confirm: ({ event }) => ({ id: event.id, message: event.message }) }) },
    ],
    'confirm.answer': {
      guard: ({ context }) => context.confirm !== null,
      actions: [
        emit(({ context, event }) => ({ type: 'confirm.answered', id: context.confirm?.id ?? '', yes: event.yes }) as const),
        assign({ confirm: null }),
      ],
    },
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
