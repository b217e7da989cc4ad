// Sign-in and token refresh's model paths through the real screen (issue 21; spec 2.4, 4.1, 5, 8): a
// covering set of the auth machine's model paths in the product's code flow (the build's default)
// and its password flow (the documented per-browser override, localStorage Abp.OAuthResponseType),
// played in Chromium against the real server and identity server on one page whose clock is
// Playwright's, with what the user sees (signed in or out, the avatar's initial, the machine's error
// wherever the user is: the application layout's alert on every page of it, the password flow's
// login form, the code flow's login page) and what the browser does (the session stored or cleared,
// the address, the toasts, the
// configuration, token, revocation and authorize requests) checked against the spec-written
// reference (tests/machines/reference/auth.reference.ts). How each model event happens here:
// - the page opens at '/' (a fresh visit), at the address the identity server sends back to after
//   its login page (back from the login page: the user pressed Login, from a guarded route for a
//   returnUrl), or with handler=linkLogin (link login); Login, Logout: the home page's buttons, on
//   any other page the user menu's Logout (a failed one is said on that page: /dashboard); the
//   password grant's tokens or its two-factor challenge: the in-app login form (/account/login with
//   the returnUrl), filled as the admin or as a user with two-factor sign-in; the
//   session about to expire: the page's clock runs to the renewal; an elapsed redirect timeout: the
//   clock runs 15 s after the browser tried to leave for the identity server and stayed. That is the
//   one answer given in the browser here: the authorize or end-session navigation is answered 204 (no
//   content: the browser stays on the page), since a redirect the real server answers leaves it.
// - what the page finds stored is a real session put in localStorage first, from the real token
//   endpoint: remembered (offline_access: a refresh token, remember_me) or not, expired (expires_at in
//   the past) or not, of another client id, or unreadable (the page's storage refuses the read).
// - the answers are the real servers': the refresh (its failure: the refresh token revoked first),
//   the revocation (its failure: the network failing), the callback (its failure: a code and state
//   this browser never asked for), the configuration (anonymous: the stored token's session ended
//   first; its failure: the network failing, both attempts), the link (refused: a user not linked),
//   the redirect (its failure: the discovery document unreachable).
// Left to other suites: impersonation (tests/e2e/identity-users.spec.ts), a configuration re-read
// after a save (settings-form-paths,
// idle-session-paths); the OAuth error event no screen sends (only link login's failure applies the
// rule, inside the machine).
import { eq } from 'drizzle-orm';
import type { Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { EventObject } from 'xstate';
import { authModel } from '../../machines/session/auth.model.ts';
import type { ModelPath } from '../../machines/testing/model-paths.ts';
import { identitySessions, users } from '../../server/db/schema/index.ts';
import { createUser, passwordToken, spaScope } from '../kit/auth.ts';
import { type Browser, launchBrowser } from '../kit/browser.ts';
import { acceptCookies, ensureBuilt, signIn, submitLoginPage } from '../kit/browser-session.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import type { Call } from '../machines/reference-driver.ts';
import { type AuthExpectedView, authReference } from '../machines/reference/auth.reference.ts';
import { submitAccountLogin } from './account-helpers.ts';
import { describeUiPaths, withEventsAsRules } from './ui-paths.ts';

let server: TestServer;
/** The file's one page, with the identity server's session of the admin (its cookie). */
let shared: { browser: Browser; page: Page };
/** A real user the admin is not linked to (the model's 'u-2'). */
let strangerId: string;

const sessionKeys = ['access_token', 'refresh_token', 'access_token_stored_at', 'expires_at', 'id_token', 'abpOAuthClientId'];
const errorTexts: Record<string, string> = {
  callbackFailed: 'The login could not be completed. Please log in again.',
  loadUserFailed: 'Your stored session could not be read. Please log in again.',
  configurationFailed: 'The application settings could not be loaded. Please log in again.',
  notAuthenticated: 'Your session has ended. Please log in again.',
  redirectFailed: 'The login page could not be opened. Please try again.',
  signOutFailed: 'Logout failed; you are still logged in. Please try again.',
  logoutRedirectFailed: 'You are logged out of this app, but the login server could not be reached to end its session.',
};
const notLinked = 'You are not linked to this user.';

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
  strangerId = await createUser(server, { userName: 'stranger', password: 'Stranger-pass1' });
  const twoFactorId = await createUser(server, { userName: 'twofactor', password: 'Twofactor-pass1' });
  await server.ctx.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, twoFactorId));
  const browser = await launchBrowser();
  try {
    await acceptCookies(browser.context, server.url);
    // A page whose storage refuses to read the session while the test says so (sessionStorage flag).
    await browser.context.addInitScript(() => {
      const getItem = Storage.prototype.getItem;
      Storage.prototype.getItem = function (name: string) {
        if (this === localStorage && name === 'access_token' && sessionStorage.getItem('paths.unreadable') === '1')
          throw new DOMException('The operation is insecure.', 'SecurityError');
        return getItem.call(this, name);
      };
    });
    const page = await browser.context.newPage();
    await page.clock.install();
    // The identity server's session (its cookie): the code flow's Login comes straight back.
    await signIn(page, server.url);
    page.on('request', (request) => {
      seen.get(page)?.push(request);
    });
    await page.route(
      (url) => url.pathname === '/api/abp/application-configuration',
      (route, request) => (failConfiguration && request.headers().authorization ? route.abort('internetdisconnected') : route.continue()),
    );
    await page.route('**/.well-known/openid-configuration', (route) =>
      failDiscovery ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.route('**/connect/token', (route, request) =>
      failRefresh && new URLSearchParams(request.postData() ?? '').get('grant_type') === 'refresh_token'
        ? route.abort('internetdisconnected')
        : route.continue(),
    );
    await page.route('**/connect/revocat', (route) => (failRevocation ? route.abort('internetdisconnected') : route.continue()));
    await page.route(
      (url) => url.pathname === '/connect/authorize' || url.pathname === '/connect/endsession',
      (route) => {
        const path = new URL(route.request().url()).pathname;
        if ((path === '/connect/authorize' && holdAuthorize) || (path === '/connect/endsession' && holdEndSession)) {
          held.push(route);
          return route.fulfill({ status: 204 });
        }
        return route.continue();
      },
    );
    shared = { browser, page };
  } catch (error) {
    await browser.close();
    throw error;
  }
});

