// Import and export of users over real HTTP on a real database: download tokens (expired, tampered,
// foreign, wrong purpose, without the permission: all refused), exports that hold exactly the
// filtered rows (CSV and XLSX read back with @e965/xlsx) with formula-safe cells, the sample files,
// a 50-row CSV with 3 bad rows (47 created, 3 offered back with their reason), an Excel import sent
// as multipart/form-data, and ABP's errors for an unreadable or empty file.
import * as XLSX from '@e965/xlsx';
import { and, eq, isNull, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportUsersFromFileOutput } from '../../contract/identity-users.ts';
import type { Config } from '../../server/config.ts';
import type { AppContext } from '../../server/context.ts';
import { userImportFailures, users } from '../../server/db/schema/index.ts';
import { createSecrets } from '../../server/secrets.ts';
import { issueDownloadToken } from '../../server/modules/identity/download-token.ts';
import { createUser } from '../kit/auth.ts';
import { type Caller, expectError, identitySuite, signIn, strongPassword, userIdOf } from './identity-helpers.ts';

const suite = identitySuite();

const base = '/api/identity/users';
const tokenOf = async (caller: Caller) => (await caller.call<{ token: string }>('GET', `${base}/download-token`)).body.token;
const download = (path: string) => fetch(`${suite.server.url}${path}`);
const rowsOfSheet = (bytes: ArrayBuffer | Buffer, type: 'buffer' | 'string' = 'buffer') => {
  // A spreadsheet program skips the byte-order mark the CSV files start with.
  const text = () =>
    Buffer.from(bytes as ArrayBuffer)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
  const workbook = XLSX.read(type === 'string' ? text() : bytes, { type, raw: true });
  return XLSX.utils.sheet_to_json<Record<string, unknown>>(workbook.Sheets[workbook.SheetNames[0]!]!, { defval: '', raw: false });
};

async function upload(caller: Caller, fileType: 1 | 2, body: BodyInit, contentType?: string) {
  const response = await fetch(`${suite.server.url}${base}/import-users-from-file?fileType=${fileType}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${caller.token}`, 'accept-language': 'en', ...(contentType ? { 'content-type': contentType } : {}) },
    body,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as ImportUsersFromFileOutput };
}

