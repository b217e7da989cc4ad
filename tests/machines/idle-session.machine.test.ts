// Idle sign-out (spec 4.6, 9): examples on the real machine and its real delays with a simulated
// clock, the browser actors and the session wiring against a fake window and the real auth
// machine, then every generated model path (the ones docs/machines/idleSession.md lists), checked
// step by step against the reference written from the spec (reference/idle-session.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, fromPromise, SimulatedClock } from 'xstate';
import { type AuthSession, authMachine } from '../../machines/session/auth.machine.ts';
import { idleSessionMachine, idleTimeoutMinutes, selectIdleSession } from '../../machines/session/idle-session.machine.ts';
import { idleSessionModel } from '../../machines/session/idle-session.model.ts';
import type { ApplicationConfiguration } from '../../src/api/application-configuration.ts';
import {
  connectIdleSession,
  idleActivityStorageKey,
  idleSessionActors,
  idleSessionState,
} from '../../src/views/session/idle-session-actors.ts';
import { shouldAnnounce } from '../../src/views/session/idle-session-view.ts';
import { settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { idleSessionReference, idleSessionRules } from './reference/idle-session.reference.ts';

const minute = 60_000;

/**
 * Lets time pass like a real clock: SimulatedClock.increment jumps to the end at once, so a timer
 * started by another timer (each countdown tick) would fire only once per call.
 */
function elapse(clock: SimulatedClock, ms: number): void {
  for (let done = 0; done < ms; done += 100) clock.increment(Math.min(100, ms - done));
}

function start(countdownSeconds?: number) {
  const clock = new SimulatedClock();
  const actor = createActor(idleSessionMachine, { input: { countdownSeconds }, clock });
  const emitted: EventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, clock, emitted, view: () => selectIdleSession(actor.getSnapshot()) };
}

