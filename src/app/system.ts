// Composition root: the one place where machines meet their real effects (design: machines name
// their actors, system.ts supplies them with .provide()). Rules: the identity server is this
// server (authority = the page's origin), the SPA is the public client Finance_App using the code
// flow with PKCE; refresh, silent renew and session monitoring stay off until their own machines
// exist, so nothing here starts timers behind the machines' back.
import { ErrorResponse, type User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { type ActorRefFrom, createActor, fromPromise } from 'xstate';
import { type AuthMachine, type AuthSession, authMachine, type CallbackResult } from '../../machines/session/auth.machine.ts';
import type { ThemeMachine } from '../../machines/shell/theme.machine.ts';
import { type ApplicationConfiguration, getApplicationConfiguration } from '../api/application-configuration.ts';
import { createHttp } from '../api/http.ts';
import { type InterimShellMachine, interimShellMachine } from './interim-shell.machine.ts';
import { createThemeLogic, layoutStorageKey } from './shell-actors.ts';

export const clientId = 'Finance_App';
export const scope = 'openid profile email phone roles offline_access Finance';

export function createUserManager(origin: string, storage: Storage): UserManager {
  return new UserManager({
    authority: `${origin}/`,
    client_id: clientId,
    redirect_uri: `${origin}/`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope,
    // Like ABP's Angular client, the session lives in localStorage: it survives a reload and is
    // shared by the tabs of the app. Logout revokes it on the server, which is what ends it.
    userStore: new WebStorageStateStore({ store: storage }),
    stateStore: new WebStorageStateStore({ store: storage }),
    // RFC 7009 2.2: a revocation answer's body is ignored; oidc-provider answers 200 with an empty
    // text/plain body, which oidc-client-ts would otherwise reject as a non-JSON content type.
    revokeTokenAdditionalContentTypes: ['text/plain'],
    automaticSilentRenew: false,
    monitorSession: false,
  });
}

function toSession(user: User): AuthSession {
  return { accessToken: user.access_token, idToken: user.id_token ?? null };
}

/** ABP reads the culture from these two query parameters on the identity server's pages. */
function cultureParams(culture: string): Record<string, string> {
  return { culture, 'ui-culture': culture };
}

export function createAuthLogic(userManager: UserManager) {
  return authMachine.provide({
    actors: {
      loadUser: fromPromise<AuthSession | null>(async () => {
        const user = await userManager.getUser();
        if (!user || user.expired) return null;
        return toSession(user);
      }),
      handleCallback: fromPromise<CallbackResult, { location: string }>(async ({ input }) => {
        const user = await userManager.signinRedirectCallback(input.location);
        const state = user.state as { returnUrl?: unknown } | undefined;
        return { ...toSession(user), returnUrl: typeof state?.returnUrl === 'string' ? state.returnUrl : null };
      }),
      startSignIn: fromPromise<void, { culture: string; returnUrl: string | null }>(async ({ input }) => {
        // The returnUrl rides in the OIDC state (it comes back with the callback) and, as ABP's
        // client does, as an authorization parameter the identity server accepts.
        await userManager.signinRedirect({
          state: input.returnUrl ? { returnUrl: input.returnUrl } : undefined,
          extraQueryParams: { ...cultureParams(input.culture), ...(input.returnUrl ? { returnUrl: input.returnUrl } : {}) },
        });
      }),
      signOut: fromPromise<void, { session: AuthSession; culture: string }>(async ({ input }) => {
        // Revoke first: the tokens must stop working at once, not when they expire (quality bar).
        // The long-lived refresh token goes first, so it is dead even if the second call fails.
        await userManager.revokeTokens(['refresh_token']);
        try {
          await userManager.revokeTokens(['access_token']);
        } catch (error) {
          // RFC 7009 2.2.1: `unsupported_token_type` means this server cannot revoke access tokens
          // (oidc-provider refuses JWT ones); ending the session below is what stops them then.
          // Any other failure keeps the user signed in, so they can retry.
          if (!(error instanceof ErrorResponse && error.error === 'unsupported_token_type')) throw error;
        }
        await userManager.signoutRedirect({
          id_token_hint: input.session.idToken ?? undefined,
          extraQueryParams: cultureParams(input.culture),
        });
      }),
      loadConfiguration: fromPromise<ApplicationConfiguration, { accessToken: string; culture: string }>(({ input }) =>
        getApplicationConfiguration(createHttp({ accessToken: () => input.accessToken, culture: () => input.culture, tenant: () => null })),
      ),
    },
  });
}

/** How the shell is laid out and which optional modules it has (ABP's layout and module config). */
export interface ShellConfig {
  layout: 'side-menu' | 'top-menu';
  /** The linked-accounts module (spec 2.7) is not built yet, so its user-menu entry stays hidden. */
  linkedAccountsAvailable: boolean;
  authFlow: 'code' | 'password';
}

export const shellConfig: ShellConfig = { layout: 'side-menu', linkedAccountsAvailable: false, authFlow: 'code' };

/** Where the visitor's language choice is kept between visits (the auth machine starts with it). */
export const languageStorageKey = 'Abp.SelectedLanguage';

export interface ShellSystem {
  auth: ActorRefFrom<AuthMachine>;
  theme: ActorRefFrom<ThemeMachine>;
  shell: ActorRefFrom<InterimShellMachine>;
  config: ShellConfig;
  /** The identity server's issuer (this origin), ending with '/'. */
  issuer: string;
}

/** Builds every actor of the app with its real effects; main.tsx starts them. */
export function createShellSystem(win: Window = window): ShellSystem {
  const storage = (() => {
    try {
      return win.localStorage;
    } catch {
      return null;
    }
  })();
  const read = (key: string) => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const culture = read(languageStorageKey) || win.navigator.language || 'en';
  const auth = createActor(createAuthLogic(createUserManager(win.location.origin, win.localStorage)), {
    input: { location: win.location.href, culture },
  });
  const theme = createActor(createThemeLogic(win), { input: {} });
  const shell = createActor(interimShellMachine, {
    input: {
      consented: /(?:^|;\s*)\.AspNet\.Consent=true(?:;|$)/.test(win.document.cookie),
      savedWidth: read(layoutStorageKey),
      online: win.navigator.onLine,
    },
  });
  return { auth, theme, shell, config: shellConfig, issuer: `${win.location.origin}/` };
}
