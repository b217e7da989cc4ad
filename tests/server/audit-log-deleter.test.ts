// The expired audit log deleter on a real database: with the periodic deleter on, it removes the
// logs older than each side's period (host and tenant separately, in batches, children with them),
// leaves recent logs and sides whose deleter is off alone, records the run, and the settings
// answers show when it ran and how many rows it removed. Off globally, it does nothing.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityChangeType } from '../../contract/audit-logging.ts';
import { type AuditLogRecord, writeAuditLogs } from '../../server/audit/writer.ts';
import { auditLogActions, auditLogDeleterRuns, auditLogs, entityChanges } from '../../server/db/schema/index.ts';
import { runAuditLogDeleter } from '../../server/jobs/audit-log-deleter.ts';
import { setSettingValues } from '../../server/modules/setting-management/store.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { type Caller, signIn, tenantIdOf } from './identity-helpers.ts';

let server: TestServer;
let admin: Caller;
let acme: Caller;
let acmeId: string;
const dayMs = 24 * 60 * 60 * 1000;
const now = new Date();

const log = (tenantId: string | null, ageDays: number): AuditLogRecord => ({
  id: crypto.randomUUID(),
  tenantId,
  applicationName: 'deleter-test',
  userId: null,
  userName: 'someone',
  tenantName: null,
  impersonatorUserId: null,
  impersonatorUserName: null,
  impersonatorTenantId: null,
  impersonatorTenantName: null,
  executionTime: new Date(now.getTime() - ageDays * dayMs),
  executionDuration: 5,
  clientIpAddress: null,
  clientName: null,
  clientId: null,
  correlationId: null,
  browserInfo: null,
  httpMethod: 'POST',
  url: '/api/x',
  exceptions: null,
  comments: null,
  httpStatusCode: 200,
  extraProperties: {},
  actions: [{ serviceName: 'S', methodName: 'M', parameters: '{}', executionTime: now, executionDuration: 1 }],
  entityChanges: [
    {
      changeTime: now,
      changeType: EntityChangeType.Updated,
      entityTenantId: tenantId,
      entityId: 'e',
      entityTypeFullName: 'T',
      propertyChanges: [{ propertyName: 'P', propertyTypeFullName: 'System.String', originalValue: '"a"', newValue: '"b"' }],
    },
  ],
});

const existing = async (records: AuditLogRecord[]) =>
  (
    await server.ctx.db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(
        inArray(
          auditLogs.id,
          records.map((r) => r.id!),
        ),
      )
  ).length;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  acme = await signIn(server, 'admin', 'acme');
  acmeId = await tenantIdOf(server, 'acme');
});
afterAll(async () => {
  await server?.stop();
});