describe('idle session', () => {
  it('does nothing until a signed-in session with idle sign-out enabled arrives', () => {
    const run = start();
    run.actor.send({ type: 'session.changed', isActive: false, timeoutMinutes: 1 });
    elapse(run.clock, 10 * minute);
    expect(run.actor.getSnapshot().value).toBe('inactive');
    expect(run.view().isWarningOpen).toBe(false);
  });

  it('opens the warning after the configured minutes, with 60 seconds to go', () => {
    const run = start();
    run.actor.send({ type: 'session.changed', isActive: true, timeoutMinutes: 3 });
    elapse(run.clock, 3 * minute - 1);
    expect(run.view().isWarningOpen).toBe(false);
    elapse(run.clock, 1);
    expect(run.view()).toEqual({ isWarningOpen: true, remaining: 60, isPaused: false });
  });

  it('restarts the idle timer 500 ms after activity settles, not on every move', () => {
    const run = start();
    run.actor.send({ type: 'session.changed', isActive: true, timeoutMinutes: 1 });
    elapse(run.clock, 50_000);
    run.actor.send({ type: 'activity' });
    elapse(run.clock, 400);
    run.actor.send({ type: 'activity' });
    elapse(run.clock, 499);
    expect(run.emitted).toEqual([]);
    elapse(run.clock, 1);
    // Settled at 50.9 s: the full minute starts over from here.
    expect(run.emitted).toEqual([{ type: 'idle.activitySettled' }]);
    elapse(run.clock, minute - 1);
    expect(run.view().isWarningOpen).toBe(false);
    elapse(run.clock, 1);
    expect(run.view().isWarningOpen).toBe(true);
  });

  it('ignores activity while the warning is open', () => {
    const run = start();
    run.actor.send({ type: 'session.changed', isActive: true, timeoutMinutes: 1 });
    elapse(run.clock, minute);
    run.actor.send({ type: 'activity' });
    elapse(run.clock, 1_000);
    expect(run.view()).toMatchObject({ isWarningOpen: true, remaining: 59 });
  });

  it('counts down only while the page is visible, then signs out once at 0', () => {
    const run = start();
    run.actor.send({ type: 'session.changed', isActive: true, timeoutMinutes: 1 });
    elapse(run.clock, minute);
    elapse(run.clock, 10_000);
    expect(run.view().remaining).toBe(50);
    run.actor.send({ type: 'page.visibility', isVisible: false });
    elapse(run.clock, 5 * minute);
    expect(run.view()).toEqual({ isWarningOpen: true, remaining: 50, isPaused: true });
    run.actor.send({ type: 'page.visibility', isVisible: true });
    elapse(run.clock, 49_000);
    expect(run.view().remaining).toBe(1);
    expect(run.emitted).toEqual([]);
    elapse(run.clock, 1_000);
    expect(run.view()).toEqual({ isWarningOpen: false, remaining: 0, isPaused: false });
    expect(run.emitted).toEqual([{ type: 'idle.logout' }]);
    elapse(run.clock, 10 * minute);
    expect(run.emitted).toEqual([{ type: 'idle.logout' }]);
    run.actor.send({ type: 'session.changed', isActive: false, timeoutMinutes: 1 });
    expect(run.actor.getSnapshot().value).toBe('inactive');
  });

  it("'Stay signed in' closes the warning, resets to 60 and watches again", () => {
    const run = start();
    run.actor.send({ type: 'session.changed', isActive: true, timeoutMinutes: 2 });
    elapse(run.clock, 2 * minute + 30_000);
    expect(run.view().remaining).toBe(30);
    run.actor.send({ type: 'idle.stay' });
    expect(run.view()).toEqual({ isWarningOpen: false, remaining: 60, isPaused: false });
    elapse(run.clock, 2 * minute);
    expect(run.view()).toMatchObject({ isWarningOpen: true, remaining: 60 });
    expect(run.emitted).toEqual([]);
  });

  it("'Sign out now' sets the countdown to 0 and signs out", () => {
    const run = start();
    run.actor.send({ type: 'session.changed', isActive: true, timeoutMinutes: 1 });
    elapse(run.clock, minute + 3_000);
    run.actor.send({ type: 'idle.signOut' });
    expect(run.view().remaining).toBe(0);
    expect(run.emitted).toEqual([{ type: 'idle.logout' }]);
  });

  it('starts the timer over when the timeout changes, and stops when the session ends', () => {
    const run = start();
    run.actor.send({ type: 'session.changed', isActive: true, timeoutMinutes: 1 });
    elapse(run.clock, 50_000);
    run.actor.send({ type: 'session.changed', isActive: true, timeoutMinutes: 2 });
    elapse(run.clock, 2 * minute - 1);
    expect(run.view().isWarningOpen).toBe(false);
    elapse(run.clock, 1);
    expect(run.view().isWarningOpen).toBe(true);
    run.actor.send({ type: 'session.changed', isActive: false, timeoutMinutes: 2 });
    expect(run.view().isWarningOpen).toBe(false);
    elapse(run.clock, 10 * minute);
    expect(run.emitted).toEqual([]);
  });

  it('reads the timeout as whole minutes of at least 1 (default 60)', () => {
    expect(idleTimeoutMinutes('180')).toBe(180);
    expect(idleTimeoutMinutes('1')).toBe(1);
    expect(idleTimeoutMinutes('0')).toBe(60);
    expect(idleTimeoutMinutes(null)).toBe(60);
    expect(idleTimeoutMinutes('abc')).toBe(60);
  });

  it('announces the countdown every 10 seconds and each of the last 5', () => {
    const announced = Array.from({ length: 60 }, (_, index) => 60 - index).filter((second) => shouldAnnounce(second));
    expect(announced).toEqual([60, 50, 40, 30, 20, 10, 5, 4, 3, 2, 1]);
  });
});

function fakeWindow(stored: Record<string, string> = {}) {
  const storage = new Map(Object.entries(stored));
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const win = Object.assign(new EventTarget(), {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    },
    document,
  });
  return { win: win as unknown as Window, storage, document };
}

function configuration(settings: Record<string, string>): ApplicationConfiguration {
  return {
    currentUser: { isAuthenticated: true, id: 'u1', userName: 'admin' },
    localization: { currentCulture: { cultureName: 'en', isRightToLeft: false } },
    setting: { values: settings },
  } as unknown as ApplicationConfiguration;
}

