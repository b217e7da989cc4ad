// The screen a sign-in returns to starts loading with the callback page, not after it (issue 18).
// Rules:
// - Before the code flow leaves for the login page, the address to return to is kept for the tab
//   (sessionStorage; the same address also rides in the OIDC state, which only oidc-client-ts reads).
// - A page that opens with a sign-in callback (`code` and `state` in its query) starts that route's
//   chunk at once, beside the token exchange and the configuration request; the route's guard still
//   decides what shows once they are answered (a chunk loaded for nothing costs bytes, never access).
//   With the address, the route's first list request can start beside the configuration too
//   (route-data.ts).
import type { RouteEntry } from './routes.ts';

const returnKey = 'finance-admin.sign-in-return';

/** The tab's sessionStorage, or null where the browser refuses it. */
export function tabStorage(win: Window): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps the address a sign-in redirect returns to, for the callback page of this tab. */
export function rememberSignInReturn(tab: Storage | null, returnUrl: string | null): void {
  try {
    if (returnUrl) tab?.setItem(returnKey, returnUrl);
    else tab?.removeItem(returnKey);
  } catch {
    // Storage refused: the callback page loads the screen after the configuration, as before.
  }
}

/** On a sign-in callback, starts loading the returned-to route's chunk; the kept address is used once. */
export function preloadSignInReturn(
  tab: Storage | null,
  location: Pick<Location, 'search'>,
  matchRoute: (pathname: string) => RouteEntry | null,
  preload: (route: RouteEntry, returnUrl: string) => void,
): void {
  const query = new URLSearchParams(location.search);
  if (!query.has('code') || !query.has('state')) return;
  let returnUrl: string | null = null;
  try {
    returnUrl = tab?.getItem(returnKey) ?? null;
    tab?.removeItem(returnKey);
  } catch {
    return;
  }
  if (!returnUrl?.startsWith('/') || returnUrl.startsWith('//')) return;
  const route = matchRoute(new URL(returnUrl, 'http://x').pathname);
  if (route?.load) preload(route, returnUrl);
}
