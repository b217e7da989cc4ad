// Back from the login page, the returned-to screen's first list request starts beside the
// configuration and the list takes its answer (src/app/route-data.ts, issue 18), in Debian's
// Chromium against the real server and identity server: one audit-log list request, exactly the
// list's first (the address's filter, page 1 of 10), started before the configuration's answer, and
// the table filled with its rows. A user without AuditLogging.AuditLogs returning to /audit-logs
// still gets the Forbidden page and no table: the guard decides what shows (the preload made for
// nothing is answered 403). The rules that discard a preload (another request, token, culture, a
// late start) are unit route-data's.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, passwordToken } from '../kit/auth.ts';
import { type Browser, launchBrowser } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { acceptCookies, ensureBuilt, submitLoginPage } from './shell-helpers.ts';

let server: TestServer;
const viewer = { userName: 'preload-viewer', password: '1q2w3E*viewer' };

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
  await createUser(server, viewer);
  // A failed call of the admin: an audit log to find under the address's filter.
  const admin = await passwordToken(server, { userName: 'admin', password: '1q2w3E*' });
  const refused = await fetch(`${server.url}/api/identity/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.access_token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(refused.status).toBe(400);
  // The writer flushes within a second.
  for (let attempt = 0; attempt < 40; attempt++) {
    const list = await fetch(`${server.url}/api/audit-logging/audit-logs?httpStatusCode=400`, {
      headers: { authorization: `Bearer ${admin.access_token}` },
    });
    if (((await list.json()) as { totalCount: number }).totalCount > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

afterAll(async () => {
  await server?.stop();
});

/** Every API call of the page with when it started and ended (ms), and its status. */
function watchCalls(page: Page) {
  const calls: Array<{ url: URL; started: number; ended?: number; status?: number }> = [];
  const open = new Map<object, (typeof calls)[number]>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    const call = { url, started: Date.now() };
    calls.push(call);
    open.set(request, call);
  });
  page.on('requestfinished', async (request) => {
    const call = open.get(request);
    if (!call) return;
    call.ended = Date.now();
    call.status = (await request.response())?.status();
  });
  return calls;
}

async function signInTo(
  browser: Browser,
  address: string,
  user: { userName: string; password: string },
  options: { configurationDelayMs?: number } = {},
) {
  await acceptCookies(browser.context, server.url);
  const page = await browser.context.newPage();
  const calls = watchCalls(page);
  const delay = options.configurationDelayMs ?? 0;
  if (delay > 0)
    await page.route('**/api/abp/application-configuration**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, delay));
      await route.continue();
    });
  await page.goto(`${server.url}${address}`);
  await submitLoginPage(page, user.userName, user.password);
  return { page, calls };
}

describe('the returned-to screen after sign-in', () => {
  it('starts the audit list beside the configuration, and the list shows that answer without asking again', async () => {
    const browser = await launchBrowser();
    try {
      // The configuration answers 500 ms late: a list that waited for it (or for the screen it lets
      // render) would start after it ended. Without the delay the server answers it in a few
      // milliseconds, sooner than the screen's module loads, and the order would be chance.
      const { page, calls } = await signInTo(
        browser,
        '/audit-logs?httpStatusCode=400',
        { userName: 'admin', password: '1q2w3E*' },
        { configurationDelayMs: 500 },
      );
      const table = page.getByRole('table', { name: 'Audit logs' });
      await table.getByRole('row').filter({ hasText: '/api/identity/users' }).first().waitFor();
      expect(page.url()).toBe(`${server.url}/audit-logs?httpStatusCode=400`);
      const lists = calls.filter((call) => call.url.pathname === '/api/audit-logging/audit-logs');
      expect(lists).toHaveLength(1);
      expect(Object.fromEntries(lists[0]!.url.searchParams)).toEqual({ httpStatusCode: '400', skipCount: '0', maxResultCount: '10' });
      expect(lists[0]!.status).toBe(200);
      // The signed-in configuration: the last one (the first was the anonymous page's before the login page).
      const configuration = calls.filter((call) => call.url.pathname === '/api/abp/application-configuration').at(-1);
      expect(configuration?.ended).toBeDefined();
      // Beside the configuration, not after the screen rendered.
      expect(lists[0]!.started).toBeLessThanOrEqual(configuration!.ended!);
      // A later request of the list is its own (Refresh).
      await page.getByRole('button', { name: 'Refresh' }).first().click();
      await expect.poll(() => calls.filter((call) => call.url.pathname === '/api/audit-logging/audit-logs').length).toBe(2);
    } finally {
      await browser.close();
    }
  });

  it('still lets the guard decide: without the permission the Forbidden page, no table', async () => {
    const browser = await launchBrowser();
    try {
      const { page, calls } = await signInTo(browser, '/audit-logs', viewer);
      await page.getByRole('heading', { level: 1, name: /Forbidden/ }).waitFor();
      expect(await page.getByRole('table', { name: 'Audit logs' }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Audit Logging' }).count()).toBe(0);
      await expect
        .poll(() => calls.filter((call) => call.url.pathname === '/api/audit-logging/audit-logs').map((call) => call.status))
        .toEqual([403]);
    } finally {
      await browser.close();
    }
  });
});
