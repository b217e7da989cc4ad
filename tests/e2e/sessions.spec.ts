// Sessions (spec 2.4, 7.9) in Chromium against the real server: the same user signed in from two
// browsers; from the first, Sessions lists both (device, client, IP, last activity; this one marked),
// and 'Revoke' on the other asks 'Are you sure?' and ends it. The revoked browser's next API call
// gets 401 and the app goes to login; its old token is refused by the API at once. The device reads
// 'Chrome N on Linux' (the full user agent as its tooltip); 'Log out all other sessions' asks, ends
// every other browser's session at once and keeps this one. axe clean.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../kit/auth.ts';
import { type Browser, launchBrowser, seriousAxeViolations } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { screenshots } from './identity-helpers.ts';
import { acceptCookies, ensureBuilt, signIn, watchForPageProblems } from './shell-helpers.ts';

let server: TestServer;
let first: Browser;
let second: Browser;
let third: Browser;

/** react-aria's usePress style injection, refused by the strict CSP (see idle-session.spec.ts). */
const isReactAriaPressableStyle = (problem: string) => problem.includes("'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='");

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
  await createUser(server, { userName: 'sam', password: '1q2w3E*', email: 'sam@example.test' });
  first = await launchBrowser();
  second = await launchBrowser();
  third = await launchBrowser();
  for (const browser of [first, second, third]) await acceptCookies(browser.context, server.url);
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await third?.close();
  await server?.stop();
});

async function openSessions(page: Page): Promise<void> {
  await page.goto(`${server.url}/account/sessions`);
  await page.getByRole('heading', { level: 1, name: 'Sessions' }).waitFor();
  await page.getByRole('table', { name: 'Sessions' }).getByRole('row').nth(1).waitFor();
}

describe('sessions', () => {
  it("revokes the other browser's session: its next call gets 401 and it goes to login", async () => {
    const here = await first.context.newPage();
    const there = await second.context.newPage();
    const problems = watchForPageProblems(here);
    await signIn(here, server.url, 'sam', '1q2w3E*');
    await signIn(there, server.url, 'sam', '1q2w3E*');
    const theirToken = await there.evaluate(() => localStorage.getItem('access_token'));
    const asThem = { headers: { Authorization: `Bearer ${theirToken}`, 'X-Requested-With': 'XMLHttpRequest' } };
    expect((await fetch(`${server.url}/api/account/my-profile`, asThem)).status).toBe(200);
    await openSessions(there);

    await openSessions(here);
    const table = here.getByRole('table', { name: 'Sessions' });
    const headers = (await table.getByRole('columnheader').allTextContents()).map((text) => text.trim());
    expect(headers).toEqual(expect.arrayContaining(['Device', 'Client', 'IP address', 'Last activity']));
    const rows = table.getByRole('row').filter({ has: here.getByRole('cell') });
    expect(await rows.count()).toBe(2);
    expect(await rows.filter({ hasText: 'This session' }).count()).toBe(1);
    // The device as a reader says it, the user agent in full as the tooltip.
    const device = rows.first().locator('span[title]').first();
    expect(await device.textContent()).toMatch(/^Chrome \d+ on Linux/);
    expect(await device.getAttribute('title')).toMatch(/^Mozilla\/5\.0 .*HeadlessChrome\//);
    expect(await seriousAxeViolations(here)).toEqual([]);

    // 'Revoke' on the other session, confirmed.
    const other = rows.filter({ hasNotText: 'This session' });
    await other.getByRole('button', { name: /^Actions for the session on/ }).click();
    await here.getByRole('menuitem', { name: 'Revoke' }).click();
    const confirm = here.getByRole('alertdialog', { name: 'Are you sure?' });
    await confirm.waitFor();
    expect(await seriousAxeViolations(here)).toEqual([]);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await here.getByText('The session was revoked.').first().waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.filter({ hasText: 'This session' }).count()).toBe(1);

    // The revoked token stops working at once.
    expect((await fetch(`${server.url}/api/account/my-profile`, asThem)).status).toBe(401);
    // The other browser's next call (Refresh) gets 401, and the app sends it to login.
    await there.getByRole('button', { name: 'Refresh' }).click();
    await there.waitForURL(/\/Account\/Login/, { timeout: 20_000 });

    // This browser is still signed in.
    await here.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await here.getByRole('button', { name: 'User menu' }).isVisible()).toBe(true);
    expect(problems.filter((problem) => !isReactAriaPressableStyle(problem))).toEqual([]);
  });

  it('logs out all other sessions at once and keeps this one', async () => {
    const here = await first.context.newPage();
    const there = await second.context.newPage();
    const elsewhere = await third.context.newPage();
    await signIn(there, server.url, 'sam', '1q2w3E*');
    await signIn(elsewhere, server.url, 'sam', '1q2w3E*');
    const tokens = await Promise.all([there, elsewhere].map((page) => page.evaluate(() => localStorage.getItem('access_token'))));
    const status = async (token: string | null) =>
      (
        await fetch(`${server.url}/api/account/my-profile`, {
          headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
        })
      ).status;
    for (const token of tokens) expect(await status(token)).toBe(200);
    await openSessions(elsewhere);

    await openSessions(here);
    const rows = here
      .getByRole('table', { name: 'Sessions' })
      .getByRole('row')
      .filter({ has: here.getByRole('cell') });
    await expect.poll(() => rows.count()).toBe(3);
    const button = here.getByRole('button', { name: 'Log out all other sessions' });
    await button.click();
    const confirm = here.getByRole('alertdialog', { name: 'Are you sure?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Every session but this one will be logged out at once.');
    expect(await seriousAxeViolations(here)).toEqual([]);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await here.getByText('All other sessions were logged out.').first().waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.filter({ hasText: 'This session' }).count()).toBe(1);
    await expect.poll(() => here.evaluate(() => document.activeElement?.textContent)).toBe('Log out all other sessions');

    // Both other browsers are out at once: their tokens answer 401, the next call goes to login.
    for (const token of tokens) expect(await status(token)).toBe(401);
    await elsewhere.getByRole('button', { name: 'Refresh' }).click();
    await elsewhere.waitForURL(/\/Account\/Login/, { timeout: 20_000 });
    expect(await status(await here.evaluate(() => localStorage.getItem('access_token')))).toBe(200);
  });

  it("does not offer to revoke this browser's own session from the list", async () => {
    const page = await first.context.newPage();
    await openSessions(page);
    const current = page.getByRole('table', { name: 'Sessions' }).getByRole('row').filter({ hasText: 'This session' });
    await current.getByRole('button', { name: /^Actions for the session on/ }).click();
    const revoke = page.getByRole('menuitem', { name: 'Revoke' });
    expect(await revoke.getAttribute('aria-disabled')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshots(page, 'my-sessions-current');
    await page.keyboard.press('Escape');
  });
});
