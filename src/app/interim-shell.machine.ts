// Interim shell state, until the shell machines of machines/shell/** land (they replace one region
// at a time; the views do not change because they read view models, see shell-view.ts). Rules:
// - Pure XState: no storage, cookies, window or timers here; effects.ts applies what is emitted.
// - panel: which overlay is open (settings, user menu, mobile menu); opening one closes the other,
//   choosing the open one again closes it (spec 2.3 mobile navbar); navigating closes all.
// - filter: the Filter Menu text. consent: shown unless the consent cookie was found at start.
// - network: online/offline as the browser reports it. width: Boxed/Full/Fluid, saved under LPX_LAYOUT.
// - navigations: how many in-app navigations happened (the error page's Go back rule, spec 2.8).
import { assign, emit, setup } from 'xstate';

export type Panel = 'none' | 'menu' | 'settings' | 'profile';
export type ContainerWidth = 'boxed' | 'full' | 'fixed';

export interface InterimShellInput {
  consented: boolean;
  savedWidth: string | null;
  online: boolean;
}

export interface InterimShellContext {
  panel: Panel;
  filter: string;
  consented: boolean;
  online: boolean;
  width: ContainerWidth;
  navigations: number;
  /** Menu groups the user opened (ids); a filter opens the parents of its matches on its own. */
  expanded: string[];
}

export type InterimShellEvent =
  | { type: 'panel.toggle'; panel: Exclude<Panel, 'none'> }
  | { type: 'panel.open'; panel: Exclude<Panel, 'none'> }
  | { type: 'panel.close' }
  | { type: 'filter.change'; text: string }
  | { type: 'filter.clear' }
  | { type: 'consent.accept' }
  | { type: 'network.changed'; online: boolean }
  | { type: 'width.select'; width: ContainerWidth }
  | { type: 'navigation.changed'; path: string }
  | { type: 'menu.toggle'; id: string }
  | { type: 'language.select'; culture: string; current: string };

export type InterimShellEmitted =
  | { type: 'consent.save' }
  | { type: 'width.save'; width: ContainerWidth }
  | { type: 'content.scrollTop' }
  | { type: 'language.save'; culture: string };

const widths: readonly ContainerWidth[] = ['boxed', 'full', 'fixed'];

export const interimShellMachine = setup({
  types: {
    context: {} as InterimShellContext,
    events: {} as InterimShellEvent,
    input: {} as InterimShellInput,
    emitted: {} as InterimShellEmitted,
  },
}).createMachine({
  id: 'interimShell',
  context: ({ input }) => ({
    panel: 'none',
    filter: '',
    consented: input.consented,
    online: input.online,
    // Full Width is the default unless a valid choice was saved (spec 4.3).
    width: widths.find((width) => width === input.savedWidth) ?? 'full',
    navigations: 0,
    expanded: [],
  }),
  on: {
    'panel.toggle': { actions: assign({ panel: ({ context, event }) => (context.panel === event.panel ? 'none' : event.panel) }) },
    'panel.open': { actions: assign({ panel: ({ event }) => event.panel }) },
    'panel.close': { actions: assign({ panel: 'none' }) },
    'filter.change': { actions: assign({ filter: ({ event }) => event.text }) },
    'filter.clear': { actions: assign({ filter: '' }) },
    'consent.accept': {
      guard: ({ context }) => !context.consented,
      actions: [assign({ consented: true }), emit({ type: 'consent.save' })],
    },
    'network.changed': { actions: assign({ online: ({ event }) => event.online }) },
    'width.select': {
      guard: ({ context, event }) => context.width !== event.width,
      actions: [assign({ width: ({ event }) => event.width }), emit(({ event }) => ({ type: 'width.save', width: event.width }) as const)],
    },
    // A new language reloads the texts and the configuration for it (effects save it and reload).
    'language.select': {
      guard: ({ event }) => event.culture !== event.current,
      actions: emit(({ event }) => ({ type: 'language.save', culture: event.culture }) as const),
    },
    'menu.toggle': {
      actions: assign({
        expanded: ({ context, event }) =>
          context.expanded.includes(event.id) ? context.expanded.filter((id) => id !== event.id) : [...context.expanded, event.id],
      }),
    },
    'navigation.changed': {
      actions: [assign({ navigations: ({ context }) => context.navigations + 1, panel: 'none' }), emit({ type: 'content.scrollTop' })],
    },
  },
});

export type InterimShellMachine = typeof interimShellMachine;
