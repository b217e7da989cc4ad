// The real browser effects of the shell machines (machines/shell), supplied with .provide(): local
// storage, cookies, matchMedia, online/offline and visibility events. Rules:
// - Plain browser APIs only (no React, no router, no fetch); the window is a parameter, so a test
//   can hand in a fake one and the app passes the real one.
// - Effects only: every decision (fallbacks, order, what counts as a change) stays in the machine.
// - No timers here: time is machine time (`after` with named delays).
// - Callback actors report the current value once at start, then every change, and remove their
//   listeners when the machine stops them.
import { fromCallback, fromPromise } from 'xstate';
import { type ConsentCookie, consentCookieName, cookieConsentMachine } from '../../machines/shell/cookie-consent.machine.ts';
import { containerWidthMachine, type LayoutClass } from '../../machines/shell/container-width.machine.ts';
import { type InternetStatusEvent, internetStatusMachine } from '../../machines/shell/internet-status.machine.ts';
import { languageMachine } from '../../machines/shell/language.machine.ts';
import { type MenuLayout, menuLayoutMachine } from '../../machines/shell/menu-layout.machine.ts';
import { type ColorScheme, type ThemeEvent, type ThemeStyleName, themeMachine } from '../../machines/shell/theme.machine.ts';

/** Local storage keys of spec 9. */
export const themeStorageKey = 'LPX_THEME';
export const layoutStorageKey = 'LPX_LAYOUT';
export const menuLayoutStorageKey = 'LPX_MENU_LAYOUT';

/** Reads a key; private modes and blocked storage throw, which the machines treat as nothing saved. */
function readStorage(win: Window, key: string): Promise<string | null> {
  return new Promise((resolve) => resolve(win.localStorage.getItem(key)));
}

function writeStorage(win: Window, key: string, value: string): Promise<void> {
  return new Promise((resolve) => resolve(win.localStorage.setItem(key, value)));
}

export function themeActors(win: Window = window) {
  return {
    loadTheme: fromPromise<string | null>(() => readStorage(win, themeStorageKey)),
    saveTheme: fromPromise<void, { style: ThemeStyleName }>(({ input }) => writeStorage(win, themeStorageKey, input.style)),
    // The OS preference: reported at start, then on every change of the media query.
    watchColorScheme: fromCallback<ThemeEvent>(({ sendBack }) => {
      const query = win.matchMedia('(prefers-color-scheme: dark)');
      const report = () => sendBack({ type: 'os.schemeChanged', scheme: (query.matches ? 'dark' : 'light') satisfies ColorScheme });
      report();
      query.addEventListener('change', report);
      return () => query.removeEventListener('change', report);
    }),
  };
}

export function createThemeLogic(win: Window = window) {
  return themeMachine.provide({ actors: themeActors(win) });
}

export function containerWidthActors(win: Window = window) {
  return {
    loadLayout: fromPromise<string | null>(() => readStorage(win, layoutStorageKey)),
    saveLayout: fromPromise<void, { layout: LayoutClass }>(({ input }) => writeStorage(win, layoutStorageKey, input.layout)),
  };
}

export function createContainerWidthLogic(win: Window = window) {
  return containerWidthMachine.provide({ actors: containerWidthActors(win) });
}

export function menuLayoutActors(win: Window = window) {
  return {
    loadMenuLayout: fromPromise<string | null>(() => readStorage(win, menuLayoutStorageKey)),
    saveMenuLayout: fromPromise<void, { layout: MenuLayout }>(({ input }) => writeStorage(win, menuLayoutStorageKey, input.layout)),
  };
}

export function createMenuLayoutLogic(win: Window = window) {
  return menuLayoutMachine.provide({ actors: menuLayoutActors(win) });
}

/** The value of a cookie in `document.cookie` ("a=1; b=2"), or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

export function cookieConsentActors(doc: Document = document) {
  return {
    readConsent: fromPromise<boolean>(async () => readCookie(doc.cookie, consentCookieName) === 'true'),
    // The same cookie ASP.NET Core's consent feature writes, so the server sees the consent too.
    saveConsent: fromPromise<void, ConsentCookie>(async ({ input }) => {
      doc.cookie = `${input.name}=${input.value}; path=${input.path}; expires=${new Date(input.expires).toUTCString()}; SameSite=Lax`;
    }),
  };
}

export function createCookieConsentLogic(doc: Document = document) {
  return cookieConsentMachine.provide({ actors: cookieConsentActors(doc) });
}

export function internetStatusActors(win: Window = window) {
  return {
    // Browser online/offline events, and the current status whenever the tab becomes visible again.
    watchConnection: fromCallback<InternetStatusEvent>(({ sendBack }) => {
      const report = () => sendBack({ type: win.navigator.onLine ? 'connection.online' : 'connection.offline' });
      const onVisible = () => {
        if (win.document.visibilityState === 'visible') report();
      };
      win.addEventListener('online', report);
      win.addEventListener('offline', report);
      win.document.addEventListener('visibilitychange', onVisible);
      return () => {
        win.removeEventListener('online', report);
        win.removeEventListener('offline', report);
        win.document.removeEventListener('visibilitychange', onVisible);
      };
    }),
  };
}

/** The machine with the browser's actors; start it with `{ input: { isOnline: navigator.onLine } }`. */
export function createInternetStatusLogic(win: Window = window) {
  return internetStatusMachine.provide({ actors: internetStatusActors(win) });
}

/** What switching the language needs from the app (the http layer owns Accept-Language). */
export interface LanguageEffects {
  /** Makes the culture the one later requests send as Accept-Language (and keeps it, if the app does). */
  setCulture(cultureName: string): void | Promise<void>;
  /**
   * Loads the texts of a culture before it becomes current. This app passes none: a chosen
   * language reloads the page, and main.tsx loads that culture's texts from the server before the
   * first render (ADR 0017); an app that switches without reloading passes its loader here.
   */
  loadTexts?(cultureName: string): Promise<void>;
}

export function languageActors(effects: LanguageEffects) {
  return {
    loadTexts: fromPromise<void, { cultureName: string }>(async ({ input }) => {
      await effects.loadTexts?.(input.cultureName);
    }),
    setLanguage: fromPromise<void, { cultureName: string }>(async ({ input }) => {
      await effects.setCulture(input.cultureName);
    }),
  };
}

export function createLanguageLogic(effects: LanguageEffects) {
  return languageMachine.provide({ actors: languageActors(effects) });
}
