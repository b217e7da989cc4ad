// The audit outbox (ADR 0010): a request's transactions put its log and changes into one
// audit_outbox row; the batched writer expands rows into the audit tables and deletes them.
// - a later transaction of the same request merges into the waiting row (changes appended, the
//   first log kept); a row written after the expansion adds its changes to the same log;
// - the completion (status code, durations, exceptions) lands whichever comes first: queued before
//   the row is expanded it is applied as the log is inserted; queued after, it updates the log; a
//   completion whose log is nowhere yet waits in the queue for a later flush;
// - PostgreSQL: a row another instance is expanding (locked) is skipped, never expanded twice, and
//   its completion waits until that instance has committed.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityChangeRecord } from '../../server/audit/scope.ts';
import {
  type AuditLogRecord,
  auditOutboxRow,
  createAuditLogWriter,
  expandAuditOutbox,
  writeAuditOutbox,
  writeAuditOutboxRows,
} from '../../server/audit/writer.ts';
import { auditLogActions, auditLogs, auditOutbox, entityChanges } from '../../server/db/schema/index.ts';
import { databaseKind, startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  // The server's own writer must not expand the rows of these tests behind their back.
  const previous = process.env.AUDIT_FLUSH_INTERVAL_MS;
  process.env.AUDIT_FLUSH_INTERVAL_MS = '3600000';
  server = await startTestServer();
  process.env.AUDIT_FLUSH_INTERVAL_MS = previous;
});
afterAll(async () => {
  await server?.stop();
});

const record = (overrides: Partial<AuditLogRecord> = {}): AuditLogRecord => ({
  tenantId: null,
  applicationName: 'outbox-test',
  userId: null,
  userName: 'admin',
  tenantName: null,
  impersonatorUserId: null,
  impersonatorUserName: null,
  impersonatorTenantId: null,
  impersonatorTenantName: null,
  executionTime: new Date('2026-11-25T10:00:00Z'),
  executionDuration: 3,
  clientIpAddress: '127.0.0.1',
  clientName: null,
  clientId: 'Finance_App',
  correlationId: crypto.randomUUID().replaceAll('-', ''),
  browserInfo: null,
  httpMethod: 'POST',
  url: '/api/identity/roles',
  exceptions: null,
  comments: null,
  httpStatusCode: null,
  extraProperties: {},
  actions: [
    {
      serviceName: 'IdentityRoleAppService',
      methodName: 'CreateAsync',
      parameters: '{}',
      executionTime: new Date('2026-11-25T10:00:00Z'),
      executionDuration: 2,
    },
  ],
  entityChanges: [],
  ...overrides,
});

const change = (entityId: string): EntityChangeRecord => ({
  changeTime: new Date('2026-11-25T10:00:01Z'),
  changeType: 0,
  entityTenantId: null,
  entityId,
  entityTypeFullName: 'Volo.Abp.Identity.IdentityRole',
  propertyChanges: [{ propertyName: 'Name', propertyTypeFullName: 'System.String', originalValue: null, newValue: `"${entityId}"` }],
});

const silent = () => ({ ...server.ctx.log, warn: () => {}, error: () => {} }) as unknown as typeof server.ctx.log;
const newWriter = () => createAuditLogWriter(server.ctx.db, silent(), { flushIntervalMs: 3_600_000, batchSize: 100, maxQueueLength: 100 });

/** What the audit tables and the outbox hold for one log id. */
async function stateOf(id: string) {
  const { db } = server.ctx;
  const logs = await db.select().from(auditLogs).where(eq(auditLogs.id, id));
  const actions = await db.select().from(auditLogActions).where(eq(auditLogActions.auditLogId, id));
  const changes = await db.select().from(entityChanges).where(eq(entityChanges.auditLogId, id));
  const outbox = await db.select().from(auditOutbox).where(eq(auditOutbox.id, id));
  return {
    logs,
    actions,
    changes: changes.map((c) => c.entityId).sort(),
    properties: changes.reduce((n, c) => n + c.propertyChanges.length, 0),
    outbox,
  };
}

