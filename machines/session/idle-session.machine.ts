// Idle sign-out (spec 4.6, 9). Rules:
// - It applies only while the user is signed in and idle sign-out is enabled; `session.changed`
//   (from the auth machine's snapshots, src/views/session/idle-session-actors.ts) says both, and the
//   timeout in minutes (Abp.Account.Idle.IdleTimeoutMinutes, at least 1). Anything else: inactive.
// - While watching, `watchActivity` reports mouse moves, key presses and storage events
//   (`activity`). Activity is debounced (`activityDebounce`, 500 ms): while it keeps coming the user
//   is evidently there and no idle timer runs; when it settles the idle timer starts over. A change
//   of the timeout starts it over too.
// - After `idleTimeout` without settled activity the warning opens with a countdown of
//   `countdownSeconds` (60, spec 9; the input exists so model paths stay short). Activity no longer
//   counts: the user answers the dialog.
// - The countdown ticks (`countdownTick`, 1 s) only while the page is visible (`watchVisibility`
//   reports `page.visibility` at start and on every change).
// - At 0 → loggingOut: the machine emits `idle.logout` once (the wiring sends the auth machine its
//   sign-out) and waits for the session to end. 'Sign out now' (`idle.signOut`) sets 0 at once;
//   'Stay signed in' (`idle.stay`) closes the warning, resets the countdown and starts watching again.
// - Settled activity is emitted as `idle.activitySettled`, so the wiring can tell the app's other
//   tabs (a storage write, which they hear as a storage event) that the user is still there.
import { assign, emit, fromCallback, type SnapshotFrom, setup } from 'xstate';

/** Spec 9: the warning's countdown. */
export const countdownSecondsDefault = 60;

export interface IdleSessionInput {
  /** Seconds the warning counts down from; the product always uses 60. */
  countdownSeconds?: number;
}

export interface IdleSessionContext {
  countdownSeconds: number;
  timeoutMinutes: number;
  /** Seconds left while the warning is open. */
  remaining: number;
}

export type IdleSessionEvent =
  | { type: 'session.changed'; isActive: boolean; timeoutMinutes: number }
  | { type: 'activity' }
  | { type: 'page.visibility'; isVisible: boolean }
  | { type: 'idle.stay' }
  | { type: 'idle.signOut' };

export type IdleSessionEmitted = { type: 'idle.logout' } | { type: 'idle.activitySettled' };

/** The timeout the settings give, as whole minutes of at least 1 (spec 5: custom minimum 1). */
export function idleTimeoutMinutes(value: unknown): number {
  const minutes = Math.floor(Number(value));
  return Number.isFinite(minutes) && minutes >= 1 ? minutes : 60;
}

export const idleSessionMachine = setup({
  types: {
    context: {} as IdleSessionContext,
    events: {} as IdleSessionEvent,
    input: {} as IdleSessionInput,
    emitted: {} as IdleSessionEmitted,
  },
  actors: {
    watchActivity: fromCallback<IdleSessionEvent>(() => {}),
    watchVisibility: fromCallback<IdleSessionEvent>(() => {}),
  },
  actions: {
    takeSession: assign({ timeoutMinutes: (_, minutes: number) => minutes }),
    resetCountdown: assign({ remaining: ({ context }) => context.countdownSeconds }),
    countDown: assign({ remaining: ({ context }) => context.remaining - 1 }),
    clearCountdown: assign({ remaining: 0 }),
  },
  guards: {
    isSessionActive: (_, isActive: boolean) => isActive,
    isSessionOver: (_, isActive: boolean) => !isActive,
    isPageHidden: (_, isVisible: boolean) => !isVisible,
    isPageVisible: (_, isVisible: boolean) => isVisible,
    isTimeoutChanged: ({ context }, minutes: number) => context.timeoutMinutes !== minutes,
    isLastSecond: ({ context }) => context.remaining <= 1,
  },
  delays: {
    idleTimeout: ({ context }) => context.timeoutMinutes * 60_000,
    activityDebounce: 500,
    countdownTick: 1_000,
  },
}).createMachine({
  id: 'idleSession',
  context: ({ input }) => {
    const countdownSeconds = input.countdownSeconds ?? countdownSecondsDefault;
    return { countdownSeconds, timeoutMinutes: 60, remaining: countdownSeconds };
  },
  initial: 'inactive',
  states: {
    inactive: {
      on: {
        'session.changed': {
          guard: { type: 'isSessionActive', params: ({ event }) => event.isActive },
          target: 'watching',
          actions: { type: 'takeSession', params: ({ event }) => event.timeoutMinutes },
        },
      },
    },
    watching: {
      invoke: { id: 'watchActivity', src: 'watchActivity' },
      on: {
        'session.changed': [
          { guard: { type: 'isSessionOver', params: ({ event }) => event.isActive }, target: 'inactive' },
          {
            guard: { type: 'isTimeoutChanged', params: ({ event }) => event.timeoutMinutes },
            target: 'watching',
            reenter: true,
            actions: { type: 'takeSession', params: ({ event }) => event.timeoutMinutes },
          },
        ],
      },
      initial: 'quiet',
      states: {
        // Entering `quiet` (again) starts the idle timer over.
        quiet: {
          after: { idleTimeout: '#idleSession.warning' },
          on: { activity: 'settling' },
        },
        // Activity is coming in: the user is there, so no timer runs until it settles.
        settling: {
          on: { activity: { target: 'settling', reenter: true } },
          after: { activityDebounce: { target: 'quiet', actions: emit({ type: 'idle.activitySettled' }) } },
        },
      },
    },
    warning: {
      // Leaving the warning any way but the countdown's end leaves a full countdown for next time.
      entry: 'resetCountdown',
      exit: 'resetCountdown',
      invoke: { id: 'watchVisibility', src: 'watchVisibility' },
      on: {
        'session.changed': { guard: { type: 'isSessionOver', params: ({ event }) => event.isActive }, target: 'inactive' },
        'idle.stay': 'watching',
        'idle.signOut': { target: 'loggingOut', actions: 'clearCountdown' },
      },
      initial: 'counting',
      states: {
        counting: {
          on: { 'page.visibility': { guard: { type: 'isPageHidden', params: ({ event }) => event.isVisible }, target: 'paused' } },
          after: {
            countdownTick: [
              { guard: 'isLastSecond', target: '#idleSession.loggingOut', actions: 'clearCountdown' },
              { target: 'counting', reenter: true, actions: 'countDown' },
            ],
          },
        },
        paused: {
          on: { 'page.visibility': { guard: { type: 'isPageVisible', params: ({ event }) => event.isVisible }, target: 'counting' } },
        },
      },
    },
    loggingOut: {
      entry: emit({ type: 'idle.logout' }),
      on: {
        'session.changed': {
          guard: { type: 'isSessionOver', params: ({ event }) => event.isActive },
          target: 'inactive',
          actions: 'resetCountdown',
        },
      },
    },
  },
});

export type IdleSessionMachine = typeof idleSessionMachine;

export interface IdleSessionView {
  isWarningOpen: boolean;
  remaining: number;
  isPaused: boolean;
}

/** The warning dialog's view model. */
export function selectIdleSession(snapshot: SnapshotFrom<IdleSessionMachine>): IdleSessionView {
  return {
    isWarningOpen: snapshot.matches('warning'),
    remaining: snapshot.context.remaining,
    isPaused: snapshot.matches({ warning: 'paused' }),
  };
}
