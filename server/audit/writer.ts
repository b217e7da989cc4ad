// Writes audit logs off the request path. Rules:
// - a request only puts its finished record on an in-memory queue; the queue is written every
//   flushIntervalMs, or at once when batchSize records wait, in one transaction per batch;
// - the queue is bounded: when maxQueueLength records wait, new ones are dropped and the number
//   dropped is logged (once per flush), so a slow or absent database cannot exhaust memory;
// - when the database is unavailable (connection refused, reset, shutting down) the batch goes back
//   to the queue for the next flush, still within the bound; any other failed batch is retried
//   record by record, so one bad record costs only itself; a record that cannot be written is
//   logged and dropped, and no failure ever reaches a request;
// - close() waits for the records still being finished, then writes everything queued (graceful
//   shutdown): app.ts calls it after the HTTP server stopped and before the database closes.
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { auditLogActions, auditLogs, entityChanges, entityPropertyChanges } from '../db/schema/index.ts';
import type { EntityChangeRecord } from './scope.ts';

export interface AuditActionRecord {
  serviceName: string | null;
  methodName: string | null;
  parameters: string | null;
  executionTime: Date;
  executionDuration: number;
  extraProperties?: Record<string, unknown>;
}

export interface AuditLogRecord {
  id?: string;
  /**
   * The log row and its action are already in the database (written with the request's changes,
   * journal.ts): this record completes them (status code, durations, exceptions, comments, extra
   * properties) and adds its entity changes, if any.
   */
  stored?: boolean;
  tenantId: string | null;
  applicationName: string | null;
  userId: string | null;
  userName: string | null;
  tenantName: string | null;
  impersonatorUserId: string | null;
  impersonatorUserName: string | null;
  impersonatorTenantId: string | null;
  impersonatorTenantName: string | null;
  executionTime: Date;
  executionDuration: number;
  clientIpAddress: string | null;
  clientName: string | null;
  clientId: string | null;
  correlationId: string | null;
  browserInfo: string | null;
  httpMethod: string | null;
  url: string | null;
  exceptions: string | null;
  comments: string | null;
  httpStatusCode: number | null;
  extraProperties: Record<string, unknown>;
  actions: AuditActionRecord[];
  entityChanges: EntityChangeRecord[];
}

export interface AuditWriterOptions {
  flushIntervalMs: number;
  batchSize: number;
  maxQueueLength: number;
}

export interface AuditLogWriter {
  /** Queues a finished record; never throws, never waits for the database. */
  enqueue(record: AuditLogRecord): void;
  /** Keeps shutdown waiting for a record that is still being finished. */
  track(pending: Promise<unknown>): void;
  /** Writes everything queued now. */
  flush(): Promise<void>;
  close(): Promise<void>;
  readonly stats: { written: number; dropped: number; failed: number; queued: number };
}

const cut = (value: string | null, max: number) => (value && value.length > max ? value.slice(0, max) : value);
const int = (value: number) => Math.max(0, Math.min(2_147_483_647, Math.round(value)));

/** Rows of one batch, split in chunks that stay far below PostgreSQL's 65,535 parameters. */
async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

type LogRow = typeof auditLogs.$inferInsert;
type ActionRow = typeof auditLogActions.$inferInsert;
type ChangeRow = typeof entityChanges.$inferInsert;
type PropertyRow = typeof entityPropertyChanges.$inferInsert;

function logRowOf(record: AuditLogRecord, id: string): LogRow {
  return {
    id,
    tenantId: record.tenantId,
    applicationName: cut(record.applicationName, 96),
    userId: record.userId,
    userName: cut(record.userName, 256),
    tenantName: cut(record.tenantName, 64),
    impersonatorUserId: record.impersonatorUserId,
    impersonatorUserName: cut(record.impersonatorUserName, 256),
    impersonatorTenantId: record.impersonatorTenantId,
    impersonatorTenantName: cut(record.impersonatorTenantName, 64),
    executionTime: record.executionTime,
    executionDuration: int(record.executionDuration),
    clientIpAddress: cut(record.clientIpAddress, 64),
    clientName: cut(record.clientName, 128),
    clientId: cut(record.clientId, 64),
    correlationId: cut(record.correlationId, 64),
    browserInfo: cut(record.browserInfo, 512),
    httpMethod: cut(record.httpMethod, 16),
    url: cut(record.url, 256),
    exceptions: record.exceptions,
    comments: cut(record.comments, 256),
    httpStatusCode: record.httpStatusCode,
    extraProperties: record.extraProperties,
  };
}

function actionRowOf(action: AuditActionRecord, logId: string, tenantId: string | null): ActionRow {
  return {
    auditLogId: logId,
    tenantId,
    serviceName: cut(action.serviceName, 256),
    methodName: cut(action.methodName, 128),
    parameters: cut(action.parameters, 2000),
    executionTime: action.executionTime,
    executionDuration: int(action.executionDuration),
    extraProperties: action.extraProperties ?? {},
  };
}

