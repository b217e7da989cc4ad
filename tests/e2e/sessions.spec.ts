// Sessions (spec 2.4, 7.9) in Chromium against the real server: the same user signed in from two
// browsers; from the first, Sessions lists both (device, client, IP, last activity; this one marked),
// and 'Revoke' on the other asks 'Are you sure?' and ends it. The revoked browser's next API call
// gets 401 and the app goes to login; its old token is refused by the API at once. axe clean.
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

/** react-aria's usePress style injection, refused by the strict CSP (see idle-session.spec.ts). */
const isReactAriaPressableStyle = (problem: string) => problem.includes("'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='");

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
  await createUser(server, { userName: 'sam', password: '1q2w3E*', email: 'sam@example.test' });
  first = await launchBrowser();
  second = await launchBrowser();
  for (const browser of [first, second]) await acceptCookies(browser.context, server.url);
});

afterAll(async () => {
  await first?.close();
  await second?.close();
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
