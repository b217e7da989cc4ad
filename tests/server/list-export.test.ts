// Exports of every list (contract/exports.ts) through the real server and database: each identity
// list's export holds exactly the rows its list shows for the same filter and order (CSV read back
// as RFC 4180, XLSX with SheetJS); values a spreadsheet would evaluate are neutralised in both; a set
// above the inline limit (lowered for this suite) runs as a job with progress and an expiring link
// that only its creator can fetch; the job's file is in the database, in chunks, so nothing is
// written to the data directory and another instance on the same PostgreSQL serves the download;
// another tenant's export holds none of the first tenant's rows.
import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportJobDto } from '../../contract/exports.ts';
import { type BuiltApp, buildApp } from '../../server/app.ts';
import { exportFileChunks, exportJobs } from '../../server/db/schema/index.ts';
import { createListExports, defaultExportOptions } from '../../server/jobs/list-export.ts';
import { roleListExport } from '../../server/modules/identity/list-exports.ts';
import { databaseKind, startTestServer, type TestServer } from '../kit/test-server.ts';
import { type Caller, expectError, request, signIn, strongPassword, userIdOf } from './identity-helpers.ts';

const inlineLimit = 20;
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let server: TestServer;
let host: Caller;
let acme: Caller;
let previousLimit: string | undefined;

type Row = Record<string, string>;
interface FileAnswer {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

async function get(caller: Caller | null, path: string, baseUrl = server.url): Promise<FileAnswer> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { 'accept-language': 'en', ...(caller ? { authorization: `Bearer ${caller.token}` } : {}) },
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** RFC 4180 read back independently of the server's own reader: quoted fields, doubled quotes, CRLF. */
function parseRfc4180(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 1; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += char;
  }
  expect(field).toBe('');
  expect(record).toEqual([]);
  return records;
}

const objects = ([header, ...rows]: string[][]): Row[] => rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));

function csvRows(answer: FileAnswer): Row[] {
  expect(answer.status, answer.bytes.toString()).toBe(200);
  expect(answer.headers.get('content-type')).toContain('text/csv');
  expect(answer.headers.get('content-disposition')).toMatch(/attachment; filename="\w+_\d{8}-\d{6}\.csv"/);
  return objects(parseRfc4180(answer.bytes.toString('utf8')));
}

function xlsxSheet(answer: FileAnswer | Buffer) {
  const bytes = Buffer.isBuffer(answer) ? answer : answer.bytes;
  if (!Buffer.isBuffer(answer)) {
    expect(answer.status, bytes.toString()).toBe(200);
    expect(answer.headers.get('content-type')).toBe(xlsxType);
  }
  const workbook = XLSX.read(bytes, { type: 'buffer' });
  const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
  return { sheet, rows: XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet, { defval: '' }) };
}

const noFormulas = (sheet: XLSX.WorkSheet) =>
  Object.entries(sheet)
    .filter(([address]) => !address.startsWith('!'))
    .every(([, cell]) => (cell as XLSX.CellObject).f === undefined);

async function list<T>(caller: Caller, path: string): Promise<T[]> {
  const reply = await caller.call<{ items: T[] }>('GET', path);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.items;
}

async function waitForJob(caller: Caller, id: string): Promise<ExportJobDto> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { status, body } = await caller.call<ExportJobDto>('GET', `/api/exports/jobs/${id}`);
    expect(status).toBe(200);
    if (body.status === 'Completed' || body.status === 'Failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the export job did not finish');
}

