// The cookie consent banner's model paths through the real screen (issue 21; spec 2.8, 4.2, 9):
// each path of the machine's model, in Chromium against the real server, with the banner a user sees
// and the cookie the browser keeps checked against the spec-written reference
// (tests/machines/reference/cookie-consent.reference.ts). The browser produces the machine's actor
// results itself: a consent cookie set before the page opens (found), none (not found), a cookie jar
// whose reads or writes fail (as in a sandboxed frame, where document.cookie throws).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { cookieConsentModel } from '../../machines/shell/cookie-consent.model.ts';
import { ensureBuilt } from '../kit/browser-session.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import type { Call } from '../machines/reference-driver.ts';
import { type CookieConsentExpectedView, cookieConsentReference } from '../machines/reference/cookie-consent.reference.ts';
import { describeUiPaths } from './ui-paths.ts';

let server: TestServer;

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
});

afterAll(async () => {
  await server?.stop();
});

const consentCookie = '.AspNet.Consent';
/** The page's clock for every path, whole seconds (a cookie's expiry has second precision), in the real future so the browser keeps the cookie. */
const pageNow = Math.floor(Date.now() / 1000) * 1000;

const failing = (path: { path: { steps: Array<{ event: { type: string } }> } }, actor: string) =>
  path.path.steps.some((step) => step.event.type === `xstate.error.actor.${actor}`);
const found = (path: { path: { steps: Array<{ event: { type: string; output?: unknown } }> } }) =>
  path.path.steps.some((step) => step.event.type === 'xstate.done.actor.readConsent' && step.event.output === true);

/** Whether this page's cookie jar refuses writes (set by `open` for the path being played). */
const refusesWrites = new WeakMap<Page, boolean>();

describeUiPaths<CookieConsentExpectedView>('cookie consent', {
  model: cookieConsentModel,
  scenarios: ['enabled'],
  notInTheProduct: {
    disabled: 'the product offers no setting that turns cookie consent off (spec 3 names the option; the app starts the banner enabled)',
    configured: 'the product offers no setting for the policy links or a fixed expiry date; their defaults are played in "enabled"',
  },
  reference: (input) => cookieConsentReference({ ...(input as object), now: () => pageNow }),
  automaticActors: ['readConsent', 'saveConsent'],
  async open(page, path) {
    await page.clock.setFixedTime(new Date(pageNow));
    if (found(path)) await page.context().addCookies([{ name: consentCookie, value: 'true', url: server.url }]);
    const failRead = failing(path, 'readConsent');
    const failWrite = failing(path, 'saveConsent');
    refusesWrites.set(page, failWrite);
    if (failRead || failWrite)
      await page.addInitScript(
        ({ failRead, failWrite }) => {
          const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
          Object.defineProperty(Document.prototype, 'cookie', {
            configurable: true,
            get() {
              if (failRead) throw new DOMException('The document is sandboxed and lacks the allow-same-origin flag.', 'SecurityError');
              return native.get!.call(this);
            },
            set(value: string) {
              if (failWrite) throw new DOMException('The document is sandboxed and lacks the allow-same-origin flag.', 'SecurityError');
              native.set!.call(this, value);
            },
          });
        },
        { failRead, failWrite },
      );
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Home' }).first().waitFor();
  },
  async act(page, event) {
    if (event.type !== 'consent.accept') throw new Error(`no user action plays ${event.type}`);
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).click();
  },
  async read(page) {
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    const isVisible = (await banner.count()) > 0;
    const notSaved = (await page.getByRole('status').filter({ hasText: 'Your browser did not keep the cookie' }).count()) > 0;
    if (!isVisible) return { isVisible, error: notSaved ? 'saveFailed' : null };
    const href = async (name: string) =>
      new URL((await banner.getByRole('link', { name }).getAttribute('href')) ?? '', server.url).pathname;
    return {
      isVisible,
      isBusy: await banner.getByRole('button', { name: 'Accept' }).isDisabled(),
      cookiePolicyUrl: await href('Cookie policy'),
      privacyPolicyUrl: await href('Privacy policy'),
      error: notSaved ? 'saveFailed' : null,
    };
  },
  seen: (view) =>
    view.isVisible
      ? {
          isVisible: true,
          isBusy: view.isBusy,
          cookiePolicyUrl: view.cookiePolicyUrl,
          privacyPolicyUrl: view.privacyPolicyUrl,
          error: view.error,
        }
      : { isVisible: false, error: view.error },
  async checkCalls(page, calls: Call[]) {
    const saves = calls.filter((call) => call.name === 'saveConsent');
    const kept = async () => (await page.context().cookies(server.url)).filter((cookie) => cookie.name === consentCookie);
    if (saves.length === 0) return;
    const expected = saves.at(-1)!.input as { value: string; path: string; expires: string };
    if (refusesWrites.get(page)) {
      expect(await kept()).toEqual([]);
      return;
    }
    // The cookie the reference says is written: value, path and expiry (second precision).
    await expect
      .poll(async () => (await kept()).map((cookie) => ({ value: cookie.value, path: cookie.path, expires: cookie.expires })))
      .toEqual([{ value: expected.value, path: expected.path, expires: Date.parse(expected.expires) / 1000 }]);
  },
});
