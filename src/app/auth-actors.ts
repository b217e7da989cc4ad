// The auth machine's real actors (composition root helpers, like shell-actors.ts). Rules:
// - The session is kept under ABP's storage keys (spec 3): access_token, refresh_token,
//   access_token_stored_at, expires_at (ms since epoch), id_token, and abpOAuthClientId (the client
//   the tokens belong to). localStorage: the session survives a reload and is shared by the tabs.
// - oidc-client-ts runs the code flow's redirects only (authorize with PKCE, callback, end session),
//   loaded when one runs (loadUserManager); its own user store is emptied once the callback is read,
//   so the tokens live in one place.
// - Refresh, revocation, the password and LinkLogin grants are plain form posts (src/api/account.ts).
// - The renewal timer lives in `watchTokenExpiry`; what happens at expiry is the machine's decision.
import type { UserManager } from 'oidc-client-ts';
import { fromCallback, fromPromise } from 'xstate';
import { linkLoginMachine } from '../../machines/account/link-login.machine.ts';
import {
  type AuthEvent,
  type AuthFlow,
  type AuthSession,
  authMachine,
  type CallbackResult,
  type ImpersonateInput,
} from '../../machines/session/auth.machine.ts';
import { renewalDelay, sessionFromTokens, type TokenResponse } from '../../machines/session/tokens.ts';
import { type ApplicationConfiguration, getApplicationConfiguration } from '../api/application-configuration.ts';
import type { requestTokens as RequestTokens } from '../api/account.ts';
import { createHttp, type RequestObserver } from '../api/http.ts';
import { rememberSignInReturn } from './sign-in-return.ts';

const keys = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  storedAt: 'access_token_stored_at',
  expiresAt: 'expires_at',
  idToken: 'id_token',
  clientId: 'abpOAuthClientId',
} as const;

export interface TokenStore {
  load(): AuthSession | null;
  save(session: AuthSession): void;
  clear(): void;
  accessToken(): string | null;
}

export function createTokenStore(storage: Storage, now: () => number = Date.now): TokenStore {
  const read = (key: string) => storage.getItem(key);
  return {
    load() {
      const accessToken = read(keys.accessToken);
      if (!accessToken) return null;
      const number = (key: string) => {
        const value = Number(read(key));
        return read(key) !== null && Number.isFinite(value) ? value : null;
      };
      const session = sessionFromTokens({ access_token: accessToken }, number(keys.storedAt) ?? now(), read(keys.clientId) ?? '');
      return {
        ...session,
        idToken: read(keys.idToken),
        refreshToken: read(keys.refreshToken),
        expiresAt: number(keys.expiresAt),
        clientId: read(keys.clientId) ?? undefined,
        observedAt: now(),
      };
    },
    save(session) {
      storage.setItem(keys.accessToken, session.accessToken);
      for (const [key, value] of [
        [keys.refreshToken, session.refreshToken],
        [keys.idToken, session.idToken],
        [keys.storedAt, session.storedAt],
        [keys.expiresAt, session.expiresAt],
        [keys.clientId, session.clientId],
      ] as const) {
        if (value === null || value === undefined) storage.removeItem(key);
        else storage.setItem(key, String(value));
      }
    },
    clear() {
      for (const key of Object.values(keys)) storage.removeItem(key);
    },
    accessToken: () => read(keys.accessToken),
  };
}

/** ABP reads the culture from these two query parameters on the identity server's pages. */
export function cultureParams(culture: string): Record<string, string> {
  return { culture, 'ui-culture': culture };
}

// setTimeout's limit (about 24.8 days); a longer wait would fire at once.
const longestTimeout = 2_147_483_647;

export interface AuthActorOptions {
  /** The code flow's redirects; loaded on first use (system.ts). */
  loadUserManager: () => Promise<UserManager>;
  store: TokenStore;
  issuer: string;
  clientId: string;
  scope: string;
  flow: AuthFlow;
  requests?: RequestObserver;
  /** Leaves the page (reload or another domain); window.location in the app. */
  navigate: { reload(url: string): void; assign(url: string): void };
  /** The tab's storage (sessionStorage): the address a sign-in returns to, for the callback page. */
  tab?: Storage | null;
}

// The token endpoint's form posts (refresh, revocation, impersonation and link-login grants) run long
// after the first paint: their module loads with the first of them, not with the start-up (issue 18).
const account = () => import('../api/account.ts');
const requestTokens = async (...args: Parameters<typeof RequestTokens>) => (await account()).requestTokens(...args);