afterAll(async () => {
  await shared?.browser.close();
  await server?.stop();
});

/** The requests the page sent since the last check. */
const seen = new WeakMap<Page, Request[]>();
/** What the next outcomes need of the browser (see the header). */
let failConfiguration = false;
let failDiscovery = false;
let failRevocation = false;
let failRefresh = false;
let holdAuthorize = false;
let holdEndSession = false;
/** The redirects to the identity server that found it silent (answered 204: the browser stays). */
const held: Route[] = [];
/** Whether the path's callback is a real one (the code exchanged). */
let callbackSucceeds = false;

type Stored = 'session' | 'otherClient' | 'expiredRemembered' | 'expiredForgotten' | 'expiredWithoutRefresh' | 'unreadable' | 'none';

interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in: number;
}

/** A real token answer of the admin: remembered (offline_access, with a refresh token) or not. */
const adminTokens = (remembered: boolean) =>
  passwordToken(server, {
    userName: 'admin',
    password: '1q2w3E*',
    scope: remembered ? spaScope : spaScope.replace(' offline_access', ''),
  }) as unknown as Promise<TokenAnswer>;

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { session_id?: string };

/** The stored session the page finds, as the app stores one (auth-actors.ts), in the page's clock. */
async function storedSession(page: Page, kind: Stored, sessionEnded: boolean): Promise<Record<string, string> | null> {
  if (kind === 'none' || kind === 'unreadable') return kind === 'unreadable' ? { access_token: 'unreadable' } : null;
  const tokens = await adminTokens(kind === 'expiredRemembered' || kind === 'expiredWithoutRefresh');
  if (sessionEnded)
    await server.ctx.db.delete(identitySessions).where(eq(identitySessions.sessionId, claimsOf(tokens.access_token).session_id ?? ''));
  const now = await page.evaluate(() => Date.now());
  const expired = kind.startsWith('expired');
  const stored: Record<string, string> = {
    access_token: tokens.access_token,
    access_token_stored_at: String(expired ? now - 7_200_000 : now),
    expires_at: String(expired ? now - 3_600_000 : now + tokens.expires_in * 1000),
    abpOAuthClientId: kind === 'otherClient' ? 'Other_App' : 'Finance_App',
  };
  if (tokens.id_token) stored.id_token = tokens.id_token;
  // The model's plain stored session has no refresh token.
  if (tokens.refresh_token && kind === 'expiredRemembered') stored.refresh_token = tokens.refresh_token;
  return stored;
}

