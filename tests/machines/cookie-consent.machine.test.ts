// The cookie consent machine, driven headless with fake actors and a fixed clock: examples that pin
// spec 4.2 and 9, then every generated model path (the ones docs/machines/cookieConsent.md lists),
// checked step by step against the reference written from the spec (reference/cookie-consent.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  type CookieConsentInput,
  consentExpiry,
  cookieConsentMachine,
  selectCookieConsent,
} from '../../machines/shell/cookie-consent.machine.ts';
import { cookieConsentModel, fixedNow } from '../../machines/shell/cookie-consent.model.ts';
import { fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { cookieConsentReference, cookieConsentRules } from './reference/cookie-consent.reference.ts';

const actorNames = ['readConsent', 'saveConsent'] as const;

function start(input: CookieConsentInput = { now: fixedNow }) {
  const fakes = fakeActors(actorNames);
  const actor = createActor(cookieConsentMachine.provide({ actors: fakes.actors }), { input }).start();
  return { actor, fakes, view: () => selectCookieConsent(actor.getSnapshot()) };
}

describe('cookie consent', () => {
  it('shows the banner, with the policy links, unless the consent cookie exists', async () => {
    const run = start();
    expect(run.view().isVisible).toBe(false);
    run.fakes.settle('readConsent', { output: false });
    await settled();
    expect(run.view()).toEqual({
      isVisible: true,
      isBusy: false,
      cookiePolicyUrl: '/gdpr-cookie-consent/cookie',
      privacyPolicyUrl: '/gdpr-cookie-consent/privacy',
      error: null,
    });
    const consented = start();
    consented.fakes.settle('readConsent', { output: true });
    await settled();
    expect(consented.view().isVisible).toBe(false);
  });

  it('accepting sets .AspNet.Consent=true on path / for 6 months from now, then hides the banner', async () => {
    const run = start();
    run.fakes.settle('readConsent', { output: false });
    await settled();
    run.actor.send({ type: 'consent.accept' });
    expect(run.view()).toMatchObject({ isVisible: true, isBusy: true });
    expect(run.fakes.calls.at(-1)).toEqual({
      name: 'saveConsent',
      input: { name: '.AspNet.Consent', value: 'true', path: '/', expires: '2026-07-15T10:00:00.000Z' },
    });
    run.fakes.settle('saveConsent', { output: undefined });
    await settled();
    expect(run.view()).toMatchObject({ isVisible: false, error: null });
  });

  it('uses the configured expiry date and policy links', async () => {
    const run = start({ now: fixedNow, expireDate: '2030-01-01T00:00:00Z', cookiePolicyUrl: '/cookies', privacyPolicyUrl: '/privacy' });
    run.fakes.settle('readConsent', { error: new Error('cookies unreadable') });
    await settled();
    expect(run.view()).toMatchObject({ isVisible: true, cookiePolicyUrl: '/cookies', privacyPolicyUrl: '/privacy' });
    run.actor.send({ type: 'consent.accept' });
    expect(run.fakes.calls.at(-1)).toMatchObject({ input: { expires: '2030-01-01T00:00:00.000Z' } });
  });

  it('never shows when consent is disabled by configuration, and reads nothing', () => {
    const run = start({ isEnabled: false });
    expect(run.view().isVisible).toBe(false);
    expect(run.fakes.calls).toEqual([]);
  });

  it('hides the banner but says so when the cookie cannot be written', async () => {
    const run = start();
    run.fakes.settle('readConsent', { output: false });
    await settled();
    run.actor.send({ type: 'consent.accept' });
    run.fakes.settle('saveConsent', { error: new Error('blocked') });
    await settled();
    expect(run.view()).toMatchObject({ isVisible: false, error: 'saveFailed' });
  });

  it('computes 6 months in UTC across a year end', () => {
    expect(consentExpiry(Date.UTC(2026, 9, 1), null)).toBe('2027-04-01T00:00:00.000Z');
  });
});

describeReferencePaths('cookie consent', {
  model: cookieConsentModel,
  id: 'cookieConsent',
  actorNames,
  select: (snapshot) => selectCookieConsent(snapshot as never),
  reference: cookieConsentReference,
  rules: cookieConsentRules,
});