/** The real auth machine, signed in with the given settings; records its sign-outs. */
function signedInAuth(settings: Record<string, string>) {
  const signOuts: AuthSession[] = [];
  const auth = createActor(
    authMachine.provide({
      actors: {
        loadUser: fromPromise<AuthSession | null>(async () => ({ accessToken: 'token', idToken: null })),
        loadConfiguration: fromPromise<ApplicationConfiguration, { accessToken: string; culture: string }>(async () =>
          configuration(settings),
        ),
        signOut: fromPromise<void, { session: AuthSession; culture: string }>(async ({ input }) => {
          signOuts.push(input.session);
          await new Promise(() => {});
        }),
      },
    }),
    { input: { location: 'http://localhost/', culture: 'en' } },
  );
  auth.start();
  return { auth, signOuts };
}

describe('idle session wiring', () => {
  it('follows the setting, and the local flag over it', async () => {
    const { auth } = signedInAuth({ 'Abp.Account.Idle.Enabled': 'true', 'Abp.Account.Idle.IdleTimeoutMinutes': '180' });
    await settled();
    expect(auth.getSnapshot().value).toEqual({ signedIn: 'ready' });
    expect(idleSessionState(auth.getSnapshot(), null)).toEqual({ isActive: true, timeoutMinutes: 180 });
    expect(idleSessionState(auth.getSnapshot(), 'false')).toEqual({ isActive: false, timeoutMinutes: 180 });
    const off = signedInAuth({ 'Abp.Account.Idle.Enabled': 'False' });
    await settled();
    expect(idleSessionState(off.auth.getSnapshot(), null)).toEqual({ isActive: false, timeoutMinutes: 60 });
    expect(idleSessionState(off.auth.getSnapshot(), 'true')).toEqual({ isActive: true, timeoutMinutes: 60 });
  });

  it('signs the session out through the auth machine when the countdown ends, and shares activity', async () => {
    const fake = fakeWindow();
    const { auth, signOuts } = signedInAuth({ 'Abp.Account.Idle.Enabled': 'true', 'Abp.Account.Idle.IdleTimeoutMinutes': '1' });
    const clock = new SimulatedClock();
    const idle = createActor(idleSessionMachine.provide({ actors: idleSessionActors(fake.win) }), { input: {}, clock });
    const disconnect = connectIdleSession(auth, idle, fake.win);
    await settled();
    expect(idle.getSnapshot().value).toEqual({ watching: 'quiet' });
    // A mouse move here, a storage write in another tab: both are activity.
    fake.document.dispatchEvent(new Event('mousemove'));
    expect(idle.getSnapshot().value).toEqual({ watching: 'settling' });
    elapse(clock, 500);
    expect(fake.storage.get(idleActivityStorageKey)).toMatch(/^\d+$/);
    fake.win.dispatchEvent(new Event('storage'));
    expect(idle.getSnapshot().value).toEqual({ watching: 'settling' });
    elapse(clock, 500);
    elapse(clock, minute);
    expect(selectIdleSession(idle.getSnapshot()).isWarningOpen).toBe(true);
    // Hidden page: the countdown waits.
    fake.document.visibilityState = 'hidden';
    fake.document.dispatchEvent(new Event('visibilitychange'));
    elapse(clock, 120_000);
    expect(selectIdleSession(idle.getSnapshot())).toMatchObject({ remaining: 60, isPaused: true });
    fake.document.visibilityState = 'visible';
    fake.document.dispatchEvent(new Event('visibilitychange'));
    elapse(clock, 60_000);
    await settled();
    expect(signOuts).toEqual([{ accessToken: 'token', idToken: null }]);
    expect(auth.getSnapshot().value).toBe('signingOut');
    expect(idle.getSnapshot().value).toBe('inactive');
    disconnect();
    idle.stop();
    auth.stop();
  });
});

describeReferencePaths('idle session', {
  model: idleSessionModel,
  id: 'idleSession',
  actorNames: ['watchActivity', 'watchVisibility'],
  select: (snapshot) => selectIdleSession(snapshot as never),
  reference: idleSessionReference,
  rules: idleSessionRules,
});
