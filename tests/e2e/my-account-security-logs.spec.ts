// My security logs (spec 2.4, 3, 7.9) in Chromium against the real server: a user's own sign-in
// events, newest first, reached also as {issuer}Account/SecurityLogs; the Action filter applies on
// Refresh and a filter nothing matches shows the empty state; the time range is in date-times (an end
// before the sign-in leaves nothing) and stays in the URL; Arabic is right to left, axe clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../kit/auth.ts';
import { type Browser, launchBrowser, seriousAxeViolations } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { screenshots } from './identity-helpers.ts';
import { acceptCookies, ensureBuilt, expectAxeCleanInLightAndDark, signIn } from './shell-helpers.ts';

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
    await page.getByRole('heading', { level: 1, name: 'My Security Logs' }).waitFor();
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

    // The time range in date-times: an end an hour ago leaves nothing (the sign-in was just now).
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    const two = (value: number) => String(value).padStart(2, '0');
    const end = `${hourAgo.getFullYear()}-${two(hourAgo.getMonth() + 1)}-${two(hourAgo.getDate())}T${two(hourAgo.getHours())}:${two(hourAgo.getMinutes())}`;
    await page.getByLabel('End time').fill(end);
    await page.keyboard.press('Enter');
    await page.getByText('No security logs').first().waitFor();
    expect(new URL(page.url()).searchParams.get('endTime')).toBe(end);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await rows.first().waitFor();
    expect(new URL(page.url()).searchParams.get('endTime')).toBeNull();
    await page.mouse.move(0, 0);
    await expectAxeCleanInLightAndDark(page);
    await screenshots(page, 'my-security-logs');
    await page.close();
  });

  it('is right to left in Arabic', async () => {
    const page = await browser.context.newPage();
    await signIn(page, server.url, 'lena', '1q2w3E*');
    await page.evaluate(() => localStorage.setItem('Abp.SelectedLanguage', 'ar'));
    await page.goto(`${server.url}/account/security-logs`);
    await page.getByRole('heading', { level: 1, name: 'سجلات الأمان الخاصة بي' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('table', { name: 'سجلات الأمان' }).getByRole('row').nth(1).waitFor();
    await page.mouse.move(0, 0);
    await expectAxeCleanInLightAndDark(page, { dark: false });
    await screenshots(page, 'my-security-logs-ar');
    await page.evaluate(() => localStorage.removeItem('Abp.SelectedLanguage'));
    await page.close();
  });
});