/** Revokes the page's stored refresh token at the identity server, as another tab's sign-out does. */
async function revokeStoredRefreshToken(page: Page): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('refresh_token'));
  if (!token) return;
  await fetch(`${server.url}/connect/revocat`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, token_type_hint: 'refresh_token', client_id: server.config.spaClientId }),
  });
}

const outcome = (event: EventObject) => {
  const [, kind, , actor] = event.type.split('.');
  return { kind, actor, output: (event as { output?: unknown }).output };
};
const isUserEvent = (event: EventObject) => event.type.startsWith('auth.') || event.type === 'session.expiring';

/** The automatic outcomes up to the user's next event. */
const until = (events: EventObject[]) => {
  const stop = events.findIndex(isUserEvent);
  return stop === -1 ? events : events.slice(0, stop);
};

/** Arranges what the browser and the servers answer for these outcomes. */
async function arrange(page: Page, events: EventObject[], renewal = false): Promise<void> {
  const next = until(events);
  const has = (kind: string, actor: string) => next.some((event) => event.type === `xstate.${kind}.actor.${actor}`);
  failConfiguration = has('error', 'loadConfiguration');
  failDiscovery = has('error', 'startSignIn');
  failRevocation = has('error', 'signOut');
  holdAuthorize = next.some((event) => event.type.startsWith('xstate.after.redirectTimeout')) && !failDiscovery;
  holdEndSession = holdAuthorize;
  // At start-up the stored refresh token is revoked first; a renewal's refresh meets a failing
  // network instead (revoking the grant would also end the access token, and the signed-in screen's
  // next request would sign the user out before the renewal).
  failRefresh = has('error', 'refreshToken') && renewal;
  if (has('error', 'refreshToken') && !renewal) await revokeStoredRefreshToken(page);
}

/** The model's location made real: this server, the model's 'u-2' a real user the admin is not linked to. */
function realLocation(location: string): string {
  const url = new URL(location);
  // (Paths are chosen before the server starts: any origin then.)
  const real = new URL(`${server?.url ?? 'http://127.0.0.1'}${url.pathname}`);
  for (const [name, value] of url.searchParams) real.searchParams.set(name, name === 'linkUserId' ? (strangerId ?? value) : value);
  return real.href;
}

/**
 * The reference for this page: its real location; the configuration read without a token (signed
 * out) named apart, since the page shows the signed-out state at once, before that answer.
 */
function onScreen(input: unknown) {
  const raw = input as { location: string; flow?: string };
  const run = withEventsAsRules(authReference({ ...raw, location: realLocation(raw.location) }));
  // The machine's error is read wherever the user is (the reference's view as it is): the
  // application layout shows it on every page of it (home, the returnUrl's screen), the login page in
  // either flow, the guarded route's sign-in page.
  return {
    ...run,
    view: () => run.view(),
    send: (event: Parameters<typeof run.send>[0]) => run.send(event),
    applied: () => run.applied!(),
    take() {
      const taken = run.take();
      return {
        emitted: taken.emitted,
        calls: taken.calls.map((call) =>
          call.name === 'loadConfiguration' && (call.input as { accessToken: string }).accessToken === ''
            ? { ...call, name: 'loadAnonymousConfiguration' }
            : call,
        ),
      };
    },
  };
}

const navigate = (page: Page, address: string) => page.evaluate((to) => window.history.pushState(null, '', to), address);
const mainLogin = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Login' });
const mainLogout = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Logout' });

/** The model's state before step `index`. */
const before = (path: ModelPath, index: number) =>
  path.path.steps[index - 1]!.state as unknown as { value: unknown; context: { session: unknown }; matches(value: unknown): boolean };

function storedKind(event: EventObject | undefined): Stored {
  if (!event) return 'none';
  if (event.type === 'xstate.error.actor.loadUser') return 'unreadable';
  const session = (event as { output?: { clientId?: string; expiresAt?: number; rememberMe?: boolean; refreshToken?: string | null } })
    .output;
  if (!session) return 'none';
  if (session.clientId === 'Other_App') return 'otherClient';
  if (session.expiresAt && session.rememberMe === false) return 'expiredForgotten';
  if (session.expiresAt && !session.refreshToken) return 'expiredWithoutRefresh';
  if (session.expiresAt) return 'expiredRemembered';
  return 'session';
}

