// The returned-to screen's first list request, started beside the configuration (issue 18). Rules:
// - Only on a sign-in callback (sign-in-return.ts) and only for a route whose module names its
//   first request (`firstRequest(search)`: what its list's first `fetchPage` would ask, computed
//   from the same address with the list machine's own initial state); nothing is shown from it.
// - It starts once the callback's tokens are in the auth actor, through the screens' own client
//   (use-session-http.ts), so it carries the token (and with it the tenant) and the culture the list
//   will send; the server checks the permission as for any call. The route's guard still decides
//   what shows once the configuration is there: a screen the guard refuses never takes the answer.
// - The list's actor takes it only for exactly the same request: path, query, access token and
//   culture (the browser's 'en-US' sent before the configuration is the 'en' the configuration
//   resolved it to: sameCulture), within maxAgeMs; anything else (another address, a renewed token,
//   another culture, a late start) discards it and the list asks the server itself. It is taken
//   once; a failed preload is never shown: the list asks again.
// - A preload a refused guard never takes is a request made for nothing (a 403 is audited as any
//   failed call); the returned-to screen is one the user asked for, so it is normally allowed.
import type { AuthSession } from '../../machines/session/tokens.ts';
import type { RouteEntry } from './routes.ts';
import { selectCulture } from './shell-view.ts';
import type { ShellSystem } from './system.ts';
import { sessionHttp } from './use-session-http.ts';

export interface DataRequest {
  path: string;
  query: Record<string, string | number | boolean | null | undefined>;
}

/** Exported by a screen module whose list can start before the screen renders. */
export type FirstRequest = (search: string) => DataRequest | null;

/** A preloaded answer older than this is not used: the list asks again. */
export const maxAgeMs = 10_000;

interface Kept {
  key: string;
  /** The culture it was sent with (Accept-Language). */
  culture: string;
  answer: Promise<unknown>;
  at: number;
}

const kept = new WeakMap<ShellSystem, Kept>();

/** The request as the screens' client would send it (ofetch leaves out undefined query values). */
function keyOf(system: ShellSystem, request: DataRequest): string {
  const query = Object.entries(request.query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([request.path, query, system.auth.getSnapshot().context.session?.accessToken ?? null]);
}

/**
 * Whether the server reads both cultures as one: the same, or the one in force now is the parent of
 * the one sent. Before the configuration the culture is the browser's ('en-US'); the configuration,
 * asked with that same Accept-Language, answers the culture the server resolved it to ('en'), which
 * the screens then send.
 */
export function sameCulture(sent: string, current: string): boolean {
  const a = sent.toLowerCase().replaceAll('_', '-');
  const b = current.toLowerCase().replaceAll('_', '-');
  return a === b || a.startsWith(`${b}-`);
}

/** The preloaded answer of exactly this request, once; null (and the preload dropped) otherwise. */
export function takePreloaded<T>(system: ShellSystem, request: DataRequest, now = Date.now()): Promise<T> | null {
  const entry = kept.get(system);
  if (!entry) return null;
  kept.delete(system);
  const culture = selectCulture(system.auth.getSnapshot());
  if (entry.key !== keyOf(system, request) || !sameCulture(entry.culture, culture) || now - entry.at > maxAgeMs) return null;
  return entry.answer as Promise<T>;
}

/** The list's page: the preloaded answer when it is this request's and arrives, else the server's. */
export function preloadedOr<T>(system: ShellSystem, request: DataRequest, fetch: () => Promise<T>): Promise<T> {
  const preloaded = takePreloaded<T>(system, request);
  return preloaded ? preloaded.catch(fetch) : fetch();
}

/** Sends a screen's first request now and keeps its answer for the screen's list. */
export function preloadRequest(
  system: ShellSystem,
  request: DataRequest,
  send: (request: DataRequest) => Promise<unknown> = (sent) => sessionHttp(system)(sent.path, { query: sent.query }),
  now = Date.now(),
): void {
  const answer = send(request);
  // Kept as a promise the list may never take: its failure must not be reported as unhandled.
  answer.catch(() => undefined);
  kept.set(system, { key: keyOf(system, request), culture: selectCulture(system.auth.getSnapshot()), answer, at: now });
}

/** On a sign-in callback: once the tokens are in and the route's module is loaded, its first request. */
export function preloadRouteData(system: ShellSystem, route: RouteEntry, returnUrl: string): void {
  const search = new URL(returnUrl, 'http://x').search;
  const session = new Promise<AuthSession | null>((resolve) => {
    const settled = (snapshot: ReturnType<ShellSystem['auth']['getSnapshot']>) =>
      snapshot.context.session !== null || snapshot.matches('signedOut');
    const current = system.auth.getSnapshot();
    if (settled(current)) return resolve(current.context.session);
    const subscription = system.auth.subscribe((snapshot) => {
      if (!settled(snapshot)) return;
      subscription.unsubscribe();
      resolve(snapshot.context.session);
    });
  });
  void Promise.all([route.load?.(), session])
    .then(([module, signedIn]) => {
      const request = signedIn && module?.firstRequest?.(search);
      // The session the request would carry must still be the callback's (no sign-out since).
      if (request && system.auth.getSnapshot().context.session === signedIn) preloadRequest(system, request);
    })
    .catch(() => undefined);
}
