// The app's root: picks the route from the registry, runs its guards, wraps the lazily loaded
// screen in its layout, and renders the always-present pieces. Rules:
// - A guarded route without a user sends `auth.signIn` with the requested address as returnUrl
//   (error catalogue); a guard's 403/404 renders the error screen's content inside the application
//   layout (the menu stays); the /error route is spec 2.8's full page.
// - Each screen is React.lazy over the registry's dynamic import, created once per route, so its
//   chunk loads on first visit; the loader bar shows while a chunk or the session is loading.
// - Every lazy piece (screens, error page, toasts, dialogs) renders inside ScreenProviders
//   (react-aria's locale), loaded in parallel with its chunk: one place, no waterfall, and no
//   react-aria in the first paint. A route marked `providers: 'own'` (the dashboard) paints without
//   them and wraps its own lazily loaded parts, so its first paint loads no react-aria at all.
// - Every location change is reported to the shell (closes panels, scrolls to top) and to the
//   navigation history (the error page's Go back rule needs a previous navigation).
import { useSelector } from '@xstate/react';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useLocation, useSearch } from 'wouter';
import { selectConfirmAction } from '../../machines/generic/confirm-action.machine.ts';
import { selectCookieConsent } from '../../machines/shell/cookie-consent.machine.ts';
import { selectInternetStatus } from '../../machines/shell/internet-status.machine.ts';
import { selectPageLoader } from '../../machines/shell/page-loader.machine.ts';
import { subscribeToastsShown, toastsWereShown } from '../ui/components/toasts-shown.ts';
import { ConsentBannerView, InternetStatusView, LoaderBarView } from '../views/shell/always-present-view.tsx';
import { connectIdleSession } from '../views/session/idle-session-actors.ts';
import { selectAuthView } from './auth-view.ts';
import { AccountLayout, ApplicationLayout, EmptyLayout } from './application-layout.tsx';
import { guardRoute, type LayoutKind, type RouteEntry } from './routes.ts';
import { signInStartedBeforeRender } from './start-page.ts';
import { selectAccess, selectAuthStatus, shallowEqual } from './shell-view.ts';
import { useSystem } from './system-context.ts';
import { useTexts } from './use-texts.ts';
import { withScreenProviders } from './with-screen-providers.tsx';

const screens = new WeakMap<RouteEntry, LazyExoticComponent<ComponentType>>();

function screenOf(route: RouteEntry): LazyExoticComponent<ComponentType> {
  let screen = screens.get(route);
  if (!screen && route.load) {
    // A screen whose first paint has no react-aria wraps its own lazily loaded parts (issue 18).
    screen = route.providers === 'own' ? lazy(route.load) : withScreenProviders(route.load);
    screens.set(route, screen);
  }
  return screen as LazyExoticComponent<ComponentType>;
}

const ErrorScreen = withScreenProviders(() => import('../screens/error/error-screen.tsx'));
const ToastRegion = withScreenProviders(() => import('./toast-region.tsx'));
const ConfirmDialogHost = withScreenProviders(() => import('./confirm-dialog.tsx'));
const IdleSessionDialog = withScreenProviders(() => import('../views/session/idle-session-dialog.tsx'));

function Layout({ kind, children }: { kind: LayoutKind; children: ReactNode }) {
  if (kind === 'account') return <AccountLayout>{children}</AccountLayout>;
  if (kind === 'empty') return <EmptyLayout>{children}</EmptyLayout>;
  return <ApplicationLayout>{children}</ApplicationLayout>;
}

/** Suspense fallback while a route's chunk loads: the navigation runs the loader bar. */
function ChunkLoading() {
  const { pageLoader } = useSystem();
  useEffect(() => {
    pageLoader.send({ type: 'loader.start' });
    return () => pageLoader.send({ type: 'loader.stop' });
  }, [pageLoader]);
  return null;
}

