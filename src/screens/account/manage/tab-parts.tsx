// Small pieces the My account tabs share: the server's message above a form, and the loading and
// load-failure states of a tab.
import type { ReactNode } from 'react';
import type { FormFailure } from '../../../../machines/account/my-account-form.machine.ts';
import { ErrorState, LoadingState } from '../../../ui/index.ts';
import type { MyAccountTranslate } from './my-account-texts.ts';

/** The server's message for a failed save, or the tab's own text when the server gave none. */
export function FailureMessage({ failure, fallback }: { failure: FormFailure | null; fallback: string }) {
  if (!failure) return null;
  return (
    <p role="alert" className="error">
      {failure.message ?? fallback}
    </p>
  );
}

export function TabState({
  t,
  view,
  onRetry,
  children,
}: {
  t: MyAccountTranslate;
  view: { isLoading: boolean; loadFailed: boolean; failure: FormFailure | null };
  onRetry: () => void;
  children: ReactNode;
}) {
  if (view.isLoading) return <LoadingState label={t('loading')} />;
  if (view.loadFailed)
    return <ErrorState title={t('loadFailed')} message={view.failure?.message ?? undefined} retryLabel={t('retry')} onRetry={onRetry} />;
  return <>{children}</>;
}