describeUiPaths<AuthExpectedView>('sign-in and token refresh (code flow)', {
  model: authModel,
  scenarios: ['fresh visit', 'back from the login page', 'password flow', 'link login'],
  notInTheProduct: {
    'link login, LinkLogin errors filtered':
      "the product's auth machine runs with the default error filters (only the Impersonation grant exempt)",
  },
  sample: 'covering',
  reference: onScreen,
  automaticActors: ['loadUser', 'handleCallback', 'loadConfiguration', 'refreshToken', 'signOut', 'startSignIn', 'linkLogin'],
  notPlayable: {
    'auth.oauthError': 'no screen sends it: only link login applies the OAuth error rule, inside the machine',
    'auth.impersonate': "'Login as this user' and its way back are played in tests/e2e/identity-users.spec.ts",
    'auth.reloadConfiguration':
      'a re-read follows a settings save or a tenant change (settings-form-paths, idle-session-paths); on a guarded screen a refused one sends the user to login at once',
  },
  unproducible(event, path, index) {
    if (index === 0) return undefined;
    if ((event.type === 'auth.tokensReceived' || event.type === 'auth.twoFactorRequired') && path.scenario !== 'password flow')
      return 'the code flow has no in-app login form: the identity server signs the user in';
    const state = before(path, index);
    const { kind, actor, output } = outcome(event);
    if (actor === 'handleCallback' && kind === 'done' && (output as { returnUrl?: string }).returnUrl === '//evil.example/')
      return 'the app never carries a foreign returnUrl to the identity server (safeReturnUrl drops it before the redirect), so the callback cannot bring one back';
    if (actor === 'loadConfiguration' && kind === 'done') {
      const user = (output as { currentUser: { isAuthenticated: boolean; id: string | null } }).currentUser;
      if (user.isAuthenticated && !user.id) return 'the server answers an authenticated user with its id';
      if (state.matches('signedOut') && user.isAuthenticated) return 'a configuration read without a token is anonymous';
      if (!user.isAuthenticated && state.matches('loadingConfiguration')) {
        const last = path.path.steps[index - 1]!.event.type;
        if (last !== 'xstate.done.actor.loadUser')
          return 'a token the identity server has just issued (a callback, a refresh) is accepted by the next request';
      }
    }
    if (actor === 'loadConfiguration' && kind === 'error' && state.matches('signedOut'))
      return 'a failed anonymous read changes nothing the machine or the user sees';
    return undefined;
  },
  asPlayed(event, path, index) {
    // The real refusal of a link to a user who is not linked, or no link without a session.
    if (event.type === 'xstate.done.actor.linkLogin') {
      const session = before(path, index).context.session;
      return [
        {
          ...event,
          output: session ? { error: 'invalid_grant', description: notLinked } : { error: 'invalid_request', description: null },
        } as EventObject,
      ];
    }
    return [event];
  },
  page: async () => ({ page: shared.page, done: async () => {} }),
  async open(page, path) {
    held.splice(0);
    await page.clock.setSystemTime(Date.now());
    // (The last path's page may still be leaving: a navigation it started can cut this one short.)
    await page.goto(`${server.url}/favicon.svg`).catch(() => page.goto(`${server.url}/favicon.svg`));
    const steps = path.path.steps.map((step) => step.event);
    const first = steps.find((event) => event.type.startsWith('xstate.') && event.type.endsWith('.actor.loadUser'));
    const kind = storedKind(first);
    const loads = until(steps.slice(1));
    const ended = loads.some(
      (event, at) =>
        event.type === 'xstate.done.actor.loadConfiguration' &&
        !(event as unknown as { output: { currentUser: { isAuthenticated: boolean } } }).output.currentUser.isAuthenticated &&
        loads[at - 1]?.type === 'xstate.done.actor.loadUser',
    );
    const stored = await storedSession(page, kind, ended);
    await page.evaluate(
      ({ keys, stored, unreadable, password }) => {
        if (password) localStorage.setItem('Abp.OAuthResponseType', 'password');
        else localStorage.removeItem('Abp.OAuthResponseType');
        sessionStorage.removeItem('paths.unreadable');
        // The identity server's discovery document the app keeps for a while: read afresh.
        sessionStorage.removeItem('finance-admin.oidc-metadata');
        for (const key of keys) localStorage.removeItem(key);
        for (const [key, value] of Object.entries(stored ?? {})) localStorage.setItem(key, value);
        if (unreadable) sessionStorage.setItem('paths.unreadable', '1');
      },
      { keys: sessionKeys, stored, unreadable: kind === 'unreadable', password: path.scenario === 'password flow' },
    );
    await arrange(page, steps.slice(1));
    seen.set(page, []);
    const input = path.input as { location: string };
    const callback = steps.find((event) => event.type.endsWith('.actor.handleCallback'));
    callbackSucceeds = callback?.type.startsWith('xstate.done') ?? false;
    if (path.scenario !== 'back from the login page') {
      await page.goto(realLocation(input.location));
      return;
    }
    // Back from the login page: the user presses Login (from the guarded route that asks for a
    // returnUrl, when the callback brings one back); the identity server's login page if it asks.
    if (!callbackSucceeds) {
      // A code and state this browser never asked for.
      await page.goto(`${server.url}/?code=c0de&state=s7a7e&iss=${encodeURIComponent(`${server.url}/`)}`);
      return;
    }
    const returnUrl = (callback as { output?: { returnUrl?: string } }).output?.returnUrl;
    // The user's own way to the login page and back is not held.
    holdAuthorize = false;
    failDiscovery = false;
    const arrived = page.waitForURL((url) => url.searchParams.has('code'), { timeout: 20_000 });
    if (returnUrl) await page.goto(`${server.url}${returnUrl}`);
    else {
      await page.goto(`${server.url}/`);
      await mainLogin(page).click();
    }
    const loginForm = page.getByLabel(/user ?name/i);
    await Promise.race([arrived, loginForm.waitFor({ timeout: 20_000 })]);
    if (!new URL(page.url()).searchParams.has('code') && (await loginForm.isVisible())) await submitLoginPage(page, 'admin', '1q2w3E*');
    await arrived;
    seen.set(
      page,
      [...(seen.get(page) ?? [])].filter(
        (request) => new URL(request.url()).searchParams.has('code') || request.url().includes('/connect/token'),
      ),
    );
  },
  async act(page, event, upcoming) {
    // A user's action arranges what follows it; time passing changes nothing arranged.
    if (isUserEvent(event)) await arrange(page, upcoming, event.type === 'session.expiring');
    if (event.type === 'auth.signIn') return mainLogin(page).click();
    if (event.type === 'auth.tokensReceived' || event.type === 'auth.twoFactorRequired') {
      // The user opens the login form (for the returnUrl) and signs in; a two-factor user is challenged.
      const { returnUrl } = event as unknown as { returnUrl?: string };
      await navigate(page, returnUrl ? `/account/login?returnUrl=${encodeURIComponent(returnUrl)}` : '/account/login');
      return event.type === 'auth.tokensReceived'
        ? // Remember me: the grant asks for offline_access, so its answer has a refresh token (as the model's).
          submitAccountLogin(page, 'admin', '1q2w3E*', true)
        : submitAccountLogin(page, 'twofactor', 'Twofactor-pass1');
    }
    if (event.type === 'auth.signOut') {
      // The home page's Logout, or the user menu's on any other page.
      if ((await mainLogout(page).count()) > 0) return mainLogout(page).click();
      await page.getByRole('button', { name: 'User menu' }).click();
      return page.getByRole('region', { name: 'User menu' }).getByRole('button', { name: 'Logout' }).click();
    }
    if (event.type === 'session.expiring') {
      const { expiresAt, now } = await page.evaluate(() => ({ expiresAt: Number(localStorage.getItem('expires_at')), now: Date.now() }));
      const remaining = expiresAt - now;
      return page.clock.fastForward((remaining > 60_000 ? remaining - 30_000 : Math.floor(remaining / 2)) + 1_000);
    }
    if (event.type.startsWith('xstate.after.redirectTimeout')) {
      // Once the browser has tried to leave (and stayed), the machine's 15 s run out.
      await expect.poll(() => held.length, { message: 'the redirect tried' }).toBeGreaterThan(0);
      return page.clock.fastForward(15_500);
    }
    throw new Error(`no user action plays ${event.type}`);
  },
  async read(page) {
    try {
      const menu = page.getByRole('button', { name: 'User menu' });
      const signedIn = (await menu.count()) > 0;
      // Signed out: the home page's Login, or an account page (the login form, the second factor's page).
      const signedOut = !signedIn && ((await mainLogin(page).count()) > 0 || new URL(page.url()).pathname.startsWith('/account/'));
      const alerts = await page.getByRole('main').getByRole('alert').allInnerTexts();
      const error = alerts.map((text) => text.trim()).find((text) => Object.values(errorTexts).includes(text)) ?? null;
      return {
        status: signedIn ? 'signedIn' : signedOut ? 'signedOut' : 'busy',
        error,
        initial: signedIn ? ((await menu.allInnerTexts())[0] ?? '').trim() : null,
        hasToken: await page.evaluate(() => Storage.prototype.getItem.call(localStorage, 'expires_at') !== null),
        twoFactor: new URL(page.url()).pathname === '/account/send-security-code',
      };
    } catch {
      return 'the page is navigating';
    }
  },
  seen: (view) => ({
    status: view.status,
    error: view.error ? errorTexts[view.error] : null,
    initial: view.status === 'signedIn' ? (view.userName ?? '').charAt(0).toUpperCase() : null,
    hasToken: view.accessToken !== null,
    // A two-factor challenge is kept for the page that asks for the second factor.
    twoFactor: view.hasTwoFactorChallenge,
  }),
  async checkCalls(page, calls: Call[]) {
    const requests = seen.get(page)!;
    const take = async (message: string, matches: (request: Request) => boolean) => {
      await expect.poll(() => requests.some(matches), { message }).toBe(true);
      requests.splice(requests.findIndex(matches), 1);
    };
    const path = (request: Request) => new URL(request.url()).pathname;
    const grant = (request: Request, type: string) =>
      path(request) === '/connect/token' && new URLSearchParams(request.postData() ?? '').get('grant_type') === type;
    for (const call of calls) {
      if (call.name === 'loadConfiguration')
        await take(
          'the configuration read with the token',
          (r) => path(r) === '/api/abp/application-configuration' && Boolean(r.headers().authorization),
        );
      else if (call.name === 'loadAnonymousConfiguration')
        await take(
          'the configuration read without a token',
          (r) => path(r) === '/api/abp/application-configuration' && !r.headers().authorization,
        );
      else if (call.name === 'refreshToken')
        // (Without the discovery document the refresh stops before its grant.)
        await take(
          'the refresh grant',
          (r) => grant(r, 'refresh_token') || (failDiscovery && path(r) === '/.well-known/openid-configuration'),
        );
      else if (call.name === 'signOut') await take('the revocation', (r) => path(r) === '/connect/revocat');
      else if (call.name === 'handleCallback') {
        if (callbackSucceeds) await take('the code exchanged', (r) => grant(r, 'authorization_code'));
      } else if (call.name === 'startSignIn') {
        const { returnUrl } = call.input as { returnUrl: string | null };
        if (failDiscovery) await take('the discovery document asked for', (r) => path(r) === '/.well-known/openid-configuration');
        else
          await take(
            'the redirect to the identity server with the returnUrl',
            (r) => path(r) === '/connect/authorize' && new URL(r.url()).searchParams.get('returnUrl') === returnUrl,
          );
      } else if (call.name === 'linkLogin') {
        const { accessToken } = call.input as { accessToken: string | null };
        if (accessToken) await take('the LinkLogin grant', (r) => grant(r, 'LinkLogin'));
      }
      // loadUser and watchTokenExpiry act inside the page (storage, a timer): their effects are what the user sees.
    }
  },
  async checkEmitted(page, emitted) {
    const stored = emitted.filter((event) => event.type === 'tokens.store' || event.type === 'tokens.clear').at(-1);
    if (stored)
      await expect
        .poll(() => page.evaluate(() => Storage.prototype.getItem.call(localStorage, 'expires_at') !== null).catch(() => null), {
          message: `the session ${stored.type === 'tokens.store' ? 'stored' : 'cleared'}`,
        })
        .toBe(stored.type === 'tokens.store');
    const address = emitted.filter((event) => event.type === 'navigation.replace' || event.type === 'navigation.push').at(-1) as
      | { url: string }
      | undefined;
    if (address)
      await expect
        .poll(
          () => {
            const url = new URL(page.url());
            return `${url.pathname}${url.search}`;
          },
          { message: 'the address' },
        )
        .toBe(address.url);
    for (const event of emitted.filter((each) => each.type === 'toast.error')) {
      const { description } = event as unknown as { description: string | null };
      await page
        .getByRole('region', { name: 'Notifications' })
        .getByRole('alert')
        .filter({ hasText: description ?? 'The login with the linked account failed.' })
        .first()
        .waitFor();
    }
  },
});