/** Rows of `changes` under the log `logId`, appended to `changeRows` and `propertyRows`. */
function changeRowsOf(
  changes: EntityChangeRecord[],
  logId: string,
  tenantId: string | null,
  changeRows: ChangeRow[],
  propertyRows: PropertyRow[],
): void {
  for (const change of changes) {
    const changeId = crypto.randomUUID();
    changeRows.push({
      id: changeId,
      auditLogId: logId,
      tenantId,
      changeTime: change.changeTime,
      changeType: change.changeType,
      entityTenantId: change.entityTenantId,
      entityId: cut(change.entityId, 128),
      entityTypeFullName: cut(change.entityTypeFullName, 128)!,
    });
    for (const property of change.propertyChanges) {
      propertyRows.push({
        entityChangeId: changeId,
        tenantId,
        propertyName: cut(property.propertyName, 128)!,
        propertyTypeFullName: cut(property.propertyTypeFullName, 64)!,
        originalValue: cut(property.originalValue, 512),
        newValue: cut(property.newValue, 512),
      });
    }
  }
}

type Executor = Pick<Db, 'insert' | 'execute'>;

async function insertChanges(tx: Executor, changeRows: ChangeRow[], propertyRows: PropertyRow[]): Promise<void> {
  await insertChunked(changeRows, 2000, (chunk) => tx.insert(entityChanges).values(chunk));
  await insertChunked(propertyRows, 2000, (chunk) => tx.insert(entityPropertyChanges).values(chunk));
}

/**
 * Inside a request's transaction (journal.ts): the request's log and action when `record` is given
 * (the first write; a log already there is left as it is, and so is its action), then `changes`
 * under the log `logId`. One statement (data-modifying CTEs): on PGlite each statement is a trip
 * through the embedded engine, and this runs on the request's path.
 */
export async function writeAuditLogInTransaction(
  tx: Executor,
  logId: string,
  tenantId: string | null,
  record: AuditLogRecord | null,
  changes: EntityChangeRecord[],
): Promise<void> {
  const parts: SQL[] = [];
  if (record) {
    const log = tx
      .insert(auditLogs)
      .values(logRowOf(record, logId))
      .onConflictDoNothing({ target: auditLogs.id })
      .returning({ id: auditLogs.id });
    parts.push(sql`l as (${log.getSQL()})`);
    record.actions.forEach((action, i) => {
      const row = actionRowOf(action, logId, tenantId);
      // Only with a log inserted by this statement (a concurrent transaction of the request may have won).
      parts.push(sql`${sql.raw(`a${i}`)} as (insert into ${auditLogActions} (id, audit_log_id, tenant_id, service_name, method_name, parameters, execution_time, execution_duration, extra_properties)
        select ${crypto.randomUUID()}::uuid, l.id, ${row.tenantId}::uuid, ${row.serviceName}::varchar, ${row.methodName}::varchar, ${row.parameters}::varchar,
          ${row.executionTime.toISOString()}::timestamptz, ${row.executionDuration}::int, ${JSON.stringify(row.extraProperties)}::jsonb from l)`);
    });
  }
  const changeRows: ChangeRow[] = [];
  const propertyRows: PropertyRow[] = [];
  changeRowsOf(changes, logId, tenantId, changeRows, propertyRows);
  // Past a few hundred rows (bulk operations) the rows go in chunks, after the log.
  const inline = changeRows.length <= 200 && propertyRows.length <= 1000;
  if (inline && changeRows.length) parts.push(sql`c as (${tx.insert(entityChanges).values(changeRows).getSQL()})`);
  const last = inline && propertyRows.length ? tx.insert(entityPropertyChanges).values(propertyRows).getSQL() : sql`select 1`;
  if (parts.length) await tx.execute(sql`with ${sql.join(parts, sql`, `)} ${last}`);
  else if (inline && propertyRows.length) await tx.execute(last);
  if (!inline) await insertChanges(tx, changeRows, propertyRows);
}

export async function writeAuditLogs(db: Db, records: AuditLogRecord[]): Promise<void> {
  if (!records.length) return;
  const logRows: LogRow[] = [];
  const actionRows: ActionRow[] = [];
  const changeRows: ChangeRow[] = [];
  const propertyRows: PropertyRow[] = [];
  const completions: AuditLogRecord[] = [];
  for (const record of records) {
    const id = record.id ?? crypto.randomUUID();
    if (record.stored) completions.push(record);
    else {
      logRows.push(logRowOf(record, id));
      for (const action of record.actions) actionRows.push(actionRowOf(action, id, record.tenantId));
    }
    changeRowsOf(record.entityChanges, id, record.tenantId, changeRows, propertyRows);
  }
  await db.transaction(async (tx) => {
    await insertChunked(logRows, 1000, (chunk) => tx.insert(auditLogs).values(chunk));
    await insertChunked(actionRows, 2000, (chunk) => tx.insert(auditLogActions).values(chunk));
    await insertChunked(completions, 500, (chunk) => completeLogs(tx, chunk));
    await insertChanges(tx, changeRows, propertyRows);
  });
}

