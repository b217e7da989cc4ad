// An acknowledged change never loses its audit trail, even when the process is killed (issue 15,
// ADRs 0009 and 0010). The real server process, with a flush interval of an hour so that the batched writer
// can never be what saves a log, takes a burst of role creations (plus requests that fail: a
// duplicate role name, and a user creation that is refused after the user row was written and
// tracked), is killed with SIGKILL mid-burst and restarted on the same data. Then:
// - every request answered 2xx has its audit log (who, where, what action) with its entity change;
// - every role that exists has an audit log recording its creation, answered or not (the change and
//   its log commit together or not at all);
// - nothing of a refused request is there: no user, no entity change, no log with changes.
// The logs ride in the change's transaction as one audit_outbox row (ADR 0010); the restarted
// process expands what the killed one left before it answers (its own writer's interval is an hour).
// In process: a change made outside any transaction (feature reset) has its outbox row written
// before the answer too, and the writer expands the rows with their completions (status code).
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { auditLogActions, auditLogs, auditOutbox, entityChanges, roles, users } from '../../server/db/schema/index.ts';
import { processAdminToken } from '../kit/auth.ts';
import { type ServerProcess, startServerProcess } from '../kit/server-process.ts';
import { startTestServer } from '../kit/test-server.ts';
import { signIn } from './identity-helpers.ts';

const processes: ServerProcess[] = [];
afterAll(async () => {
  for (const server of processes.reverse()) await server.remove();
});

const onPostgres = !!process.env.TEST_DATABASE_URL;
const roleType = 'Volo.Abp.Identity.IdentityRole';

type Kind = 'role' | 'duplicate' | 'refused-user';
interface Sent {
  kind: Kind;
  name: string;
  correlationId: string;
  /** The status answered, or null when the process died before answering. */
  status: number | null;
  roleId?: string;
}

