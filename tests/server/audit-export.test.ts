// Audit-log exports through the real server and database: small sets answer at once with an xlsx
// that holds exactly the filtered rows (read back with SheetJS), formula-looking values are
// neutralised, large sets run as a background job whose file only its creator may download and
// which expires; entity changes export with their filters; access and bad input are refused.
import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAuditLogs } from '../../scripts/seed-audit-logs.ts';
import { auditLogExportJobs, auditLogs, entityChanges, exportFileChunks } from '../../server/db/schema/index.ts';
import { createAuditExports, defaultAuditExportOptions } from '../../server/jobs/audit-export.ts';
import { outboxMails } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { type Caller, request, signIn, tenantIdOf } from './identity-helpers.ts';

const base = '/api/audit-logging/audit-logs';
const inlineLimit = 50;

let server: TestServer;
let host: Caller;
let acme: Caller;
let acmeId: string;
let previousLimit: string | undefined;

interface ExportAnswer {
  fileData: string | null;
  fileName: string;
  isBackgroundJob: boolean;
  jobId: string | null;
}

interface JobState {
  status: string;
  progress: number;
  processed: number;
  total: number | null;
  fileName: string;
  expiresAt: string;
}

const sheetOf = (bytes: Buffer | Uint8Array) => {
  const workbook = XLSX.read(bytes, { type: 'buffer' });
  const sheet = workbook.Sheets[workbook.SheetNames[0] as string] as XLSX.WorkSheet;
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet, { defval: null });
  return { workbook, sheet, rows };
};

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

beforeAll(async () => {
  previousLimit = process.env.AUDIT_EXPORT_INLINE_ROWS;
  process.env.AUDIT_EXPORT_INLINE_ROWS = String(inlineLimit);
  server = await startTestServer();
  host = await signIn(server, 'admin');
  acme = await signIn(server, 'admin', 'acme');
  acmeId = await tenantIdOf(server, 'acme');
  const db = server.ctx.db;
  // 30 host rows of a test application, every other one a GET; some carry formula-looking texts.
  await db.insert(auditLogs).values(
    Array.from({ length: 30 }, (_, i) => ({
      tenantId: null,
      applicationName: 'ExportTest',
      userName: i === 0 ? '+danger' : 'exporter',
      executionTime: at(i + 1),
      executionDuration: 10 * i,
      httpMethod: i % 2 === 0 ? 'GET' : 'POST',
      url: i === 0 ? '=cmd|/c calc!A1' : `/api/export-test/${i}`,
      httpStatusCode: i % 5 === 0 ? 500 : 200,
      exceptions: i % 5 === 0 ? '-boom' : null,
      comments: i === 0 ? '@SUM(A1:A2)' : null,
      correlationId: `corr-${i}`,
    })),
  );
  // The same application in another tenant: never part of the host's exports.
  await db.insert(auditLogs).values(
    Array.from({ length: 5 }, (_, i) => ({
      tenantId: acmeId,
      applicationName: 'ExportTest',
      userName: 'acme-user',
      executionTime: at(i + 1),
      executionDuration: 5,
      httpMethod: 'GET',
      url: '/api/acme',
      httpStatusCode: 200,
    })),
  );
  // Entity changes of a test entity type, one with a formula-looking entity id.
  const [log] = await db
    .insert(auditLogs)
    .values({ tenantId: null, applicationName: 'ExportTest', userName: 'changer', executionTime: at(2), executionDuration: 3 })
    .returning({ id: auditLogs.id });
  await db.insert(entityChanges).values([
    {
      auditLogId: log!.id,
      changeTime: at(2),
      changeType: 1,
      entityId: '=1+1',
      entityTypeFullName: 'Test.Entity',
      propertyChanges: [{ propertyName: 'Name', propertyTypeFullName: 'System.String', originalValue: 'old', newValue: 'new' }],
    },
    { auditLogId: log!.id, changeTime: at(3), changeType: 1, entityId: 'e-2', entityTypeFullName: 'Test.Entity' },
    { auditLogId: log!.id, changeTime: at(4), changeType: 0, entityId: 'e-3', entityTypeFullName: 'Test.Entity' },
  ]);
  // Enough generated host rows that an unfiltered export is a background job.
  await seedAuditLogs(db, { count: 200, tenantId: null, batchSize: 200 });
});

afterAll(async () => {
  await server?.stop();
  if (previousLimit === undefined) delete process.env.AUDIT_EXPORT_INLINE_ROWS;
  else process.env.AUDIT_EXPORT_INLINE_ROWS = previousLimit;
});

async function waitForJob(caller: Caller, jobId: string): Promise<JobState> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { status, body } = await caller.call<JobState>('GET', `${base}/export-jobs/${jobId}`);
    expect(status).toBe(200);
    if (body.status === 'Completed' || body.status === 'Failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the export job did not finish');
}