beforeAll(async () => {
  previousLimit = process.env.EXPORT_INLINE_ROWS;
  process.env.EXPORT_INLINE_ROWS = String(inlineLimit);
  server = await startTestServer();
  host = await signIn(server, 'admin');
  acme = await signIn(server, 'admin', 'acme');
  // Host roles: three the filter finds (one formula-looking), one it does not, and a set above the inline limit.
  for (const name of ['lx-role-b', 'lx-role-a', '=HYPERLINK("http://evil.example","x") lx-role', 'other-role']) {
    expect((await host.call('POST', '/api/identity/roles', { name })).status).toBe(200);
  }
  for (let i = 0; i < inlineLimit + 5; i += 1) {
    expect((await host.call('POST', '/api/identity/roles', { name: `bulk-role-${String(i).padStart(2, '0')}` })).status).toBe(200);
  }
  expect((await acme.call('POST', '/api/identity/roles', { name: 'lx-role-acme-only' })).status).toBe(200);
  // Claim types (host-wide): a description with a comma, quotes and a line break, and one starting with '+'.
  for (const [name, description] of [
    ['lx-ct-1', 'a, "quoted"\r\nsecond line'],
    ['lx-ct-2', '+cmd|calc'],
    ['other-ct', null],
  ] as const) {
    expect((await host.call('POST', '/api/identity/claim-types', { name, description, valueType: 1 })).status).toBe(200);
  }
  // Organization units: a parent and two children, one child with a role.
  const parent = await host.call<{ id: string }>('POST', '/api/identity/organization-units', { displayName: 'lx-unit parent' });
  const child = await host.call<{ id: string }>('POST', '/api/identity/organization-units', {
    displayName: 'lx-unit child',
    parentId: parent.body.id,
  });
  await host.call('POST', '/api/identity/organization-units', { displayName: '-lx-unit minus', parentId: parent.body.id });
  const roleA = (await list<{ id: string; name: string }>(host, '/api/identity/roles?filter=lx-role-a'))[0]!;
  expect((await host.call('PUT', `/api/identity/organization-units/${child.body.id}/roles`, { roleIds: [roleA.id] })).status).toBeLessThan(
    300,
  );
  // A second host administrator: same permissions, not the creator of the first one's jobs.
  const created = await host.call('POST', '/api/identity/users', {
    userName: 'lx.other.admin',
    email: 'lx.other.admin@example.test',
    password: strongPassword,
    roleNames: ['admin'],
  });
  expect(created.status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
  if (previousLimit === undefined) delete process.env.EXPORT_INLINE_ROWS;
  else process.env.EXPORT_INLINE_ROWS = previousLimit;
});

describe('each list exports exactly its filtered rows', () => {
  it('users', async () => {
    const query = 'filter=a&isLockedOut=false&sorting=email%20desc';
    const shown = await list<{ userName: string; roleNames: string[] }>(host, `/api/identity/users?maxResultCount=1000&${query}`);
    expect(shown.length).toBeGreaterThan(2);
    const csv = csvRows(await get(host, `/api/identity/users/export?format=csv&${query}`));
    expect(csv.map((row) => row['User name'])).toEqual(shown.map((u) => u.userName));
    expect(csv.map((row) => row.Roles)).toEqual(shown.map((u) => u.roleNames.join(';')));
    const { rows } = xlsxSheet(await get(host, `/api/identity/users/export?format=xlsx&${query}`));
    expect(rows.map((row) => row['User name'])).toEqual(shown.map((u) => u.userName));
  });

  it('roles, with formula-looking names neutralised in CSV and XLSX', async () => {
    const shown = await list<{ name: string; userCount: number }>(host, '/api/identity/roles?filter=lx-role&maxResultCount=1000');
    expect(shown.map((r) => r.name)).toEqual(['=HYPERLINK("http://evil.example","x") lx-role', 'lx-role-a', 'lx-role-b']);
    const csv = csvRows(await get(host, '/api/identity/roles/export?filter=lx-role'));
    expect(csv.map((row) => row['Role name'])).toEqual([`'=HYPERLINK("http://evil.example","x") lx-role`, 'lx-role-a', 'lx-role-b']);
    expect(csv.map((row) => row['User count'])).toEqual(['0', '0', '0']);
    const { sheet, rows } = xlsxSheet(await get(host, '/api/identity/roles/export?filter=lx-role&format=xlsx&sorting=name%20desc'));
    expect(rows.map((row) => row['Role name'])).toEqual(['lx-role-b', 'lx-role-a', `'=HYPERLINK("http://evil.example","x") lx-role`]);
    expect(noFormulas(sheet)).toBe(true);
    expect(rows[0]).toMatchObject({ Default: false, Public: false, Static: false, 'User count': 0 });
  });

  it('claim types, with RFC 4180 quoting of commas, quotes and line breaks', async () => {
    const shown = await list<{ name: string }>(host, '/api/identity/claim-types?filter=lx-ct&maxResultCount=1000');
    expect(shown.map((c) => c.name)).toEqual(['lx-ct-1', 'lx-ct-2']);
    const csv = csvRows(await get(host, '/api/identity/claim-types/export?filter=lx-ct'));
    expect(csv).toMatchObject([
      { Name: 'lx-ct-1', Description: 'a, "quoted"\r\nsecond line', 'Value type': 'Int', Required: 'false' },
      { Name: 'lx-ct-2', Description: "'+cmd|calc" },
    ]);
    const { sheet, rows } = xlsxSheet(await get(host, '/api/identity/claim-types/export?filter=lx-ct&format=xlsx'));
    // An XML reader turns the CR LF inside a cell into LF.
    expect(rows.map((row) => row.Description)).toEqual(['a, "quoted"\nsecond line', "'+cmd|calc"]);
    expect(noFormulas(sheet)).toBe(true);
  });

  it('organization units, with parent and roles', async () => {
    const shown = await list<{ displayName: string }>(host, '/api/identity/organization-units?filter=lx-unit&maxResultCount=1000');
    const csv = csvRows(await get(host, '/api/identity/organization-units/export?filter=lx-unit'));
    expect(csv.map((row) => row['Display name'])).toEqual(shown.map((u) => u.displayName.replace(/^-/, "'-")));
    expect(csv.find((row) => row['Display name'] === 'lx-unit child')).toMatchObject({
      'Parent unit': 'lx-unit parent',
      Roles: 'lx-role-a',
    });
  });

  it('security logs (administration), in the list order with the list filters', async () => {
    const query = 'userName=admin&action=LoginSucceeded';
    const shown = await list<{ id: string }>(host, `/api/identity/security-logs?maxResultCount=1000&${query}`);
    expect(shown.length).toBeGreaterThan(0);
    const csv = csvRows(await get(host, `/api/identity/security-logs/export?${query}`));
    expect(csv.map((row) => row.Id)).toEqual(shown.map((log) => log.id));
    expect(csv.every((row) => row.Action === 'LoginSucceeded' && row['User name'] === 'admin')).toBe(true);
  });

  it('sessions (administration), by user', async () => {
    const adminId = await userIdOf(server, 'admin');
    // Sorted by sign-in, which no request changes: the default order (most recently used first)
    // moves the caller's own session to the top when its activity, written at most once a minute,
    // is written between the two calls (seen in a CI run under load).
    const query = `userId=${adminId}&sorting=${encodeURIComponent('signedIn desc')}`;
    const shown = await list<{ sessionId: string }>(host, `/api/identity/sessions?maxResultCount=1000&${query}`);
    expect(shown.length).toBeGreaterThan(0);
    const { rows } = xlsxSheet(await get(host, `/api/identity/sessions/export?format=xlsx&${query}`));
    expect(rows.map((row) => row['Session id'])).toEqual(shown.map((s) => s.sessionId));
    expect(rows.every((row) => row['User name'] === 'admin')).toBe(true);
  });

  it('answers the header line in the language of the request', async () => {
    const response = await fetch(`${server.url}/api/identity/roles/export?filter=lx-role-a`, {
      headers: { authorization: `Bearer ${host.token}`, 'accept-language': 'fr' },
    });
    const [header] = parseRfc4180(Buffer.from(await response.arrayBuffer()).toString('utf8'));
    expect(header).toContain('Nom du rôle');
  });
});

describe('header lines with the edits of language management', () => {
  it("a job's and an inline export's header read the requester's owner's edits of the requester's culture", async () => {
    const textPath = '/api/language-management/language-texts/AbpIdentity/fr/DisplayName%3ARoleName';
    const headerOf = async (caller: Caller, query: string): Promise<unknown[]> => {
      const started = await fetch(`${server.url}/api/identity/roles/export?format=xlsx&${query}`, {
        headers: { authorization: `Bearer ${caller.token}`, 'accept-language': 'fr' },
      });
      let bytes: Buffer = Buffer.from(await started.arrayBuffer());
      if (started.status === 202) {
        // The job runs after the request has ended: the culture and tenant it was started with.
        const job = await waitForJob(caller, (JSON.parse(bytes.toString()) as ExportJobDto).id);
        const file = await get(caller, job.downloadUrl!);
        expect(file.status).toBe(200);
        bytes = file.bytes;
      } else expect(started.status).toBe(200);
      const { sheet } = xlsxSheet(bytes);
      return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 })[0]!;
    };
    expect(await headerOf(host, 'filter=bulk-role')).toContain('Nom du rôle');
    expect((await host.call('PUT', `${textPath}?value=${encodeURIComponent('Rôle (hôte)')}`)).status).toBe(204);
    try {
      expect(await headerOf(host, 'filter=bulk-role')).toContain('Rôle (hôte)');
      expect(await headerOf(host, 'filter=lx-role-a')).toContain('Rôle (hôte)');
      // Another tenant's export keeps the shipped header.
      expect(await headerOf(acme, 'filter=lx-role')).toContain('Nom du rôle');
    } finally {
      expect((await host.call('PUT', `${textPath}/restore`)).status).toBe(204);
    }
  });
});