/**
 * Completes logs the request's transactions stored (journal.ts) with what only the answer knows:
 * status code, durations, exceptions, comments and extra properties. One statement per table.
 */
async function completeLogs(tx: Executor, records: AuditLogRecord[]): Promise<void> {
  const values = sql.join(
    records.map(
      (r) =>
        sql`(${r.id}::uuid, ${r.httpStatusCode}::int, ${int(r.executionDuration)}::int, ${r.exceptions}::text, ${cut(r.comments, 256)}::text, ${JSON.stringify(r.extraProperties)}::jsonb, ${int(r.actions[0]?.executionDuration ?? 0)}::int)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`update ${auditLogs} as l set
      http_status_code = v.status, execution_duration = v.duration, exceptions = v.exceptions,
      comments = coalesce(v.comments, l.comments), extra_properties = l.extra_properties || v.extra
    from (values ${values}) as v(id, status, duration, exceptions, comments, extra, action_duration)
    where l.id = v.id`);
  await tx.execute(sql`update ${auditLogActions} as a set execution_duration = v.action_duration
    from (values ${values}) as v(id, status, duration, exceptions, comments, extra, action_duration)
    where a.audit_log_id = v.id`);
}

/** Connection-level failures (refused, reset, server shutting down): worth a retry, unlike bad data. */
const unavailableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03']);
function isUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (unavailableCodes.has(code) || code.startsWith('08')) return true;
    if (
      typeof e.message === 'string' &&
      /Connection terminated|connection is closed|Client has encountered a connection error/i.test(e.message)
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

export function createAuditLogWriter(db: Db, log: FastifyBaseLogger, options: AuditWriterOptions): AuditLogWriter {
  let queue: AuditLogRecord[] = [];
  let droppedSinceLog = 0;
  let flushing: Promise<void> = Promise.resolve();
  let immediate: NodeJS.Immediate | null = null;
  let closed = false;
  const pending = new Set<Promise<unknown>>();
  const stats = { written: 0, dropped: 0, failed: 0, queued: 0 };

  const writeBatch = async () => {
    if (droppedSinceLog) {
      log.warn({ dropped: droppedSinceLog }, 'audit log queue full: records dropped');
      droppedSinceLog = 0;
    }
    while (queue.length) {
      const batch = queue.slice(0, options.batchSize);
      queue = queue.slice(batch.length);
      stats.queued = queue.length;
      try {
        await writeAuditLogs(db, batch);
        stats.written += batch.length;
      } catch (error) {
        if (isUnavailable(error)) {
          // The database is down or restarting: keep the batch (within the bound) for the next flush.
          const kept = batch.slice(0, Math.max(0, options.maxQueueLength - queue.length));
          queue = [...kept, ...queue];
          stats.queued = queue.length;
          stats.dropped += batch.length - kept.length;
          log.warn(
            { err: error, kept: kept.length, dropped: batch.length - kept.length },
            'database unavailable: audit logs kept for retry',
          );
          return;
        }
        // One bad record must not cost the others: write them one by one.
        for (const record of batch) {
          try {
            await writeAuditLogs(db, [record]);
            stats.written++;
          } catch (single) {
            stats.failed++;
            log.error({ err: single, records: 1 }, 'could not write an audit log');
          }
        }
      }
    }
  };

  const flush = () => {
    flushing = flushing.then(writeBatch);
    return flushing;
  };

  const timer = setInterval(() => {
    if (queue.length) void flush();
  }, options.flushIntervalMs);
  timer.unref();

  return {
    stats,
    enqueue(record) {
      if (queue.length >= options.maxQueueLength) {
        stats.dropped++;
        droppedSinceLog++;
        return;
      }
      queue.push(record);
      stats.queued = queue.length;
      if (queue.length >= options.batchSize && !immediate && !closed) {
        immediate = setImmediate(() => {
          immediate = null;
          void flush();
        });
      }
    },
    track(promise) {
      const settled = promise.then(
        () => undefined,
        () => undefined,
      );
      pending.add(settled);
      void settled.then(() => pending.delete(settled));
    },
    flush,
    async close() {
      closed = true;
      clearInterval(timer);
      if (immediate) clearImmediate(immediate);
      await Promise.all(pending);
      await flush();
    },
  };
}
