// Container width of the shell (spec 2.3 settings panel, 3 Appearance, 4.3, 9): Boxed Layout,
// Full Width or Fluid. Rules:
// - On start the saved choice (LPX_LAYOUT, read by `loadLayout`) is applied; failing that (none,
//   unknown, unreadable) the option marked default, Full Width as configured in spec 9.
// - Re-selecting the current width (or one not offered) is not a transition: no effect, no save.
// - A choice is applied at once (emitted `layout.apply`) and then saved by `saveLayout`; a failed
//   save keeps the choice for this visit, and a newer choice restarts the save.
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';

export type LayoutClass = 'boxed' | 'full' | 'fixed';

/** A layout container as the configuration describes it (spec 3 Appearance). */
export interface LayoutOption {
  layoutClass: LayoutClass;
  label: string;
  icon?: string;
  order: number;
  default?: boolean;
}

/** Spec 9: boxed (order 0), full (order 1, default), fixed ('Fluid', order 2). */
export const defaultLayoutOptions: readonly LayoutOption[] = [
  { layoutClass: 'boxed', label: 'Boxed Layout', icon: 'square', order: 0 },
  { layoutClass: 'full', label: 'Full Width', icon: 'maximize', order: 1, default: true },
  { layoutClass: 'fixed', label: 'Fluid', icon: 'columns', order: 2 },
];

export interface ContainerWidthInput {
  options?: readonly LayoutOption[];
}

export interface ContainerWidthContext {
  options: LayoutOption[];
  /** The applied width; null until the saved choice has been read. */
  layout: LayoutClass | null;
}

export type ContainerWidthEvent = { type: 'layout.select'; layout: LayoutClass };

export type ContainerWidthEmitted = { type: 'layout.apply'; layout: LayoutClass };

function initialLayout(options: LayoutOption[], saved: string | null): LayoutClass | null {
  return (
    options.find((option) => option.layoutClass === saved)?.layoutClass ??
    options.find((option) => option.default)?.layoutClass ??
    options.find((option) => option.layoutClass === 'full')?.layoutClass ??
    options[0]?.layoutClass ??
    null
  );
}

const notProvided = (name: string) => () => Promise.reject(new Error(`actor ${name} is not provided`));

export const containerWidthMachine = setup({
  types: {
    context: {} as ContainerWidthContext,
    events: {} as ContainerWidthEvent,
    input: {} as ContainerWidthInput,
    emitted: {} as ContainerWidthEmitted,
  },
  actors: {
    loadLayout: fromPromise<string | null>(notProvided('loadLayout')),
    saveLayout: fromPromise<void, { layout: LayoutClass }>(notProvided('saveLayout')),
  },
  guards: {
    isOtherOfferedLayout: ({ context }, layout: LayoutClass) =>
      layout !== context.layout && context.options.some((option) => option.layoutClass === layout),
  },
  actions: {
    applyLayout: emit(({ context }) => ({ type: 'layout.apply', layout: context.layout as LayoutClass }) as const),
  },
}).createMachine({
  id: 'containerWidth',
  context: ({ input }) => ({ options: [...(input.options ?? defaultLayoutOptions)].sort((a, b) => a.order - b.order), layout: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadLayout',
        src: 'loadLayout',
        onDone: {
          target: 'ready',
          actions: [assign({ layout: ({ context, event }) => initialLayout(context.options, event.output) }), 'applyLayout'],
        },
        // Unreadable storage is no saved choice.
        onError: { target: 'ready', actions: [assign({ layout: ({ context }) => initialLayout(context.options, null) }), 'applyLayout'] },
      },
    },
    ready: {
      on: {
        'layout.select': {
          guard: { type: 'isOtherOfferedLayout', params: ({ event }) => event.layout },
          target: 'saving',
          actions: [assign({ layout: ({ event }) => event.layout }), 'applyLayout'],
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveLayout',
        src: 'saveLayout',
        input: ({ context }) => ({ layout: context.layout as LayoutClass }),
        onDone: { target: 'ready' },
        onError: { target: 'ready' },
      },
      on: {
        'layout.select': {
          guard: { type: 'isOtherOfferedLayout', params: ({ event }) => event.layout },
          target: 'saving',
          reenter: true,
          actions: [assign({ layout: ({ event }) => event.layout }), 'applyLayout'],
        },
      },
    },
  },
});

export type ContainerWidthMachine = typeof containerWidthMachine;

/** The view model of the settings panel's Container Width group. */
export function selectContainerWidth(snapshot: SnapshotFrom<ContainerWidthMachine>) {
  return { layout: snapshot.context.layout, options: snapshot.context.options, isLoading: snapshot.matches('loading') };
}
