// Helpers of the identity screens' specs (and the audit logs'): the suite's server and browser,
// keyboard moves by role and accessible name, the kit's tables and row menus, an admin API client,
// the right-to-left check, and screenshots for review.
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, onTestFailed } from 'vitest';
import { authHeaders, passwordToken } from '../kit/auth.ts';
import { type Browser, launchBrowser } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { recordTraffic } from './account-helpers.ts';
import { acceptCookies, ensureBuilt, expectAxeCleanInLightAndDark, signIn, watchForPageProblems } from './shell-helpers.ts';

type ApiAnswer = { status: number; json: unknown };

export interface IdentitySpec {
  /** Set once the suite has started. */
  server: TestServer;
  browser: Browser;
  /** The admin's access token (empty with `adminToken: false`). */
  adminToken: string;
  /** The API as the admin. */
  api(method: string, path: string, body?: unknown): Promise<ApiAnswer>;
  /** A new page of the suite's browser, signed in as the admin; reduced motion; its problems (CSP, errors) collected. */
  openPage(): Promise<{ page: Page; problems: string[] }>;
  /** openPage, then `path`, its level-1 `heading`, and `ready` (the first row, say). */
  openScreen(path: string, heading: string, ready: (page: Page) => Locator): Promise<{ page: Page; problems: string[] }>;
  /**
   * In Arabic: the screen at `path` shows `heading`, the document is right to left, `ready` is done,
   * and axe is clean in light; the language is put back afterwards.
   */
  expectRightToLeft(
    path: string,
    heading: string,
    ready: (page: Page) => Promise<unknown>,
    options?: { screenshot?: string },
  ): Promise<void>;
}

/**
 * The suite of an identity spec: the real server with the SPA, one browser with cookies accepted, and
 * (unless `adminToken: false`, for a spec counting the admin's sessions or logs) the admin's token.
 * A spec's own beforeAll declared after this call runs after it.
 */
export function identitySpec({ adminToken = true }: { adminToken?: boolean } = {}): IdentitySpec {
  const spec = {
    adminToken: '',
    api: (method: string, path: string, body?: unknown) => adminApi(spec.server.url, () => spec.adminToken)(method, path, body),
    async openPage() {
      const page = await spec.browser.context.newPage();
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const problems = watchForPageProblems(page);
      const traffic = recordTraffic(page);
      onTestFailed(() => {
        console.error(`identity spec failed at ${page.url()}\n${traffic.join('\n')}`);
      });
      await signIn(page, spec.server.url);
      return { page, problems };
    },
    async openScreen(path: string, heading: string, ready: (page: Page) => Locator) {
      const opened = await spec.openPage();
      await opened.page.goto(`${spec.server.url}${path}`);
      await opened.page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await ready(opened.page).waitFor();
      return opened;
    },
    async expectRightToLeft(path: string, heading: string, ready: (page: Page) => Promise<unknown>, options: { screenshot?: string } = {}) {
      const page = await spec.browser.context.newPage();
      await signIn(page, spec.server.url);
      await page.evaluate(() => localStorage.setItem('Abp.SelectedLanguage', 'ar'));
      try {
        await page.goto(`${spec.server.url}${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        await ready(page);
        await page.mouse.move(0, 0);
        await expectAxeCleanInLightAndDark(page, { dark: false });
        if (options.screenshot) await screenshots(page, options.screenshot);
      } finally {
        await page.evaluate(() => localStorage.removeItem('Abp.SelectedLanguage'));
        await page.close();
      }
    },
  } as IdentitySpec;
  beforeAll(async () => {
    ensureBuilt();
    spec.server = await startTestServer({ serveSpa: true });
    spec.browser = await launchBrowser();
    await acceptCookies(spec.browser.context, spec.server.url);
    if (adminToken) spec.adminToken = (await passwordToken(spec.server, { userName: 'admin', password: '1q2w3E*' })).access_token;
  });
  afterAll(async () => {
    await spec.browser?.close();
    await spec.server?.stop();
  });
  return spec;
}

/** Tabs until `target` has the focus (keyboard only). */
export async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  await target.waitFor();
  for (let step = 0; step < limit; step++) {
    if (await target.evaluate((element) => element === document.activeElement, undefined, { timeout: 2000 }).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  const seen: string[] = [];
  for (let step = 0; step < 10; step++) {
    seen.push(
      await page.evaluate(
        () =>
          `${document.activeElement?.tagName}:${document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.slice(0, 20)}`,
      ),
    );
    await page.keyboard.press('Tab');
  }
  throw new Error(`focus never reached the target; it went through ${seen.join(' | ')}`);
}

export const dataRows = (table: Locator) => table.getByRole('row').filter({ has: table.page().getByRole('rowheader') });

/** Opens a row's actions menu and picks `action`, keyboard only. */
export async function rowAction(page: Page, table: Locator, name: string, action: string): Promise<void> {
  const button = table.getByRole('button', { name: `Actions for ${name}` });
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  await pickOption(page, page.getByRole('menuitem', { name: action, exact: true }), 12);
}

/** In an open menu or list box: ArrowDown until `option` has the focus (at most `limit` presses), then Enter. */
export async function pickOption(page: Page, option: Locator, limit = 20): Promise<void> {
  await option.waitFor();
  for (let step = 0; step < limit && !(await option.evaluate((element) => element === document.activeElement)); step++) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
}

/** Types into the search box and applies it with Enter. */
export async function searchFor(page: Page, table: Locator, text: string): Promise<void> {
  await tabTo(page, page.getByRole('searchbox', { name: 'Search' }));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await table.and(page.locator(':not([aria-busy])')).waitFor();
}

export function adminApi(serverUrl: string, token: () => string) {
  return async function api(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const response = await fetch(`${serverUrl}${path}`, {
      method,
      headers: { ...authHeaders(token()), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: response.status, json };
  };
}

/** Screenshots at desktop and phone sizes into SCREENSHOT_DIR (when set), for a person to look at. */
export async function screenshots(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const [width, height] of [
    [1366, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${width}.png` });
  }
  if (size) await page.setViewportSize(size);
}