describe('a large export', () => {
  it('runs as a job with progress and an expiring link only its creator can fetch', async () => {
    const started = await host.call<ExportJobDto>('GET', '/api/identity/roles/export?filter=bulk-role&format=xlsx&sorting=name%20desc');
    expect(started.status).toBe(202);
    expect(started.headers.get('location')).toBe(`/api/exports/jobs/${started.body.id}`);
    expect(started.body).toMatchObject({ kind: 'Roles', format: 'xlsx', processedRows: 0, downloadUrl: null });
    expect(['Queued', 'Running', 'Completed']).toContain(started.body.status);
    expect(started.body.fileName).toMatch(/^Roles_\d{8}-\d{6}_[0-9a-f]{8}\.xlsx$/);

    const job = await waitForJob(host, started.body.id);
    expect(job).toMatchObject({
      status: 'Completed',
      progress: 100,
      totalRows: inlineLimit + 5,
      processedRows: inlineLimit + 5,
      error: null,
    });
    expect(job.downloadUrl).toBe(`/api/exports/jobs/${job.id}/file`);
    expect(Date.parse(job.expiresAt) - Date.now()).toBeGreaterThan(50 * 60_000);

    const file = await get(host, job.downloadUrl!);
    expect(file.headers.get('content-disposition')).toContain(`attachment; filename="${job.fileName}"`);
    const { rows } = xlsxSheet(file);
    expect(rows.map((row) => row['Role name'])).toEqual(
      Array.from({ length: inlineLimit + 5 }, (_, i) => `bulk-role-${String(inlineLimit + 4 - i).padStart(2, '0')}`),
    );

    // Nobody else: another administrator of the same tenant, another tenant's, no token at all.
    const other = await signIn(server, 'lx.other.admin', undefined, strongPassword);
    for (const caller of [other, acme]) {
      expectError(await caller.call('GET', `/api/exports/jobs/${job.id}`), 404);
      expect((await get(caller, job.downloadUrl!)).status).toBe(404);
    }
    expect((await get(null, job.downloadUrl!)).status).toBe(401);
    expect((await request(server, null, 'GET', `/api/exports/jobs/${job.id}`)).status).toBe(401);

    // Expired: the link is gone and the job no longer offers it.
    await server.ctx.db
      .update(exportJobs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(exportJobs.id, job.id));
    expect((await get(host, job.downloadUrl!)).status).toBe(404);
    expect((await host.call<ExportJobDto>('GET', `/api/exports/jobs/${job.id}`)).body.downloadUrl).toBeNull();
  });

  it('runs a CSV job the same way, and an unknown job is a 404', async () => {
    const started = await host.call<ExportJobDto>('GET', '/api/identity/roles/export?filter=bulk-role');
    expect(started.status).toBe(202);
    const job = await waitForJob(host, started.body.id);
    const csv = objects(parseRfc4180((await get(host, job.downloadUrl!)).bytes.toString('utf8')));
    expect(csv).toHaveLength(inlineLimit + 5);
    expect(csv[0]!['Role name']).toBe('bulk-role-00');
    expectError(await host.call('GET', '/api/exports/jobs/3a0f0000-0000-4000-8000-000000000001'), 404);
  });
});

