// Page helpers of the account specs. Rules: elements by role and accessible name only; the password
// flow is chosen per browser with the documented override (localStorage Abp.OAuthResponseType, see
// src/app/system.ts), so one build serves both flows.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, onTestFailed } from 'vitest';
import { type Browser, launchBrowser } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { acceptCookies, ensureBuilt, watchForPageProblems } from './shell-helpers.ts';

export interface AccountSpec {
  /** Set once the suite has started. */
  server: TestServer;
  browser: Browser;
  /** A new page whose problems (CSP, errors) are collected and whose traffic is printed if the test fails. */
  openPage(): Promise<{ page: Page; problems: string[] }>;
}

/** The suite of an account spec: the real server with the SPA, one browser on the password flow, cookies accepted. */
export function accountSpec(): AccountSpec {
  const spec = {
    async openPage() {
      const page = await spec.browser.context.newPage();
      const problems = watchForPageProblems(page);
      const traffic = recordTraffic(page);
      onTestFailed(() => {
        console.error(`account spec failed at ${page.url()}\n${traffic.join('\n')}`);
      });
      return { page, problems };
    },
  } as AccountSpec;
  beforeAll(async () => {
    ensureBuilt();
    spec.server = await startTestServer({ serveSpa: true });
    spec.browser = await launchBrowser();
    await choosePasswordFlow(spec.browser.context);
    await acceptCookies(spec.browser.context, spec.server.url);
  });
  afterAll(async () => {
    await spec.browser?.close();
    await spec.server?.stop();
  });
  return spec;
}

export async function choosePasswordFlow(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    try {
      window.localStorage.setItem('Abp.OAuthResponseType', 'password');
    } catch {
      // about:blank and other opaque origins have no storage; the app's pages do.
    }
  });
}

/** Logout from the user menu (a menu item, or a button where the menu renders one). */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page
    .getByRole('menuitem', { name: 'Logout' })
    .or(page.getByRole('button', { name: 'Logout' }))
    .first()
    .click();
}

/** Fills the in-app login page (password flow) and submits it. */
export async function submitAccountLogin(page: Page, userName: string, password: string, rememberMe = false): Promise<void> {
  await page.getByLabel('Username or email address').fill(userName);
  // The visible '*' of a required field is part of the label's text.
  await page.getByLabel(/^Password\*?$/).fill(password);
  // react-aria draws the box over the hidden native input: the label is what a user clicks.
  if (rememberMe) await page.getByText('Remember me', { exact: true }).click();
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The access token the SPA stored (ABP's key), or null. */
export function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('access_token'));
}

/** Every request and error of the page, printed when a spec fails (the flows cross pages). */
export function recordTraffic(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => lines.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => lines.push(`page error: ${error.message}`));
  page.on('response', async (response) => {
    if (response.status() < 400) return;
    const body = await response.text().catch(() => '');
    lines.push(`${response.status()} ${response.request().method()} ${response.url()} ${body.slice(0, 300)}`);
  });
  return lines;
}
