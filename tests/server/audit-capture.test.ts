// Audit capture through the real server and database: an API request writes one audit log (caller,
// tenant, correlation id, status, action with masked parameters, entity changes as diffs); GETs are
// audited only when they fail (ABP's defaults); a failed request keeps no entity changes; the
// AuditLogging.Enable feature turns capture off for a tenant; a write failure is logged, never
// thrown; shutdown writes what is still queued.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionNameOf, maskSecrets } from '../../server/audit/capture.ts';
import { type AuditLogRecord, createAuditLogWriter } from '../../server/audit/writer.ts';
import { auditLogActions, auditLogs, auditOutbox, entityChanges } from '../../server/db/schema/index.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { type Caller, signIn, strongPassword, tenantIdOf } from './identity-helpers.ts';

let server: TestServer;
let admin: Caller;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
});
afterAll(async () => {
  await server?.stop();
});

/** The log of one request. The client can hold the answer before Fastify's onResponse hook has queued the log, so look a few times. */
const logByCorrelation = async (correlationId: string) => {
  let log: typeof auditLogs.$inferSelect | undefined;
  for (let attempt = 0; attempt < 50 && !log; attempt++) {
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 20));
    await server.ctx.audit.writer.flush();
    [log] = await server.ctx.db.select().from(auditLogs).where(eq(auditLogs.correlationId, correlationId));
  }
  if (!log) return null;
  const actions = await server.ctx.db.select().from(auditLogActions).where(eq(auditLogActions.auditLogId, log.id));
  const changes = await server.ctx.db.select().from(entityChanges).where(eq(entityChanges.auditLogId, log.id));
  const properties = changes.flatMap((c) => c.propertyChanges.map((p) => ({ ...p, entityChangeId: c.id })));
  return { log, actions, changes, properties };
};

const sampleRecord = (): AuditLogRecord => ({
  tenantId: null,
  applicationName: null,
  userId: null,
  userName: null,
  tenantName: null,
  impersonatorUserId: null,
  impersonatorUserName: null,
  impersonatorTenantId: null,
  impersonatorTenantName: null,
  executionTime: new Date(),
  executionDuration: 1,
  clientIpAddress: null,
  clientName: null,
  clientId: null,
  correlationId: null,
  browserInfo: null,
  httpMethod: 'POST',
  url: '/api/broken',
  exceptions: null,
  comments: null,
  httpStatusCode: 200,
  extraProperties: {},
  actions: [],
  entityChanges: [],
});

const correlation = () => crypto.randomUUID().replaceAll('-', '');

