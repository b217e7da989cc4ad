// Issue 19, one source of texts, in Chromium against the real server and a real build:
// - every route of src/app/routes.ts, in English, Arabic, French and Armenian, shows no raw key (no
//   key of any resource, no unformatted placeholder, no compiled-message marker) and no page error;
// - a text changed on the server (language management's override of the French 'Dashboard' menu entry)
//   shows after a reload, and the shipped text again once restored;
// - with application-localization unreachable, the SPA shows its bundled English, never a key.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueResourceNames, shippedTexts } from '../../server/localization/catalogue.ts';
import { routes } from '../../src/app/routes.ts';
import { compiledMarker } from '../../src/i18n/compiled-messages.ts';
import { authHeaders, passwordToken } from '../kit/auth.ts';
import { type Browser, launchBrowser } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { acceptCookies, ensureBuilt, nextFrames, requestTracker, signIn, watchForPageProblems } from './shell-helpers.ts';

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

// Keys that cannot be mistaken for words: with a '.' or ':' (menu.users, Menu:Administration) or
// camelCase (bulkDone, selectedCount).
const rawKeys = new Set<string>();
for (const resource of catalogueResourceNames()) {
  for (const key of Object.keys(shippedTexts(resource, 'en'))) {
    if (/^[\w-]+([.:][\w-]+)+$/.test(key) || /^[a-z]+[A-Z]\w*$/.test(key)) rawKeys.add(key);
  }
}

function rawKeysIn(text: string): string[] {
  const found = new Set<string>();
  for (const token of text.split(/[\s"'«»()[\],;!?]+/)) {
    const word = token.replace(/[.:]+$/, '');
    if (rawKeys.has(word)) found.add(word);
  }
  for (const match of text.matchAll(/\{\s*\w+\s*(,[^}]*)?\}/g)) found.add(match[0]);
  if (text.includes(compiledMarker)) found.add('a compiled message shown as it travels');
  return [...found];
}

async function useCulture(page: Page, culture: string): Promise<void> {
  await page.evaluate((name) => localStorage.setItem('Abp.SelectedLanguage', name), culture);
}

/** The page's text once the route has rendered (its heading) and its requests have been answered. */
async function settledText(page: Page, network: ReturnType<typeof requestTracker>): Promise<string> {
  // Quiet first (the route's chunk and its data answered), then the heading, then quiet again (what
  // the rendered screen asked for).
  await network.quiet();
  await page.locator('h1').first().waitFor({ timeout: 15_000 });
  await network.quiet();
  await nextFrames(page);
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what the user reads (hidden nodes and style excluded).
  return page.evaluate(() => document.body.innerText);
}

const paths = routes.map((route) => route.path).filter((path) => path !== '/error');

describe('every route in the four languages', () => {
  for (const culture of ['en', 'ar', 'fr', 'hy']) {
    it(`shows no raw key in ${culture}`, async () => {
      const page = await browser.context.newPage();
      const problems = watchForPageProblems(page);
      const network = requestTracker(page);
      await signIn(page, server.url);
      await useCulture(page, culture);
      try {
        const found: string[] = [];
        let inApp = false;
        for (const path of paths) {
          // The first route loads the app in the culture; the others are reached inside it, as a user
          // following links does (a reload per route would spend most of the walk starting the app),
          // unless the last one left the app (the machine documentation is the server's own site).
          if (inApp) await page.evaluate((to) => history.pushState(null, '', to), path);
          else await page.goto(`${server.url}${path}`);
          // The page is in the culture (the configuration answered in it) before its text is read.
          await page
            .waitForFunction((name) => document.documentElement.lang === name, culture, { timeout: 15_000 })
            .catch(async () => {
              throw new Error(`${path}: the page is in '${await page.evaluate(() => document.documentElement.lang)}', not '${culture}'`);
            });
          const text = await settledText(page, network);
          for (const key of rawKeysIn(text)) found.push(`${path}: ${key}`);
          inApp = await page.evaluate(() => document.getElementById('root') !== null);
        }
        expect(found).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await useCulture(page, 'en');
        await page.close();
      }
    }, 300_000);
  }
});

describe('texts come from the server', () => {
  it('shows a French text changed on the server after a reload', async () => {
    const page = await browser.context.newPage();
    await signIn(page, server.url);
    await useCulture(page, 'fr');
    try {
      await page.reload();
      const menu = page.getByRole('navigation', { name: 'Menu principal' });
      await menu.getByText('Tableau de bord', { exact: true }).first().waitFor();

      const admin = await passwordToken(server, { userName: 'admin', password: '1q2w3E*' });
      const put = await fetch(
        `${server.url}/api/language-management/language-texts/Finance.Shell/fr/menu.dashboard?value=${encodeURIComponent('Mon tableau')}`,
        { method: 'PUT', headers: authHeaders(admin) },
      );
      expect(put.status).toBe(204);
      await page.reload();
      await menu.getByText('Mon tableau', { exact: true }).first().waitFor();
      expect(await menu.getByText('Tableau de bord', { exact: true }).count()).toBe(0);

      const restore = await fetch(`${server.url}/api/language-management/language-texts/Finance.Shell/fr/menu.dashboard/restore`, {
        method: 'PUT',
        headers: authHeaders(admin),
      });
      expect(restore.status).toBe(204);
      await page.reload();
      await menu.getByText('Tableau de bord', { exact: true }).first().waitFor();
    } finally {
      await useCulture(page, 'en');
      await page.close();
    }
  }, 120_000);

  it('falls back to the bundled English when the server’s texts cannot be loaded', async () => {
    const page = await browser.context.newPage();
    const network = requestTracker(page);
    await signIn(page, server.url);
    await useCulture(page, 'fr');
    try {
      await page.route('**/api/abp/application-localization**', (route) => route.abort());
      await page.reload();
      await page.waitForFunction(() => document.documentElement.lang === 'fr');
      const text = await settledText(page, network);
      await page.getByRole('navigation', { name: 'Main menu' }).getByText('Dashboard', { exact: true }).first().waitFor();
      expect(rawKeysIn(text)).toEqual([]);
      await page.unroute('**/api/abp/application-localization**');
    } finally {
      await useCulture(page, 'en');
      await page.close();
    }
  }, 120_000);
});
