// The full-page HTTP error screen (spec 2.8, error catalogue): code, status text and detail for
// 401/403/404/500, read from the `status` query parameter unless the guard passes it. Rules:
// 'Go back' only after a previous navigation and never for 403; for 404 it re-runs the current
// navigation, otherwise it goes back in history. 'Go to home page' goes to '/'. No close icon.
import { useSelector } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { useSystem } from '../../app/system-context.ts';
import { useTexts } from '../../app/use-texts.ts';

const known = [401, 403, 404, 500] as const;
type KnownStatus = (typeof known)[number];

export function errorStatus(value: string | number | null | undefined): KnownStatus {
  const status = Number(value);
  return (known as readonly number[]).includes(status) ? (status as KnownStatus) : 404;
}

export default function ErrorScreen({ status: given }: { status?: number }) {
  const { shell } = useSystem();
  const t = useTexts();
  const [location] = useLocation();
  const search = useSearch();
  const status = errorStatus(given ?? new URLSearchParams(search).get('status'));
  // The first navigation is the app's start: a previous one exists from the second on.
  const hasPrevious = useSelector(shell, (snapshot) => snapshot.context.navigations > 1);
  const current = search ? `${location}?${search}` : location;
  const goBack = () => (status === 404 ? navigate(current, { replace: true }) : window.history.back());
  return (
    <div className="error-page">
      <p className="error-code" aria-hidden="true">
        {status}
      </p>
      <h1>
        <span className="visually-hidden">{status} </span>
        {t(`error.${status}.title`)}
      </h1>
      <p>{t(`error.${status}.detail`)}</p>
      <div className="error-actions">
        {hasPrevious && status !== 403 && (
          <button type="button" className="secondary" onClick={goBack}>
            {t('error.goBack')}
          </button>
        )}
        <button type="button" onClick={() => navigate('/')}>
          {t('error.goHome')}
        </button>
      </div>
    </div>
  );
}
