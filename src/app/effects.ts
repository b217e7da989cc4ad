// Effects that leave the machines as emitted events or follow their snapshots, applied to the
// browser here (never in components, never in machines). Rules: navigation replaces history
// entries only for addresses the machine cleaned (a used authorization code must not be reachable
// with Back); the document's lang/dir follow the culture the machine holds, and a direction change
// reloads the theme styles (spec 4.3); the theme and container width are classes on <html>; the
// loader bar follows the session's requests; the page loader leaves when its machine says so.
import type { ActorRefFrom } from 'xstate';
import type { AuthMachine } from '../../machines/session/auth.machine.ts';
import type { ErrorPageMachine } from '../../machines/shell/error-page.machine.ts';
import { textsFor } from '../i18n/texts.ts';
import type { ShellSystem } from './system.ts';

// Before the server has said (signed out), the direction follows the browser's language.
const rightToLeftLanguages = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'dv', 'yi', 'ckb', 'sd', 'ug']);

export function isRightToLeft(culture: string): boolean {
  return rightToLeftLanguages.has(culture.split(/[-_]/)[0]!.toLowerCase());
}

export function connectEffects(auth: ActorRefFrom<AuthMachine>, win: Window = window, onDirection?: () => void): () => void {
  // wouter patches history.replaceState, so the router follows this change by itself.
  const navigation = auth.on('navigation.replace', (event) => win.history.replaceState(win.history.state, '', event.url));
  // A new page the user may come Back from (the two-factor step after the login form).
  const pushed = auth.on('navigation.push', (event) => win.history.pushState(null, '', event.url));
  // The toast queue is src/ui (react-aria): loaded on first use, never with the first paint.
  const toasted = auth.on('toast.error', (event) => {
    const t = textsFor(auth.getSnapshot().context.culture);
    void import('../ui/components/toast-queue.ts').then(({ showToast }) => {
      showToast({ kind: 'error', title: t('toast.error'), description: event.description ?? t('auth.linkLoginFailed') });
    });
  });
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
    pushed.unsubscribe();
    toasted.unsubscribe();
    culture.unsubscribe();
  };
}

const themeClasses = ['theme-light', 'theme-dim', 'theme-dark'];
const widthClasses = ['width-boxed', 'width-full', 'width-fixed'];

/**
 * `themeClass`: the design system's class per theme (src/ui), handed in by main.tsx so this module
 * stays free of vanilla-extract (its unit tests run without the plugin).
 */
/**
 * After a deploy, a page opened on the previous build asks for chunks that no longer exist (404).
 * Vite reports it as `vite:preloadError`; the page then reloads once into the new build. A second
 * failure within a minute is not retried (the chunk is really missing), so there is no reload loop.
 */
export function reloadOnStaleBuild(win: Window = window): () => void {
  const key = 'finance.staleBuildReloadAt';
  const onPreloadError = (event: Event) => {
    const last = Number(win.sessionStorage.getItem(key) ?? 0);
    if (Date.now() - last < 60_000) return;
    event.preventDefault();
    win.sessionStorage.setItem(key, String(Date.now()));
    win.location.reload();
  };
  win.addEventListener('vite:preloadError', onPreloadError);
  return () => win.removeEventListener('vite:preloadError', onPreloadError);
}

