// The cookie consent banner (spec 2.8, 3 cookie consent options, 4.2, 9). Rules:
// - The banner shows unless the cookie `.AspNet.Consent=true` exists (`readConsent` reads it), or
//   the configuration disables consent (isEnabled false). An unreadable cookie jar shows the banner:
//   asking again is harmless, assuming consent is not.
// - Accept sets that cookie on path / (`saveConsent`), expiring at the configured expireDate or, by
//   default, 6 months from now; "now" is an injected clock, so the expiry is testable.
// - Accepting hides the banner even when the cookie could not be written (cookies blocked): the
//   user has answered for this visit; `error` says the answer was not kept.
// - The policy links are configuration: /gdpr-cookie-consent/cookie and /gdpr-cookie-consent/privacy.
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

export const consentCookieName = '.AspNet.Consent';
export const defaultCookiePolicyUrl = '/gdpr-cookie-consent/cookie';
export const defaultPrivacyPolicyUrl = '/gdpr-cookie-consent/privacy';

/** The cookie options of spec 3 (all optional), plus the clock. */
export interface CookieConsentInput {
  isEnabled?: boolean;
  cookiePolicyUrl?: string;
  privacyPolicyUrl?: string;
  /** A fixed expiry (ISO date); absent means 6 months from the moment of acceptance. */
  expireDate?: string | null;
  /** Milliseconds since the epoch (defaults to Date.now). */
  now?: () => number;
}

export interface ConsentCookie {
  name: string;
  value: 'true';
  path: '/';
  /** ISO date. */
  expires: string;
}

export interface CookieConsentContext {
  isEnabled: boolean;
  cookiePolicyUrl: string;
  privacyPolicyUrl: string;
  expireDate: string | null;
  now: () => number;
  error: 'saveFailed' | null;
}

export type CookieConsentEvent = { type: 'consent.accept' };

/** The configured expiry, or 6 months from now (same day of the month, UTC). */
export function consentExpiry(now: number, expireDate: string | null): string {
  if (expireDate) return new Date(expireDate).toISOString();
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() + 6);
  return date.toISOString();
}

const notProvided = (name: string) => () => Promise.reject(new Error(`actor ${name} is not provided`));

export const cookieConsentMachine = setup({
  types: {
    context: {} as CookieConsentContext,
    events: {} as CookieConsentEvent,
    input: {} as CookieConsentInput,
  },
  actors: {
    /** Whether the cookie `.AspNet.Consent=true` exists. */
    readConsent: fromPromise<boolean>(notProvided('readConsent')),
    saveConsent: fromPromise<void, ConsentCookie>(notProvided('saveConsent')),
  },
  guards: {
    isDisabled: ({ context }) => !context.isEnabled,
    hasConsent: (_, consented: boolean) => consented,
  },
}).createMachine({
  id: 'cookieConsent',
  context: ({ input }) => ({
    isEnabled: input.isEnabled ?? true,
    cookiePolicyUrl: input.cookiePolicyUrl ?? defaultCookiePolicyUrl,
    privacyPolicyUrl: input.privacyPolicyUrl ?? defaultPrivacyPolicyUrl,
    expireDate: input.expireDate ?? null,
    now: input.now ?? Date.now,
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isDisabled', target: 'hidden' }, { target: 'reading' }],
    },
    reading: {
      invoke: {
        id: 'readConsent',
        src: 'readConsent',
        onDone: [{ guard: { type: 'hasConsent', params: ({ event }) => event.output }, target: 'hidden' }, { target: 'visible' }],
        onError: { target: 'visible' },
      },
    },
    visible: {
      on: { 'consent.accept': { target: 'accepting' } },
    },
    accepting: {
      invoke: {
        id: 'saveConsent',
        src: 'saveConsent',
        input: ({ context }) => ({
          name: consentCookieName,
          value: 'true' as const,
          path: '/' as const,
          expires: consentExpiry(context.now(), context.expireDate),
        }),
        onDone: { target: 'hidden' },
        onError: { target: 'hidden', actions: assign({ error: 'saveFailed' }) },
      },
    },
    hidden: {},
  },
});

export type CookieConsentMachine = typeof cookieConsentMachine;

/** The view model of the banner. */
export function selectCookieConsent(snapshot: SnapshotFrom<CookieConsentMachine>) {
  const { cookiePolicyUrl, privacyPolicyUrl, error } = snapshot.context;
  return {
    isVisible: snapshot.matches('visible') || snapshot.matches('accepting'),
    isBusy: snapshot.matches('accepting'),
    cookiePolicyUrl,
    privacyPolicyUrl,
    error,
  };
}
