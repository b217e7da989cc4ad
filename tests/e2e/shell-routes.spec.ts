// Guards and the error page against the real server: /dashboard without a session goes to the login
// page with a returnUrl and comes back after sign-in; the error page shows the right code, texts and
// buttons for 401/403/404/500 (spec 2.8); axe finds nothing serious in light and dark.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { acceptCookies, ensureBuilt, expectAxeCleanInLightAndDark, submitLoginPage, watchForPageProblems } from './shell-helpers.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
  browser = await launchBrowser();
  await acceptCookies(browser.context, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What a page did, in order, with milliseconds since it was watched: for a failure's message. */
function pageEvents(page: Page): string[] {
  const events: string[] = [];
  const started = Date.now();
  const add = (text: string) => events.push(`${Date.now() - started} ms ${text}`);
  page.on('request', (request) => add(`request ${request.method()} ${request.url()}`));
  page.on('requestfailed', (request) => add(`failed ${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) add(`navigated ${frame.url()}`);
  });
  page.on('console', (message) => add(`console ${message.type()} ${message.text()}`));
  page.on('pageerror', (error) => add(`page error ${error.message}`));
  return events;
}

const titles = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Page not found', 500: 'Internal server error' } as const;

describe('route guards', () => {
  it('sends /dashboard without a session to login with a returnUrl, and back there after sign-in', async () => {
    const page = await browser.context.newPage();
    const problems = watchForPageProblems(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const [authorize] = await Promise.all([page.waitForRequest(/\/connect\/authorize\?/), page.goto(`${server.url}/dashboard?tab=1`)]);
    expect(new URL(authorize.url()).searchParams.get('returnUrl')).toBe('/dashboard?tab=1');
    // Issue 18: the redirect loads the entry and oidc-client-ts only, not React's chunk (start-page.ts).
    expect(scripts.map((script) => script.replace(/^\/assets\/(.+)-[\w-]{8}\.js$/, '$1')).sort()).toEqual(['index', 'user-manager']);
    await submitLoginPage(page, 'admin', '1q2w3E*');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(new URL(page.url()).search).toBe('?tab=1');
    await page.getByRole('region', { name: 'Widgets' }).waitFor();
    await expectAxeCleanInLightAndDark(page);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('sign-in redirect that fails', () => {
  // Failed once in a full CI run and once in eight local runs of this file (the alert never came in
  // 90 s), never when run alone: one retry, and the page's own account of what happened (requests,
  // navigations, console, the body) in the failure, to find the cause from the next failing run.
  it('paints the page with the error and its Login button, without a second redirect; Login then opens the login page', {
    retry: 1,
  }, async () => {
    // A browser of its own: the guard test above leaves a session in this file's browser.
    const visitor = await launchBrowser();
    await acceptCookies(visitor.context, server.url);
    const page = await visitor.context.newPage();
    const events = pageEvents(page);
    let discovery = 0;
    // The identity server's discovery document does not come: oidc-client-ts cannot build the redirect.
    await page.route(/\/\.well-known\/openid-configuration$/, (route) => {
      discovery++;
      events.push(`discovery document ${discovery}: ${discovery === 1 ? '503' : 'passed on'}`);
      return discovery === 1 ? route.fulfill({ status: 503, body: '' }) : route.continue();
    });
    await page.goto(`${server.url}/dashboard`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'The login page could not be opened. Please try again.' })
      .waitFor({ timeout: 20_000 })
      .catch(async (error: Error) => {
        const body = await page.evaluate(() => document.body.innerHTML.slice(0, 800)).catch(() => '(no body)');
        throw new Error(`${error.message}\nat ${page.url()}\n${events.join('\n')}\nbody: ${body}`);
      });
    expect(discovery).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    const [authorize] = await Promise.all([
      page.waitForRequest(/\/connect\/authorize\?/),
      page.getByRole('button', { name: 'Login' }).click(),
    ]);
    expect(new URL(authorize.url()).searchParams.get('returnUrl')).toBe('/dashboard');
    await visitor.close();
  });
});

describe('error page', () => {
  for (const status of [401, 403, 404, 500] as const) {
    it(`shows ${status} with its texts; Go back only after a navigation${status === 403 ? ', never for 403' : ''}`, async () => {
      const page = await browser.context.newPage();
      const problems = watchForPageProblems(page);
      // Opened directly: no previous navigation, so no Go back.
      await page.goto(`${server.url}/error?status=${status}`);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      expect(await heading.textContent()).toContain(titles[status]);
      expect(await page.getByText(String(status), { exact: true }).first().isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Go back' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Go to home page' }).waitFor();
      // A full page: no menu, no close icon.
      expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /close/i }).count()).toBe(0);
      await expectAxeCleanInLightAndDark(page);

      // Reached by an in-app navigation from home: Go back appears (not for 403) and works.
      await page.getByRole('button', { name: 'Go to home page' }).click();
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await page.evaluate((code) => history.pushState(null, '', `/error?status=${code}`), status);
      await heading.waitFor();
      const goBack = page.getByRole('button', { name: 'Go back' });
      if (status === 403) {
        expect(await goBack.count()).toBe(0);
      } else {
        await goBack.click();
        if (status === 404) {
          // 404 re-runs the current navigation: the same address again.
          await heading.waitFor();
          expect(new URL(page.url()).search).toBe('?status=404');
        } else {
          await page.waitForURL(`${server.url}/`);
          await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
        }
      }
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it('answers 404 for an unknown address inside the layout: the menu and top bar stay', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('heading', { level: 1, name: /Page not found/ }).waitFor();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(1);
    await page.getByRole('button', { name: 'Go to home page' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.close();
  });

  it('reloads once into the current build when a chunk of the page is gone (a deploy under an open page)', async () => {
    const page = await browser.context.newPage();
    const asked: number[] = [];
    // The first request for the error screen's chunk answers 404, as a removed chunk of an old build would.
    await page.route(/\/assets\/error-screen-[^/]+\.js$/, (route) => {
      asked.push(asked.length);
      return asked.length === 1 ? route.fulfill({ status: 404, body: '' }) : route.continue();
    });
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('heading', { level: 1, name: /Page not found/ }).waitFor();
    expect(asked.length).toBe(2);
    await page.close();
  });
});
