// Composition root: the one place where machines meet their real effects (design: machines name
// their actors, system.ts supplies them with .provide()). Rules: the identity server is this
// server (authority = the page's origin), the SPA is the public client Finance_App using the code
// flow with PKCE; refresh, silent renew and session monitoring stay off until their own machines
// exist, so nothing here starts timers behind the machines' back.
import { ErrorResponse, type User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { type ActorRefFrom, createActor, fromPromise } from 'xstate';
import { type ConfirmActionMachine, confirmActionMachine } from '../../machines/generic/confirm-action.machine.ts';
import { type AuthMachine, type AuthSession, authMachine, type CallbackResult } from '../../machines/session/auth.machine.ts';
import type { ContainerWidthMachine } from '../../machines/shell/container-width.machine.ts';
import type { CookieConsentMachine } from '../../machines/shell/cookie-consent.machine.ts';
import { type FlyoutMachine, flyoutMachine } from '../../machines/shell/flyout.machine.ts';
import type { InternetStatusMachine } from '../../machines/shell/internet-status.machine.ts';
import type { LanguageMachine } from '../../machines/shell/language.machine.ts';
import { type MenuFilterMachine, menuFilterMachine } from '../../machines/shell/menu-filter.machine.ts';
import type { MenuLayoutMachine } from '../../machines/shell/menu-layout.machine.ts';
import { type MenuGroupsMachine, menuGroupsMachine } from '../../machines/shell/menu-groups.machine.ts';
import { type MobileNavMachine, mobileNavMachine } from '../../machines/shell/mobile-nav.machine.ts';
import { type NavigationHistoryMachine, navigationHistoryMachine } from '../../machines/shell/navigation-history.machine.ts';
import { type PageLoaderMachine, pageLoaderMachine } from '../../machines/shell/page-loader.machine.ts';
import type { ThemeMachine } from '../../machines/shell/theme.machine.ts';
import type { IdleSessionMachine } from '../../machines/session/idle-session.machine.ts';
import { type ApplicationConfiguration, getApplicationConfiguration } from '../api/application-configuration.ts';
import { createHttp, type RequestObserver } from '../api/http.ts';
import { bundledLanguages } from '../i18n/texts.ts';
import { createIdleSessionActor } from '../views/session/idle-session-actors.ts';
import {
  createContainerWidthLogic,
  createCookieConsentLogic,
  createInternetStatusLogic,
  createLanguageLogic,
  createMenuLayoutLogic,
  createThemeLogic,
} from './shell-actors.ts';

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

export function createAuthLogic(userManager: UserManager, requests?: RequestObserver) {
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
        getApplicationConfiguration(
          createHttp({ accessToken: () => input.accessToken, culture: () => input.culture, tenant: () => null }, '/', requests),
        ),
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
  containerWidth: ActorRefFrom<ContainerWidthMachine>;
  /** Side menu or top menu: the user's choice, saved locally; the flyouts' trigger follows it. */
  menuLayout: ActorRefFrom<MenuLayoutMachine>;
  cookieConsent: ActorRefFrom<CookieConsentMachine>;
  internetStatus: ActorRefFrom<InternetStatusMachine>;
  menuFilter: ActorRefFrom<MenuFilterMachine>;
  mobileNav: ActorRefFrom<MobileNavMachine>;
  /** The toolbar's settings panel and user menu (desktop); the mobile navbar has its own tabs. */
  settingsFlyout: ActorRefFrom<FlyoutMachine>;
  userFlyout: ActorRefFrom<FlyoutMachine>;
  pageLoader: ActorRefFrom<PageLoaderMachine>;
  language: ActorRefFrom<LanguageMachine>;
  /** The menu groups the user opened. */
  menuGroups: ActorRefFrom<MenuGroupsMachine>;
  /** The in-app navigations (the error page's Go back rule). */
  navigationHistory: ActorRefFrom<NavigationHistoryMachine>;
  /** The one open 'Are you sure?' question. */
  confirmAction: ActorRefFrom<ConfirmActionMachine>;
  /** Idle sign-out (spec 4.6); app.tsx connects it to the session and renders its warning. */
  idleSession: ActorRefFrom<IdleSessionMachine>;
  config: ShellConfig;
  /** The identity server's issuer (this origin), ending with '/'. */
  issuer: string;
}

function readSaved(win: Window, key: string): string | null {
  try {
    return win.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Builds every actor of the app with its real effects; main.tsx connects the effects and starts them. */
export function createShellSystem(win: Window = window): ShellSystem {
  const culture = readSaved(win, languageStorageKey) || win.navigator.language || 'en';
  const language = culture.split(/[-_]/)[0]!.toLowerCase();
  // Every request through the app's HTTP client drives the loading bar (one start, one stop each).
  const pageLoader = createActor(pageLoaderMachine);
  const requests: RequestObserver = {
    requestStarted: () => pageLoader.send({ type: 'loader.start' }),
    requestEnded: () => pageLoader.send({ type: 'loader.stop' }),
  };
  return {
    auth: createActor(createAuthLogic(createUserManager(win.location.origin, win.localStorage), requests), {
      input: { location: win.location.href, culture },
    }),
    theme: createActor(createThemeLogic(win), { input: {} }),
    containerWidth: createActor(createContainerWidthLogic(win), { input: {} }),
    menuLayout: createActor(createMenuLayoutLogic(win), { input: { defaultLayout: shellConfig.layout } }),
    cookieConsent: createActor(createCookieConsentLogic(win.document), { input: {} }),
    internetStatus: createActor(createInternetStatusLogic(win), { input: { isOnline: win.navigator.onLine } }),
    menuFilter: createActor(menuFilterMachine, { input: { items: [] } }),
    mobileNav: createActor(mobileNavMachine, { input: { isAuthenticated: false } }),
    // Click in the side-menu layout, hover in the top-menu layout (spec 2.3); effects.ts reconfigures
    // them when the menu layout is applied.
    settingsFlyout: createActor(flyoutMachine, { input: { trigger: shellConfig.layout === 'top-menu' ? 'hover' : 'click' } }),
    userFlyout: createActor(flyoutMachine, { input: { trigger: shellConfig.layout === 'top-menu' ? 'hover' : 'click' } }),
    pageLoader,
    // The shell's texts are bundled; a new language is kept and the page reloads into it (effects.ts),
    // so the configuration and every text come back in that language.
    language: createActor(
      createLanguageLogic({
        setCulture: (cultureName) => {
          win.localStorage.setItem(languageStorageKey, cultureName);
        },
      }),
      {
        input: {
          languages: bundledLanguages.map((entry) => ({ cultureName: entry.cultureName, displayName: entry.displayName })),
          currentCulture: bundledLanguages.some((entry) => entry.cultureName === language) ? language : 'en',
        },
      },
    ),
    menuGroups: createActor(menuGroupsMachine),
    navigationHistory: createActor(navigationHistoryMachine),
    confirmAction: createActor(confirmActionMachine),
    idleSession: createIdleSessionActor(win),
    config: shellConfig,
    issuer: `${win.location.origin}/`,
  };
}
