// The dashboard's audit-log widgets against the real server (spec 2.6, 6, 9): for the admin both
// charts render at 273x136 under the strict CSP (ApexCharts injects no <style>; its stylesheet is a
// linked file), with titles and value tables as text alternatives; the page's one period (issue
// 20.8) reloads the statistics with a new range and refuses an inverted one; the cards fill the row
// and the bar chart shows its days and its unit; a user with the dashboard but without
// AuditLogging.AuditLogs sees no widget and the browser makes no request to the statistics endpoints
// at all. Axe clean.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditLogRecord, writeAuditLogs } from '../../server/audit/writer.ts';
import { permissionGrants } from '../../server/db/schema/index.ts';
import { createUser } from '../kit/auth.ts';
import { type Browser, launchBrowser } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { screenshots } from './identity-helpers.ts';
import { acceptCookies, ensureBuilt, expectAxeCleanInLightAndDark, signIn, watchForPageProblems } from './shell-helpers.ts';

let server: TestServer;
const dashboardOnly = { userName: 'dashboard-only', password: '1q2w3E*dash' };
const dayMs = 24 * 60 * 60 * 1000;

const log = (ageDays: number, status: number, duration: number): AuditLogRecord => ({
  tenantId: null,
  applicationName: 'widgets-e2e',
  userId: null,
  userName: 'someone',
  tenantName: null,
  impersonatorUserId: null,
  impersonatorUserName: null,
  impersonatorTenantId: null,
  impersonatorTenantName: null,
  executionTime: new Date(Date.now() - ageDays * dayMs),
  executionDuration: duration,
  clientIpAddress: null,
  clientName: null,
  clientId: null,
  correlationId: null,
  browserInfo: null,
  httpMethod: 'GET',
  url: '/api/widgets',
  exceptions: status >= 500 ? 'System.Exception: boom' : null,
  comments: null,
  httpStatusCode: status,
  extraProperties: {},
  actions: [],
  entityChanges: [],
});

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
  await writeAuditLogs(server.ctx.db, [log(0, 200, 40), log(1, 200, 20), log(1, 500, 80), log(3, 200, 10), log(20, 200, 999)]);
  const userId = await createUser(server, dashboardOnly);
  await server.ctx.db
    .insert(permissionGrants)
    .values({ tenantId: null, name: 'Finance.Dashboard.Host', providerName: 'U', providerKey: userId });
});

afterAll(async () => {
  await server?.stop();
});

function statisticsRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/audit-logging/audit-logs/statistics/')) seen.push(new URL(request.url()));
  });
  return seen;
}

