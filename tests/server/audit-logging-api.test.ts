// The audit logging API of spec 7.14 and the settings of 7.8 over real HTTP and a real database:
// every list filter narrows, every column sorts, paging limits answer 400, the detail carries its
// actions and entity changes, the entity-change endpoints and the two statistics answer ABP's
// shapes, tenants see only their own logs, and the settings round-trip with the host-only global
// variant. Logs are written through the real writer with known values.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityChangeType } from '../../contract/audit-logging.ts';
import { type AuditLogRecord, writeAuditLogs } from '../../server/audit/writer.ts';
import { auditLogs } from '../../server/db/schema/index.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { type Caller, expectError, signIn, strongPassword, tenantIdOf } from './identity-helpers.ts';

let server: TestServer;
let admin: Caller;
let acme: Caller;
let acmeId: string;
const run = crypto.randomUUID().slice(0, 8);
const entityId = crypto.randomUUID();

const record = (overrides: Partial<AuditLogRecord>): AuditLogRecord => ({
  id: crypto.randomUUID(),
  tenantId: null,
  applicationName: `app-${run}`,
  userId: null,
  userName: `user-${run}`,
  tenantName: null,
  impersonatorUserId: null,
  impersonatorUserName: null,
  impersonatorTenantId: null,
  impersonatorTenantName: null,
  executionTime: new Date('2026-03-10T10:00:00Z'),
  executionDuration: 10,
  clientIpAddress: '10.0.0.1',
  clientName: null,
  clientId: 'client-a',
  correlationId: crypto.randomUUID().replaceAll('-', ''),
  browserInfo: 'agent',
  httpMethod: 'GET',
  url: `/api/${run}/things`,
  exceptions: null,
  comments: null,
  httpStatusCode: 200,
  extraProperties: {},
  actions: [],
  entityChanges: [],
  ...overrides,
});