describe('where a job keeps its file', () => {
  /** Every file under the data directory but the embedded database's own. */
  const filesOutsideDatabase = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && !path.relative(dir, entry.parentPath).startsWith('pglite'))
      .map((entry) => path.join(entry.parentPath, entry.name));

  it('writes nothing to the data directory, and serves the file with its exports folder gone', async () => {
    const before = filesOutsideDatabase(server.config.dataDir);
    const started = await host.call<ExportJobDto>('GET', '/api/identity/roles/export?filter=bulk-role');
    expect(started.status).toBe(202);
    const job = await waitForJob(host, started.body.id);
    expect(filesOutsideDatabase(server.config.dataDir)).toEqual(before);
    // Where the files used to be: removing it changes nothing.
    fs.rmSync(path.join(server.config.dataDir, 'exports'), { recursive: true, force: true });
    const file = await get(host, job.downloadUrl!);
    expect(file.status).toBe(200);
    expect(objects(parseRfc4180(file.bytes.toString('utf8')))).toHaveLength(inlineLimit + 5);
    const [row] = await server.ctx.db.select({ fileSize: exportJobs.fileSize }).from(exportJobs).where(eq(exportJobs.id, job.id));
    expect(row!.fileSize).toBe(file.bytes.length);
  });

  it('stores a file in chunks and reads them back in order, and the chunks go with the expired job', async () => {
    const exports = createListExports(server.ctx, { ...defaultExportOptions(), inlineRowLimit: 0, chunkBytes: 256 });
    try {
      const caller = { tenantId: null, userId: await userIdOf(server, 'admin') };
      const filter = { filter: 'bulk-role', sorting: 'name desc' };
      const started = await exports.start(roleListExport, caller, filter, { format: 'xlsx', culture: 'en' });
      if (started.kind !== 'job') throw new Error('expected a job');
      await exports.idle();
      const chunks = await server.ctx.db
        .select({ seq: exportFileChunks.seq, tenantId: exportFileChunks.tenantId })
        .from(exportFileChunks)
        .where(eq(exportFileChunks.jobId, started.job.id));
      expect(chunks.length).toBeGreaterThan(3);
      expect(chunks.map((c) => c.seq).sort((a, b) => a - b)).toEqual(chunks.map((_, i) => i));
      expect(chunks.every((c) => c.tenantId === null)).toBe(true);

      const stored = await exports.storedFile({ id: started.job.id }, caller);
      const bytes = Buffer.concat(await stored.content().toArray());
      expect(bytes.length).toBe(stored.size);
      expect(xlsxSheet(bytes).rows.map((row) => row['Role name'])).toEqual(
        Array.from({ length: inlineLimit + 5 }, (_, i) => `bulk-role-${String(inlineLimit + 4 - i).padStart(2, '0')}`),
      );
      // Not for another user, even with the job id.
      await expect(exports.storedFile({ id: started.job.id }, { ...caller, userId: crypto.randomUUID() })).rejects.toMatchObject({
        status: 404,
      });

      await server.ctx.db
        .update(exportJobs)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(exportJobs.id, started.job.id));
      expect(await exports.prune()).toBeGreaterThanOrEqual(1);
      expect(await server.ctx.db.select().from(exportFileChunks).where(eq(exportFileChunks.jobId, started.job.id))).toEqual([]);
    } finally {
      await exports.close();
    }
  });
  it('fails a job whose file cannot be stored, instead of hanging, and keeps none of it', async () => {
    const exports = createListExports(server.ctx, { ...defaultExportOptions(), inlineRowLimit: 0, chunkBytes: 64 });
    try {
      const caller = { tenantId: null, userId: await userIdOf(server, 'admin') };
      const started = await exports.start(roleListExport, caller, { filter: 'bulk-role' }, { format: 'csv', culture: 'en' });
      if (started.kind !== 'job') throw new Error('expected a job');
      // The job's row gone before its first chunk: every chunk insert now breaks the foreign key.
      await server.ctx.db.delete(exportJobs).where(eq(exportJobs.id, started.job.id));
      await exports.idle();
      expect(await server.ctx.db.select().from(exportFileChunks).where(eq(exportFileChunks.jobId, started.job.id))).toEqual([]);
    } finally {
      await exports.close();
    }
  });
});

