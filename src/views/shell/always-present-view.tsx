// The pieces every page carries (spec 1, 2.3, 2.8, 4.2): the loader bar, the internet-status
// indicator and the cookie consent banner (toasts and the 'Are you sure?' dialog come from src/ui).
// Render-only: each shows what its props say and reports clicks.
import { Link } from 'wouter';
import type { Translate } from '../../app/shell-view.ts';

export function LoaderBarView({ busy, label }: { busy: boolean; label: string }) {
  return busy ? <div className="loader-bar" role="progressbar" aria-label={label} /> : null;
}

export function InternetStatusView({ t, isOffline, isBackOnline }: { t: Translate; isOffline: boolean; isBackOnline: boolean }) {
  // Always in the DOM so the change is announced; empty while online and settled.
  return (
    <div className={isOffline ? 'internet-status offline' : isBackOnline ? 'internet-status online' : 'internet-status'} role="status">
      {isOffline ? t('shell.offline') : isBackOnline ? t('shell.online') : ''}
    </div>
  );
}

export interface ConsentBannerProps {
  t: Translate;
  visible: boolean;
  busy: boolean;
  cookiePolicyUrl: string;
  privacyPolicyUrl: string;
  /** Accepted, but the browser refused the cookie: the answer holds for this visit only. */
  notSaved: boolean;
  onAccept(): void;
}

export function ConsentBannerView({ t, visible, busy, cookiePolicyUrl, privacyPolicyUrl, notSaved, onAccept }: ConsentBannerProps) {
  if (!visible)
    return notSaved ? (
      <p className="consent-banner consent-not-saved" role="status">
        {t('consent.notSaved')}
      </p>
    ) : null;
  return (
    <section className="consent-banner" aria-label={t('consent.label')}>
      <p>{t('consent.text')}</p>
      <div className="consent-actions">
        <Link href={cookiePolicyUrl}>{t('consent.cookiePolicy')}</Link>
        <Link href={privacyPolicyUrl}>{t('consent.privacyPolicy')}</Link>
        <button type="button" disabled={busy} onClick={onAccept}>
          {t('consent.accept')}
        </button>
      </div>
    </section>
  );
}