describe(`audit durability across SIGKILL (${onPostgres ? 'PostgreSQL' : 'PGlite'} process)`, () => {
  // Two server processes, 400 requests and a kill: a busy machine has needed more than the default 30 s.
  it('keeps the audit log of every acknowledged change, and none of a rolled-back one', { timeout: 180_000 }, async () => {
    const first = await startServerProcess({ AUDIT_FLUSH_INTERVAL_MS: '3600000' }, { postgres: true });
    processes.push(first);
    const token = await processAdminToken(first.base);
    const run = Date.now().toString(36);
    const call = (path: string, body: unknown, correlationId: string) =>
      fetch(`${first.base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-correlation-id': correlationId },
        body: JSON.stringify(body),
      });
    const existing = `durable-${run}-existing`;
    expect((await call('/api/identity/roles', { name: existing }, crypto.randomUUID().replaceAll('-', ''))).status).toBe(200);

    // The burst: 8 loops sending one request after the other; the process is killed once 60
    // requests have been answered, with others in flight.
    const total = 400;
    const killAfter = 60;
    const sent: Sent[] = [];
    let next = 0;
    let answered = 0;
    const loop = async () => {
      while (next < total) {
        const i = next++;
        const kind: Kind = i % 10 === 3 ? 'duplicate' : i % 10 === 7 ? 'refused-user' : 'role';
        const item: Sent = {
          kind,
          name: kind === 'duplicate' ? existing : `durable-${run}-${i}`,
          correlationId: crypto.randomUUID().replaceAll('-', ''),
          status: null,
        };
        sent.push(item);
        try {
          const response =
            kind === 'refused-user'
              ? // The user row is inserted and tracked, then the unknown role refuses the request (400).
                await call(
                  '/api/identity/users',
                  { userName: item.name, email: `${item.name}@example.com`, password: '1q2w3E*x', roleNames: [`no-such-role-${run}`] },
                  item.correlationId,
                )
              : await call('/api/identity/roles', { name: item.name }, item.correlationId);
          const body = (await response.json().catch(() => null)) as { id?: string } | null;
          item.status = response.status;
          item.roleId = body?.id;
          answered += 1;
          if (answered === killAfter) first.kill();
        } catch {
          return; // the process is gone: this request was not answered
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, loop));
    await first.exited;

    const acknowledged = sent.filter((s) => s.status !== null && s.status >= 200 && s.status < 300);
    expect(acknowledged.length).toBeGreaterThanOrEqual(killAfter * 0.6);
    expect(acknowledged.every((s) => s.kind === 'role' && s.roleId)).toBe(true);
    const refused = sent.filter((s) => s.status !== null && s.status >= 400);
    expect(refused.some((s) => s.kind === 'duplicate' && s.status === 403)).toBe(true);
    expect(refused.some((s) => s.kind === 'refused-user' && s.status === 400)).toBe(true);

    // Restart on the same data: the process opens it (PGlite recovers its write-ahead log), expands
    // the audit outbox the killed one left (ADR 0010) before it answers, and serves. Its own flush
    // interval is an hour too: the logs are in the list from the first request on.
    const second = await startServerProcess({ AUDIT_FLUSH_INTERVAL_MS: '3600000' }, { reuse: first });
    processes.push(second);
    expect((await fetch(`${second.base}/health/ready`)).status).toBe(200);
    const secondToken = await processAdminToken(second.base);
    for (const item of acknowledged.slice(0, 3)) {
      const listed = await fetch(`${second.base}/api/audit-logging/audit-logs?correlationId=${item.correlationId}`, {
        headers: { authorization: `Bearer ${secondToken}` },
      });
      expect(((await listed.json()) as { totalCount: number }).totalCount).toBe(1);
    }
    second.terminate();
    expect(await second.exited).toBe(0);

    const database = await openDatabase({ dataDir: first.dataDir, databaseUrl: first.databaseUrl });
    try {
      const { db } = database;
      // Every acknowledged creation: its role, its log (naming caller, request and action) and the
      // entity change recording the role's creation.
      const logs = await db
        .select()
        .from(auditLogs)
        .where(
          inArray(
            auditLogs.correlationId,
            acknowledged.map((s) => s.correlationId),
          ),
        );
      expect(logs).toHaveLength(acknowledged.length);
      for (const log of logs) {
        expect(log).toMatchObject({ httpMethod: 'POST', url: '/api/identity/roles', userName: 'admin', clientId: 'Finance_App' });
      }
      const actions = await db
        .select()
        .from(auditLogActions)
        .where(
          inArray(
            auditLogActions.auditLogId,
            logs.map((l) => l.id),
          ),
        );
      expect(actions).toHaveLength(logs.length);
      expect(actions.every((a) => a.serviceName === 'IdentityRoleAppService' && a.methodName === 'CreateAsync')).toBe(true);
      const changes = await db
        .select({ auditLogId: entityChanges.auditLogId, entityId: entityChanges.entityId, changeType: entityChanges.changeType })
        .from(entityChanges)
        .where(
          inArray(
            entityChanges.auditLogId,
            logs.map((l) => l.id),
          ),
        );
      const logOf = new Map(logs.map((l) => [l.correlationId, l.id]));
      for (const item of acknowledged) {
        expect(changes.filter((c) => c.auditLogId === logOf.get(item.correlationId))).toEqual([
          { auditLogId: logOf.get(item.correlationId), entityId: item.roleId, changeType: 0 },
        ]);
      }

      // Every role of the burst that exists, answered or cut off by the kill, was logged with it.
      const burstRoles = await db
        .select({ id: roles.id })
        .from(roles)
        .where(like(roles.name, `durable-${run}-%`));
      const created = await db
        .select({ entityId: entityChanges.entityId })
        .from(entityChanges)
        .where(
          and(
            eq(entityChanges.entityTypeFullName, roleType),
            inArray(
              entityChanges.entityId,
              burstRoles.map((r) => r.id),
            ),
          ),
        );
      expect(new Set(created.map((c) => c.entityId))).toEqual(new Set(burstRoles.map((r) => r.id)));
      expect(burstRoles.length).toBeGreaterThanOrEqual(acknowledged.length + 1);

      // The refused user creations left nothing: no user, no tracked change of it, no log with changes.
      const refusedUsers = sent.filter((s) => s.kind === 'refused-user');
      expect(
        await db
          .select({ id: users.id })
          .from(users)
          .where(
            inArray(
              users.userName,
              refusedUsers.map((s) => s.name),
            ),
          ),
      ).toEqual([]);
      const refusedNames = refusedUsers.map((s) => sql`${JSON.stringify(s.name)}`);
      // Not empty: the burst's refusals were checked above.
      expect(
        await db
          .select({ id: entityChanges.id })
          .from(entityChanges)
          .where(
            sql`exists (select 1 from jsonb_array_elements(${entityChanges.propertyChanges}) p
              where p ->> 'propertyName' = 'UserName' and p ->> 'newValue' in (${sql.join(refusedNames, sql`, `)}))`,
          ),
      ).toEqual([]);
      const failedLogs = await db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(
          inArray(
            auditLogs.correlationId,
            sent.filter((s) => s.kind !== 'role').map((s) => s.correlationId),
          ),
        );
      if (failedLogs.length) {
        expect(
          await db
            .select({ id: entityChanges.id })
            .from(entityChanges)
            .where(
              inArray(
                entityChanges.auditLogId,
                failedLogs.map((l) => l.id),
              ),
            ),
        ).toEqual([]);
      }
    } finally {
      await database.close();
    }
  });
});

describe('audit logs written before the answer (in process)', () => {
  it('writes a change made outside a transaction before answering, and completes logs later', async () => {
    const previous = process.env.AUDIT_FLUSH_INTERVAL_MS;
    process.env.AUDIT_FLUSH_INTERVAL_MS = '3600000';
    const server = await startTestServer();
    process.env.AUDIT_FLUSH_INTERVAL_MS = previous;
    try {
      const admin = await signIn(server, 'admin');
      const outboxOf = async (correlationId: string) =>
        (await server.ctx.db.select().from(auditOutbox)).find(
          (row) => (row.payload as { log?: { correlationId?: string } }).log?.correlationId === correlationId,
        )?.payload;
      const changesOf = async (correlationId: string) => {
        const [log] = await server.ctx.db.select().from(auditLogs).where(eq(auditLogs.correlationId, correlationId));
        if (!log) return null;
        const changes = await server.ctx.db.select().from(entityChanges).where(eq(entityChanges.auditLogId, log.id));
        return { log, changes };
      };
      const setId = crypto.randomUUID().replaceAll('-', '');
      const set = await admin.call(
        'PUT',
        '/api/feature-management/features?providerName=T&providerKey=',
        { features: [{ name: 'Identity.TwoFactor', value: 'Forced' }] },
        { 'x-correlation-id': setId },
      );
      expect(set.status).toBe(204);
      // In the transaction of the change: in the outbox at once, its status code still to come.
      expect(await outboxOf(setId)).toMatchObject({ log: { httpStatusCode: null }, changes: [{ changeType: 0 }] });
      expect(await changesOf(setId)).toBeNull();
      // The reset deletes without a transaction: its change is written before the answer.
      const resetId = crypto.randomUUID().replaceAll('-', '');
      const reset = await admin.call('DELETE', '/api/feature-management/features?providerName=T&providerKey=', undefined, {
        'x-correlation-id': resetId,
      });
      expect(reset.status).toBe(204);
      expect(await outboxOf(resetId)).toMatchObject({
        log: { httpMethod: 'DELETE', userName: 'admin' },
        changes: [{ changeType: 2, entityTypeFullName: 'Volo.Abp.FeatureManagement.FeatureValue' }],
      });
      // The writer expands the rows and applies the completions queued after the answers.
      await server.ctx.audit.writer.flush();
      expect(await outboxOf(setId)).toBeUndefined();
      expect(await outboxOf(resetId)).toBeUndefined();
      expect(await changesOf(setId)).toMatchObject({ log: { httpStatusCode: 204 }, changes: [{ changeType: 0 }] });
      expect(await changesOf(resetId)).toMatchObject({ log: { httpStatusCode: 204 }, changes: [{ changeType: 2 }] });
    } finally {
      await server.stop();
    }
  });
});