describe('expired audit log deleter', () => {
  it('does nothing while the periodic deleter is off', async () => {
    const old = [log(null, 400)];
    await writeAuditLogs(server.ctx.db, old);
    await setSettingValues(
      server.ctx,
      { 'Volo.AuditLogging.IsExpiredDeleterEnabled': 'true', 'Volo.AuditLogging.ExpiredDeleterPeriod': '30' },
      { providerName: 'G', providerKey: '' },
    );
    expect(await runAuditLogDeleter(server.ctx, { deleterBatchSize: 2 })).toMatchObject({ ran: false });
    expect(await existing(old)).toBe(1);
    await server.ctx.db.delete(auditLogs).where(eq(auditLogs.id, old[0]!.id!));
  });

  it('deletes expired logs per side in batches, with their children, and records the run', async () => {
    // Host: period 30 days, enabled. Acme: its own period of 100 days. Children go with their log.
    const hostOld = [log(null, 31), log(null, 45), log(null, 300), log(null, 31), log(null, 90)];
    const hostRecent = [log(null, 29), log(null, 1)];
    const acmeOld = [log(acmeId, 101), log(acmeId, 500)];
    const acmeRecent = [log(acmeId, 50), log(acmeId, 99)];
    await writeAuditLogs(server.ctx.db, [...hostOld, ...hostRecent, ...acmeOld, ...acmeRecent]);

    const global = await admin.call('PUT', '/api/audit-logging/settings/global', {
      isExpiredDeleterEnabled: true,
      expiredDeleterPeriod: 30,
      isPeriodicDeleterEnabled: true,
    });
    expect(global.status).toBe(204);
    expect(
      (await acme.call('PUT', '/api/audit-logging/settings', { isExpiredDeleterEnabled: true, expiredDeleterPeriod: 100 })).status,
    ).toBe(204);

    const result = await runAuditLogDeleter(server.ctx, { deleterBatchSize: 2 }, now);
    expect(result.ran).toBe(true);
    expect(result.byTenant.host).toBeGreaterThanOrEqual(hostOld.length);
    expect(result.byTenant[acmeId]).toBe(acmeOld.length);
    expect(await existing(hostOld)).toBe(0);
    expect(await existing(acmeOld)).toBe(0);
    expect(await existing(hostRecent)).toBe(hostRecent.length);
    expect(await existing(acmeRecent)).toBe(acmeRecent.length);

    // Actions, entity changes and property changes of the deleted logs are gone too.
    const deletedIds = [...hostOld, ...acmeOld].map((r) => r.id!);
    expect(await server.ctx.db.select().from(auditLogActions).where(inArray(auditLogActions.auditLogId, deletedIds))).toHaveLength(0);
    expect(await server.ctx.db.select().from(entityChanges).where(inArray(entityChanges.auditLogId, deletedIds))).toHaveLength(0);
    const [run] = await server.ctx.db.select().from(auditLogDeleterRuns).where(eq(auditLogDeleterRuns.deletedCount, result.deletedCount));
    expect(run?.finishedAt).toBeTruthy();
    expect(run?.error).toBeNull();

    const hostView = await admin.call<{ lastDeleterRunTime: string; lastDeleterDeletedCount: number }>(
      'GET',
      '/api/audit-logging/settings/global',
    );
    expect(new Date(hostView.body.lastDeleterRunTime).getTime()).toBeGreaterThan(now.getTime() - 60_000);
    expect(hostView.body.lastDeleterDeletedCount).toBe(result.byTenant.host);
    const acmeView = await acme.call<{ lastDeleterDeletedCount: number }>('GET', '/api/audit-logging/settings');
    expect(acmeView.body.lastDeleterDeletedCount).toBe(acmeOld.length);
  });

  it('leaves a side whose expired deleter is off alone', async () => {
    const acmeOld = [log(acmeId, 1000)];
    await writeAuditLogs(server.ctx.db, acmeOld);
    expect(
      (await acme.call('PUT', '/api/audit-logging/settings', { isExpiredDeleterEnabled: false, expiredDeleterPeriod: 0 })).status,
    ).toBe(204);
    const result = await runAuditLogDeleter(server.ctx, { deleterBatchSize: 5000 }, new Date());
    expect(result.ran).toBe(true);
    expect(result.byTenant[acmeId]).toBeUndefined();
    expect(await existing(acmeOld)).toBe(1);
  });

  it('lets one run at a time: an unfinished recent claim makes another run skip', async () => {
    const [claim] = await server.ctx.db.insert(auditLogDeleterRuns).values({ startedAt: new Date() }).returning();
    expect(await runAuditLogDeleter(server.ctx, { deleterBatchSize: 5000 })).toMatchObject({ ran: false });
    // A claim older than an hour is a crashed run: it no longer blocks.
    await server.ctx.db
      .update(auditLogDeleterRuns)
      .set({ startedAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(auditLogDeleterRuns.id, claim!.id));
    expect(await runAuditLogDeleter(server.ctx, { deleterBatchSize: 5000 })).toMatchObject({ ran: true });
  });
});
