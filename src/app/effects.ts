// Effects that leave the machines as emitted events or follow their snapshots, applied to the
// browser here (never in components, never in machines). Rules: navigation replaces history
// entries only for addresses the machine cleaned (a used authorization code must not be reachable
// with Back); the document's lang/dir follow the culture the machine holds, and a direction change
// reloads the theme styles (spec 4.3); the theme and container width are classes on <html>; the
// consent cookie is `.AspNet.Consent=true`, path /, 6 months (spec 4.2, 9).
import type { ActorRefFrom } from 'xstate';
import type { AuthMachine } from '../../machines/session/auth.machine.ts';
import type { ShellSystem } from './system.ts';
import { languageStorageKey } from './system.ts';
import { layoutStorageKey } from './shell-actors.ts';

// Before the server has said (signed out), the direction follows the browser's language.
const rightToLeftLanguages = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'dv', 'yi', 'ckb', 'sd', 'ug']);

export function isRightToLeft(culture: string): boolean {
  return rightToLeftLanguages.has(culture.split(/[-_]/)[0]!.toLowerCase());
}

/** Six months from now (spec 9), as a cookie expiry. */
export function consentExpiry(now: Date): string {
  const expires = new Date(now);
  expires.setMonth(expires.getMonth() + 6);
  return expires.toUTCString();
}

export function connectEffects(auth: ActorRefFrom<AuthMachine>, win: Window = window, onDirection?: () => void): () => void {
  // wouter patches history.replaceState, so the router follows this change by itself.
  const navigation = auth.on('navigation.replace', (event) => win.history.replaceState(win.history.state, '', event.url));
  const culture = auth.subscribe((snapshot) => {
    const root = win.document.documentElement;
    const current = snapshot.context.configuration?.localization.currentCulture;
    root.lang = current?.cultureName ?? snapshot.context.culture;
    const dir = (current ? current.isRightToLeft : isRightToLeft(snapshot.context.culture)) ? 'rtl' : 'ltr';
    if (root.dir !== dir) {
      root.dir = dir;
      onDirection?.();
    }
  });
  return () => {
    navigation.unsubscribe();
    culture.unsubscribe();
  };
}

const themeClasses = ['theme-light', 'theme-dim', 'theme-dark'];
const widthClasses = ['width-boxed', 'width-full', 'width-fixed'];

export function connectShellEffects(system: ShellSystem, win: Window = window): () => void {
  const root = win.document.documentElement;
  const stopAuth = connectEffects(system.auth, win, () => system.theme.send({ type: 'theme.reloadStyles' }));
  const applyTheme = system.theme.on('theme.apply', (event) => {
    root.classList.remove(...themeClasses);
    root.classList.add(`theme-${event.style}`);
    root.style.colorScheme = event.style === 'light' ? 'light' : 'dark';
  });
  const width = system.shell.subscribe((snapshot) => {
    const name = `width-${snapshot.context.width}`;
    if (!root.classList.contains(name)) {
      root.classList.remove(...widthClasses);
      root.classList.add(name);
    }
  });
  const consent = system.shell.on('consent.save', () => {
    win.document.cookie = `.AspNet.Consent=true; path=/; expires=${consentExpiry(new Date())}; SameSite=Lax`;
  });
  const saveWidth = system.shell.on('width.save', (event) => {
    try {
      win.localStorage.setItem(layoutStorageKey, event.width);
    } catch {
      // Blocked storage: the choice holds for this visit.
    }
  });
  const language = system.shell.on('language.save', (event) => {
    try {
      win.localStorage.setItem(languageStorageKey, event.culture);
    } catch {
      // Blocked storage: nothing to reload into.
    }
    win.location.reload();
  });
  const scrollTop = system.shell.on('content.scrollTop', () => win.scrollTo({ top: 0 }));
  const online = () => system.shell.send({ type: 'network.changed', online: true });
  const offline = () => system.shell.send({ type: 'network.changed', online: false });
  win.addEventListener('online', online);
  win.addEventListener('offline', offline);
  // The page loader (index.html) leaves 500 ms after start (spec 2.3, 9).
  const loaderTimer = win.setTimeout(() => win.document.getElementById('page-loader')?.remove(), 500);
  return () => {
    stopAuth();
    for (const subscription of [applyTheme, width, consent, saveWidth, language, scrollTop]) subscription.unsubscribe();
    win.removeEventListener('online', online);
    win.removeEventListener('offline', offline);
    win.clearTimeout(loaderTimer);
  };
}