const inTransaction = (id: string, log: AuditLogRecord, changes: EntityChangeRecord[]) =>
  server.ctx.db.transaction((tx) => writeAuditOutbox(tx, id, log.tenantId, log, changes));

describe('audit outbox rows', () => {
  it('merges a later transaction of the request into its waiting row, and adds a later row to the expanded log', async () => {
    const id = crypto.randomUUID();
    const first = record();
    await inTransaction(id, first, [change('a')]);
    // The second transaction knows more (a longer duration); the row keeps the log it had.
    await inTransaction(id, { ...first, executionDuration: 9, url: '/api/changed' }, [change('b')]);
    const [row] = (await stateOf(id)).outbox;
    expect(row!.payload).toMatchObject({
      log: { url: '/api/identity/roles', executionDuration: 3 },
      changes: [{ entityId: 'a' }, { entityId: 'b' }],
    });

    expect(await expandAuditOutbox(server.ctx.db, { limit: 10, ids: [id] })).toEqual([id]);
    const expanded = await stateOf(id);
    expect(expanded.logs).toMatchObject([{ url: '/api/identity/roles', correlationId: first.correlationId, httpStatusCode: null }]);
    expect(expanded.actions).toMatchObject([{ serviceName: 'IdentityRoleAppService', methodName: 'CreateAsync' }]);
    expect(expanded).toMatchObject({ changes: ['a', 'b'], properties: 2, outbox: [] });

    // A transaction of the request after the expansion: a new row, added to the same log.
    await inTransaction(id, first, [change('c')]);
    expect(await expandAuditOutbox(server.ctx.db, { limit: 10, ids: [id] })).toEqual([id]);
    const again = await stateOf(id);
    expect(again.logs).toHaveLength(1);
    expect(again.actions).toHaveLength(1);
    expect(again).toMatchObject({ changes: ['a', 'b', 'c'], properties: 3, outbox: [] });
  });

  it('writes several logs in one statement, two rows of one log as one (the ledger batch, ADR 0015)', async () => {
    const [one, two, waiting] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await inTransaction(waiting, record(), [change('w1')]);
    const statements: string[] = [];
    await server.ctx.db.transaction(async (tx) => {
      const client = (tx as unknown as { session: { client: { query: (...args: unknown[]) => unknown } } }).session.client;
      const query = client.query;
      client.query = function (this: unknown, ...args: unknown[]) {
        statements.push(String(typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text));
        return query.apply(this, args);
      };
      try {
        await writeAuditOutboxRows(tx, [
          auditOutboxRow(one, null, record({ url: '/api/one' }), [change('one-a')]),
          auditOutboxRow(two, null, record({ url: '/api/two' }), [change('two-a')]),
          // The same log again (a later transaction of that request): merged, its first log kept.
          auditOutboxRow(one, null, record({ url: '/api/one-later' }), [change('one-b')]),
          // A log whose row waits in the outbox already: changes appended to it.
          auditOutboxRow(waiting, null, record({ url: '/api/waiting-later' }), [change('w2')]),
        ]);
      } finally {
        client.query = query;
      }
    });
    expect(statements.filter((text) => /insert into audit_outbox/i.test(text))).toHaveLength(1);
    expect((await stateOf(one)).outbox[0]!.payload).toMatchObject({
      log: { url: '/api/one' },
      changes: [{ entityId: 'one-a' }, { entityId: 'one-b' }],
    });
    expect((await stateOf(two)).outbox[0]!.payload).toMatchObject({ log: { url: '/api/two' }, changes: [{ entityId: 'two-a' }] });
    expect((await stateOf(waiting)).outbox[0]!.payload).toMatchObject({
      log: { url: '/api/identity/roles' },
      changes: [{ entityId: 'w1' }, { entityId: 'w2' }],
    });
    expect((await expandAuditOutbox(server.ctx.db, { limit: 10, ids: [one, two, waiting] })).sort()).toEqual([one, two, waiting].sort());
    expect(await stateOf(one)).toMatchObject({ changes: ['one-a', 'one-b'], outbox: [] });
  });

  it('applies a completion queued before the expansion as the log is inserted', async () => {
    const id = crypto.randomUUID();
    const log = record();
    await inTransaction(id, log, [change('before')]);
    const writer = newWriter();
    writer.enqueue({
      ...log,
      id,
      stored: true,
      httpStatusCode: 200,
      executionDuration: 41,
      comments: 'done',
      entityChanges: [change('late')],
    });
    await writer.flush();
    const state = await stateOf(id);
    expect(state.logs).toMatchObject([{ httpStatusCode: 200, executionDuration: 41, comments: 'done' }]);
    expect(state).toMatchObject({ changes: ['before', 'late'], outbox: [] });
    expect(writer.stats).toMatchObject({ queued: 0, failed: 0 });
    await writer.close();
  });

  it('updates the log with a completion queued after the expansion', async () => {
    const id = crypto.randomUUID();
    const log = record();
    await inTransaction(id, log, [change('x')]);
    await expandAuditOutbox(server.ctx.db, { limit: 10, ids: [id] });
    const writer = newWriter();
    writer.enqueue({ ...log, id, stored: true, httpStatusCode: 204, executionDuration: 17, exceptions: null, entityChanges: [] });
    await writer.flush();
    expect((await stateOf(id)).logs).toMatchObject([{ httpStatusCode: 204, executionDuration: 17 }]);
    expect((await stateOf(id)).actions).toMatchObject([{ executionDuration: 2 }]);
    await writer.close();
  });

  it('keeps a completion whose log is nowhere yet until its row shows up', async () => {
    const id = crypto.randomUUID();
    const log = record();
    const writer = newWriter();
    writer.enqueue({ ...log, id, stored: true, httpStatusCode: 500, exceptions: '[{"code":"x"}]', entityChanges: [] });
    await writer.flush();
    expect(writer.stats).toMatchObject({ queued: 1, failed: 0 });
    expect((await stateOf(id)).logs).toEqual([]);
    await inTransaction(id, log, [change('y')]);
    writer.noteOutbox();
    await writer.flush();
    expect(writer.stats.queued).toBe(0);
    const state = await stateOf(id);
    expect(state.logs).toMatchObject([{ httpStatusCode: 500, exceptions: '[{"code":"x"}]' }]);
    expect(state).toMatchObject({ changes: ['y'], outbox: [] });
    await writer.close();
  });
});