// PGlite is one process: a second instance on the same database needs PostgreSQL.
describe.skipIf(databaseKind !== 'postgres')('two instances on one PostgreSQL', () => {
  let second: BuiltApp;
  let secondUrl: string;
  beforeAll(async () => {
    // Same database, secrets key and public URL (as behind a load balancer); another port and data directory.
    const dataDir = fs.mkdtempSync(path.join(path.dirname(server.config.dataDir), 'finance-test-second-'));
    second = await buildApp({ config: { ...server.config, dataDir }, logger: false });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    const address = second.app.server.address();
    secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await second?.close();
    if (second) fs.rmSync(second.ctx.config.dataDir, { recursive: true, force: true });
  });

  it('a job started through one instance is downloaded through the other', async () => {
    const started = await host.call<ExportJobDto>('GET', '/api/identity/roles/export?filter=bulk-role&format=xlsx');
    expect(started.status).toBe(202);
    const job = await waitForJob(host, started.body.id);
    const there = await fetch(`${secondUrl}/api/exports/jobs/${job.id}`, { headers: { authorization: `Bearer ${host.token}` } });
    expect(((await there.json()) as ExportJobDto).downloadUrl).toBe(job.downloadUrl);
    const fromSecond = await get(host, job.downloadUrl!, secondUrl);
    const fromFirst = await get(host, job.downloadUrl!);
    expect(fromSecond.bytes.equals(fromFirst.bytes)).toBe(true);
    expect(xlsxSheet(fromSecond).rows).toHaveLength(inlineLimit + 5);
    expect((await get(acme, job.downloadUrl!, secondUrl)).status).toBe(404);
  });
});

