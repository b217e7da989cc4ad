// Menu layout of the shell (spec 2.3 settings panel): the side menu or the top menu, a user
// choice. Rules (the container width pattern):
// - On start the saved choice (LPX_MENU_LAYOUT, read by `loadMenuLayout`) is applied; failing that
//   (none, unknown, unreadable) the configured default (input), Side menu unless configured.
// - Re-selecting the current layout (or one not offered) is not a transition: no effect, no save.
// - A choice is applied at once (emitted `menuLayout.apply`) and then saved by `saveMenuLayout`; a
//   failed save keeps the choice for this visit, and a newer choice restarts the save.
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';

export type MenuLayout = 'side-menu' | 'top-menu';

export const menuLayouts: readonly MenuLayout[] = ['side-menu', 'top-menu'];

export interface MenuLayoutInput {
  /** The configured layout, used when nothing valid was saved. */
  defaultLayout?: MenuLayout;
}

export interface MenuLayoutContext {
  defaultLayout: MenuLayout;
  /** The applied layout; null until the saved choice has been read. */
  layout: MenuLayout | null;
}

export type MenuLayoutEvent = { type: 'menuLayout.select'; layout: MenuLayout };

export type MenuLayoutEmitted = { type: 'menuLayout.apply'; layout: MenuLayout };

function isMenuLayout(value: string | null): value is MenuLayout {
  return menuLayouts.includes(value as MenuLayout);
}

const notProvided = (name: string) => () => Promise.reject(new Error(`actor ${name} is not provided`));

export const menuLayoutMachine = setup({
  types: {
    context: {} as MenuLayoutContext,
    events: {} as MenuLayoutEvent,
    input: {} as MenuLayoutInput,
    emitted: {} as MenuLayoutEmitted,
  },
  actors: {
    loadMenuLayout: fromPromise<string | null>(notProvided('loadMenuLayout')),
    saveMenuLayout: fromPromise<void, { layout: MenuLayout }>(notProvided('saveMenuLayout')),
  },
  guards: {
    isOtherLayout: ({ context }, layout: MenuLayout) => layout !== context.layout && menuLayouts.includes(layout),
  },
  actions: {
    applyLayout: emit(({ context }) => ({ type: 'menuLayout.apply', layout: context.layout as MenuLayout }) as const),
  },
}).createMachine({
  id: 'menuLayout',
  context: ({ input }) => ({ defaultLayout: input.defaultLayout ?? 'side-menu', layout: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMenuLayout',
        src: 'loadMenuLayout',
        onDone: {
          target: 'ready',
          actions: [
            assign({ layout: ({ context, event }) => (isMenuLayout(event.output) ? event.output : context.defaultLayout) }),
            'applyLayout',
          ],
        },
        // Unreadable storage is no saved choice.
        onError: { target: 'ready', actions: [assign({ layout: ({ context }) => context.defaultLayout }), 'applyLayout'] },
      },
    },
    ready: {
      on: {
        'menuLayout.select': {
          guard: { type: 'isOtherLayout', params: ({ event }) => event.layout },
          target: 'saving',
          actions: [assign({ layout: ({ event }) => event.layout }), 'applyLayout'],
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveMenuLayout',
        src: 'saveMenuLayout',
        input: ({ context }) => ({ layout: context.layout as MenuLayout }),
        onDone: { target: 'ready' },
        onError: { target: 'ready' },
      },
      on: {
        'menuLayout.select': {
          guard: { type: 'isOtherLayout', params: ({ event }) => event.layout },
          target: 'saving',
          reenter: true,
          actions: [assign({ layout: ({ event }) => event.layout }), 'applyLayout'],
        },
      },
    },
  },
});

export type MenuLayoutMachine = typeof menuLayoutMachine;

/** The view model of the settings panel's Menu layout group and of the layout itself. */
export function selectMenuLayout(snapshot: SnapshotFrom<MenuLayoutMachine>) {
  const layout = snapshot.context.layout ?? snapshot.context.defaultLayout;
  return { layout, isTopMenu: layout === 'top-menu', isLoading: snapshot.matches('loading') };
}
