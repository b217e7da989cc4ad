// Idle sign-out's real effects and its wiring to the session (spec 4.6). Rules:
// - Plain browser APIs on a window handed in (tests give a fake one): mouse moves and key presses on
//   the document and storage events on the window are activity; visibility is reported at start and
//   on every change. No timers here: the machine owns time.
// - The session feeds the machine: signed in (the auth machine's `signedIn`, also while it renews the
//   token or re-reads the configuration) and enabled (the local
//   flag `isIdleSessionEnabled` when set, else the setting Abp.Account.Idle.Enabled = 'true'), with the
//   timeout from Abp.Account.Idle.IdleTimeoutMinutes. Only changes are sent.
// - The machine's `idle.logout` becomes the auth machine's `auth.signOut`; settled activity is written
//   to storage, so the app's other tabs hear a storage event and stay signed in too.
import { type ActorRefFrom, createActor, fromCallback, type SnapshotFrom } from 'xstate';
import type { AuthMachine } from '../../../machines/session/auth.machine.ts';
import {
  type IdleSessionEvent,
  type IdleSessionMachine,
  idleSessionMachine,
  idleTimeoutMinutes,
} from '../../../machines/session/idle-session.machine.ts';

/** The local flag that, when set ('true' or 'false'), overrides the Abp.Account.Idle.Enabled setting. */
export const idleEnabledStorageKey = 'isIdleSessionEnabled';
/** Written when activity settles; other tabs hear it as a storage event. */
export const idleActivityStorageKey = 'idleSession.lastActivity';

export const idleEnabledSetting = 'Abp.Account.Idle.Enabled';
export const idleTimeoutSetting = 'Abp.Account.Idle.IdleTimeoutMinutes';

function readStorage(win: Window, key: string): string | null {
  try {
    return win.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** What the idle machine needs to know of the session (pure, so tests pin the rules). */
export function idleSessionState(
  snapshot: SnapshotFrom<AuthMachine>,
  localFlag: string | null,
): { isActive: boolean; timeoutMinutes: number } {
  // The configuration the app loads is the whole ABP DTO; the typed part omits the settings.
  const configuration = snapshot.context.configuration as { setting?: { values?: Record<string, string | null> } } | null;
  const values = configuration?.setting?.values ?? {};
  const enabled =
    localFlag === 'true' || localFlag === 'false' ? localFlag === 'true' : values[idleEnabledSetting]?.toLowerCase() === 'true';
  // Renewing the token or re-reading the configuration keeps the session: the idle timer runs on.
  const signedIn = snapshot.context.session !== null && (snapshot.matches('signedIn') || snapshot.matches('loadingConfiguration'));
  return { isActive: signedIn && enabled, timeoutMinutes: idleTimeoutMinutes(values[idleTimeoutSetting]) };
}

export function idleSessionActors(win: Window = window) {
  return {
    watchActivity: fromCallback<IdleSessionEvent>(({ sendBack }) => {
      const report = () => sendBack({ type: 'activity' });
      win.document.addEventListener('mousemove', report, { passive: true });
      win.document.addEventListener('keydown', report, { passive: true });
      win.addEventListener('storage', report);
      return () => {
        win.document.removeEventListener('mousemove', report);
        win.document.removeEventListener('keydown', report);
        win.removeEventListener('storage', report);
      };
    }),
    watchVisibility: fromCallback<IdleSessionEvent>(({ sendBack }) => {
      const report = () => sendBack({ type: 'page.visibility', isVisible: win.document.visibilityState !== 'hidden' });
      report();
      win.document.addEventListener('visibilitychange', report);
      return () => win.document.removeEventListener('visibilitychange', report);
    }),
  };
}

export function createIdleSessionActor(win: Window = window): ActorRefFrom<IdleSessionMachine> {
  return createActor(idleSessionMachine.provide({ actors: idleSessionActors(win) }), { input: {} });
}

/** Connects the idle machine to the session and starts it; the returned function disconnects. */
export function connectIdleSession(
  auth: ActorRefFrom<AuthMachine>,
  idle: ActorRefFrom<IdleSessionMachine>,
  win: Window = window,
): () => void {
  let last = '';
  const follow = (snapshot: SnapshotFrom<AuthMachine>) => {
    const state = idleSessionState(snapshot, readStorage(win, idleEnabledStorageKey));
    const key = JSON.stringify(state);
    if (key === last) return;
    last = key;
    idle.send({ type: 'session.changed', ...state });
  };
  const subscriptions = [
    idle.on('idle.logout', () => auth.send({ type: 'auth.signOut' })),
    idle.on('idle.activitySettled', () => {
      try {
        win.localStorage.setItem(idleActivityStorageKey, String(Date.now()));
      } catch {
        // Blocked storage: the other tabs simply keep their own timers.
      }
    }),
    auth.subscribe(follow),
  ];
  idle.start();
  follow(auth.getSnapshot());
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe();
  };
}
