// The landed screens on a phone (390x844, issue 20): no page scrolls sideways and no table hides its
// columns off screen (a narrow list shows each row as a card with its actions in reach); the audit
// list's twelve filters fold behind 'Filters (n)', n counting the filters in force; an empty list
// says 'Nothing matches these filters' only when a filter is set. Axe stays clean.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { acceptCookies, ensureBuilt, expectAxeCleanInLightAndDark, signIn, watchForPageProblems } from './shell-helpers.ts';

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: string[];

const landed = [
  '/',
  '/dashboard',
  '/account/manage',
  '/account/sessions',
  '/account/security-logs',
  '/identity/users',
  '/identity/roles',
  '/identity/organization-units',
  '/identity/claim-types',
  '/identity/security-logs',
  '/identity/sessions',
  '/audit-logs',
  '/setting-management',
  '/no/such/page',
];

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
  browser = await launchBrowser();
  await acceptCookies(browser.context, server.url);
  page = await browser.context.newPage();
  problems = watchForPageProblems(page);
  await signIn(page, server.url);
  await page.setViewportSize({ width: 390, height: 844 });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** What sticks out sideways: the page itself, and every element that scrolls its content sideways. */
function sidewaysOverflow(): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    for (const table of document.querySelectorAll('table')) {
      const scroller = table.parentElement!;
      if (scroller.scrollWidth > scroller.clientWidth + 1)
        found.push(`table "${table.getAttribute('aria-label')}" ${scroller.scrollWidth}`);
    }
    return found;
  });
}

describe('on a phone', () => {
  it('no landed screen scrolls sideways, and no list hides columns off screen', async () => {
    for (const path of landed) {
      await open(path);
      expect(await sidewaysOverflow(), path).toEqual([]);
    }
    expect(problems).toEqual([]);
  });

  it('a list row is a card with its actions in reach', async () => {
    await open('/identity/users');
    const table = page.getByRole('table', { name: 'Users' });
    const actions = table.getByRole('button', { name: 'Actions for john.smith' });
    const box = (await actions.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // The row still reads as a row of the table, its cells named by their columns.
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader') })
      .filter({ hasText: 'john.smith' });
    expect(await row.count()).toBe(1);
    await actions.click();
    await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
    await page.keyboard.press('Escape');
    await expectAxeCleanInLightAndDark(page);
  });

  it("folds the audit list's filters behind 'Filters (n)'", async () => {
    await open('/audit-logs');
    const userName = page.getByRole('textbox', { name: 'User name' });
    const toggle = page.getByText('Filters (0)', { exact: true });
    await toggle.waitFor();
    expect(await userName.isVisible()).toBe(false);
    // The first rows are on the first screen, not under a column of fields.
    const refresh = (await page.getByRole('button', { name: 'Refresh' }).boundingBox())!;
    expect(refresh.y).toBeLessThan(400);
    // Nothing set, so the empty list does not speak of filters.
    expect(await page.getByText('Nothing matches these filters.').count()).toBe(0);

    await toggle.click();
    await userName.fill('nobody-at-all');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('Filters (1)', { exact: true }).waitFor();
    await page.getByText('Nothing matches these filters.').waitFor();
    await expectAxeCleanInLightAndDark(page);
    expect(problems).toEqual([]);
  });
});