describe('export', () => {
  beforeAll(async () => {
    for (const n of [1, 2, 3]) await createUser(suite.server, { userName: `exp.match${n}`, password: strongPassword });
    await createUser(suite.server, { userName: 'exp.other', password: strongPassword });
    const evil = await createUser(suite.server, { userName: 'exp.match4', password: strongPassword });
    await suite.server.ctx.db
      .update(users)
      .set({ name: '=HYPERLINK("http://evil.example","x")', surname: '+1-2' })
      .where(eq(users.id, evil));
    await createUser(suite.server, { userName: 'exp.match.acme', password: strongPassword, tenantId: suite.acmeId });
  });

  it('answers exactly the filtered rows as CSV and as XLSX, formula-safe', async () => {
    const token = await tokenOf(suite.admin);
    const csv = await download(`${base}/export-as-csv?token=${encodeURIComponent(token)}&userName=exp.match&sorting=userName%20desc`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('UserList.csv');
    const csvRows = rowsOfSheet(await csv.arrayBuffer(), 'string');
    expect(csvRows.map((r) => r['User name'])).toEqual(['exp.match4', 'exp.match3', 'exp.match2', 'exp.match1']);
    expect(csvRows[0]!.Name).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(csvRows[0]!.Surname).toBe(`'+1-2`);

    const xlsx = await download(`${base}/export-as-excel?token=${encodeURIComponent(token)}&userName=exp.match`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const sheetRows = rowsOfSheet(Buffer.from(await xlsx.arrayBuffer()));
    expect(sheetRows.map((r) => r['User name'])).toEqual(['exp.match1', 'exp.match2', 'exp.match3', 'exp.match4']);
    expect(sheetRows[3]!.Name).toBe(`'=HYPERLINK("http://evil.example","x")`);
  });

  it('exports the whole tenant without a filter, and only the token tenant', async () => {
    const expected = await suite.server.ctx.db
      .select({ userName: users.userName })
      .from(users)
      .where(and(isNull(users.tenantId), eq(users.isDeleted, false)));
    const all = rowsOfSheet(
      await (await download(`${base}/export-as-csv?token=${encodeURIComponent(await tokenOf(suite.admin))}`)).arrayBuffer(),
      'string',
    );
    expect(all.map((r) => r['User name']).sort()).toEqual(expected.map((r) => r.userName).sort());
    const acme = rowsOfSheet(
      await (
        await download(`${base}/export-as-csv?token=${encodeURIComponent(await tokenOf(suite.acmeAdmin))}&userName=exp.`)
      ).arrayBuffer(),
      'string',
    );
    expect(acme.map((r) => r['User name'])).toEqual(['exp.match.acme']);
  });

  it('refuses an expired, tampered, foreign-key, wrong-purpose or unprivileged token', async () => {
    const adminId = await userIdOf(suite.server, 'admin');
    const expired = issueDownloadToken(suite.server.ctx, {
      purpose: 'download',
      userId: adminId,
      tenantId: null,
      now: Date.now() - 10 * 60_000,
    });
    const refused = async (token: string) => {
      const response = await download(`${base}/export-as-csv?token=${encodeURIComponent(token)}`);
      expect(response.status, token).toBe(403);
      expect(response.headers.get('_abperrorformat')).toBe('true');
      return ((await response.json()) as { error: { message: string } }).error.message;
    };
    expect(await refused(expired)).toBe('The download link is invalid or has expired. Please try again.');
    // The acme admin's token with its tenant changed to the host: the signature no longer matches.
    const [body, mac] = (await tokenOf(suite.acmeAdmin)).split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const tampered = `${Buffer.from(JSON.stringify({ ...payload, t: null })).toString('base64url')}.${mac}`;
    await refused(tampered);
    // Signed by another installation (another secrets key).
    const otherKey = { secrets: createSecrets({ secretsKey: Buffer.alloc(32, 9).toString('base64') } as Config) } as AppContext;
    await refused(issueDownloadToken(otherKey, { purpose: 'download', userId: adminId, tenantId: null }));
    await refused(issueDownloadToken(suite.server.ctx, { purpose: 'invalid-users', userId: adminId, tenantId: null, rowId: adminId }));
    await refused('not-a-token');
    // A user who may list users but not export them.
    await createUser(suite.server, { userName: 'exp.reader', password: strongPassword });
    const readerId = await userIdOf(suite.server, 'exp.reader');
    await refused(issueDownloadToken(suite.server.ctx, { purpose: 'download', userId: readerId, tenantId: null }));
  });
});

describe('sample files', () => {
  it('answers the import columns in both formats', async () => {
    const token = encodeURIComponent(await tokenOf(suite.admin));
    const csv = await download(`${base}/import-users-sample-file?fileType=2&token=${token}`);
    expect(csv.status).toBe(200);
    const csvRows = rowsOfSheet(await csv.arrayBuffer(), 'string');
    expect(Object.keys(csvRows[0]!)).toEqual([
      'UserName',
      'EmailAddress',
      'Name',
      'Surname',
      'PhoneNumber',
      'Password',
      'AssignedRoleNames',
    ]);
    const xlsx = await download(`${base}/import-users-sample-file?fileType=1&token=${token}`);
    expect(xlsx.headers.get('content-disposition')).toContain('ImportUsersSampleFile.xlsx');
    expect(rowsOfSheet(Buffer.from(await xlsx.arrayBuffer()))).toHaveLength(2);
    expectError(await suite.admin.call('GET', `${base}/import-users-sample-file?fileType=3&token=${token}`), 400);
  });
});

describe('import', () => {
  const header = 'UserName,EmailAddress,Name,Surname,PhoneNumber,Password,AssignedRoleNames';

  it('creates 47 of a 50-row CSV and offers the 3 bad rows back with their reason', async () => {
    const lines = [header];
    for (let i = 1; i <= 50; i++) {
      if (i === 10) lines.push(`imp.u${i},imp.u${i}@example.com,Ten,Row,,weak,`);
      else if (i === 20) lines.push(`imp.u${i},imp.u${i}@example.com,Twenty,Row,,${strongPassword},no-such-role`);
      else if (i === 30) lines.push(`imp.u1,other@example.com,"Dup, Name",Row,,${strongPassword},`);
      else lines.push(`imp.u${i},imp.u${i}@example.com,"Name ""${i}""",Row,+1555${i},${strongPassword},${i % 2 ? 'admin' : ''}`);
    }
    const reply = await upload(suite.admin, 2, Buffer.from(lines.join('\r\n')), 'text/csv');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ allCount: 50, succeededCount: 47, failedCount: 3, isAllSucceeded: false, fileType: 2 });
    const created = await suite.server.ctx.db.select().from(users).where(like(users.userName, 'imp.u%'));
    expect(created).toHaveLength(47);
    expect(created.find((u) => u.userName === 'imp.u5')!.name).toBe('Name "5"');
    expect(created.some((u) => u.userName === 'imp.u10' || u.userName === 'imp.u20' || u.userName === 'imp.u30')).toBe(false);
    const roles = (
      await suite.admin.call<{ roleNames: string[] }>('GET', `${base}/by-id/${created.find((u) => u.userName === 'imp.u3')!.id}`)
    ).body;
    expect(roles.roleNames).toEqual(['admin']);

    const file = await download(
      `${base}/download-import-invalid-users-file?token=${encodeURIComponent(reply.body.invalidUsersDownloadToken!)}`,
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('InvalidUsers.csv');
    const invalid = rowsOfSheet(await file.arrayBuffer(), 'string');
    expect(invalid.map((r) => r.UserName)).toEqual(['imp.u10', 'imp.u20', 'imp.u1']);
    expect(invalid[0]!.ErrorReason).toContain('Passwords must be at least 6 characters.');
    expect(invalid[1]!.ErrorReason).toBe("Role 'no-such-role' does not exist.");
    expect(invalid[2]!.ErrorReason).toBe("Username 'imp.u1' is already taken.");
    expect(invalid[2]!.Name).toBe('Dup, Name');
    // The password typed is offered back, but it is sealed in the database.
    expect(invalid[1]!.Password).toBe(strongPassword);
    const [stored] = await suite.server.ctx.db.select().from(userImportFailures);
    expect(JSON.stringify(stored!.rows)).not.toContain(strongPassword);
    // The invalid-users token is bound to the importer's tenant: acme cannot read it through its own token.
    const acmeToken = await tokenOf(suite.acmeAdmin);
    expect((await download(`${base}/download-import-invalid-users-file?token=${encodeURIComponent(acmeToken)}`)).status).toBe(403);
  });

  it('imports an Excel file sent as multipart/form-data and answers its invalid rows as Excel', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      header.split(','),
      ['xl.one', 'xl.one@example.com', 'One', 'Xl', '', strongPassword, ''],
      ['xl.two', 'not-an-email', 'Two', 'Xl', '', strongPassword, ''],
      ['', '', '', '', '', '', ''],
      ['xl.three', 'xl.three@example.com', '', '', '', strongPassword, 'admin;'],
    ]);
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'Users');
    const bytes = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'users.xlsx');
    const reply = await upload(suite.admin, 1, form);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ allCount: 3, succeededCount: 2, failedCount: 1, fileType: 1 });
    const file = await download(
      `${base}/download-import-invalid-users-file?token=${encodeURIComponent(reply.body.invalidUsersDownloadToken!)}`,
    );
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const invalid = rowsOfSheet(Buffer.from(await file.arrayBuffer()));
    expect(invalid).toEqual([
      expect.objectContaining({ UserName: 'xl.two', ErrorReason: 'The EmailAddress field is not a valid e-mail address.' }),
    ]);
  });

  it('answers a clean import without a token, in the tenant of the caller', async () => {
    const reply = await upload(
      suite.acmeAdmin,
      2,
      Buffer.from(`${header}\nacme.imp,acme.imp@example.com,,,,${strongPassword},\n`),
      'application/octet-stream',
    );
    expect(reply.body).toMatchObject({
      allCount: 1,
      succeededCount: 1,
      failedCount: 0,
      invalidUsersDownloadToken: null,
      isAllSucceeded: true,
    });
    const [row] = await suite.server.ctx.db.select().from(users).where(eq(users.userName, 'acme.imp'));
    expect(row!.tenantId).toBe(suite.acmeId);
  });

  it("answers ABP's errors for an unreadable file, a file without users, and needs Users.Import", async () => {
    expect(expectError(await upload(suite.admin, 1, Buffer.from('not a workbook'), 'application/octet-stream'), 403).code).toBe(
      'Volo.Abp.Identity:010014',
    );
    expect(expectError(await upload(suite.admin, 2, Buffer.from('Foo,Bar\n1,2\n'), 'text/csv'), 403).code).toBe('Volo.Abp.Identity:010014');
    expect(expectError(await upload(suite.admin, 2, Buffer.from(`${header}\n`), 'text/csv'), 403).code).toBe('Volo.Abp.Identity:010013');
    expect(expectError(await upload(suite.admin, 2, new FormData()), 403).code).toBe('Volo.Abp.Identity:010014');
    await createUser(suite.server, { userName: 'imp.reader', password: strongPassword });
    const reader = await signIn(suite.server, 'imp.reader', undefined, strongPassword);
    expect((await upload(reader, 2, Buffer.from(`${header}\nx,x@example.com,,,,${strongPassword},\n`), 'text/csv')).status).toBe(403);
  });
});
