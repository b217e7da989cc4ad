// The Audit Logging settings tab against the real server (spec 2.5, 4.8, 5, 7.8, 8): the admin (the
// host) turns the expired deleter on with a period, sees the 'Audit logs before {date}' note, saves
// ('Saved successfully') and finds the values after a reload; the Global tab's expired-deleter
// section shows only while the periodic deleter is on; with both on, the deleter job (every second
// on this test server) removes the audit logs older than the period, seeded directly in the
// database, keeps the recent ones, and the tab then shows its last run. In Arabic the tab and the
// dashboard widgets read right to left. Axe and CSP clean.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditLogRecord, writeAuditLogs } from '../../server/audit/writer.ts';
import { authHeaders, passwordToken } from '../kit/auth.ts';
import { type Browser, launchBrowser } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { acceptCookies, ensureBuilt, expectAxeCleanInLightAndDark, signIn, watchForPageProblems } from './shell-helpers.ts';

let server: TestServer;
let browser: Browser;
const dayMs = 24 * 60 * 60 * 1000;

const log = (userName: string, ageDays: number): AuditLogRecord => ({
  tenantId: null,
  applicationName: 'settings-e2e',
  userId: null,
  userName,
  tenantName: null,
  impersonatorUserId: null,
  impersonatorUserName: null,
  impersonatorTenantId: null,
  impersonatorTenantName: null,
  executionTime: new Date(Date.now() - ageDays * dayMs),
  executionDuration: 5,
  clientIpAddress: null,
  clientName: null,
  clientId: null,
  correlationId: null,
  browserInfo: null,
  httpMethod: 'POST',
  url: '/api/settings-e2e',
  exceptions: null,
  comments: null,
  httpStatusCode: 200,
  extraProperties: {},
  actions: [],
  entityChanges: [],
});

beforeAll(async () => {
  ensureBuilt();
  // The deleter job runs every second here (read when the server starts), so a test can see it act.
  process.env.AUDIT_DELETER_INTERVAL_MS = '1000';
  server = await startTestServer({ serveSpa: true });
  await writeAuditLogs(server.ctx.db, [
    ...Array.from({ length: 4 }, () => log('expired-row', 30)),
    ...Array.from({ length: 2 }, () => log('recent-row', 2)),
  ]);
  browser = await launchBrowser();
  await acceptCookies(browser.context, server.url);
});

afterAll(async () => {
  delete process.env.AUDIT_DELETER_INTERVAL_MS;
  await browser?.close();
  await server?.stop();
});

