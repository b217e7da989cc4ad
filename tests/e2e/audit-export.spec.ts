// Export to Excel against the real server (issue 5 item 4, spec 7.14, 8): the admin exports the
// filtered audit log list; a small set comes back at once and a larger one (above the test
// server's inline limit of 5 rows) runs as a background job with a download link; each download is
// an .xlsx that opens (read back with @e965/xlsx) with exactly the filtered rows; the Entity
// Changes tab exports its own filtered rows the same way. 'Export completed'
// is shown, axe is clean, and the page reports no CSP refusal.
import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditLogRecord, writeAuditLogs } from '../../server/audit/writer.ts';
import { type Browser, launchBrowser, seriousAxeViolations } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { acceptCookies, ensureBuilt, signIn, watchForPageProblems } from './shell-helpers.ts';

let server: TestServer;
let browser: Browser;

const log = (userName: string, index: number): AuditLogRecord => ({
  tenantId: null,
  applicationName: 'export-e2e',
  userId: null,
  userName,
  tenantName: null,
  impersonatorUserId: null,
  impersonatorUserName: null,
  impersonatorTenantId: null,
  impersonatorTenantName: null,
  executionTime: new Date(Date.now() - index * 60_000),
  executionDuration: 10 + index,
  clientIpAddress: '10.0.0.1',
  clientName: null,
  clientId: null,
  correlationId: null,
  browserInfo: null,
  httpMethod: 'POST',
  url: `/api/${userName}/${index}`,
  exceptions: null,
  comments: null,
  httpStatusCode: 200,
  extraProperties: {},
  actions: [],
  entityChanges: [],
});

/** A log whose request updated one entity. */
const withChange = (entityTypeFullName: string, entityId: string): AuditLogRecord => ({
  ...log('entity-editor', 0),
  entityChanges: [
    {
      changeTime: new Date(),
      changeType: 1,
      entityTenantId: null,
      entityId,
      entityTypeFullName,
      propertyChanges: [{ propertyName: 'Name', propertyTypeFullName: 'System.String', originalValue: '"a"', newValue: '"b"' }],
    },
  ],
});

beforeAll(async () => {
  ensureBuilt();
  // Above 5 matching rows an export runs as a background job (read when the routes register).
  process.env.AUDIT_EXPORT_INLINE_ROWS = '5';
  server = await startTestServer({ serveSpa: true });
  await writeAuditLogs(server.ctx.db, [
    ...Array.from({ length: 3 }, (_, i) => log('export-small', i)),
    ...Array.from({ length: 8 }, (_, i) => log('export-large', i)),
    ...Array.from({ length: 4 }, (_, i) => log('someone-else', i)),
    withChange('Finance.Invoice', 'export-entity-1'),
    withChange('Finance.Invoice', 'export-entity-1'),
    withChange('Finance.Invoice', 'other-entity'),
  ]);
  // Enough rows for the background job to be seen at work (it writes them in batches of 2,000).
  for (let batch = 0; batch < 10; batch++)
    await writeAuditLogs(
      server.ctx.db,
      Array.from({ length: 2_000 }, (_, i) => log('export-huge', batch * 2_000 + i)),
    );
  browser = await launchBrowser();
  await acceptCookies(browser.context, server.url);
});

afterAll(async () => {
  delete process.env.AUDIT_EXPORT_INLINE_ROWS;
  await browser?.close();
  await server?.stop();
});

/** The rows of the downloaded workbook's first sheet, every cell as text. */
async function workbookRows(download: Download): Promise<string[][]> {
  const file = await download.path();
  const workbook = XLSX.read(fs.readFileSync(file), { type: 'buffer' });
  const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false }).map((row) => row.map((cell) => String(cell ?? '')));
}

async function openFilteredList(page: Page, userName: string): Promise<void> {
  await page.goto(`${server.url}/audit-logs?userName=${userName}`);
  await page.getByRole('button', { name: 'Export to Excel' }).waitFor();
  // The list shows the filtered rows before the export (the same filters go to both).
  await page
    .getByRole('cell', { name: new RegExp(`/api/${userName}/0`) })
    .first()
    .waitFor();
}

function expectOnlyRowsOf(rows: string[][], userName: string, count: number): void {
  const dataRows = rows.filter((row) => row.some((cell) => cell.includes(`/api/${userName}/`)));
  expect(dataRows).toHaveLength(count);
  expect(rows.some((row) => row.some((cell) => cell.includes('someone-else')))).toBe(false);
  // Header plus the filtered rows, nothing else.
  expect(rows).toHaveLength(count + 1);
  for (let index = 0; index < count; index++)
    expect(dataRows.some((row) => row.some((cell) => cell.includes(`/api/${userName}/${index}`)))).toBe(true);
}

describe('audit export', () => {
  it('downloads a small filtered set at once as an .xlsx with exactly those rows', async () => {
    const page = await browser.context.newPage();
    const problems = watchForPageProblems(page);
    await signIn(page, server.url);
    await openFilteredList(page, 'export-small');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to Excel' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expectOnlyRowsOf(await workbookRows(download), 'export-small', 3);
    await page.getByText('Export completed').first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('runs a larger set as a background job and offers its download link', async () => {
    const page = await browser.context.newPage();
    const problems = watchForPageProblems(page);
    await signIn(page, server.url);
    await openFilteredList(page, 'export-large');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const link = page.getByRole('button', { name: /^Download .+\.xlsx$/ });
    await link.waitFor({ timeout: 30_000 });
    await page.getByText('Export completed').first().waitFor();
    // While the link is offered another export may start; the finished file stays downloadable.
    expect(await page.getByRole('button', { name: 'Export to Excel' }).isEnabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expectOnlyRowsOf(await workbookRows(download), 'export-large', 8);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    expect(await link.count()).toBe(0);
    // The Download button was pending while it downloaded (react-aria announced that, labelled by the
    // button); gone from the page, it takes its announcements along: no unnamed image is left for axe.
    const orphans = await page.evaluate(
      () =>
        [...document.querySelectorAll('[role="log"] [role="img"]')].filter((node) =>
          (node.getAttribute('aria-labelledby') ?? '').split(/\s+/).some((id) => !document.getElementById(id)),
        ).length,
    );
    expect(orphans).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the background job at work with a named progress indicator', async () => {
    const page = await browser.context.newPage();
    const problems = watchForPageProblems(page);
    await signIn(page, server.url);
    await openFilteredList(page, 'export-huge');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    // Queued (no total yet) or running: either way a progressbar with a name, and Cancel.
    await page.getByRole('progressbar', { name: /^(Export progress|Preparing the export)$/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel export' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Export to Excel' }).isDisabled()).toBe(true);
    const link = page.getByRole('button', { name: /^Download .+\.xlsx$/ });
    await link.waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const rows = await workbookRows(download);
    expect(rows).toHaveLength(20_001);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('exports the Entity Changes tab with its filters', async () => {
    const page = await browser.context.newPage();
    const problems = watchForPageProblems(page);
    await signIn(page, server.url);
    await page.goto(`${server.url}/audit-logs?tab=entity-changes&entityId=export-entity-1`);
    const exportButton = page.getByRole('tabpanel').getByRole('button', { name: 'Export to Excel' });
    await exportButton.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const rows = await workbookRows(download);
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).every((row) => row.includes('export-entity-1'))).toBe(true);
    expect(rows.some((row) => row.includes('other-entity'))).toBe(false);
    await page.getByText('Export completed').first().waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});
