// Security logs for administrators over real HTTP on a real database: every user's rows of the
// tenant and only those, the spec 3 filters including clientIpAddress, sorting and paging, the
// detail by id (another tenant's id is a 404), and AbpIdentity.SecurityLogs required.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentitySecurityLogDto } from '../../contract/identity-users.ts';
import { securityLogs } from '../../server/db/schema/index.ts';
import { createUser } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { type Caller, expectError, signIn, strongPassword, tenantIdOf } from './identity-helpers.ts';

type Page = { totalCount: number; items: IdentitySecurityLogDto[] };

let server: TestServer;
let admin: Caller;
let acmeAdmin: Caller;
let acmeId: string;
const base = '/api/identity/security-logs';

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  acmeAdmin = await signIn(server, 'admin', 'acme');
  acmeId = await tenantIdOf(server, 'acme');
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  await server.ctx.db.insert(securityLogs).values([
    {
      tenantId: null,
      applicationName: 'Sec.App',
      identity: 'Identity',
      action: 'SecTestLogin',
      userName: 'sec.alice',
      clientId: 'sec-client',
      correlationId: 'corr-1',
      clientIpAddress: '10.9.0.1',
      creationTime: at(30),
    },
    {
      tenantId: null,
      applicationName: 'Sec.App',
      identity: 'Identity',
      action: 'SecTestLogout',
      userName: 'sec.bob',
      clientId: 'sec-client',
      correlationId: 'corr-2',
      clientIpAddress: '10.9.0.2',
      creationTime: at(20),
    },
    {
      tenantId: null,
      applicationName: 'Sec.Other',
      identity: 'IdentityExternal',
      action: 'SecTestLogin',
      userName: 'sec.carol',
      clientId: 'other',
      correlationId: 'corr-3',
      clientIpAddress: '192.168.7.7',
      creationTime: at(10),
    },
    {
      tenantId: acmeId,
      applicationName: 'Sec.App',
      identity: 'Identity',
      action: 'SecTestLogin',
      userName: 'sec.acme',
      clientId: 'sec-client',
      correlationId: 'corr-4',
      clientIpAddress: '10.9.0.3',
      creationTime: at(5),
    },
  ]);
});
afterAll(async () => {
  await server?.stop();
});

describe('security logs administration', () => {
  it("lists every user's rows of the tenant, newest first, with the filters", async () => {
    const all = await admin.call<Page>('GET', `${base}?action=SecTest&maxResultCount=100`);
    expect(all.status).toBe(200);
    expect(all.body.items.map((l) => l.userName)).toEqual(['sec.carol', 'sec.bob', 'sec.alice']);
    expect(all.body.totalCount).toBe(3);
    const byIp = await admin.call<Page>('GET', `${base}?clientIpAddress=10.9.0`);
    expect(byIp.body.items.map((l) => l.userName)).toEqual(['sec.bob', 'sec.alice']);
    const combined = await admin.call<Page>(
      'GET',
      `${base}?applicationName=sec.app&identity=Identity&userName=ALICE&clientId=sec-client&correlationId=corr-1&action=SecTestLogin`,
    );
    expect(combined.body.items.map((l) => l.userName)).toEqual(['sec.alice']);
    const window = await admin.call<Page>(
      'GET',
      `${base}?action=SecTest&startTime=${new Date(Date.now() - 25 * 60_000).toISOString()}&endTime=${new Date(Date.now() - 15 * 60_000).toISOString()}`,
    );
    expect(window.body.items.map((l) => l.userName)).toEqual(['sec.bob']);
    const acme = await acmeAdmin.call<Page>('GET', `${base}?action=SecTest`);
    expect(acme.body.items.map((l) => l.userName)).toEqual(['sec.acme']);
  });

  it('sorts on the listed columns and pages', async () => {
    const sorted = await admin.call<Page>('GET', `${base}?action=SecTest&sorting=clientIpAddress%20desc`);
    expect(sorted.body.items.map((l) => l.clientIpAddress)).toEqual(['192.168.7.7', '10.9.0.2', '10.9.0.1']);
    const page = await admin.call<Page>('GET', `${base}?action=SecTest&sorting=userName&skipCount=1&maxResultCount=1`);
    expect(page.body).toMatchObject({ totalCount: 3, items: [expect.objectContaining({ userName: 'sec.bob' })] });
    expectError(await admin.call('GET', `${base}?sorting=browserInfo%3B%20drop`), 400);
    expectError(await admin.call('GET', `${base}?maxResultCount=1001`), 400);
  });

  it('answers one row by id in the tenant, 404 for another tenant', async () => {
    const [row] = (await admin.call<Page>('GET', `${base}?userName=sec.alice`)).body.items;
    const detail = await admin.call<IdentitySecurityLogDto>('GET', `${base}/${row!.id}`);
    expect(detail.body).toMatchObject({ id: row!.id, clientIpAddress: '10.9.0.1', correlationId: 'corr-1', tenantId: null });
    expectError(await acmeAdmin.call('GET', `${base}/${row!.id}`), 404);
    expectError(await admin.call('GET', `${base}/not-a-guid`), 400);
  });

  it('needs AbpIdentity.SecurityLogs', async () => {
    await createUser(server, { userName: 'sec.reader', password: strongPassword });
    const reader = await signIn(server, 'sec.reader', undefined, strongPassword);
    expect((await reader.call('GET', base)).status).toBe(403);
    // ... while the account area still answers the user's own logs.
    expect((await reader.call('GET', '/api/account/security-logs')).status).toBe(200);
  });
});
