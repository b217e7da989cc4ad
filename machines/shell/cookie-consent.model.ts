// The test model of the cookie consent machine: consent found, not found or unreadable; the cookie
// written or refused; consent enabled and disabled by configuration, a configured expiry and policy
// links. The clock is fixed, so the expiry the suite sees is exact.
import type { MachineModel } from '../testing/model-paths.ts';
import { cookieConsentMachine } from './cookie-consent.machine.ts';
import { describeEvent, done, failed } from './model-events.ts';

/** 2026-01-15T10:00:00Z */
export const fixedNow = () => Date.UTC(2026, 0, 15, 10);

export const cookieConsentModel: MachineModel<typeof cookieConsentMachine> = {
  machine: cookieConsentMachine,
  scenarios: [
    { name: 'enabled', input: { now: fixedNow } },
    { name: 'disabled', input: { isEnabled: false, now: fixedNow } },
    {
      name: 'configured',
      input: { isEnabled: true, now: fixedNow, expireDate: '2027-01-01', cookiePolicyUrl: '/cookies', privacyPolicyUrl: '/privacy' },
    },
  ],
  events: [
    done('readConsent', true),
    done('readConsent', false),
    failed('readConsent'),
    done('saveConsent', undefined),
    failed('saveConsent'),
  ],
  describeEvent,
};
