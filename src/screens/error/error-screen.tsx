// The full-page HTTP error screen (spec 2.8, error catalogue): code, status text and detail for
// 401/403/404/500, from the guard's status or the `status` query parameter. Render-only: the
// errorPage machine decides (Go back only after a navigation, never for 403; 404 retries the
// navigation) and effects.ts performs what it emits. One machine per status shown (keyed).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { errorPageMachine, selectErrorPage } from '../../../machines/shell/error-page.machine.ts';
import { selectNavigationHistory } from '../../../machines/shell/navigation-history.machine.ts';
import { connectErrorPageEffects } from '../../app/effects.ts';
import { shallowEqual } from '../../app/shell-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { useTexts } from '../../app/use-texts.ts';

export default function ErrorScreen({ status }: { status?: number }) {
  const search = useSearch();
  const given = status ?? new URLSearchParams(search).get('status');
  return <ErrorPage key={String(given)} status={given} />;
}

function ErrorPage({ status }: { status: string | number | null }) {
  const { navigationHistory } = useSystem();
  const t = useTexts();
  // The first navigation is the app's start: a previous one exists from the second on.
  const { hasPreviousNavigation } = selectNavigationHistory(navigationHistory.getSnapshot());
  const errorPage = useActorRef(errorPageMachine, { input: { status, hasPreviousNavigation } });
  const view = useSelector(errorPage, selectErrorPage, shallowEqual);
  useEffect(() => connectErrorPageEffects(errorPage, navigate), [errorPage]);
  return (
    <div className="error-page">
      <p className="error-code" aria-hidden="true">
        {view.code}
      </p>
      <h1>
        <span className="visually-hidden">{view.code} </span>
        {t(view.statusTextKey)}
      </h1>
      <p>{t(view.detailTextKey)}</p>
      <div className="error-actions">
        {view.canGoBack && (
          <button type="button" className="secondary" onClick={() => errorPage.send({ type: 'errorPage.goBack' })}>
            {t('error.goBack')}
          </button>
        )}
        <button type="button" onClick={() => errorPage.send({ type: 'errorPage.goHome' })}>
          {t('error.goHome')}
        </button>
      </div>
    </div>
  );
}