describe('export-to-excel', () => {
  it('answers a small set at once with exactly the filtered rows, newest first', async () => {
    const { status, body } = await host.call<ExportAnswer>('GET', `${base}/export-to-excel?applicationName=ExportTest&httpMethod=GET`);
    expect(status).toBe(200);
    expect(body.isBackgroundJob).toBe(false);
    expect(body.jobId).toBeNull();
    expect(body.fileName).toMatch(/^AuditLogs_\d{8}-\d{6}\.xlsx$/);
    const { rows } = sheetOf(Buffer.from(body.fileData as string, 'base64'));
    expect(rows).toHaveLength(15);
    expect(rows.every((row) => row['Application name'] === 'ExportTest' && row['HTTP method'] === 'GET')).toBe(true);
    expect(rows.map((row) => row['Correlation id'])).toEqual(Array.from({ length: 15 }, (_, i) => `corr-${i * 2}`));
    expect(rows.some((row) => row['User name'] === 'acme-user')).toBe(false);
    expect(rows[0]!['Execution time (UTC)']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('neutralises values a spreadsheet would evaluate as formulas', async () => {
    const { body } = await host.call<ExportAnswer>('GET', `${base}/export-to-excel?applicationName=ExportTest&correlationId=corr-0`);
    const { sheet, rows } = sheetOf(Buffer.from(body.fileData as string, 'base64'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ URL: "'=cmd|/c calc!A1", 'User name': "'+danger", Comments: "'@SUM(A1:A2)", Exceptions: "'-boom" });
    const cells = Object.entries(sheet).filter(([address]) => !address.startsWith('!'));
    expect(cells.some(([, cell]) => (cell as XLSX.CellObject).f !== undefined)).toBe(false);
    expect((sheet.C2 as XLSX.CellObject).t).toBe('s');
  });

  it('applies every kind of filter and the sorting', async () => {
    const query =
      'applicationName=ExportTest&hasException=true&minExecutionDuration=50&maxExecutionDuration=250&sorting=executionDuration%20asc';
    const { body } = await host.call<ExportAnswer>('GET', `${base}/export-to-excel?${query}`);
    const { rows } = sheetOf(Buffer.from(body.fileData as string, 'base64'));
    expect(rows.map((row) => row['Execution duration (ms)'])).toEqual([50, 100, 150, 200, 250]);
    expect(rows.every((row) => row['HTTP status code'] === 500)).toBe(true);
    const byUrl = await host.call<ExportAnswer>('GET', `${base}/export-to-excel?url=export-test/2&applicationName=ExportTest`);
    const urls = sheetOf(Buffer.from(byUrl.body.fileData as string, 'base64')).rows.map((row) => row.URL);
    expect(urls.sort()).toEqual([
      '/api/export-test/2',
      '/api/export-test/20',
      '/api/export-test/21',
      '/api/export-test/22',
      '/api/export-test/23',
      '/api/export-test/24',
      '/api/export-test/25',
      '/api/export-test/26',
      '/api/export-test/27',
      '/api/export-test/28',
      '/api/export-test/29',
    ]);
  });

  it('runs a large set as a background job whose file only its creator downloads', async () => {
    const { status, body } = await host.call<ExportAnswer>('GET', `${base}/export-to-excel`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ isBackgroundJob: true, fileData: null });
    expect(body.fileName).toMatch(/^AuditLogs_\d{8}-\d{6}_[0-9a-f]{8}\.xlsx$/);
    const job = await waitForJob(host, body.jobId as string);
    expect(job).toMatchObject({ status: 'Completed', progress: 100, fileName: body.fileName });
    expect(job.total).toBeGreaterThan(inlineLimit);
    expect(job.processed).toBe(job.total);
    expect(Date.parse(job.expiresAt) - Date.now()).toBeGreaterThan(50 * 60_000);
    // Its creator is mailed that the file is ready (the text template Finance.AuditLogging.ExportReady).
    await expect
      .poll(async () => (await outboxMails(server, 'admin@abp.io')).find((mail) => mail.raw.includes(body.fileName))?.subject)
      .toBe('Your audit log export is ready');

    const response = await fetch(`${server.url}${base}/download-excel/${body.fileName}`, {
      headers: { authorization: `Bearer ${host.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toContain(`attachment; filename="${body.fileName}"`);
    const { rows } = sheetOf(Buffer.from(await response.arrayBuffer()));
    expect(rows).toHaveLength(job.total as number);
    expect(rows.some((row) => row['User name'] === 'acme-user')).toBe(false);
    expect(rows.filter((row) => row['Application name'] === 'ExportTest')).toHaveLength(31);

    // Another tenant's admin neither sees the job nor gets the file; no token is a 401.
    expect((await acme.call('GET', `${base}/export-jobs/${body.jobId}`)).status).toBe(404);
    expect((await acme.call('GET', `${base}/download-excel/${body.fileName}`)).status).toBe(404);
    expect((await request(server, null, 'GET', `${base}/download-excel/${body.fileName}`)).status).toBe(401);
  });

  it('forgets a job and removes its file once it has expired', async () => {
    const { body } = await host.call<ExportAnswer>('GET', `${base}/export-to-excel?sorting=url%20desc`);
    await waitForJob(host, body.jobId as string);
    const options = defaultAuditExportOptions();
    const chunksOf = async () =>
      (
        await server.ctx.db
          .select({ seq: exportFileChunks.seq })
          .from(exportFileChunks)
          .where(eq(exportFileChunks.jobId, body.jobId as string))
      ).length;
    expect(await chunksOf()).toBeGreaterThan(0);
    await server.ctx.db
      .update(auditLogExportJobs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(auditLogExportJobs.id, body.jobId as string));
    expect((await host.call('GET', `${base}/download-excel/${body.fileName}`)).status).toBe(404);
    const exports = createAuditExports(server.ctx, options);
    try {
      expect(await exports.prune()).toBeGreaterThanOrEqual(1);
    } finally {
      await exports.close();
    }
    expect(await chunksOf()).toBe(0);
    expect((await host.call('GET', `${base}/export-jobs/${body.jobId}`)).status).toBe(404);
  });

  it('refuses bad input with a validation error', async () => {
    expect((await host.call('GET', `${base}/export-to-excel?httpStatusCode=abc`)).status).toBe(400);
    expect((await host.call('GET', `${base}/export-to-excel?sorting=password%20asc`)).status).toBe(400);
    expect((await host.call('GET', `${base}/export-jobs/not-a-guid`)).status).toBe(400);
    expect((await host.call('GET', `${base}/download-excel/..%2F..%2Fsecrets.key`)).status).toBe(400);
    expect((await host.call('GET', `${base}/download-excel/nothing-here.xlsx`)).status).toBe(404);
  });
});

describe('export access', () => {
  it('is refused while the tenant has AuditLogging.Enable off, and without a token', async () => {
    const path = `${base}/export-to-excel?applicationName=ExportTest`;
    expect((await acme.call('GET', path)).status).toBe(200);
    const off = await host.call('PUT', `/api/feature-management/features?providerName=T&providerKey=${acmeId}`, {
      features: [{ name: 'AuditLogging.Enable', value: 'false' }],
    });
    expect(off.status).toBe(204);
    try {
      expect((await acme.call('GET', path)).status).toBe(403);
      expect((await acme.call('GET', `${base}/export-entity-changes-to-excel`)).status).toBe(403);
      expect((await host.call('GET', path)).status).toBe(200);
    } finally {
      await host.call('DELETE', `/api/feature-management/features?providerName=T&providerKey=${acmeId}`);
    }
    expect((await request(server, null, 'GET', path)).status).toBe(401);
  });
});

describe('export-entity-changes-to-excel', () => {
  it('exports the filtered entity changes with user names and property changes', async () => {
    const { status, body } = await host.call<ExportAnswer>(
      'GET',
      `${base}/export-entity-changes-to-excel?entityTypeFullName=Test.Entity&entityChangeType=1`,
    );
    expect(status).toBe(200);
    expect(body.isBackgroundJob).toBe(false);
    const { rows } = sheetOf(Buffer.from(body.fileData as string, 'base64'));
    expect(rows.map((row) => row['Entity id'])).toEqual(["'=1+1", 'e-2']);
    expect(rows[0]).toMatchObject({ 'Change type': 'Updated', 'User name': 'changer', 'Property changes': 'Name: old -> new' });
    const one = await host.call<ExportAnswer>('GET', `${base}/export-entity-changes-to-excel?entityId=e-3&entityTypeFullName=Test.Entity`);
    expect(sheetOf(Buffer.from(one.body.fileData as string, 'base64')).rows).toMatchObject([
      { 'Entity id': 'e-3', 'Change type': 'Created' },
    ]);
    expect(
      (await acme.call<ExportAnswer>('GET', `${base}/export-entity-changes-to-excel?entityTypeFullName=Test.Entity`)).body.fileData,
    ).toBeTruthy();
    const acmeRows = sheetOf(
      Buffer.from(
        (await acme.call<ExportAnswer>('GET', `${base}/export-entity-changes-to-excel?entityTypeFullName=Test.Entity`)).body
          .fileData as string,
        'base64',
      ),
    ).rows;
    expect(acmeRows).toHaveLength(0);
  });
});
