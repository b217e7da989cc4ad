// My security logs (spec 2.4, 3, 7.9) in Chromium against the real server: a user's own sign-in
// events, newest first, reached also as {issuer}Account/SecurityLogs; the Action filter applies on
// Refresh and a filter nothing matches shows the empty state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../kit/auth.ts';
import { type Browser, launchBrowser, seriousAxeViolations } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { acceptCookies, ensureBuilt, signIn } from './shell-helpers.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
  await createUser(server, { userName: 'lena', password: '1q2w3E*', email: 'lena@example.test' });
  browser = await launchBrowser();
  await acceptCookies(browser.context, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('my security logs', () => {
  it("lists the user's own events, filters them, and shows the empty state", async () => {
    const page = await browser.context.newPage();
    await signIn(page, server.url, 'lena', '1q2w3E*');
    await page.goto(`${server.url}/Account/SecurityLogs`);
    await page.getByRole('heading', { level: 1, name: 'My security logs' }).waitFor();
    const table = page.getByRole('table', { name: 'Security logs' });
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(0);
    // Newest first: the first row is the sign-in that just happened.
    expect(await table.getByRole('columnheader', { name: 'Time' }).getAttribute('aria-sort')).toBe('descending');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A filter nothing matches: the empty state; cleared: the rows come back.
    await page.getByLabel('Action').fill('NoSuchAction');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('No security logs').first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Action').fill('');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(0);
  });
});
