// Reference of the cookie consent banner, written from spec 2.8 (an Accept button, a cookie policy
// link /gdpr-cookie-consent/cookie and a privacy policy link /gdpr-cookie-consent/privacy), spec 3
// (options isEnabled, cookiePolicyUrl, privacyPolicyUrl, expireDate), spec 4.2 (the banner shows
// unless the cookie .AspNet.Consent=true exists; Accept sets it on path / with the configured expiry,
// by default 6 months from now, and hides the banner) and spec 9. A cookie jar that cannot be read
// shows the banner (asking again is harmless); a cookie that cannot be written still hides it for
// this visit, saying the answer was not kept. Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

export interface CookieConsentExpectedView {
  isVisible: boolean;
  isBusy: boolean;
  cookiePolicyUrl: string;
  privacyPolicyUrl: string;
  error: 'saveFailed' | null;
}

interface Input {
  isEnabled?: boolean;
  cookiePolicyUrl?: string;
  privacyPolicyUrl?: string;
  expireDate?: string | null;
  now: () => number;
}

export const cookieConsentRules: RuleBook = {
  source: 'spec 2.8 (banner), 3 (cookie consent options), 4.2 (cookie consent), 9 (consent cookie)',
  rules: {
    disabled: { state: 'checking', text: 'Consent disabled by configuration: no banner, the cookie is not even read.' },
    read: {
      state: 'checking',
      text: 'Otherwise the consent cookie is read first (no banner yet); the policy links are the configured ones or /gdpr-cookie-consent/cookie and /privacy.',
    },
    consented: { state: 'reading', text: 'The cookie .AspNet.Consent=true exists: no banner.' },
    notConsented: { state: 'reading', text: 'No consent cookie: the banner shows.' },
    unreadable: { state: 'reading', text: 'The cookies cannot be read: the banner shows.' },
    accept: {
      state: 'visible',
      text: 'Accept writes .AspNet.Consent=true on path / expiring at the configured expireDate, else 6 months from now; busy meanwhile.',
    },
    saved: { state: 'accepting', text: 'Once written, the banner hides.' },
    notSaved: { state: 'accepting', text: 'A cookie that cannot be written still hides the banner, saying the answer was not kept.' },
  },
};

/** Spec 4.2 and 9: the configured date, else the same moment 6 months later (UTC). */
function expiry(now: number, expireDate: string | null | undefined): string {
  if (expireDate) return new Date(expireDate).toISOString();
  const date = new Date(now);
  const month = date.getUTCMonth() + 6;
  return new Date(
    Date.UTC(
      date.getUTCFullYear() + Math.floor(month / 12),
      month % 12,
      date.getUTCDate(),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  ).toISOString();
}

export function cookieConsentReference(rawInput: unknown): ReferenceRun<CookieConsentExpectedView> {
  const input = rawInput as Input;
  const recorder = new Recorder();
  let phase: 'hidden' | 'reading' | 'visible' | 'accepting' = 'hidden';
  let error: 'saveFailed' | null = null;
  if (input.isEnabled === false) recorder.rule('disabled');
  else {
    recorder.rule('read');
    phase = 'reading';
    recorder.call('readConsent', undefined);
  }
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({
      isVisible: phase === 'visible' || phase === 'accepting',
      isBusy: phase === 'accepting',
      cookiePolicyUrl: input.cookiePolicyUrl ?? '/gdpr-cookie-consent/cookie',
      privacyPolicyUrl: input.privacyPolicyUrl ?? '/gdpr-cookie-consent/privacy',
      error,
    }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { actor?: string; output?: unknown };
      if (phase === 'reading' && e.type === 'done' && e.actor === 'readConsent') {
        recorder.rule(e.output === true ? 'consented' : 'notConsented');
        phase = e.output === true ? 'hidden' : 'visible';
      } else if (phase === 'reading' && e.type === 'error' && e.actor === 'readConsent') {
        recorder.rule('unreadable');
        phase = 'visible';
      } else if (phase === 'visible' && e.type === 'consent.accept') {
        recorder.rule('accept');
        phase = 'accepting';
        recorder.call('saveConsent', { name: '.AspNet.Consent', value: 'true', path: '/', expires: expiry(input.now(), input.expireDate) });
      } else if (phase === 'accepting' && e.type === 'done' && e.actor === 'saveConsent') {
        recorder.rule('saved');
        phase = 'hidden';
      } else if (phase === 'accepting' && e.type === 'error' && e.actor === 'saveConsent') {
        recorder.rule('notSaved');
        phase = 'hidden';
        error = 'saveFailed';
      }
    },
  };
}