describe('tenants and input', () => {
  it("another tenant's export holds none of the first tenant's rows", async () => {
    const hostRoles = await list<{ id: string }>(host, '/api/identity/roles?maxResultCount=1000');
    const acmeRoles = csvRows(await get(acme, '/api/identity/roles/export'));
    expect(acmeRoles.map((row) => row['Role name'])).toContain('lx-role-acme-only');
    expect(
      acmeRoles.some((row) => ['lx-role-a', 'lx-role-b'].includes(row['Role name']!) || row['Role name']!.startsWith('bulk-role')),
    ).toBe(false);
    expect(acmeRoles.some((row) => hostRoles.some((role) => role.id === row.Id))).toBe(false);
    const hostCsv = csvRows(await get(host, '/api/identity/roles/export?filter=lx-role'));
    expect(hostCsv.map((row) => row['Role name'])).not.toContain('lx-role-acme-only');

    const hostUsers = (await get(host, '/api/identity/users/export')).bytes.toString('utf8');
    const acmeUsers = csvRows(await get(acme, '/api/identity/users/export'));
    expect(acmeUsers.length).toBeGreaterThan(0);
    expect(acmeUsers.some((row) => hostUsers.includes(row['Email address']!))).toBe(false);
    const hostLogIds = (await list<{ id: string }>(host, '/api/identity/security-logs?maxResultCount=1000')).map((log) => log.id);
    const acmeLogs = csvRows(await get(acme, '/api/identity/security-logs/export'));
    expect(acmeLogs.length).toBeGreaterThan(0);
    expect(acmeLogs.some((row) => hostLogIds.includes(row.Id!))).toBe(false);
    const acmeUnits = csvRows(await get(acme, '/api/identity/organization-units/export?filter=lx-unit'));
    expect(acmeUnits).toEqual([]);
  });

  it('refuses bad input and missing permissions in the ABP envelope', async () => {
    expectError(await host.call('GET', '/api/identity/roles/export?format=pdf'), 400);
    expectError(await host.call('GET', '/api/identity/roles/export?sorting=password%20asc'), 400);
    expectError(await host.call('GET', '/api/identity/sessions/export?userId=not-a-guid'), 400);
    expectError(await host.call('GET', '/api/exports/jobs/not-a-guid'), 400);
    expect((await request(server, null, 'GET', '/api/identity/roles/export')).status).toBe(401);
  });

  it("needs the list's read permission, and AbpIdentity.Users.Export for users, also to follow a job", async () => {
    await host.call('POST', '/api/identity/users', { userName: 'lx.reader', email: 'lx.reader@example.test', password: strongPassword });
    const readerId = await userIdOf(server, 'lx.reader');
    const grant = (permissions: Array<{ name: string; isGranted: boolean }>) =>
      host.call('PUT', `/api/permission-management/permissions?providerName=U&providerKey=${readerId}`, { permissions });
    expect(
      (
        await grant([
          { name: 'AbpIdentity.Users', isGranted: true },
          { name: 'AbpIdentity.Roles', isGranted: true },
        ])
      ).status,
    ).toBeLessThan(300);
    const reader = await signIn(server, 'lx.reader', undefined, strongPassword);
    expectError(await reader.call('GET', '/api/identity/users/export'), 403);
    expectError(await reader.call('GET', '/api/identity/claim-types/export'), 403);
    await grant([{ name: 'AbpIdentity.Users.Export', isGranted: true }]);
    expect((await get(reader, '/api/identity/users/export?userName=lx.')).status).toBe(200);
    // A job of a list whose permission its creator has lost since is refused.
    const started = await reader.call<ExportJobDto>('GET', '/api/identity/roles/export?filter=bulk-role');
    expect(started.status).toBe(202);
    await waitForJob(reader, started.body.id);
    await grant([{ name: 'AbpIdentity.Roles', isGranted: false }]);
    expectError(await reader.call('GET', `/api/exports/jobs/${started.body.id}`), 403);
    expect((await get(reader, `/api/exports/jobs/${started.body.id}/file`)).status).toBe(403);
  });
});
