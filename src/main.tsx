// Entry point: builds the system (machines with their real effects), connects the browser effects,
// starts the actors and renders. Rules: no logic here beyond wiring; React only renders. React and
// the shell's components are their own chunk (render.tsx), which a page that goes straight to the
// identity server's login page never loads (start-page.ts, issue 18, ADR 0024).
import './app/app.css';
import { connectShellEffects, reloadOnStaleBuild } from './app/effects.ts';
import { inspectActor } from './app/inspection.ts';
import { matchRoute } from './app/routes.ts';
import { preloadSignInReturn, tabStorage } from './app/sign-in-return.ts';
import { startPage } from './app/start-page.ts';
import { createShellSystem } from './app/system.ts';
import { loadFormatter, setUserTimeZone } from './i18n/format-text.ts';
import { loadServerTexts } from './i18n/server-texts.ts';
// The theme file, not the src/ui barrel: the barrel would pull all of react-aria into the first
// paint's chunk (quality bar: ≤ 150 KB gzipped); only the class names are needed here.
import { themeClass } from './ui/theme/theme.css.ts';

const system = createShellSystem(window);
// Back from the login page: the screen signed in for starts loading beside the token exchange.
// Its first list request follows the tokens, beside the configuration (route-data.ts).
preloadSignInReturn(tabStorage(window), window.location, matchRoute, (route, returnUrl) => {
  void route.load?.().catch(() => undefined);
  void import('./app/screen-providers.tsx').catch(() => undefined);
  void import('./app/route-data.ts').then(({ preloadRouteData }) => preloadRouteData(system, route, returnUrl)).catch(() => undefined);
});
// Effects first, so the first emitted events (theme.apply, layout.apply) find their listeners.
connectShellEffects(system, window, themeClass);
reloadOnStaleBuild(window);
for (const actor of [
  system.pageLoader,
  system.settingsFlyout,
  system.userFlyout,
  system.theme,
  system.containerWidth,
  system.menuLayout,
  system.cookieConsent,
  system.internetStatus,
  system.menuFilter,
  system.mobileNav,
  system.language,
  system.menuGroups,
  system.navigationHistory,
  system.confirmAction,
  system.auth,
]) {
  // Development (or ?inspect=1): every machine's events are recorded (docs/inspection.md).
  inspectActor(actor);
  actor.start();
}

// Dates and times in the user's time zone (spec 2.5), from the configuration the auth machine loads.
system.auth.subscribe((snapshot) => setUserTimeZone(snapshot.context.configuration?.timing?.timeZone.iana.timeZoneName));

const root = document.getElementById('root');
startPage(system.auth, window.location, () => {
  // React's chunk and the culture's texts from the server (with language management's overrides)
  // load side by side; the first paint waits for both, so no text flips from English; the bundled
  // English stays if the texts do not come (issue 19).
  const react = import('./app/render.tsx');
  const texts = loadServerTexts(system.auth.getSnapshot().context.culture, (query) =>
    system.http('/api/abp/application-localization', { query }),
  );
  // No top-level await: it would make the bundler split the entry into many shared chunks.
  void Promise.all([react, texts]).then(([{ renderApp }]) => {
    if (root) renderApp(root, system);
    // @formatjs/intl (plural, select, numbers, dates) comes after the first paint (format-text.ts).
    void loadFormatter();
  });
});
