// Estimated totals on the audit logging screen (issue 22, ADR 0006) in Chromium against the real
// server: with enough logs that the server answers the planner's estimate (PGlite counts exactly only
// up to 1,000 rows; 15,000 host logs are seeded and analyzed, about 1,500 entity changes among them),
// both lists say "about N" (ICU compact-long), and the pager follows the rows, not the estimate: on a
// filter whose estimate falls short of its rows (GET and 200 are correlated in the seed, the planner
// multiplies them), a page past the estimate shows its rows with Next open, Next goes on, and the
// short last page gives the exact count with Next closed. Arabic reads "حوالي" right to left, axe clean.
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedAuditLogs } from '../../scripts/seed-audit-logs.ts';
import { auditLogsTextSets } from '../../src/screens/audit-logs/audit-logs-texts.ts';
import { dataRows, identitySpec } from './identity-helpers.ts';

const spec = identitySpec();
const seeded = 15_000;
const filter = 'httpMethod=GET&httpStatusCode=200';

type Json = Record<string, unknown>;
const query = async <T>(text: string): Promise<T[]> => ((await spec.server.ctx.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  await seedAuditLogs(spec.server.ctx.db, { count: seeded, tenantId: null, days: 30 });
  await spec.server.ctx.db.execute(sql`analyze`);
});

const pager = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });
const pagerText = async (page: Page) => (((await pager(page).textContent()) ?? '').match(/\S+–\S+ .*/)?.[0] ?? '').trim();
/** The range's row numbers, as the pager's plain `{0}`/`{1}` arguments print them. */
const en = (n: number) => String(n);

async function waitForPager(page: Page, pattern: RegExp): Promise<string> {
  await expect.poll(() => pagerText(page), { timeout: 30_000 }).toMatch(pattern);
  return pagerText(page);
}

describe('audit logs with an estimated total', () => {
  it('both lists say "about N" and page on; the API flags the estimate', async () => {
    const list = await spec.api('GET', '/api/audit-logging/audit-logs?maxResultCount=10');
    expect((list.json as Json).extraProperties).toEqual({ totalCountIsEstimate: true });
    const changes = await spec.api('GET', '/api/audit-logging/audit-logs/entity-changes?maxResultCount=10');
    expect((changes.json as Json).extraProperties).toEqual({ totalCountIsEstimate: true });

    const { page, problems } = await spec.openPage();
    await page.goto(`${spec.server.url}/audit-logs`);
    expect(await waitForPager(page, /^1–10 of about \d+(\.\d)? thousand$/)).toMatch(/of about 1[4-6](\.\d)? thousand$/);
    const next = pager(page).getByRole('button', { name: 'Next page' });
    expect(await next.isEnabled()).toBe(true);
    await next.click();
    await waitForPager(page, /^11–20 of about \d+(\.\d)? thousand$/);
    expect(await dataRows(page.getByRole('table', { name: 'Audit logs' })).count()).toBe(10);

    await page.getByRole('tab', { name: 'Entity Changes' }).click();
    await waitForPager(page, /^1–10 of about \d+(\.\d)? thousand$/);
    expect(await pager(page).getByRole('button', { name: 'Next page' }).isEnabled()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('pages past an estimate that falls short of the rows, to the exact last page', async () => {
    const answer = (await spec.api('GET', `/api/audit-logging/audit-logs?${filter}&maxResultCount=10`)).json as Json;
    const estimate = answer.totalCount as number;
    expect(answer.extraProperties).toEqual({ totalCountIsEstimate: true });
    const [{ n: exact } = { n: 0 }] = await query<{ n: number }>(
      `select count(*)::int as n from audit_logs where tenant_id is null and http_method = 'GET' and http_status_code = 200`,
    );
    // The setup this test needs: the planner short by more than a few pages.
    expect(exact - estimate).toBeGreaterThan(40);

    // The first page past the estimate's last one.
    const past = Math.ceil(estimate / 10) + 1;
    const { page, problems } = await spec.openPage();
    await page.goto(`${spec.server.url}/audit-logs?${filter}&page=${past}`);
    const table = page.getByRole('table', { name: 'Audit logs' });
    const from = (past - 1) * 10 + 1;
    expect(await waitForPager(page, new RegExp(`^${en(from)}–${en(from + 9)} of about `))).toBeTruthy();
    expect(await dataRows(table).count()).toBe(10);
    expect(new URL(page.url()).searchParams.get('page')).toBe(String(past));
    const next = pager(page).getByRole('button', { name: 'Next page' });
    expect(await next.isEnabled()).toBe(true);
    await next.click();
    await waitForPager(page, new RegExp(`^${en(from + 10)}–${en(from + 19)} of about `));
    expect(await dataRows(table).count()).toBe(10);

    // The last page: short (unless the count is a multiple of ten), so counted exactly; Next closes.
    const last = Math.ceil(exact / 10);
    if (exact % 10 !== 0) {
      await page.goto(`${spec.server.url}/audit-logs?${filter}&page=${last}`);
      await waitForPager(page, new RegExp(`^${en((last - 1) * 10 + 1)}–${en(exact)} of ${en(exact)}$`));
      expect(await dataRows(table).count()).toBe(exact % 10);
      expect(await pager(page).getByRole('button', { name: 'Next page' }).isEnabled()).toBe(false);
      expect(await pager(page).getByRole('button', { name: 'Previous page' }).isEnabled()).toBe(true);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('reads "about" in Arabic, right to left, axe clean', async () => {
    await spec.expectRightToLeft('/audit-logs', auditLogsTextSets.ar['Menu:AuditLogging'], async (page) => {
      const arabicPager = page.getByRole('navigation', { name: auditLogsTextSets.ar.pagination });
      await expect.poll(async () => (await arabicPager.textContent()) ?? '', { timeout: 30_000 }).toMatch(/من حوالي \S+ ألف/);
    });
  });
});