const seeded = {
  post: record({
    httpMethod: 'POST',
    httpStatusCode: 200,
    executionDuration: 120,
    executionTime: new Date('2026-03-11T09:00:00Z'),
    userName: `alice-${run}`,
    url: `/api/${run}/users`,
    actions: [
      {
        serviceName: 'IdentityUserAppService',
        methodName: 'CreateAsync',
        parameters: '{"input":{"password":"***"}}',
        executionTime: new Date('2026-03-11T09:00:00Z'),
        executionDuration: 100,
      },
    ],
    entityChanges: [
      {
        changeTime: new Date('2026-03-11T09:00:00Z'),
        changeType: EntityChangeType.Updated,
        entityTenantId: null,
        entityId,
        entityTypeFullName: `Test.Entity${run}`,
        // Out of order on purpose: they are answered ordered by name.
        propertyChanges: [
          { propertyName: 'Name', propertyTypeFullName: 'System.String', originalValue: '"a"', newValue: '"b"' },
          { propertyName: 'Code', propertyTypeFullName: 'System.String', originalValue: null, newValue: '"c"' },
        ],
      },
    ],
  }),
  failed: record({
    httpMethod: 'DELETE',
    httpStatusCode: 500,
    executionDuration: 900,
    executionTime: new Date('2026-03-12T09:00:00Z'),
    exceptions: '[{"message":"boom"}]',
    clientIpAddress: '10.0.0.2',
    clientId: 'client-b',
    applicationName: `other-${run}`,
    entityChanges: [
      {
        changeTime: new Date('2026-03-12T09:00:00Z'),
        changeType: EntityChangeType.Created,
        entityTenantId: null,
        entityId,
        entityTypeFullName: `Test.Entity${run}`,
        propertyChanges: [],
      },
    ],
  }),
  get: record({ executionDuration: 30, executionTime: new Date('2026-03-11T15:00:00Z') }),
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  acme = await signIn(server, 'admin', 'acme');
  acmeId = await tenantIdOf(server, 'acme');
  await writeAuditLogs(server.ctx.db, [
    seeded.post,
    seeded.failed,
    seeded.get,
    record({ tenantId: acmeId, tenantName: 'acme', userName: `acme-${run}`, url: `/api/${run}/acme` }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

interface Page<T> {
  totalCount: number;
  items: T[];
}
interface Log {
  id: string;
  url: string;
  httpMethod: string;
  executionDuration: number;
  actions: Array<{ serviceName: string; methodName: string }>;
  entityChanges: Array<{ id: string; changeType: number; propertyChanges: Array<{ propertyName: string; newValue: string }> }>;
}

const list = async (query: Record<string, string | number | boolean>, caller = admin) => {
  const search = new URLSearchParams(Object.entries({ applicationName: `app-${run}`, ...query }).map(([k, v]) => [k, String(v)]));
  return caller.call<Page<Log>>('GET', `/api/audit-logging/audit-logs?${search}`);
};
const ids = (page: Page<Log>) => page.items.map((l) => l.id).sort();

describe('GET /api/audit-logging/audit-logs', () => {
  it("lists the tenant's logs, newest first, with empty details", async () => {
    const page = await list({});
    expect(page.status).toBe(200);
    expect(page.body.totalCount).toBe(2);
    expect(page.body.items.map((l) => l.id)).toEqual([seeded.get.id, seeded.post.id]);
    expect(page.body.items[0]!.actions).toEqual([]);
  });

  it('narrows with each filter', async () => {
    const all = { applicationName: '' };
    const cases: Array<[Record<string, string | number | boolean>, string[]]> = [
      [{ httpMethod: 'post' }, [seeded.post.id!]],
      [{ httpStatusCode: 500, ...all }, [seeded.failed.id!]],
      [{ userName: `alice-${run}` }, [seeded.post.id!]],
      [{ url: `${run}/USERS` }, [seeded.post.id!]],
      [{ minExecutionDuration: 100, ...all, url: run }, [seeded.post.id!, seeded.failed.id!]],
      [{ maxExecutionDuration: 50 }, [seeded.get.id!]],
      [{ hasException: true, ...all, url: run }, [seeded.failed.id!]],
      [{ hasException: false, ...all, url: run }, [seeded.post.id!, seeded.get.id!]],
      [{ correlationId: seeded.get.correlationId! }, [seeded.get.id!]],
      [{ clientIpAddress: '10.0.0.2', ...all }, [seeded.failed.id!]],
      [{ clientId: 'client-b', ...all }, [seeded.failed.id!]],
      [{ applicationName: `other-${run}` }, [seeded.failed.id!]],
      [{ startTime: '2026-03-11T12:00:00Z', endTime: '2026-03-11T23:59:59' }, [seeded.get.id!]],
      [{ startTime: '2026-03-11', endTime: '2026-03-11T10:00:00.000Z' }, [seeded.post.id!]],
    ];
    for (const [query, expected] of cases) {
      const page = await list(query);
      expect(page.status, JSON.stringify(query)).toBe(200);
      expect(ids(page.body), JSON.stringify(query)).toEqual([...expected].sort());
    }
  });

  it('sorts on every column and refuses unknown ones', async () => {
    for (const column of [
      'httpStatusCode',
      'httpMethod',
      'url',
      'userName',
      'clientIpAddress',
      'executionTime',
      'executionDuration',
      'applicationName',
    ]) {
      for (const direction of ['asc', 'desc']) expect((await list({ sorting: `${column} ${direction}` })).status).toBe(200);
    }
    const byDuration = await list({ sorting: 'executionDuration asc' });
    expect(byDuration.body.items.map((l) => l.executionDuration)).toEqual([30, 120]);
    expectError(await list({ sorting: 'password desc' }), 400);
    expectError(await list({ sorting: 'url; drop table audit_logs' }), 400);
  });

  it('pages, and refuses a page size above 1000 or a bad date', async () => {
    const first = await list({ maxResultCount: 1, skipCount: 0 });
    const second = await list({ maxResultCount: 1, skipCount: 1 });
    expect(first.body.totalCount).toBe(2);
    expect(first.body.items[0]!.id).not.toBe(second.body.items[0]!.id);
    expect((await list({ maxResultCount: 1000 })).status).toBe(200);
    expect(expectError(await list({ maxResultCount: 1001 }), 400).validationErrors![0]!.members).toEqual(['maxResultCount']);
    expectError(await list({ startTime: 'yesterday' }), 400);
    expectError(await list({ startTime: '2026-02-31T99:00' }), 400);
  });

  it("answers one log with its actions and entity changes; another tenant's id is 404", async () => {
    const detail = await admin.call<Log>('GET', `/api/audit-logging/audit-logs/${seeded.post.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.actions).toMatchObject([{ serviceName: 'IdentityUserAppService', methodName: 'CreateAsync' }]);
    // Parameters come back indented for reading, as ABP's GetAsync re-serializes them.
    expect((detail.body.actions[0] as unknown as { parameters: string }).parameters).toBe(
      JSON.stringify({ input: { password: '***' } }, null, 2),
    );
    expect(detail.body.entityChanges).toHaveLength(1);
    expect(detail.body.entityChanges[0]).toMatchObject({
      changeType: 1,
      propertyChanges: [
        { propertyName: 'Code', newValue: '"c"' },
        { propertyName: 'Name', newValue: '"b"' },
      ],
    });
    expectError(await acme.call('GET', `/api/audit-logging/audit-logs/${seeded.post.id}`), 404);
    expectError(await admin.call('GET', `/api/audit-logging/audit-logs/${crypto.randomUUID()}`), 404);
  });

  it('keeps tenants apart', async () => {
    const own = await acme.call<Page<Log>>('GET', `/api/audit-logging/audit-logs?url=${run}`);
    expect(own.body.items.map((l) => l.url)).toEqual([`/api/${run}/acme`]);
    const host = await admin.call<Page<Log>>('GET', `/api/audit-logging/audit-logs?url=${run}/acme`);
    expect(host.body.totalCount).toBe(0);
  });

  it('needs AuditLogging.AuditLogs', async () => {
    const created = await admin.call('POST', '/api/identity/users', {
      userName: `plain-${run}`,
      email: `plain-${run}@example.com`,
      password: strongPassword,
      roleNames: [],
    });
    expect(created.status).toBe(200);
    const plain = await signIn(server, `plain-${run}`, undefined, strongPassword);
    expectError(await plain.call('GET', '/api/audit-logging/audit-logs'), 403);
    expectError(
      await plain.call('GET', '/api/audit-logging/audit-logs/statistics/error-rate?startDate=2026-03-01&endDate=2026-03-31'),
      403,
    );
    expectError(await plain.call('GET', '/api/audit-logging/settings'), 403);
    const anonymous = await fetch(`${server.url}/api/audit-logging/audit-logs`);
    expect(anonymous.status).toBe(401);
  });
});

describe('entity changes', () => {
  const changeIdOf = async () => {
    const page = await admin.call<Page<{ id: string; changeType: number }>>(
      'GET',
      `/api/audit-logging/audit-logs/entity-changes?entityTypeFullName=Test.Entity${run}&entityChangeType=1`,
    );
    return page.body.items[0]!.id;
  };

  it('lists with filters, sorting and paging', async () => {
    const base = `/api/audit-logging/audit-logs/entity-changes?entityId=${entityId}`;
    const all = await admin.call<Page<{ id: string; changeType: number; auditLogId: string }>>('GET', base);
    expect(all.body.totalCount).toBe(2);
    expect(all.body.items.map((c) => c.changeType)).toEqual([0, 1]);
    const updated = await admin.call<Page<{ changeType: number }>>('GET', `${base}&entityChangeType=1`);
    expect(updated.body.items.map((c) => c.changeType)).toEqual([1]);
    const byLog = await admin.call<Page<{ auditLogId: string }>>('GET', `${base}&auditLogId=${seeded.failed.id}`);
    expect(byLog.body.items.map((c) => c.auditLogId)).toEqual([seeded.failed.id]);
    const dated = await admin.call<Page<unknown>>('GET', `${base}&startDate=2026-03-12&endDate=2026-03-13`);
    expect(dated.body.totalCount).toBe(1);
    const ascending = await admin.call<Page<{ changeType: number }>>('GET', `${base}&sorting=changeTime asc`);
    expect(ascending.body.items.map((c) => c.changeType)).toEqual([1, 0]);
    for (const column of ['changeTime', 'changeType', 'tenantId', 'entityId', 'entityTypeFullName']) {
      expect((await admin.call('GET', `${base}&sorting=${column} desc`)).status).toBe(200);
    }
    expectError(await admin.call('GET', `${base}&maxResultCount=1001`), 400);
    expectError(await admin.call('GET', `${base}&entityChangeType=3`), 400);
    const acmeView = await acme.call<Page<unknown>>('GET', base);
    expect(acmeView.body.totalCount).toBe(0);
  });

  it("answers one change, with and without the user name, and an entity's history", async () => {
    const id = await changeIdOf();
    type Change = { id: string; propertyChanges: Array<{ id: string; entityChangeId: string }> };
    const one = await admin.call<Change>('GET', `/api/audit-logging/audit-logs/entity-changes/${id}`);
    expect(one.body).toMatchObject({
      id,
      propertyChanges: [
        { propertyName: 'Code', originalValue: null, newValue: '"c"', entityChangeId: id },
        { propertyName: 'Name', originalValue: '"a"', newValue: '"b"', entityChangeId: id },
      ],
    });
    // A property change's id (derived, ADR 0029) is its own and the same at every read.
    const propertyIds = one.body.propertyChanges.map((p) => p.id);
    expect(new Set([...propertyIds, id]).size).toBe(3);
    const again = await admin.call<Change>('GET', `/api/audit-logging/audit-logs/entity-changes/${id}`);
    expect(again.body.propertyChanges.map((p) => p.id)).toEqual(propertyIds);
    const withName = await admin.call<{ entityChange: { id: string; entityId: string }; userName: string }>(
      'GET',
      `/api/audit-logging/audit-logs/entity-change-with-username/${id}`,
    );
    expect(withName.body).toMatchObject({
      entityChange: { id, entityId, entityTypeFullName: `Test.Entity${run}` },
      userName: `alice-${run}`,
    });
    const history = await admin.call<Array<{ entityChange: { changeType: number }; userName: string }>>(
      'GET',
      `/api/audit-logging/audit-logs/entity-changes-with-username?entityId=${entityId}&entityTypeFullName=Test.Entity${run}`,
    );
    expect(history.body.map((h) => h.entityChange.changeType)).toEqual([0, 1]);
    expectError(await acme.call('GET', `/api/audit-logging/audit-logs/entity-changes/${id}`), 404);
    expectError(await acme.call('GET', `/api/audit-logging/audit-logs/entity-change-with-username/${id}`), 404);
    expectError(await admin.call('GET', '/api/audit-logging/audit-logs/entity-changes-with-username?entityId=x'), 400);
  });
});

describe('statistics', () => {
  it('answers the average duration per day with short-date labels', async () => {
    const reply = await acme.call<{ data: Record<string, number> }>(
      'GET',
      '/api/audit-logging/audit-logs/statistics/average-execution-duration-per-day?startDate=2026-03-10&endDate=2026-03-10',
    );
    expect(reply.body).toEqual({ data: { '3/10/2026': 10 } });
    const host = await admin.call<{ data: Record<string, number> }>(
      'GET',
      '/api/audit-logging/audit-logs/statistics/average-execution-duration-per-day?startDate=2026-03-11&endDate=2026-03-12',
    );
    expect(host.body.data['3/11/2026']).toBe(75);
    expect(host.body.data['3/12/2026']).toBe(900);
    expectError(await admin.call('GET', '/api/audit-logging/audit-logs/statistics/error-rate?startDate=2026-03-11'), 400);
  });

  it('answers the error rate as Fault and Success, localized', async () => {
    const reply = await admin.call<{ data: Record<string, number> }>(
      'GET',
      '/api/audit-logging/audit-logs/statistics/error-rate?startDate=2026-03-11&endDate=2026-03-12',
    );
    expect(reply.body.data.Fault).toBeGreaterThanOrEqual(1);
    expect(reply.body.data.Success).toBeGreaterThanOrEqual(2);
    const french = await admin.call<{ data: Record<string, number> }>(
      'GET',
      '/api/audit-logging/audit-logs/statistics/error-rate?startDate=2026-03-11&endDate=2026-03-12',
      undefined,
      { 'accept-language': 'fr' },
    );
    expect(Object.keys(french.body.data).sort()).toEqual(['Réussite', 'Échec'].sort());
  });
});

describe('URL filter index', () => {
  it('has its trigram index on either database (PGlite loads the pg_trgm contrib)', async () => {
    const result = (await server.ctx.db.execute(
      sql`select indexdef from pg_indexes where tablename = 'audit_logs' and indexname = 'audit_logs_url_trgm_idx'`,
    )) as unknown as { rows: Array<{ indexdef: string }> };
    expect(result.rows[0]?.indexdef).toContain('gin_trgm_ops');
    const page = await list({ url: `${run}/USERS` });
    expect(ids(page.body)).toEqual([seeded.post.id]);
  });
});

describe('statistics against a row-by-row reference', () => {
  // Days in 2024 only this test writes: a leap day, a day without logs, logs on the edges of the
  // range (a start date with a time of day cuts its first day), empty and missing exceptions.
  const at = (iso: string, executionDuration: number, exceptions: string | null = null) =>
    record({ executionTime: new Date(iso), executionDuration, exceptions, applicationName: `stats-${run}` });
  const logs = [
    at('2024-02-27T23:59:59.999Z', 1000),
    at('2024-02-28T00:00:00Z', 7, '[{"message":"x"}]'),
    at('2024-02-28T11:00:00Z', 8, ''),
    at('2024-02-28T13:00:00Z', 10),
    at('2024-02-29T00:00:00.001Z', 3, '[]'),
    at('2024-02-29T23:59:59.999Z', 4),
    // 2024-03-01: none.
    at('2024-03-02T05:00:00Z', 1),
    at('2024-03-02T06:00:00Z', 2),
    at('2024-03-02T07:00:00Z', 2),
    at('2024-03-03T00:00:00Z', 5000),
  ];
  beforeAll(async () => {
    await writeAuditLogs(server.ctx.db, logs);
  });

  /** What grouping every log of the range by UTC day gives (the statistics' definition). */
  const reference = (from: Date, to: Date) => {
    const inRange = logs.filter((l) => l.executionTime >= from && l.executionTime < to);
    const byDay = new Map<string, number[]>();
    for (const log of inRange) {
      const d = log.executionTime;
      const label = `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
      byDay.set(label, [...(byDay.get(label) ?? []), log.executionDuration]);
    }
    const average: Record<string, number> = {};
    for (const [label, durations] of byDay)
      average[label] = Math.round((durations.reduce((a, b) => a + b, 0) / durations.length) * 100) / 100;
    const fault = inRange.filter((l) => l.exceptions).length;
    return { average, errorRate: { Fault: fault, Success: inRange.length - fault } };
  };

  it.each([
    ['2024-02-28', '2024-03-02', new Date('2024-02-28T00:00:00Z')],
    ['2024-02-28T12:00:00', '2024-03-02', new Date('2024-02-28T12:00:00Z')],
    ['2024-02-27', '2024-03-03', new Date('2024-02-27T00:00:00Z')],
    ['2024-03-01', '2024-03-01', new Date('2024-03-01T00:00:00Z')],
  ])('from %s to %s answers what grouping the rows gives', async (startDate, endDate, from) => {
    const to = new Date(`${endDate}T00:00:00Z`);
    to.setUTCDate(to.getUTCDate() + 1);
    const expected = reference(from, to);
    const query = `startDate=${startDate}&endDate=${endDate}`;
    const average = await admin.call<{ data: Record<string, number> }>(
      'GET',
      `/api/audit-logging/audit-logs/statistics/average-execution-duration-per-day?${query}`,
    );
    expect(average.status).toBe(200);
    expect(average.body.data).toEqual(expected.average);
    expect(Object.keys(average.body.data)).toEqual(Object.keys(expected.average));
    const errors = await admin.call<{ data: Record<string, number> }>(
      'GET',
      `/api/audit-logging/audit-logs/statistics/error-rate?${query}`,
    );
    expect(errors.body.data).toEqual(expected.errorRate);
  });

  it('the second range case really cuts the first day', () => {
    expect(reference(new Date('2024-02-28T12:00:00Z'), new Date('2024-03-03T00:00:00Z')).average['2/28/2024']).toBe(10);
    expect(reference(new Date('2024-02-28T00:00:00Z'), new Date('2024-03-03T00:00:00Z')).average['2/28/2024']).toBe(8.33);
  });
});

describe('audit log settings', () => {
  it('round-trips the tenant and host settings; global is host-only', async () => {
    const initial = await admin.call<Record<string, unknown>>('GET', '/api/audit-logging/settings');
    expect(initial.body).toMatchObject({ isExpiredDeleterEnabled: false, expiredDeleterPeriod: 0 });
    expect(initial.body).toHaveProperty('lastDeleterRunTime');
    expect(initial.body).not.toHaveProperty('isPeriodicDeleterEnabled');

    expect(
      (
        await admin.call('PUT', '/api/audit-logging/settings/global', {
          isExpiredDeleterEnabled: true,
          expiredDeleterPeriod: 90,
          isPeriodicDeleterEnabled: true,
        })
      ).status,
    ).toBe(204);
    expect((await admin.call('GET', '/api/audit-logging/settings/global')).body).toMatchObject({
      isExpiredDeleterEnabled: true,
      expiredDeleterPeriod: 90,
      isPeriodicDeleterEnabled: true,
    });
    // A tenant inherits the host's values until it saves its own.
    expect((await acme.call('GET', '/api/audit-logging/settings')).body).toMatchObject({
      isExpiredDeleterEnabled: true,
      expiredDeleterPeriod: 90,
    });
    expect(
      (await acme.call('PUT', '/api/audit-logging/settings', { isExpiredDeleterEnabled: false, expiredDeleterPeriod: 0 })).status,
    ).toBe(204);
    expect((await acme.call('GET', '/api/audit-logging/settings')).body).toMatchObject({
      isExpiredDeleterEnabled: false,
      expiredDeleterPeriod: 0,
    });
    expect((await admin.call('GET', '/api/audit-logging/settings')).body).toMatchObject({
      isExpiredDeleterEnabled: true,
      expiredDeleterPeriod: 90,
    });

    expectError(await acme.call('GET', '/api/audit-logging/settings/global'), 403);
    expectError(
      await acme.call('PUT', '/api/audit-logging/settings/global', {
        isExpiredDeleterEnabled: true,
        expiredDeleterPeriod: 1,
        isPeriodicDeleterEnabled: false,
      }),
      403,
    );
  });

  it('refuses a negative or missing period and changes nothing', async () => {
    const before = (await admin.call('GET', '/api/audit-logging/settings')).body;
    const bad = expectError(
      await admin.call('PUT', '/api/audit-logging/settings', { isExpiredDeleterEnabled: true, expiredDeleterPeriod: -1 }),
      400,
    );
    expect(bad.validationErrors![0]!.members).toEqual(['expiredDeleterPeriod']);
    expectError(await admin.call('PUT', '/api/audit-logging/settings', { isExpiredDeleterEnabled: true }), 400);
    expectError(await admin.call('PUT', '/api/audit-logging/settings', { isExpiredDeleterEnabled: 'yes', expiredDeleterPeriod: 1 }), 400);
    expect((await admin.call('GET', '/api/audit-logging/settings')).body).toEqual(before);
  });
});

describe('the logs of this suite', () => {
  it('were written by the real capture for the writes above', async () => {
    await server.ctx.audit.writer.flush();
    const rows = await server.ctx.db.select().from(auditLogs).where(eq(auditLogs.url, '/api/audit-logging/settings/global'));
    expect(rows.some((r) => r.httpMethod === 'PUT' && r.httpStatusCode === 204)).toBe(true);
  });
});