export function createAuthLogic(options: AuthActorOptions) {
  const { loadUserManager, store, issuer, clientId } = options;
  const revokeAll = async (session: AuthSession) => {
    // The long-lived refresh token goes first, so it is dead even if the second call fails.
    const { revokeToken } = await account();
    if (session.refreshToken) await revokeToken(issuer, clientId, session.refreshToken, 'refresh_token');
    await revokeToken(issuer, clientId, session.accessToken, 'access_token');
  };
  return authMachine.provide({
    actors: {
      loadUser: fromPromise<AuthSession | null>(async () => store.load()),
      handleCallback: fromPromise<CallbackResult, { location: string }>(async ({ input }) => {
        const userManager = await loadUserManager();
        const user = await userManager.signinRedirectCallback(input.location);
        await userManager.removeUser();
        const state = user.state as { returnUrl?: unknown } | undefined;
        const tokens: TokenResponse = {
          access_token: user.access_token,
          refresh_token: user.refresh_token,
          id_token: user.id_token,
          expires_in: user.expires_in,
        };
        return {
          ...sessionFromTokens(tokens, Date.now(), clientId),
          returnUrl: typeof state?.returnUrl === 'string' ? state.returnUrl : null,
        };
      }),
      startSignIn: fromPromise<void, { culture: string; returnUrl: string | null }>(async ({ input }) => {
        // The returnUrl rides in the OIDC state (it comes back with the callback) and, as ABP's
        // client does, as an authorization parameter the identity server accepts. The tab keeps it too,
        // so the callback page starts loading that screen at once (sign-in-return.ts).
        rememberSignInReturn(options.tab ?? null, input.returnUrl);
        await (await loadUserManager()).signinRedirect({
          state: input.returnUrl ? { returnUrl: input.returnUrl } : undefined,
          extraQueryParams: { ...cultureParams(input.culture), ...(input.returnUrl ? { returnUrl: input.returnUrl } : {}) },
        });
      }),
      signOut: fromPromise<void, { session: AuthSession; culture: string }>(async ({ input }) => {
        // Revoke first: the tokens must stop working at once, not when they expire (quality bar).
        // A failure throws before anything is forgotten, so the user can retry.
        await revokeAll(input.session);
        store.clear();
        if (options.flow === 'code') {
          // Not awaited: oidc-client-ts settles the redirect only if this page is shown again
          // (pageshow), so a browser that stays (the end-session endpoint silent or unreachable)
          // would keep 'Logging out…' for ever. The machine waits for the browser to leave
          // (redirectTimeout) and says so if it does not.
          const userManager = await loadUserManager();
          void userManager
            .signoutRedirect({ id_token_hint: input.session.idToken ?? undefined, extraQueryParams: cultureParams(input.culture) })
            .catch(() => {});
        }
      }),
      refreshToken: fromPromise<AuthSession, { session: AuthSession }>(async ({ input }) => {
        const tokens = await requestTokens(issuer, {
          grant_type: 'refresh_token',
          client_id: clientId,
          refresh_token: input.session.refreshToken,
        });
        return sessionFromTokens(tokens, Date.now(), clientId, input.session);
      }),
      // "Login as this user" (AbpIdentity.Users.Impersonation): the Impersonation grant with the current
      // access token; without UserId the server goes back to the impersonator. The machine's tokens.store keeps it.
      impersonate: fromPromise<AuthSession, ImpersonateInput>(async ({ input }) => {
        const tokens = await requestTokens(issuer, {
          grant_type: 'Impersonation',
          client_id: clientId,
          access_token: input.session.accessToken,
          scope: options.scope,
          UserId: input.userId,
          TenantId: input.tenantId,
        });
        return sessionFromTokens(tokens, Date.now(), clientId);
      }),
      loadConfiguration: fromPromise<ApplicationConfiguration, { accessToken: string; culture: string }>(({ input }) =>
        getApplicationConfiguration(
          createHttp(
            { accessToken: () => input.accessToken || null, culture: () => input.culture, tenant: () => null },
            '/',
            options.requests,
          ),
        ),
      ),
      watchTokenExpiry: fromCallback<AuthEvent, { session: AuthSession }>(({ sendBack, input }) => {
        const delay = renewalDelay(input.session);
        if (delay === null) return undefined;
        const timer = setTimeout(() => sendBack({ type: 'session.expiring' }), Math.min(delay, longestTimeout));
        return () => clearTimeout(timer);
      }),
      linkLogin: linkLoginMachine.provide({
        actors: {
          linkLoginGrant: fromPromise<TokenResponse, { accessToken: string; linkUserId: string; linkTenantId: string | null }>(
            ({ input }) =>
              requestTokens(issuer, {
                grant_type: 'LinkLogin',
                client_id: clientId,
                access_token: input.accessToken,
                scope: options.scope,
                LinkUserId: input.linkUserId,
                LinkTenantId: input.linkTenantId,
              }),
          ),
          redirectToTenantDomain: fromPromise<void, { tenantDomain: string; tokens: TokenResponse }>(async ({ input }) => {
            const target = new URL(input.tenantDomain);
            target.searchParams.set('handler', 'linkLogin');
            target.searchParams.set('token', JSON.stringify(input.tokens));
            options.navigate.assign(target.href);
          }),
          storeAndReload: fromPromise<void, { tokens: TokenResponse; location: string }>(async ({ input }) => {
            store.save(sessionFromTokens(input.tokens, Date.now(), clientId));
            const url = new URL(input.location);
            for (const name of ['handler', 'linkUserId', 'linkTenantId', 'token']) url.searchParams.delete(name);
            options.navigate.reload(url.href);
          }),
        },
      }),
    },
  });
}