describe.skipIf(databaseKind !== 'postgres')('audit outbox with several instances (PostgreSQL)', () => {
  it('skips a row another instance is expanding, and the completion waits for it', async () => {
    const id = crypto.randomUUID();
    const log = record();
    await inTransaction(id, log, [change('locked')]);
    const writer = newWriter();
    writer.enqueue({ ...log, id, stored: true, httpStatusCode: 201, entityChanges: [] });
    // "Another instance": a transaction on another connection of the pool that holds the row.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const other = server.ctx.db.transaction(async (tx) => {
      const rows = await expandAuditOutbox(tx as never, { limit: 10, ids: [id] }).catch(() => null);
      locked();
      await held;
      return rows;
    });
    await isLocked;
    await writer.flush();
    // Not expanded twice, not completed yet: the other instance has not committed.
    expect(writer.stats).toMatchObject({ queued: 1, failed: 0 });
    release();
    expect(await other).toEqual([id]);
    await writer.flush();
    expect(writer.stats.queued).toBe(0);
    const state = await stateOf(id);
    expect(state.logs).toMatchObject([{ httpStatusCode: 201 }]);
    expect(state.actions).toHaveLength(1);
    expect(state).toMatchObject({ changes: ['locked'], outbox: [] });
    await writer.close();
  });
});