async function adminGet<T>(path: string): Promise<T> {
  const token = await passwordToken(server, { userName: 'admin', password: '1q2w3E*' });
  const response = await fetch(`${server.url}${path}`, { headers: authHeaders(token) });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const countOf = async (userName: string) =>
  (await adminGet<{ totalCount: number }>(`/api/audit-logging/audit-logs?userName=${userName}&maxResultCount=10`)).totalCount;

function mmddyyyy(date: Date): string {
  return `${String(date.getMonth() + 1).padStart(2, '0')}/${String(date.getDate()).padStart(2, '0')}/${date.getFullYear()}`;
}

async function openSettings(page: Page): Promise<void> {
  await page.goto(`${server.url}/setting-management`);
  await page.getByRole('tab', { name: 'Audit Logging' }).waitFor();
  await page.getByRole('button', { name: 'Save' }).waitFor();
}

async function save(page: Page): Promise<void> {
  // The page's heading element, kept to see whether the screen was remounted.
  await page.evaluate(() => {
    (window as unknown as { heading?: Element | null }).heading = document.querySelector('h1');
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved successfully').first().waitFor();
  // The configuration is reloaded after a save (signed in all along): the screen stays on the page,
  // never blanked and remounted, with the saved values.
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Save' }).waitFor();
  expect(await page.evaluate(() => (window as unknown as { heading?: Element | null }).heading?.isConnected)).toBe(true);
}

describe('audit log settings', () => {
  it('saves the General tab, shows the deletion date, and keeps the values after a reload', async () => {
    const page = await browser.context.newPage();
    const problems = watchForPageProblems(page);
    await signIn(page, server.url);
    await openSettings(page);
    expect(await page.getByRole('tab', { name: 'Global' }).count()).toBe(1);
    const enabled = page.getByRole('checkbox', { name: 'Enable the expired audit log deleter' });
    expect(await enabled.isChecked()).toBe(false);
    // It says what it does, as its description; no box around it (General looks like Global).
    const describes = async (box: typeof enabled) =>
      box.evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    expect(await describes(enabled)).toContain('Deletes the audit logs older than the period below');
    expect(
      await page
        .locator('fieldset')
        .first()
        .evaluate((group) => getComputedStyle(group).borderTopWidth),
    ).toBe('0px');
    // The period only shows while the deleter is on.
    expect(await page.getByLabel('Expired deleter period (days)').count()).toBe(0);
    // react-aria keeps the input visually hidden; the user presses its label.
    await page.getByText('Enable the expired audit log deleter').click();
    expect(await enabled.isChecked()).toBe(true);
    const period = page.getByLabel('Expired deleter period (days)');
    await period.fill('10');
    await period.blur();
    const cutoff = mmddyyyy(new Date(new Date().getFullYear(), new Date().getMonth(), new Date().getDate() - 10));
    await page.getByText(`Audit logs before ${cutoff} will be deleted`).waitFor();
    await expectAxeCleanInLightAndDark(page);
    await save(page);
    expect(await adminGet('/api/audit-logging/settings')).toMatchObject({ isExpiredDeleterEnabled: true, expiredDeleterPeriod: 10 });
    await page.reload();
    await openSettings(page);
    expect(await page.getByRole('checkbox', { name: 'Enable the expired audit log deleter' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Expired deleter period (days)').inputValue()).toBe('10');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the Global expired-deleter section only with the periodic deleter on, and the deleter removes expired logs', async () => {
    expect(await countOf('expired-row')).toBe(4);
    const page = await browser.context.newPage();
    const problems = watchForPageProblems(page);
    await signIn(page, server.url);
    await openSettings(page);
    await page.getByRole('tab', { name: 'Global' }).click();
    const periodic = page.getByRole('checkbox', { name: 'Enable the periodic deleter' });
    await page.getByText('Enable the periodic deleter').waitFor();
    expect(await periodic.isChecked()).toBe(false);
    expect(
      await periodic.evaluate((input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? ''),
    ).toContain('no audit log is deleted automatically');
    const section = page.getByRole('group', { name: 'Expired audit log deleter' });
    expect(await section.count()).toBe(0);
    await page.getByText('Enable the periodic deleter').click();
    await section.waitFor();
    expect(await section.getByRole('checkbox', { name: 'Enable the expired audit log deleter' }).isChecked()).toBe(true);
    expect(await section.getByLabel('Expired deleter period (days)').inputValue()).toBe('10');
    await expectAxeCleanInLightAndDark(page);
    await save(page);
    expect(await adminGet('/api/audit-logging/settings/global')).toMatchObject({
      isPeriodicDeleterEnabled: true,
      isExpiredDeleterEnabled: true,
      expiredDeleterPeriod: 10,
    });
    // The job runs every second: the 30-day-old logs go, the 2-day-old ones stay.
    await expect.poll(() => countOf('expired-row'), { timeout: 30_000, interval: 500 }).toBe(0);
    expect(await countOf('recent-row')).toBe(2);
    // The tab tells when the deleter last ran and what it removed.
    await openSettings(page);
    await page.getByText(/The deleter last ran on .+ and removed \d+ audit logs\./).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('reads in Arabic, right to left, with the dashboard widgets too', async () => {
    const arabic = await launchBrowser();
    try {
      await acceptCookies(arabic.context, server.url);
      const page = await arabic.context.newPage();
      const problems = watchForPageProblems(page);
      await signIn(page, server.url);
      await page.evaluate(() => localStorage.setItem('Abp.SelectedLanguage', 'ar'));
      await page.goto(`${server.url}/setting-management`);
      await page.getByRole('heading', { level: 1, name: 'الإعدادات' }).waitFor();
      await page.getByRole('tab', { name: 'سجلات التدقيق' }).waitFor();
      await page.getByRole('button', { name: 'حفظ', exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await page.getByRole('checkbox', { name: 'تفعيل حذف سجلات التدقيق المنتهية' }).isChecked()).toBe(true);
      await expectAxeCleanInLightAndDark(page);
      await page.goto(`${server.url}/dashboard`);
      await page.getByRole('region', { name: 'معدل الأخطاء في السجلات' }).waitFor();
      await page.getByRole('region', { name: 'متوسط مدة التنفيذ في السجلات يوميًا' }).waitFor();
      await expectAxeCleanInLightAndDark(page);
      expect(problems).toEqual([]);
    } finally {
      await arabic.close();
    }
  });
});
