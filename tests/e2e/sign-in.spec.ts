// Sign-in and sign-out through the real identity server, in Debian's Chromium, against the built
// SPA served by the real server on a fresh database. Rules: elements are found by role and
// accessible name only; every page the user passes through is checked with axe (0 serious or
// critical); the page must run under its strict CSP without errors; sign-out must make the old
// access token useless at once (quality bar: logout takes effect on the very next request).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { type Browser, launchBrowser, seriousAxeViolations } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { ensureBuilt } from './shell-helpers.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Problems the page reports itself: uncaught errors and CSP refusals. */
function watchForPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
  });
  return problems;
}

/** The user's access token as the SPA stored it (ABP's key, spec 3), or null. */
function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('access_token'));
}

async function shownDetails(page: Page): Promise<Record<string, string>> {
  const terms = await page.getByRole('term').allTextContents();
  const definitions = await page.getByRole('definition').allTextContents();
  return Object.fromEntries(terms.map((term, index) => [term, definitions[index] ?? '']));
}

describe('sign-in through the identity server', () => {
  it('signs the seeded admin in and out, and the old access token stops working', async () => {
    const page = await browser.context.newPage();
    const problems = watchForPageProblems(page);
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
    page.on('requestfailed', (request) => consoleLines.push(`request failed: ${request.url()} ${request.failure()?.errorText}`));
    page.on('response', async (response) => {
      if (response.status() < 400) return;
      const body = await response.text().catch(() => '');
      consoleLines.push(`${response.status()} ${response.request().method()} ${response.url()} ${body.slice(0, 300)}`);
    });
    // On failure, say where the browser was and what the page said: the spec crosses two apps.
    onTestFailed(async () => {
      const alerts = await page
        .getByRole('alert')
        .allTextContents()
        .catch(() => []);
      console.error(`sign-in spec failed at ${page.url()}\nalerts: ${JSON.stringify(alerts)}\nconsole:\n${consoleLines.join('\n')}`);
    });

    await page.goto(`${server.url}/`);
    const signIn = page.getByRole('main').getByRole('button', { name: 'Login' });
    await signIn.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Finance Admin');
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Keyboard only: Tab reaches the button (after the skip link, menu and toolbar) and Enter activates it.
    for (let stop = 0; stop < 30 && !(await signIn.evaluate((button) => button === document.activeElement)); stop++)
      await page.keyboard.press('Tab');
    expect(await signIn.evaluate((button) => button === document.activeElement)).toBe(true);
    const [authorize] = await Promise.all([
      page.waitForRequest(/\/connect\/authorize\?/),
      page.waitForURL(/\/Account\/Login/),
      page.keyboard.press('Enter'),
    ]);
    // Code flow with PKCE, carrying the SPA's culture as ABP's client does (contract 6.2).
    const query = new URL(authorize.url()).searchParams;
    expect(query.get('client_id')).toBe('Finance_App');
    expect(query.get('response_type')).toBe('code');
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('culture')).toBe(await page.evaluate(() => navigator.language));
    expect(query.get('ui-culture')).toBe(query.get('culture'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel(/user ?name/i).fill('admin');
    await page.getByLabel(/^password$/i).fill('1q2w3E*');
    await page.getByRole('button', { name: /^(log ?in|sign ?in)$/i }).click();

    const signOut = page.getByRole('main').getByRole('button', { name: 'Logout' });
    await signOut.waitFor();
    expect(new URL(page.url()).origin).toBe(server.url);
    // The used authorization code is gone from the address bar.
    expect(new URL(page.url()).search).toBe('');
    const details = await shownDetails(page);
    expect(details['User name']).toBe('admin');
    expect(details.Email).toBe('admin@abp.io');
    expect(details.Tenant).toBe('Host');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });

    const accessToken = await storedAccessToken(page);
    expect(accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const asAdmin = { headers: { authorization: `Bearer ${accessToken}`, 'x-requested-with': 'XMLHttpRequest' } };
    // Accepted before sign-out, so the refusal afterwards is the sign-out's doing.
    expect((await fetch(`${server.url}/api/identity/users`, asAdmin)).status).toBe(200);

    // One click signs out everywhere: the identity server does not ask (a first-party app with a
    // valid id_token_hint), its page submits itself and the browser lands on the SPA, signed out.
    const refreshToken = await page.evaluate(() => window.localStorage.getItem('refresh_token'));
    expect(refreshToken).toBeTruthy();
    const endSessionPages: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'GET' && /\/connect\/endsession\?/.test(response.url()))
        endSessionPages.push(response.text().catch(() => ''));
    });
    const backOnSpa = page.getByRole('main').getByRole('button', { name: 'Login' });
    await signOut.click();
    await backOnSpa.waitFor();
    expect(new URL(page.url()).origin).toBe(server.url);
    expect(await storedAccessToken(page)).toBeNull();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // It passed the end-session page once, and that page asked nothing.
    const pages = await Promise.all(endSessionPages);
    expect(pages).toHaveLength(1);
    expect(pages[0]).not.toContain('Do you want to sign out?');
    expect((await fetch(`${server.url}/api/identity/users`, asAdmin)).status).toBe(401);
    const refresh = await fetch(`${server.url}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'Finance_App', refresh_token: refreshToken! }),
    });
    expect(((await refresh.json()) as { error?: string }).error).toBe('invalid_grant');
    // Back does not restore the session: the earlier pages come back signed out.
    await page.goBack();
    await page
      .getByRole('main')
      .getByRole('button', { name: 'Login' })
      .or(page.getByRole('heading', { name: /sign ?in|log ?in/i }))
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'User menu' }).count()).toBe(0);
    expect(await storedAccessToken(page)).toBeNull();
    // A guarded route asks for the password again: the identity server's session is gone too.
    await page.goto(`${server.url}/audit-logs`);
    await page.waitForURL(/\/Account\/Login/);
    await page.getByLabel(/^password$/i).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends /account/login to the identity server in the code flow and comes back to its returnUrl', async () => {
    const page = await browser.context.newPage();
    const problems = watchForPageProblems(page);
    await page.goto(`${server.url}/account/login?returnUrl=%2Fdashboard`);
    await page.waitForURL(/\/Account\/Login/);
    await page.getByLabel(/user ?name/i).fill('admin');
    await page.getByLabel(/^password$/i).fill('1q2w3E*');
    await page.getByRole('button', { name: /^(log ?in|sign ?in)$/i }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect(await storedAccessToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('follows an Arabic browser: right-to-left page, and the login page in Arabic', async () => {
    const arabic = await launchBrowser({ locale: 'ar' });
    try {
      const page = await arabic.context.newPage();
      const problems = watchForPageProblems(page);
      await page.goto(`${server.url}/`);
      // The home page's sign-in button, in Arabic.
      const signIn = page.getByRole('main').getByRole('button', { name: 'تسجيل الدخول' });
      await signIn.waitFor();
      const documentLanguage = () => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
      expect(await documentLanguage()).toEqual({ lang: 'ar', dir: 'rtl' });
      expect(await seriousAxeViolations(page)).toEqual([]);

      await Promise.all([page.waitForURL(/\/Account\/Login/), signIn.click()]);
      expect(await documentLanguage()).toMatchObject({ dir: 'rtl' });
      expect((await documentLanguage()).lang).toMatch(/^ar/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await arabic.close();
    }
  });
});