describe('audit capture', () => {
  it('writes a POST with caller, correlation id, masked parameters and the created entity', async () => {
    const id = correlation();
    const created = await admin.call<{ id: string }>(
      'POST',
      '/api/identity/users',
      { userName: 'audit.alice', email: 'audit.alice@example.com', password: strongPassword, name: 'Alice' },
      { 'x-correlation-id': id, 'user-agent': 'audit-test-agent' },
    );
    expect(created.status).toBe(200);
    expect(created.headers.get('x-correlation-id')).toBe(id);
    const found = await logByCorrelation(id);
    expect(found).not.toBeNull();
    const { log, actions, changes, properties } = found!;
    expect(log).toMatchObject({
      httpMethod: 'POST',
      url: '/api/identity/users',
      httpStatusCode: 200,
      userName: 'admin',
      tenantId: null,
      browserInfo: 'audit-test-agent',
      applicationName: 'Finance',
      exceptions: null,
      clientId: server.config.spaClientId,
    });
    expect(log.clientIpAddress).toBeTruthy();
    expect(log.executionDuration).toBeGreaterThanOrEqual(0);
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ serviceName: 'IdentityUserAppService', methodName: 'CreateAsync' });
    const parameters = JSON.parse(actions[0]!.parameters!) as { input: Record<string, unknown> };
    expect(parameters.input.userName).toBe('audit.alice');
    expect(parameters.input.password).toBe('***');
    expect(actions[0]!.parameters).not.toContain(strongPassword);
    const userChange = changes.find((c) => c.entityTypeFullName === 'Volo.Abp.Identity.IdentityUser');
    expect(userChange).toMatchObject({ changeType: 0, entityId: created.body.id });
    const mine = properties.filter((p) => p.entityChangeId === userChange!.id);
    expect(mine.find((p) => p.propertyName === 'UserName')).toMatchObject({ originalValue: null, newValue: '"audit.alice"' });
    expect(mine.find((p) => p.propertyName === 'Name')).toMatchObject({ newValue: '"Alice"', propertyTypeFullName: 'System.String' });
    // Secrets never reach the audit tables, and bookkeeping columns are left out.
    expect(mine.find((p) => p.propertyName === 'PasswordHash')?.newValue).toBe('"***"');
    expect(mine.some((p) => p.propertyName === 'ConcurrencyStamp' || p.propertyName === 'NormalizedUserName')).toBe(false);
  });

  it('records an update as a diff of the changed properties only, and a soft delete as Deleted', async () => {
    const created = await admin.call<{ id: string; concurrencyStamp: string }>('POST', '/api/identity/users', {
      userName: 'audit.bob',
      email: 'audit.bob@example.com',
      password: strongPassword,
      name: 'Bob',
    });
    const id = correlation();
    const updated = await admin.call(
      'PUT',
      `/api/identity/users/${created.body.id}`,
      {
        userName: 'audit.bob',
        email: 'audit.bob@example.com',
        name: 'Robert',
        concurrencyStamp: created.body.concurrencyStamp,
      },
      { 'x-correlation-id': id },
    );
    expect(updated.status).toBe(200);
    const { actions, changes, properties } = (await logByCorrelation(id))!;
    expect(actions[0]).toMatchObject({ serviceName: 'IdentityUserAppService', methodName: 'UpdateAsync' });
    expect(JSON.parse(actions[0]!.parameters!).id).toBe(created.body.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ changeType: 1, entityTypeFullName: 'Volo.Abp.Identity.IdentityUser', entityId: created.body.id });
    const names = properties.map((p) => p.propertyName).sort();
    expect(names).toContain('Name');
    expect(names).not.toContain('UserName');
    expect(names).not.toContain('Email');
    expect(properties.find((p) => p.propertyName === 'Name')).toMatchObject({ originalValue: '"Bob"', newValue: '"Robert"' });

    const deleteId = correlation();
    expect((await admin.call('DELETE', `/api/identity/users/${created.body.id}`, undefined, { 'x-correlation-id': deleteId })).status).toBe(
      204,
    );
    const deleted = (await logByCorrelation(deleteId))!;
    expect(deleted.actions[0]).toMatchObject({ methodName: 'DeleteAsync' });
    expect(deleted.changes[0]).toMatchObject({ changeType: 2, entityId: created.body.id });
    expect(deleted.properties.find((p) => p.propertyName === 'IsDeleted')).toMatchObject({ originalValue: 'false', newValue: 'true' });
  });

  it('records role and setting changes', async () => {
    const id = correlation();
    const role = await admin.call<{ id: string }>('POST', '/api/identity/roles', { name: 'audit-role' }, { 'x-correlation-id': id });
    expect(role.status).toBe(200);
    const found = (await logByCorrelation(id))!;
    expect(found.changes[0]).toMatchObject({ changeType: 0, entityTypeFullName: 'Volo.Abp.Identity.IdentityRole', entityId: role.body.id });
    expect(found.properties.find((p) => p.propertyName === 'Name')?.newValue).toBe('"audit-role"');

    const settingId = correlation();
    const saved = await admin.call('POST', '/api/setting-management/timezone?timezone=Europe%2FParis', undefined, {
      'x-correlation-id': settingId,
    });
    expect(saved.status).toBe(204);
    const setting = (await logByCorrelation(settingId))!;
    const change = setting.changes.find((c) => c.entityTypeFullName === 'Volo.Abp.SettingManagement.Setting');
    expect(change).toMatchObject({ changeType: 0, entityId: 'G::Abp.Timing.TimeZone' });
    expect(setting.properties.find((p) => p.propertyName === 'Value')?.newValue).toBe('"Europe/Paris"');
  });

  it('records permission grants and feature values', async () => {
    const id = correlation();
    const granted = await admin.call(
      'PUT',
      '/api/permission-management/permissions?providerName=R&providerKey=audit-role',
      { permissions: [{ name: 'AuditLogging.AuditLogs', isGranted: true }] },
      { 'x-correlation-id': id },
    );
    expect(granted.status).toBe(204);
    const grant = (await logByCorrelation(id))!;
    expect(grant.changes).toMatchObject([{ changeType: 0, entityTypeFullName: 'Volo.Abp.PermissionManagement.PermissionGrant' }]);
    expect(grant.properties.find((p) => p.propertyName === 'Name')?.newValue).toBe('"AuditLogging.AuditLogs"');
    // Granting again changes nothing, so it records no entity change.
    const again = correlation();
    await admin.call(
      'PUT',
      '/api/permission-management/permissions?providerName=R&providerKey=audit-role',
      { permissions: [{ name: 'AuditLogging.AuditLogs', isGranted: true }] },
      { 'x-correlation-id': again },
    );
    expect((await logByCorrelation(again))!.changes).toHaveLength(0);

    const featureId = correlation();
    const set = await admin.call(
      'PUT',
      '/api/feature-management/features?providerName=T&providerKey=',
      { features: [{ name: 'Identity.TwoFactor', value: 'Forced' }] },
      { 'x-correlation-id': featureId },
    );
    expect(set.status).toBe(204);
    const feature = (await logByCorrelation(featureId))!;
    expect(feature.changes).toMatchObject([{ changeType: 0, entityTypeFullName: 'Volo.Abp.FeatureManagement.FeatureValue' }]);
    expect(feature.properties.find((p) => p.propertyName === 'Value')?.newValue).toBe('"Forced"');
    const resetId = correlation();
    await admin.call('DELETE', '/api/feature-management/features?providerName=T&providerKey=', undefined, { 'x-correlation-id': resetId });
    expect((await logByCorrelation(resetId))!.changes).toMatchObject([{ changeType: 2 }]);
  });

  it('records a profile edit made through the account API', async () => {
    const profile = await admin.call<{ userName: string; email: string; name: string | null }>('GET', '/api/account/my-profile');
    const id = correlation();
    const saved = await admin.call(
      'PUT',
      '/api/account/my-profile',
      { userName: profile.body.userName, email: profile.body.email, name: 'Audited admin' },
      { 'x-correlation-id': id },
    );
    expect(saved.status).toBe(200);
    const { actions, changes, properties } = (await logByCorrelation(id))!;
    expect(actions[0]).toMatchObject({ serviceName: 'AccountMyProfileAppService', methodName: 'UpdateAsync' });
    expect(changes).toMatchObject([{ changeType: 1, entityTypeFullName: 'Volo.Abp.Identity.IdentityUser' }]);
    expect(properties.find((p) => p.propertyName === 'Name')).toMatchObject({ newValue: '"Audited admin"' });
  });

  it('does not audit a successful GET, audits a failed one with its exception', async () => {
    const ok = correlation();
    expect((await admin.call('GET', '/api/identity/users', undefined, { 'x-correlation-id': ok })).status).toBe(200);
    expect(await logByCorrelation(ok)).toBeNull();

    const missing = correlation();
    const unknownId = crypto.randomUUID();
    expect((await admin.call('GET', `/api/identity/users/${unknownId}`, undefined, { 'x-correlation-id': missing })).status).toBe(404);
    const { log, actions } = (await logByCorrelation(missing))!;
    expect(log.httpStatusCode).toBe(404);
    expect(actions[0]).toMatchObject({ serviceName: 'IdentityUserAppService', methodName: 'GetAsync' });
    const exceptions = JSON.parse(log.exceptions!) as Array<{ message: string }>;
    expect(exceptions[0]!.message).toContain('There is no entity IdentityUser');
  });

  it("stores the exception's text as the caller read it: the request's culture with the owner's edits", async () => {
    const textPath = '/api/language-management/language-texts/AbpExceptionHandling/fr/EntityNotFoundErrorMessage';
    expect((await admin.call('PUT', `${textPath}?value=${encodeURIComponent('Aucun {0} ici ({1}).')}`)).status).toBe(204);
    try {
      const id = correlation();
      const unknownId = crypto.randomUUID();
      const answer = await admin.call<{ error: { message: string } }>('GET', `/api/identity/users/${unknownId}`, undefined, {
        'x-correlation-id': id,
        'accept-language': 'fr',
      });
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe(`Aucun IdentityUser ici (${unknownId}).`);
      const { log } = (await logByCorrelation(id))!;
      const [exception] = JSON.parse(log.exceptions!) as Array<{ message: string }>;
      expect(exception!.message).toBe(answer.body.error.message);
    } finally {
      expect((await admin.call('PUT', `${textPath}/restore`)).status).toBe(204);
    }
  });

  it('audits a refused request without entity changes', async () => {
    const id = correlation();
    const bad = await admin.call(
      'POST',
      '/api/identity/users',
      { userName: 'x', email: 'not-an-email', password: strongPassword },
      { 'x-correlation-id': id },
    );
    expect(bad.status).toBe(400);
    const { log, changes } = (await logByCorrelation(id))!;
    expect(log.httpStatusCode).toBe(400);
    expect(log.exceptions).toContain('email');
    expect(changes).toHaveLength(0);

    const anonymous = correlation();
    const refused = await fetch(`${server.url}/api/identity/roles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-correlation-id': anonymous },
      body: '{"name":"nobody"}',
    });
    expect(refused.status).toBe(401);
    const logged = (await logByCorrelation(anonymous))!;
    expect(logged.log).toMatchObject({ httpStatusCode: 401, userId: null, userName: null });
  });

  it('audits an /api/ path whatever its case, as the router routes it', async () => {
    const id = correlation();
    const reply = await admin.call('POST', '/API/Identity/Roles', { name: 'upper-case-path' }, { 'x-correlation-id': id });
    expect(reply.status).toBe(200);
    expect((await logByCorrelation(id))!.log.url).toBe('/API/Identity/Roles');
  });

  it('skips requests outside /api/ (health, OpenID endpoints)', async () => {
    const id = correlation();
    await fetch(`${server.url}/health/live`, { headers: { 'x-correlation-id': id } });
    expect(await logByCorrelation(id)).toBeNull();
  });

  it('is off for a tenant whose AuditLogging.Enable feature is false', async () => {
    const acmeId = await tenantIdOf(server, 'acme');
    const acme = await signIn(server, 'admin', 'acme');
    const on = correlation();
    expect((await acme.call('POST', '/api/identity/roles', { name: 'acme-audited' }, { 'x-correlation-id': on })).status).toBe(200);
    expect((await logByCorrelation(on))!.log.tenantId).toBe(acmeId);
    expect((await logByCorrelation(on))!.log.tenantName).toBe('acme');

    const disabled = await admin.call('PUT', `/api/feature-management/features?providerName=T&providerKey=${acmeId}`, {
      features: [{ name: 'AuditLogging.Enable', value: 'false' }],
    });
    expect(disabled.status).toBe(204);
    const off = correlation();
    expect((await acme.call('POST', '/api/identity/roles', { name: 'acme-silent' }, { 'x-correlation-id': off })).status).toBe(200);
    expect(await logByCorrelation(off)).toBeNull();
    // The host is unaffected.
    const host = correlation();
    await admin.call('POST', '/api/identity/roles', { name: 'host-still-audited' }, { 'x-correlation-id': host });
    expect(await logByCorrelation(host)).not.toBeNull();
    await admin.call('DELETE', `/api/feature-management/features?providerName=T&providerKey=${acmeId}`);
  });

  it('logs a write failure and keeps serving', async () => {
    const before = server.ctx.audit.writer.stats.failed;
    server.ctx.audit.writer.enqueue({ ...sampleRecord(), tenantId: 'not-a-guid', correlationId: 'broken' });
    await server.ctx.audit.writer.flush();
    expect(server.ctx.audit.writer.stats.failed).toBe(before + 1);
    const id = correlation();
    expect((await admin.call('POST', '/api/identity/roles', { name: 'after-failure' }, { 'x-correlation-id': id })).status).toBe(200);
    expect(await logByCorrelation(id)).not.toBeNull();
  });
});

describe('audit log writer', () => {
  it('drops records past its bound and writes the rest', async () => {
    const warnings: unknown[] = [];
    const log = {
      ...server.ctx.log,
      warn: (...args: unknown[]) => warnings.push(args),
      error: () => {},
    } as unknown as typeof server.ctx.log;
    const writer = createAuditLogWriter(server.ctx.db, log, { flushIntervalMs: 3_600_000, batchSize: 100, maxQueueLength: 2 });
    const correlationIds = ['bound-1', 'bound-2', 'bound-3', 'bound-4'].map((c) => `${c}-${correlation().slice(0, 8)}`);
    for (const correlationId of correlationIds) {
      writer.enqueue({ ...sampleRecord(), correlationId });
    }
    expect(writer.stats.dropped).toBe(2);
    await writer.close();
    const written = await server.ctx.db.select().from(auditLogs).where(inArray(auditLogs.correlationId, correlationIds));
    expect(written.map((r) => r.correlationId).sort()).toEqual(correlationIds.slice(0, 2).sort());
    expect(JSON.stringify(warnings)).toContain('"dropped":2');
  });
});

describe('audit log writer while the database is away', () => {
  it('keeps the records and writes them once it is back', async () => {
    // The real database behind a switch that makes every write fail as a refused connection would.
    let down = true;
    const db = new Proxy(server.ctx.db, {
      get(target, key, receiver) {
        if (key === 'transaction' && down) {
          return () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
        }
        return Reflect.get(target, key, receiver);
      },
    });
    const silent = { ...server.ctx.log, warn: () => {}, error: () => {} } as unknown as typeof server.ctx.log;
    const writer = createAuditLogWriter(db, silent, { flushIntervalMs: 3_600_000, batchSize: 100, maxQueueLength: 10 });
    const correlationId = `away-${correlation().slice(0, 12)}`;
    writer.enqueue({ ...sampleRecord(), correlationId });
    await writer.flush();
    expect(writer.stats).toMatchObject({ written: 0, failed: 0, dropped: 0, queued: 1 });
    down = false;
    await writer.close();
    expect(writer.stats).toMatchObject({ written: 1, queued: 0 });
    expect(await server.ctx.db.select().from(auditLogs).where(eq(auditLogs.correlationId, correlationId))).toHaveLength(1);
  });
});

describe('audit capture helpers', () => {
  it('names actions the way ABP conventional controllers do', () => {
    expect(actionNameOf('GET', '/api/identity/users')).toEqual({ serviceName: 'IdentityUserAppService', methodName: 'GetListAsync' });
    expect(actionNameOf('GET', '/api/identity/users/:id')).toEqual({ serviceName: 'IdentityUserAppService', methodName: 'GetAsync' });
    expect(actionNameOf('PUT', '/api/identity/users/:id/roles')).toEqual({
      serviceName: 'IdentityUserAppService',
      methodName: 'UpdateRolesAsync',
    });
    expect(actionNameOf('GET', '/api/audit-logging/audit-logs/statistics/error-rate')).toEqual({
      serviceName: 'AuditLogAppService',
      methodName: 'GetStatisticsErrorRateAsync',
    });
  });

  it('masks members named like secrets at any depth', () => {
    expect(
      maskSecrets({ password: 'p', nested: { clientSecret: 's', accessToken: 't', name: 'n' }, list: [{ newPassword: 'x' }], empty: '' }),
    ).toEqual({
      password: '***',
      nested: { clientSecret: '***', accessToken: '***', name: 'n' },
      list: [{ newPassword: '***' }],
      empty: '',
    });
    expect(
      maskSecrets({
        code: '123456',
        twoFactorCode: '1',
        recoveryCodes: ['a'],
        defaultConnectionString: 'Host=x;Password=y',
        httpStatusCode: 200,
        countryCode: 'FR',
      }),
    ).toEqual({
      code: '***',
      twoFactorCode: '***',
      recoveryCodes: '***',
      defaultConnectionString: '***',
      httpStatusCode: 200,
      countryCode: 'FR',
    });
  });
});

describe('audit capture at shutdown', () => {
  it('writes the queued logs and completes the stored ones when the server closes', async () => {
    const previous = process.env.AUDIT_FLUSH_INTERVAL_MS;
    process.env.AUDIT_FLUSH_INTERVAL_MS = '3600000';
    const own = await startTestServer();
    process.env.AUDIT_FLUSH_INTERVAL_MS = previous;
    try {
      const caller = await signIn(own, 'admin');
      const changed = correlation();
      expect((await caller.call('POST', '/api/identity/roles', { name: 'queued-role' }, { 'x-correlation-id': changed })).status).toBe(200);
      // A failed request changed nothing: its log waits in the queue.
      const failed = correlation();
      expect((await caller.call('POST', '/api/identity/roles', { name: 'queued-role' }, { 'x-correlation-id': failed })).status).toBe(403);
      await new Promise((resolve) => setTimeout(resolve, 50));
      // The change's log committed with the role, before the answer, as one outbox row (ADR 0010);
      // what only the answer knows (status code, duration) waits in the queue like the failed
      // request's whole log, and the writer's interval (an hour here) has not expanded the row.
      const stored = (await own.ctx.db.select().from(auditOutbox)).filter(
        (row) => (row.payload as { log?: { correlationId?: string } }).log?.correlationId === changed,
      );
      expect(stored).toHaveLength(1);
      expect(stored[0]!.payload).toMatchObject({
        log: { httpMethod: 'POST', userName: 'admin', httpStatusCode: null },
        changes: [{ changeType: 0, entityTypeFullName: 'Volo.Abp.Identity.IdentityRole' }],
      });
      expect(await own.ctx.db.select().from(auditLogs).where(eq(auditLogs.correlationId, changed))).toHaveLength(0);
      expect(await own.ctx.db.select().from(auditLogs).where(eq(auditLogs.correlationId, failed))).toHaveLength(0);
      // The first half of close(): the HTTP server stops, then the audit service flushes.
      await own.app.close();
      await own.ctx.audit.close();
      // Expanded with its completion applied as it was inserted, and the outbox row gone.
      expect(await own.ctx.db.select().from(auditLogs).where(eq(auditLogs.correlationId, changed))).toMatchObject([
        { id: stored[0]!.id, httpStatusCode: 200 },
      ]);
      expect(await own.ctx.db.select().from(entityChanges).where(eq(entityChanges.auditLogId, stored[0]!.id))).toMatchObject([
        { changeType: 0 },
      ]);
      expect(await own.ctx.db.select().from(auditOutbox).where(eq(auditOutbox.id, stored[0]!.id))).toEqual([]);
      expect(await own.ctx.db.select().from(auditLogs).where(eq(auditLogs.correlationId, failed))).toMatchObject([{ httpStatusCode: 403 }]);
    } finally {
      await own.stop();
    }
  });
});