describe('dashboard audit widgets', () => {
  it('render both charts for the admin, CSP-clean and accessible, and reload on a new range', async () => {
    const browser: Browser = await launchBrowser();
    try {
      await acceptCookies(browser.context, server.url);
      const page = await browser.context.newPage();
      const problems = watchForPageProblems(page);
      const requests = statisticsRequests(page);
      await signIn(page, server.url);
      await page.goto(`${server.url}/dashboard`);
      const average = page.getByRole('region', { name: 'Average execution duration in logs per day' });
      const errorRate = page.getByRole('region', { name: 'Error rate in logs' });
      await average.locator('svg').first().waitFor();
      await errorRate.locator('svg').first().waitFor();
      // Default range: the last 7 days, one call per statistic.
      expect(requests.map((url) => url.pathname.split('/').at(-1)).sort()).toEqual(['average-execution-duration-per-day', 'error-rate']);
      const start = new Date(requests[0]!.searchParams.get('startDate')!);
      const end = new Date(requests[0]!.searchParams.get('endDate')!);
      expect(Math.round((end.getTime() - start.getTime()) / dayMs)).toBe(7);
      // Each chart is drawn at 273x136 (the size ApexCharts gives its SVG).
      for (const region of [average, errorRate]) {
        const sizes = await region
          .locator('svg')
          .evaluateAll((list) => list.map((svg) => `${svg.getAttribute('width')}x${svg.getAttribute('height')}`));
        expect(sizes[0]).toBe('273x136');
      }
      // Text alternatives: a table per chart with the values the server answered.
      const averageTable = page.getByRole('table', { name: 'Average execution duration in logs per day' });
      expect(await averageTable.getByRole('columnheader', { name: 'Average execution duration in milliseconds' }).count()).toBe(1);
      expect(await averageTable.getByRole('row').count()).toBeGreaterThanOrEqual(4);
      const errorTable = page.getByRole('table', { name: 'Error rate in logs' });
      expect(await errorTable.getByRole('row').count()).toBe(3);
      // A dashboard, not a stack: the two cards share the row, filling it, under the page's title.
      const grid = page.getByRole('region', { name: 'Widgets' });
      const gridBox = (await grid.boundingBox())!;
      const [averageBox, errorBox] = [(await average.boundingBox())!, (await errorRate.boundingBox())!];
      expect(averageBox.y).toBe(errorBox.y);
      expect(averageBox.height).toBe(errorBox.height);
      expect(averageBox.width + errorBox.width).toBeGreaterThan(gridBox.width * 0.95);
      // The bar chart names its days under the bars and its unit.
      const axisLabels = await average.locator('.apexcharts-xaxis-label').allTextContents();
      expect(axisLabels.filter((label) => /\d/.test(label)).length).toBeGreaterThanOrEqual(1);
      expect(await average.locator('.apexcharts-yaxis-title').textContent()).toBe('ms');
      // One period for the page, outside the widgets' cards.
      expect(await page.getByRole('group', { name: 'Period' }).count()).toBe(1);
      expect(await grid.getByLabel('Start date').count()).toBe(0);
      // ApexCharts found the linked stylesheet and injected no <style> (the CSP would refuse it).
      expect(await page.evaluate(() => document.getElementById('apexcharts-css')?.tagName)).toBe('LINK');
      expect(await page.evaluate(() => document.querySelectorAll('style').length)).toBe(0);
      // A new start date reloads both statistics with it.
      const before = requests.length;
      const reloaded = page.waitForRequest(/statistics\/error-rate/);
      await page.getByLabel('Start date').fill('2020-01-01');
      await reloaded;
      const latest = requests.slice(before);
      expect(latest.length).toBeGreaterThanOrEqual(1);
      expect(new Date(latest.at(-1)!.searchParams.get('startDate')!).getFullYear()).toBe(2020);
      await average.locator('svg').first().waitFor();
      // An end before the start is kept on the page and said, and nothing is requested for it.
      const sent = requests.length;
      await page.getByLabel('End date').fill('2019-12-31');
      await page.getByRole('alert').filter({ hasText: 'Choose a start date and an end date' }).waitFor();
      expect(requests.length).toBe(sent);
      await page.getByLabel('End date').fill(new Date().toISOString().slice(0, 10));
      await page.getByRole('alert').filter({ hasText: 'Choose a start date' }).waitFor({ state: 'detached' });
      await expectAxeCleanInLightAndDark(page);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('colour the failing share red in every language, with its percentage inside the chart', async () => {
    const browser: Browser = await launchBrowser();
    try {
      await acceptCookies(browser.context, server.url);
      const page = await browser.context.newPage();
      await signIn(page, server.url);
      for (const language of ['en', 'ar', 'fr', 'hy']) {
        await page.evaluate((value) => localStorage.setItem('Abp.SelectedLanguage', value), language);
        await page.goto(`${server.url}/dashboard`);
        const pie = page.locator('.apexcharts-pie');
        await pie.waitFor();
        // Last 7 days: 4 logs, 1 of them failed; the failing share is drawn and listed in red.
        const slices = await page
          .locator('.apexcharts-pie-area')
          .evaluateAll((paths) => paths.map((path) => ({ fill: path.getAttribute('fill'), value: path.getAttribute('data:value') })));
        expect(slices, language).toEqual([
          { fill: 'rgba(207,34,46,1)', value: '1' },
          { fill: 'rgba(26,127,55,1)', value: '3' },
        ]);
        const swatches = await page
          .locator('li', { has: page.locator('span') })
          .filter({ hasText: /: [13]$/ })
          .evaluateAll((items) =>
            items.map((item) => [item.textContent?.slice(-1), getComputedStyle(item.querySelector('span')!).backgroundColor]),
          );
        expect(swatches, language).toEqual([
          ['1', 'rgb(207, 34, 46)'],
          ['3', 'rgb(26, 127, 55)'],
        ]);
        // Every percentage label lies inside the chart's drawing, none cut off by the card.
        const chart = (await page.locator('.apexcharts-svg').nth(1).boundingBox())!;
        for (const label of await page.locator('.apexcharts-pie-label').all()) {
          const box = (await label.boundingBox())!;
          expect(box.x, language).toBeGreaterThanOrEqual(chart.x);
          expect(box.x + box.width, language).toBeLessThanOrEqual(chart.x + chart.width);
        }
        // The days under the bars read left to right in every language ('23/11/2026', not '232026/11/').
        const day = page.locator('.apexcharts-xaxis-label').first();
        expect(await day.evaluate((element) => getComputedStyle(element).direction), language).toBe('ltr');
        await screenshots(page, `dashboard-${language}`);
      }
      await page.evaluate(() => localStorage.removeItem('Abp.SelectedLanguage'));
    } finally {
      await browser.close();
    }
  });

  it('make no statistics request for a user without AuditLogging.AuditLogs', async () => {
    const browser: Browser = await launchBrowser();
    try {
      await acceptCookies(browser.context, server.url);
      const page = await browser.context.newPage();
      const problems = watchForPageProblems(page);
      const requests = statisticsRequests(page);
      await signIn(page, server.url, dashboardOnly.userName, dashboardOnly.password);
      await page.goto(`${server.url}/dashboard`);
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await page.getByRole('region', { name: 'Widgets' }).getByText('Nothing to show yet').waitFor();
      await page.waitForLoadState('networkidle');
      // No widget, no period to choose.
      expect(await page.getByRole('group', { name: 'Period' }).count()).toBe(0);
      expect(await page.getByRole('region', { name: 'Average execution duration in logs per day' }).count()).toBe(0);
      expect(await page.getByRole('region', { name: 'Error rate in logs' }).count()).toBe(0);
      expect(requests).toEqual([]);
      await expectAxeCleanInLightAndDark(page);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
