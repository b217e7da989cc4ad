// Composition root: the one place where machines meet their real effects (design: machines name
// their actors, system.ts supplies them with .provide()). Rules: the identity server is this
// server (authority = the page's origin), the SPA is the public client Finance_App; the response
// type chooses the flow (spec 4.1): 'code' (the default) is the code flow with PKCE, anything else
// the password flow with the in-app login page. It comes from the build (VITE_OAUTH_RESPONSE_TYPE)
// and may be overridden per browser with localStorage 'Abp.OAuthResponseType' (the e2e specs test
// both flows against one build this way; the server still decides which grants the client may use).
import type { UserManager } from 'oidc-client-ts';
import { type ActorRefFrom, createActor } from 'xstate';
import { type ConfirmActionMachine, confirmActionMachine } from '../../machines/generic/confirm-action.machine.ts';
import type { AuthFlow, AuthMachine } from '../../machines/session/auth.machine.ts';
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
import { createHttp, type Http, type RequestObserver } from '../api/http.ts';
import { bundledLanguages } from '../i18n/texts.ts';
import { createAuthLogic, createTokenStore, type TokenStore } from './auth-actors.ts';
import { tabStorage } from './sign-in-return.ts';
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

/** oidc-client-ts is loaded with the code flow's first redirect (user-manager.ts), then kept. */
function userManagerLoader(origin: string, storage: Storage, tab: Storage | null): () => Promise<UserManager> {
  let manager: Promise<UserManager> | undefined;
  return () => {
    manager ??= import('./user-manager.ts').then(({ createUserManager }) => createUserManager(origin, storage, clientId, scope, tab));
    return manager;
  };
}

/** How the shell is laid out and which optional modules it has (ABP's layout and module config). */
export interface ShellConfig {
  layout: 'side-menu' | 'top-menu';
  /** The linked-accounts module (spec 2.7) is not built yet, so its user-menu entry stays hidden. */
  linkedAccountsAvailable: boolean;
  authFlow: 'code' | 'password';
}

/** Storage key of the per-browser response-type override (see the rules at the top). */
export const responseTypeStorageKey = 'Abp.OAuthResponseType';

export function authFlowOf(responseType: string | null | undefined): AuthFlow {
  return !responseType || responseType === 'code' ? 'code' : 'password';
}

export const shellConfig: ShellConfig = {
  layout: 'side-menu',
  linkedAccountsAvailable: false,
  authFlow: authFlowOf(import.meta.env.VITE_OAUTH_RESPONSE_TYPE as string | undefined),
};

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
  clientId: string;
  scope: string;
  /** The stored session's tokens (ABP's keys, spec 3). */
  tokens: TokenStore;
  /** The app's HTTP client: the current access token, culture and chosen tenant on every call. */
  http: Http;
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
  const issuer = `${win.location.origin}/`;
  const tokens = createTokenStore(win.localStorage);
  const responseType = readSaved(win, responseTypeStorageKey);
  const config: ShellConfig = { ...shellConfig, authFlow: responseType ? authFlowOf(responseType) : shellConfig.authFlow };
  const auth = createActor(
    createAuthLogic({
      loadUserManager: userManagerLoader(win.location.origin, win.localStorage, tabStorage(win)),
      tab: tabStorage(win),
      store: tokens,
      issuer,
      clientId,
      scope,
      flow: config.authFlow,
      requests,
      navigate: { reload: (url) => win.location.replace(url), assign: (url) => win.location.assign(url) },
    }),
    { input: { location: win.location.href, culture, flow: config.authFlow, clientId } },
  );
  // The machine decides when tokens are kept or forgotten; the store applies it.
  auth.on('tokens.store', (event) => tokens.save(event.session));
  auth.on('tokens.clear', () => tokens.clear());
  const http = createHttp(
    {
      accessToken: () => tokens.accessToken(),
      culture: () => auth.getSnapshot().context.culture,
      tenant: () => null,
    },
    '/',
    requests,
  );
  return {
    auth,
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
    config,
    issuer,
    clientId,
    scope,
    tokens,
    http,
  };
}
