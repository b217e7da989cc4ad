// Reference of idle sign-out, written from spec 4.6 (applies while the user is signed in and idle
// sign-out is enabled; the idle timer restarts on mouse move, key press or storage events, debounced
// 500 ms; after idleTimeoutMinutes the idle modal opens with a 60-second countdown that runs only
// while the page is visible; at 0 the user is logged out; 'Stay signed in' closes the modal and
// resets the countdown to 60; 'Sign out now' sets it to 0, which logs out) and spec 9 (countdown
// 60 s, debounce 500 ms, timeout options in minutes). The session's state and timeout arrive as
// `session.changed`; settled activity is announced so other tabs hear it. The countdown length is
// the input's (the model uses 2 to keep paths short). Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

export interface IdleSessionExpectedView {
  isWarningOpen: boolean;
  remaining: number;
  isPaused: boolean;
}

type Phase = 'inactive' | 'quiet' | 'settling' | 'counting' | 'paused' | 'loggingOut';

export const idleSessionRules: RuleBook = {
  source: 'spec 4.6 (idle session), 9 (countdown 60 s, activity debounce 500 ms)',
  rules: {
    start: { state: 'inactive', text: 'Signed in with idle sign-out on: activity is watched and the idle timer starts.' },
    settle: {
      state: 'watching',
      text: 'Activity holds the idle timer; 500 ms after the last of it, the timer starts over (and other tabs hear it).',
    },
    activity: { state: 'watching', text: 'Each activity restarts the 500 ms debounce.' },
    timeoutChanged: { state: 'watching', text: 'A new timeout starts the idle timer over with it.' },
    signedOut: { state: 'watching', text: 'Signed out, or idle sign-out turned off: nothing is watched, no timer runs.' },
    idle: {
      state: 'watching',
      text: 'After the timeout (minutes × 60,000 ms) without activity, the warning opens with the full countdown; page visibility is watched.',
    },
    tick: { state: 'warning', text: 'Each second while the page is visible, the countdown goes down by one.' },
    end: { state: 'warning', text: 'At 0 the user is logged out (once).' },
    hidden: { state: 'warning', text: 'A hidden page pauses the countdown.' },
    visible: { state: 'warning', text: 'Visible again, the countdown runs on from where it stood.' },
    stay: { state: 'warning', text: "'Stay signed in' closes the warning, resets the countdown and starts watching again." },
    signOutNow: { state: 'warning', text: "'Sign out now' sets the countdown to 0, which logs out." },
    signedOutDuringWarning: { state: 'warning', text: 'Signed out elsewhere: the warning closes, the countdown resets.' },
    loggedOut: { state: 'loggingOut', text: 'Once the session has ended, all is back to the start with a full countdown.' },
  },
};

export function idleSessionReference(rawInput: unknown): ReferenceRun<IdleSessionExpectedView> {
  const countdown = (rawInput as { countdownSeconds?: number } | undefined)?.countdownSeconds ?? 60;
  const recorder = new Recorder();
  let phase: Phase = 'inactive';
  let minutes = 60;
  let remaining = countdown;
  const watch = () => {
    phase = 'quiet';
    recorder.call('watchActivity', undefined);
  };
  const logOut = () => {
    phase = 'loggingOut';
    remaining = 0;
    recorder.emit({ type: 'idle.logout' });
  };
  const isWarning = () => phase === 'counting' || phase === 'paused';
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    duration: (delay) =>
      delay === 'idleTimeout' ? minutes * 60_000 : delay === 'activityDebounce' ? 500 : delay === 'countdownTick' ? 1_000 : undefined,
    view: () => ({ isWarningOpen: isWarning(), remaining, isPaused: phase === 'paused' }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { delay?: string; isActive?: boolean; timeoutMinutes?: number; isVisible?: boolean };
      const watching = phase === 'quiet' || phase === 'settling';
      if (e.type === 'session.changed') {
        if (phase === 'inactive' && e.isActive) {
          recorder.rule('start');
          minutes = e.timeoutMinutes ?? 60;
          watch();
        } else if (phase !== 'inactive' && !e.isActive) {
          recorder.rule(watching ? 'signedOut' : isWarning() ? 'signedOutDuringWarning' : 'loggedOut');
          phase = 'inactive';
          remaining = countdown;
        } else if (watching && e.timeoutMinutes !== minutes) {
          recorder.rule('timeoutChanged');
          minutes = e.timeoutMinutes ?? 60;
          watch();
        }
      } else if (watching && e.type === 'activity') {
        recorder.rule('activity');
        phase = 'settling';
      } else if (phase === 'settling' && e.type === 'after' && e.delay === 'activityDebounce') {
        recorder.rule('settle');
        phase = 'quiet';
        recorder.emit({ type: 'idle.activitySettled' });
      } else if (phase === 'quiet' && e.type === 'after' && e.delay === 'idleTimeout') {
        recorder.rule('idle');
        phase = 'counting';
        remaining = countdown;
        recorder.call('watchVisibility', undefined);
      } else if (phase === 'counting' && e.type === 'after' && e.delay === 'countdownTick') {
        if (remaining <= 1) {
          recorder.rule('end');
          logOut();
        } else {
          recorder.rule('tick');
          remaining -= 1;
        }
      } else if (phase === 'counting' && e.type === 'page.visibility' && e.isVisible === false) {
        recorder.rule('hidden');
        phase = 'paused';
      } else if (phase === 'paused' && e.type === 'page.visibility' && e.isVisible === true) {
        recorder.rule('visible');
        phase = 'counting';
      } else if (isWarning() && e.type === 'idle.stay') {
        recorder.rule('stay');
        remaining = countdown;
        watch();
      } else if (isWarning() && e.type === 'idle.signOut') {
        recorder.rule('signOutNow');
        logOut();
      }
    },
  };
}
