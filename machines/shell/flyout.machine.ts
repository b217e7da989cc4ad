// A flyout of the toolbar: the settings panel (gear icon) and the user menu (spec 2.3), one actor
// each. Rules:
// - The trigger is configuration: 'click' in the side-menu layout, 'hover' in the top-menu layout.
//   A layout change reconfigures it (`flyout.configure`), which also closes the flyout.
// - A click (or Enter/Space on the trigger, which browsers report as a click) toggles it in both
//   layouts: keyboard and touch users cannot hover.
// - Hover opens on pointer enter; pointer leave closes only after `hoverCloseDelay`, so moving the
//   pointer from the trigger into the panel across a small gap does not close it. Re-entering in
//   that time keeps it open.
// - `flyout.close` (Escape, a click outside, an entry chosen, a navigation) closes it at once.
import { assign, type SnapshotFrom, setup } from 'xstate';

export type FlyoutTrigger = 'click' | 'hover';

export interface FlyoutInput {
  trigger: FlyoutTrigger;
}

export type FlyoutEvent =
  | { type: 'flyout.toggle' }
  | { type: 'flyout.close' }
  | { type: 'flyout.pointerEnter' }
  | { type: 'flyout.pointerLeave' }
  | { type: 'flyout.configure'; trigger: FlyoutTrigger };

export const flyoutMachine = setup({
  types: {
    context: {} as FlyoutInput,
    events: {} as FlyoutEvent,
    input: {} as FlyoutInput,
  },
  guards: {
    isHoverTrigger: ({ context }) => context.trigger === 'hover',
  },
  delays: {
    // Enough to cross from the trigger to the panel; short enough to feel like "closes on leave".
    hoverCloseDelay: 300,
  },
}).createMachine({
  id: 'flyout',
  context: ({ input }) => ({ trigger: input.trigger }),
  initial: 'closed',
  on: {
    'flyout.configure': { target: '.closed', actions: assign({ trigger: ({ event }) => event.trigger }) },
  },
  states: {
    closed: {
      on: {
        'flyout.toggle': 'open',
        'flyout.pointerEnter': { guard: 'isHoverTrigger', target: 'open' },
      },
    },
    open: {
      on: {
        'flyout.toggle': 'closed',
        'flyout.close': 'closed',
        'flyout.pointerLeave': { guard: 'isHoverTrigger', target: 'closing' },
      },
    },
    closing: {
      after: { hoverCloseDelay: 'closed' },
      on: {
        'flyout.pointerEnter': 'open',
        'flyout.toggle': 'closed',
        'flyout.close': 'closed',
      },
    },
  },
});

export type FlyoutMachine = typeof flyoutMachine;

/** The view model: whether the flyout shows (still showing while the close delay runs). */
export function selectFlyout(snapshot: SnapshotFrom<FlyoutMachine>) {
  return { isOpen: !snapshot.matches('closed') };
}
