// Sessions for administrators (issue 9; spec 3 "Session filter", 6 AbpIdentity.Sessions, 7.13)
// against the real server: a user signed in in a second browser; the administrator finds that
// session by the user lookup (keyboard), revokes it with 'Are you sure?'; the second browser's next
// request answers 401 and it goes to login, while the administrator stays signed in; the device and
// client id filters narrow the list; the administrator's own session offers no Revoke; axe clean in
// light and dark (list and confirmation); Arabic right to left.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../kit/auth.ts';
import { type Browser, launchBrowser } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { acceptCookies, ensureBuilt, expectAxeCleanInLightAndDark, signIn, watchForPageProblems } from './shell-helpers.ts';

let server: TestServer;
let admin: Browser;
let userBrowser: Browser;

/** react-aria's usePress style injection, refused by the strict CSP (see idle-session.spec.ts). */
const isReactAriaPressableStyle = (problem: string) => problem.includes("'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='");

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
  await createUser(server, { userName: 'remote-rita', password: '1q2w3E*' });
  admin = await launchBrowser();
  userBrowser = await launchBrowser();
  for (const browser of [admin, userBrowser]) await acceptCookies(browser.context, server.url);
});

afterAll(async () => {
  await admin?.close();
  await userBrowser?.close();
  await server?.stop();
});

const table = (page: Page) => page.getByRole('table', { name: 'Sessions' });
const dataRows = (t: Locator) => t.getByRole('row').filter({ has: t.page().getByRole('rowheader') });

async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  await target.waitFor();
  for (let step = 0; step < limit; step++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`focus never reached ${target}`);
}

describe('sessions screen', () => {
  it("revokes another user's session: that browser's next request gets 401 and it goes to login", async () => {
    const there = await userBrowser.context.newPage();
    await signIn(there, server.url, 'remote-rita', '1q2w3E*');
    await there.goto(`${server.url}/account/sessions`);
    await there.getByRole('heading', { level: 1, name: 'Sessions' }).waitFor();

    const here = await admin.context.newPage();
    const problems = watchForPageProblems(here);
    await signIn(here, server.url);
    await here.goto(`${server.url}/identity/sessions`);
    await here.getByRole('heading', { level: 1, name: 'Sessions' }).waitFor();
    await dataRows(table(here)).first().waitFor();
    expect(await dataRows(table(here)).count()).toBe(2);
    // The administrator's own session is marked and offers no Revoke.
    const own = dataRows(table(here)).filter({ hasText: 'This session' });
    expect(await own.count()).toBe(1);
    expect(await own.getByRole('button', { name: /^Actions for / }).count()).toBe(0);
    await expectAxeCleanInLightAndDark(here);

    // The user lookup (keyboard): Advanced filters, User, pick remote-rita.
    await tabTo(here, here.getByText('Advanced filters', { exact: true }));
    await here.keyboard.press('Enter');
    const user = here.getByRole('form', { name: 'Advanced filters' }).getByRole('button', { name: /User/ });
    await tabTo(here, user);
    await here.keyboard.press('Enter');
    const option = here.getByRole('option', { name: 'remote-rita' });
    await option.waitFor();
    for (let step = 0; step < 20 && !(await option.evaluate((element) => element === document.activeElement)); step++) {
      await here.keyboard.press('ArrowDown');
    }
    await here.keyboard.press('Enter');
    await expect.poll(() => dataRows(table(here)).count()).toBe(1);
    const rita = dataRows(table(here)).first();
    expect(await rita.textContent()).toContain('remote-rita');

    // Device and client id narrow the list; an unknown device leaves nothing.
    await tabTo(here, here.getByRole('textbox', { name: 'Device' }));
    await here.keyboard.type('no-such-device');
    await here.keyboard.press('Enter');
    await expect.poll(() => dataRows(table(here)).count()).toBe(0);
    await here.keyboard.press('ControlOrMeta+a');
    await here.keyboard.press('Backspace');
    await here.keyboard.press('Enter');
    await expect.poll(() => dataRows(table(here)).count()).toBe(1);

    // Revoke, confirmed.
    await tabTo(here, rita.getByRole('button', { name: /^Actions for remote-rita/ }));
    await here.keyboard.press('Enter');
    await here.getByRole('menuitem', { name: 'Revoke' }).waitFor();
    await here.keyboard.press('Enter');
    const confirm = here.getByRole('alertdialog', { name: 'Are you sure?' });
    await confirm.getByText(/The session of remote-rita on .* will be ended/).waitFor();
    await expectAxeCleanInLightAndDark(here);
    await tabTo(here, confirm.getByRole('button', { name: 'Yes' }));
    await here.keyboard.press('Enter');
    await here.getByText('The session was revoked.').first().waitFor();
    await expect.poll(() => dataRows(table(here)).count()).toBe(0);

    // Their next request gets 401 and the app sends them to login.
    const unauthorized = there.waitForResponse((response) => response.url().includes('/api/account/sessions') && response.status() === 401);
    await there.getByRole('button', { name: 'Refresh' }).click();
    await unauthorized;
    await there.waitForURL(/\/Account\/Login/, { timeout: 20_000 });

    // The administrator is still signed in.
    await here.goto(`${server.url}/identity/sessions`);
    await dataRows(table(here)).filter({ hasText: 'This session' }).waitFor();
    expect(await here.getByRole('button', { name: 'User menu' }).isVisible()).toBe(true);
    expect(problems.filter((problem) => !isReactAriaPressableStyle(problem))).toEqual([]);
    await here.close();
    await there.close();
  });

  it('is right to left in Arabic', async () => {
    const page = await admin.context.newPage();
    await signIn(page, server.url);
    await page.evaluate(() => localStorage.setItem('Abp.SelectedLanguage', 'ar'));
    try {
      await page.goto(`${server.url}/identity/sessions`);
      await page.getByRole('heading', { level: 1, name: 'الجلسات' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await dataRows(page.getByRole('table', { name: 'الجلسات' }))
        .first()
        .waitFor();
      await page.mouse.move(0, 0);
      await expectAxeCleanInLightAndDark(page, { dark: false });
    } finally {
      await page.evaluate(() => localStorage.removeItem('Abp.SelectedLanguage'));
      await page.close();
    }
  });
});