export function connectShellEffects(
  system: ShellSystem,
  win: Window = window,
  themeClass: Readonly<Record<'light' | 'dim' | 'dark', string>> = { light: '', dim: '', dark: '' },
): () => void {
  const root = win.document.documentElement;
  const stopAuth = connectEffects(system.auth, win, () => system.theme.send({ type: 'theme.reloadStyles' }));
  let offeredFrom: unknown = null;
  const subscriptions = [
    system.theme.on('theme.apply', (event) => {
      // The design system's theme class (src/ui) and the shell stylesheet's own (app.css).
      root.classList.remove(...themeClasses, ...Object.values(themeClass).filter(Boolean));
      root.classList.add(`theme-${event.style}`, ...[themeClass[event.style]].filter(Boolean));
      // Native controls (date pickers, scrollbars) follow the content: light in Semi-dark, whose
      // dark chrome sets its own scheme (chromeClass, .theme-dim .topbar).
      root.style.colorScheme = event.style === 'dark' ? 'dark' : 'light';
    }),
    system.menuLayout.on('menuLayout.apply', (event) => {
      const trigger = event.layout === 'top-menu' ? 'hover' : 'click';
      for (const flyout of [system.settingsFlyout, system.userFlyout]) flyout.send({ type: 'flyout.configure', trigger });
    }),
    system.containerWidth.on('layout.apply', (event) => {
      root.classList.remove(...widthClasses);
      root.classList.add(`width-${event.layout}`);
    }),
    // The chosen language is saved (setCulture); the page reloads into it, so the configuration,
    // Accept-Language and every text follow, and a direction change reloads the theme styles with it.
    system.language.on('language.changed', () => win.location.reload()),
    system.language.on('themeStylesReload', () => system.theme.send({ type: 'theme.reloadStyles' })),
    // The language menus offer the enabled languages of the host or tenant (language management),
    // as each loaded configuration lists them, with the culture the server answered in.
    system.auth.subscribe((snapshot) => {
      const localization = snapshot.context.configuration?.localization;
      const offered = localization?.languages;
      if (!localization || !offered?.length || localization === offeredFrom) return;
      offeredFrom = localization;
      system.language.send({
        type: 'language.offered',
        languages: offered.map((l) => ({
          cultureName: l.cultureName,
          displayName: l.displayName,
          flagIcon: l.flagIcon ?? undefined,
        })),
        currentCulture: localization.currentCulture.cultureName,
      });
    }),
    system.mobileNav.on('scrollToTop', () => win.scrollTo({ top: 0 })),
    system.pageLoader.subscribe((snapshot) => {
      if (!snapshot.matches({ page: 'visible' })) win.document.getElementById('page-loader')?.remove();
    }),
  ];
  // The session's requests (loading the user, the configuration, signing out) drive the loader bar;
  // the profile tab follows the sign-in state.
  let busy = false;
  let signedIn = false;
  subscriptions.push(
    system.auth.subscribe((snapshot) => {
      const nowBusy = !snapshot.matches('signedIn') && !snapshot.matches('signedOut');
      if (nowBusy !== busy) system.pageLoader.send({ type: nowBusy ? 'loader.start' : 'loader.stop' });
      busy = nowBusy;
      const nowSignedIn = snapshot.matches('signedIn');
      if (nowSignedIn !== signedIn) system.mobileNav.send({ type: 'nav.authChanged', isAuthenticated: nowSignedIn });
      signedIn = nowSignedIn;
    }),
  );
  return () => {
    stopAuth();
    for (const subscription of subscriptions) subscription.unsubscribe();
  };
}

/** The error page's emitted navigations, applied to the browser (spec 2.8). */
export function connectErrorPageEffects(
  errorPage: ActorRefFrom<ErrorPageMachine>,
  navigate: (to: string, options?: { replace?: boolean }) => void,
  win: Window = window,
): () => void {
  const subscriptions = [
    // Re-run the current navigation: the same address again, without a new history entry.
    errorPage.on('retryNavigation', () => navigate(`${win.location.pathname}${win.location.search}`, { replace: true })),
    errorPage.on('navigateBack', () => win.history.back()),
    errorPage.on('navigate', (event) => navigate(event.url)),
  ];
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe();
  };
}

let confirmations = 0;

/** Asks 'Are you sure?' (spec 8) and resolves with the answer; the dialog renders the confirmAction machine's question. */
export function requestConfirmation(confirmAction: ShellSystem['confirmAction'], message: string): Promise<boolean> {
  confirmations += 1;
  const id = `confirm-${confirmations}`;
  return new Promise((resolve) => {
    const subscription = confirmAction.on('confirm.answered', (event) => {
      if (event.id !== id) return;
      subscription.unsubscribe();
      resolve(event.yes);
    });
    confirmAction.send({ type: 'confirm.request', id, message });
  });
}