export function App() {
  const { auth, navigationHistory, confirmAction, cookieConsent, internetStatus, pageLoader, mobileNav, settingsFlyout, userFlyout } =
    useSystem();
  const { idleSession } = useSystem();
  // The warning's chunk loads as soon as idle sign-out applies, so it can open at once (even offline).
  const idleApplies = useSelector(idleSession, (snapshot) => !snapshot.matches('inactive'));
  const t = useTexts();
  const [location] = useLocation();
  const search = useSearch();
  const status = useSelector(auth, selectAuthStatus);
  const access = useSelector(auth, selectAccess);
  const consent = useSelector(cookieConsent, selectCookieConsent, shallowEqual);
  const connection = useSelector(internetStatus, selectInternetStatus, shallowEqual);
  const confirm = useSelector(confirmAction, selectConfirmAction);
  const loaderBar = useSelector(pageLoader, (snapshot) => selectPageLoader(snapshot).isLoadingBarVisible);
  // The toast region (src/ui, react-aria) loads with the first toast, not with the first paint.
  const toastsShown = useSyncExternalStore(subscribeToastsShown, toastsWereShown);
  const outcome = status === 'busy' ? null : guardRoute(location, access);
  const needsSignIn = outcome?.kind === 'signIn';
  const authError = useSelector(auth, (snapshot) => selectAuthView(snapshot).errorText);
  const signInError = needsSignIn && status === 'signedOut' ? authError : null;
  const requested = search ? `${location}?${search}` : location;

  useEffect(() => {
    navigationHistory.send({ type: 'navigation.changed', path: location });
    mobileNav.send({ type: 'nav.navigated' });
    settingsFlyout.send({ type: 'flyout.close' });
    userFlyout.send({ type: 'flyout.close' });
  }, [navigationHistory, mobileNav, settingsFlyout, userFlyout, location]);
  // Idle sign-out follows the session from here on (spec 4.6).
  useEffect(() => connectIdleSession(auth, idleSession, window), [auth, idleSession]);
  useEffect(() => {
    // Start-up may have sent this address's sign-in before React loaded (start-page.ts).
    const startedBefore = signInStartedBeforeRender(needsSignIn ? requested : null);
    if (needsSignIn && !startedBefore) auth.send({ type: 'auth.signIn', returnUrl: requested });
  }, [auth, needsSignIn, requested]);

  const loading = <ChunkLoading />;
  let page: ReactNode;
  if (!outcome || outcome.kind === 'signIn') {
    page = (
      <EmptyLayout>
        {loading}
        <p role="status" className="status">
          {signInError ? '' : needsSignIn ? t('shell.signingIn') : t('app.loading')}
        </p>
        {/* The redirect to the identity server failed: say so, and let the user try again. */}
        {signInError && (
          <div>
            <p role="alert" className="error">
              {signInError}
            </p>
            <button type="button" onClick={() => auth.send({ type: 'auth.signIn', returnUrl: requested })}>
              {t('home.signIn')}
            </button>
          </div>
        )}
      </EmptyLayout>
    );
  } else if (outcome.kind === 'error') {
    // An address of the app that is unknown, not built yet or not allowed keeps the menu and top bar
    // around the error's content, so the user finds the way on; /error?status= (spec 2.8's HTTP
    // error page) stays a full page.
    page = (
      <ApplicationLayout>
        <Suspense fallback={loading}>
          <ErrorScreen status={outcome.status} />
        </Suspense>
      </ApplicationLayout>
    );
  } else {
    const Screen = screenOf(outcome.route);
    page = (
      <Layout kind={outcome.route.layout}>
        <Suspense fallback={loading}>
          <Screen />
        </Suspense>
      </Layout>
    );
  }
  return (
    <>
      <LoaderBarView busy={loaderBar} label={t('app.loading')} />
      {page}
      <InternetStatusView t={t} isOffline={connection.isOffline} isBackOnline={connection.isBackOnline} />
      <ConsentBannerView
        t={t}
        visible={consent.isVisible}
        busy={consent.isBusy}
        cookiePolicyUrl={consent.cookiePolicyUrl}
        privacyPolicyUrl={consent.privacyPolicyUrl}
        notSaved={consent.error === 'saveFailed'}
        onAccept={() => cookieConsent.send({ type: 'consent.accept' })}
      />
      {toastsShown && (
        <Suspense fallback={null}>
          <ToastRegion label={t('toast.region')} closeLabel={t('toast.close')} />
        </Suspense>
      )}
      {idleApplies && (
        <Suspense fallback={null}>
          <IdleSessionDialog />
        </Suspense>
      )}
      {confirm && (
        <Suspense fallback={null}>
          <ConfirmDialogHost t={t} message={confirm.message} onAnswer={(yes) => confirmAction.send({ type: 'confirm.answer', yes })} />
        </Suspense>
      )}
    </>
  );
}
