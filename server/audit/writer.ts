// Writes audit logs off the request path. Rules:
// - a changing request's log is committed with the change as one audit_outbox row (journal.ts,
//   ADR 0010); each flush first expands the outbox, batchSize rows per transaction, oldest first:
//   log, action and entity changes (each holding its property changes, ADR 0029) inserted and the
//   rows deleted in the same transaction, rows locked by another instance skipped (FOR UPDATE SKIP
//   LOCKED), so no row is expanded twice; the completion of a row's log (status code, durations,
//   exceptions) that waits in the queue is applied as the log is inserted; a row that fails on its
//   own stays in the outbox (logged) and is not retried until the process restarts;
// - the timer flushes when records wait, when this process wrote outbox rows since the last
//   expansion, and every 30 s anyway (rows of an instance that died and did not restart);
// - otherwise a request only puts its finished record on an in-memory queue; the queue is written
//   every flushIntervalMs, or at once when batchSize records wait, in one transaction per batch;
// - a completion whose log is in neither table yet (its row is being expanded by another instance)
//   waits in the queue for the next flushes (at most 30, then it is logged and dropped);
// - the queue is bounded: when maxQueueLength records wait, new ones are dropped and the number
//   dropped is logged (once per flush), so a slow or absent database cannot exhaust memory;
// - when the database is unavailable (connection refused, reset, shutting down) the batch goes back
//   to the queue for the next flush, still within the bound; any other failed batch is retried
//   record by record, so one bad record costs only itself; a record that cannot be written is
//   logged and dropped, and no failure ever reaches a request;
// - close() waits for the records still being finished, then writes everything queued (graceful
//   shutdown): app.ts calls it after the HTTP server stopped and before the database closes.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { insertNewRows, insertRows } from '../plugins/hot-statement.ts';
import { auditLogActions, auditLogs, auditOutbox, entityChanges, type StoredPropertyChange } from '../db/schema/index.ts';
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
  /** A request's transaction wrote an outbox row: expand the outbox at the next tick. */
  noteOutbox(): void;
  /** Expands the outbox and writes everything queued now. */
  flush(): Promise<void>;
  close(): Promise<void>;
  readonly stats: { written: number; dropped: number; failed: number; queued: number; expanded: number };
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

const byPropertyName = (a: StoredPropertyChange, b: StoredPropertyChange) =>
  a.propertyName < b.propertyName ? -1 : a.propertyName > b.propertyName ? 1 : 0;

/** Rows of `changes` under the log `logId`, appended to `changeRows`. */
function changeRowsOf(changes: EntityChangeRecord[], logId: string, tenantId: string | null, changeRows: ChangeRow[]): void {
  for (const change of changes) {
    changeRows.push({
      id: crypto.randomUUID(),
      auditLogId: logId,
      tenantId,
      changeTime: change.changeTime,
      changeType: change.changeType,
      entityTenantId: change.entityTenantId,
      entityId: cut(change.entityId, 128),
      entityTypeFullName: cut(change.entityTypeFullName, 128)!,
      // In the order the screens list them, so a read needs no sort.
      propertyChanges: change.propertyChanges
        .map((property) => ({
          propertyName: cut(property.propertyName, 128)!,
          propertyTypeFullName: cut(property.propertyTypeFullName, 64)!,
          originalValue: cut(property.originalValue, 512),
          newValue: cut(property.newValue, 512),
        }))
        .sort(byPropertyName),
    });
  }
}

type Executor = Pick<Db, 'insert' | 'execute'>;

// Built by hand on the transaction's driver client (plugins/hot-statement.ts): Drizzle's building
// checked every value's entity type (about a fifth of the server's CPU under
// bench/ledger-transfers.ts --via http, when property changes were rows of their own).
async function insertChanges(tx: Executor, changeRows: ChangeRow[]): Promise<void> {
  await insertChunked(changeRows, 2000, (chunk) => insertRows(tx, entityChanges, chunk));
}

/** What an outbox row holds: the log as known when its transaction committed, and its changes. */
export interface AuditOutboxPayload {
  /** Without entityChanges (they are `changes`); absent only in rows written by hand. */
  log?: Omit<AuditLogRecord, 'entityChanges' | 'id' | 'stored'>;
  changes: EntityChangeRecord[];
}

/** One audit_outbox row: a request's log id, its tenant, the log as known now and its changes. */
export interface AuditOutboxRow {
  logId: string;
  tenantId: string | null;
  payload: AuditOutboxPayload;
}

/** The outbox row of the log `record` with `changes`. */
export function auditOutboxRow(
  logId: string,
  tenantId: string | null,
  record: AuditLogRecord,
  changes: EntityChangeRecord[],
): AuditOutboxRow {
  const { entityChanges: _ignored, id: _id, stored: _stored, ...log } = record;
  return { logId, tenantId, payload: { log, changes } };
}

// A row already there (a later transaction of the same request, before the writer expanded it)
// keeps its log and gets the new changes appended.
const outboxConflict = `on conflict (id) do update set payload = excluded.payload || audit_outbox.payload
    || jsonb_build_object('changes', (audit_outbox.payload -> 'changes') || (excluded.payload -> 'changes'))`;
const outboxUpserts = new Map<number, string>();
/** The upsert of `count` rows (the statement text, kept per count). */
const outboxUpsert = (count: number) => {
  let text = outboxUpserts.get(count);
  if (!text) {
    const rows = Array.from({ length: count }, (_, i) => `($${3 * i + 1}::uuid, $${3 * i + 2}::uuid, $${3 * i + 3}::jsonb)`);
    text = `insert into audit_outbox (id, tenant_id, payload) values ${rows.join(', ')}\n  ${outboxConflict}`;
    if (outboxUpserts.size < 64) outboxUpserts.set(count, text);
  }
  return text;
};

/**
 * Inside a request's transaction (journal.ts): one row in audit_outbox under the log's id, holding
 * the log (`record`, as known now) and `changes`. A later transaction of the same request merges
 * into the row while it waits (its changes appended, the log already there kept); once the writer
 * has expanded it, the same statement inserts a new row, which the writer adds to the stored log.
 * One statement on a table with a primary key only: this is what a changing request pays.
 */
export async function writeAuditOutbox(
  tx: Executor,
  logId: string,
  tenantId: string | null,
  record: AuditLogRecord,
  changes: EntityChangeRecord[],
): Promise<void> {
  await writeAuditOutboxRows(tx, [auditOutboxRow(logId, tenantId, record, changes)]);
}

/**
 * Several requests' outbox rows in one statement (the ledger's group commit writes every request
 * of its batch with one round trip, ADR 0015). Two rows of one log in the list become one, as two
 * statements would have left it: the first log kept, the changes in order.
 */
export async function writeAuditOutboxRows(tx: Executor, rows: AuditOutboxRow[]): Promise<void> {
  const byLog = new Map<string, AuditOutboxRow>();
  for (const row of rows) {
    const earlier = byLog.get(row.logId);
    if (earlier) earlier.payload = { ...earlier.payload, changes: [...earlier.payload.changes, ...row.payload.changes] };
    else byLog.set(row.logId, { ...row });
  }
  if (!byLog.size) return;
  const params: unknown[] = [];
  for (const row of byLog.values()) params.push(row.logId, row.tenantId, JSON.stringify(row.payload));
  // Straight to the driver's client of the transaction when there is one (both drivers' clients
  // take text and values): drizzle's statement building and result mapping cost about 0.15 ms on
  // PGlite, a third of this insert, on every changing request. Otherwise through drizzle.
  const client = (tx as unknown as { session?: { client?: { query?: unknown } } }).session?.client;
  if (client && typeof client.query === 'function') {
    await (client.query as (text: string, values: unknown[]) => Promise<unknown>).call(client, outboxUpsert(byLog.size), params);
  } else {
    const values = [...byLog.values()].map(
      (row) => sql`(${row.logId}::uuid, ${row.tenantId}::uuid, ${JSON.stringify(row.payload)}::jsonb)`,
    );
    await tx.execute(
      sql`insert into ${auditOutbox} (id, tenant_id, payload) values ${sql.join(values, sql`, `)} ${sql.raw(outboxConflict)}`,
    );
  }
}

const date = (value: unknown) => new Date(value as string);
const uuids = (ids: string[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

/** The row's log and changes with their dates revived (JSON keeps them as ISO strings). */
function fromOutbox(
  id: string,
  tenantId: string | null,
  payload: AuditOutboxPayload,
): { record: AuditLogRecord | null; changes: EntityChangeRecord[] } {
  const changes = (payload.changes ?? []).map((change) => ({ ...change, changeTime: date(change.changeTime) }));
  const log = payload.log;
  if (!log) return { record: null, changes };
  return {
    record: {
      ...log,
      id,
      tenantId: log.tenantId ?? tenantId,
      executionTime: date(log.executionTime),
      actions: (log.actions ?? []).map((action) => ({ ...action, executionTime: date(action.executionTime) })),
      entityChanges: [],
    },
    changes,
  };
}

/** `log` with what only the answer knows, from `completion` (the same fields completeLogs sets). */
function completed(log: AuditLogRecord, completion: AuditLogRecord): AuditLogRecord {
  const actionDuration = completion.actions[0]?.executionDuration;
  return {
    ...log,
    httpStatusCode: completion.httpStatusCode,
    executionDuration: completion.executionDuration,
    exceptions: completion.exceptions,
    comments: completion.comments ?? log.comments,
    extraProperties: { ...log.extraProperties, ...completion.extraProperties },
    actions: log.actions.map((action) => ({ ...action, executionDuration: actionDuration ?? action.executionDuration })),
  };
}

/**
 * Expands outbox rows into the audit tables and deletes them, in one transaction: at most `limit`
 * rows (oldest first), or the rows `ids`; rows another instance is expanding are skipped (`FOR
 * UPDATE SKIP LOCKED`), and so are the ids in `skip`. A completion in `completions` (queued by the
 * capture after the answer) whose row is among them is applied as the log is inserted, and taken
 * out of the map; a row whose log is in audit_logs already (a later transaction of the request)
 * adds its changes to it, and its completion, if any, updates it. Returns the ids expanded.
 */
export async function expandAuditOutbox(
  db: Db,
  options: { limit: number; ids?: string[]; skip?: ReadonlySet<string>; completions?: Map<string, AuditLogRecord> },
): Promise<string[]> {
  const taken: AuditLogRecord[] = [];
  try {
    return await db.transaction(async (tx) => {
      const where = [
        options.ids ? sql`id in ${uuids(options.ids)}` : sql`true`,
        options.skip?.size ? sql`id not in ${uuids([...options.skip])}` : sql`true`,
      ];
      const result = await tx.execute(sql`select id, tenant_id, payload from ${auditOutbox}
        where ${sql.join(where, sql` and `)} order by created_at limit ${options.limit} for update skip locked`);
      const rows = (result as unknown as { rows: { id: string; tenant_id: string | null; payload: AuditOutboxPayload | string }[] }).rows;
      if (!rows.length) return [];
      const logRows: LogRow[] = [];
      const logs = new Map<string, AuditLogRecord>();
      const changeRows: ChangeRow[] = [];
      for (const row of rows) {
        const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as AuditOutboxPayload;
        const { record, changes } = fromOutbox(row.id, row.tenant_id, payload);
        // A row without a log (written by hand) leaves its completion to the queue's update.
        const completion = record ? options.completions?.get(row.id) : undefined;
        if (completion) {
          options.completions!.delete(row.id);
          taken.push(completion);
          changes.push(...completion.entityChanges);
        }
        const tenantId = record?.tenantId ?? row.tenant_id;
        if (record) {
          const log = completion ? completed(record, completion) : record;
          logs.set(row.id, log);
          logRows.push(logRowOf(log, row.id));
        }
        changeRowsOf(changes, row.id, tenantId, changeRows);
      }
      const inserted = new Set<string>();
      await insertChunked(logRows, 1000, async (chunk) => {
        for (const id of await insertNewRows(tx, auditLogs, chunk)) inserted.add(id);
      });
      const actionRows: ActionRow[] = [];
      for (const [id, log] of logs) {
        if (inserted.has(id)) for (const action of log.actions) actionRows.push(actionRowOf(action, id, log.tenantId));
      }
      await insertChunked(actionRows, 2000, (chunk) => insertRows(tx, auditLogActions, chunk));
      // A log that was there already (expanded from an earlier row of the request) is completed.
      await insertChunked(
        taken.filter((c) => !inserted.has(c.id!)),
        500,
        (chunk) => completeLogs(tx, chunk),
      );
      await insertChanges(tx, changeRows);
      const ids = rows.map((row) => row.id);
      await tx.execute(sql`delete from ${auditOutbox} where id in ${uuids(ids)}`);
      return ids;
    });
  } catch (error) {
    // Not expanded: the completions wait for the next attempt.
    for (const completion of taken) options.completions?.set(completion.id!, completion);
    throw error;
  }
}

/**
 * Writes queued records in one transaction: new logs are inserted; completions (`stored`) update
 * their log. Returns the completions whose log is not in audit_logs yet (still in the outbox,
 * being expanded by another instance): they wait for a later flush, their changes with them.
 */
async function writeRecords(db: Db, records: AuditLogRecord[]): Promise<AuditLogRecord[]> {
  if (!records.length) return [];
  const logRows: LogRow[] = [];
  const actionRows: ActionRow[] = [];
  const completions: AuditLogRecord[] = [];
  const fresh: AuditLogRecord[] = [];
  for (const record of records) {
    const id = record.id ?? crypto.randomUUID();
    if (record.stored) completions.push(record);
    else {
      fresh.push({ ...record, id });
      logRows.push(logRowOf(record, id));
      for (const action of record.actions) actionRows.push(actionRowOf(action, id, record.tenantId));
    }
  }
  return db.transaction(async (tx) => {
    // Built by hand on the transaction's driver client (plugins/hot-statement.ts, issue 16).
    await insertChunked(logRows, 1000, (chunk) => insertRows(tx, auditLogs, chunk));
    await insertChunked(actionRows, 2000, (chunk) => insertRows(tx, auditLogActions, chunk));
    const applied = new Set<string>();
    await insertChunked(completions, 500, async (chunk) => {
      for (const id of await completeLogs(tx, chunk)) applied.add(id);
    });
    const changeRows: ChangeRow[] = [];
    for (const record of [...fresh, ...completions.filter((c) => applied.has(c.id!))]) {
      changeRowsOf(record.entityChanges, record.id!, record.tenantId, changeRows);
    }
    await insertChanges(tx, changeRows);
    return completions.filter((c) => !applied.has(c.id!));
  });
}

export async function writeAuditLogs(db: Db, records: AuditLogRecord[]): Promise<void> {
  await writeRecords(db, records);
}

/**
 * Completes stored logs with what only the answer knows: status code, durations, exceptions,
 * comments and extra properties. One statement per table; returns the ids of the logs found.
 */
async function completeLogs(tx: Executor, records: AuditLogRecord[]): Promise<string[]> {
  const values = sql.join(
    records.map(
      (r) =>
        sql`(${r.id}::uuid, ${r.httpStatusCode}::int, ${int(r.executionDuration)}::int, ${r.exceptions}::text, ${cut(r.comments, 256)}::text, ${JSON.stringify(r.extraProperties)}::jsonb, ${int(r.actions[0]?.executionDuration ?? 0)}::int)`,
    ),
    sql`, `,
  );
  const result = await tx.execute(sql`update ${auditLogs} as l set
      http_status_code = v.status, execution_duration = v.duration, exceptions = v.exceptions,
      comments = coalesce(v.comments, l.comments), extra_properties = l.extra_properties || v.extra
    from (values ${values}) as v(id, status, duration, exceptions, comments, extra, action_duration)
    where l.id = v.id returning l.id`);
  await tx.execute(sql`update ${auditLogActions} as a set execution_duration = v.action_duration
    from (values ${values}) as v(id, status, duration, exceptions, comments, extra, action_duration)
    where a.audit_log_id = v.id`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
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

/** A completion that finds no log (its outbox row failed to expand, or the log was deleted) waits this many flushes. */
const maxCompletionAttempts = 30;

export function createAuditLogWriter(db: Db, log: FastifyBaseLogger, options: AuditWriterOptions): AuditLogWriter {
  let queue: AuditLogRecord[] = [];
  let droppedSinceLog = 0;
  let flushing: Promise<void> = Promise.resolve();
  let immediate: NodeJS.Immediate | null = null;
  let closed = false;
  // Rows this process committed to the outbox since its last expansion; other instances' rows (or a
  // killed process's, when no instance restarts) are swept every sweepTicks ticks.
  let outboxPending = false;
  let ticks = 0;
  const sweepTicks = Math.max(1, Math.round(30_000 / options.flushIntervalMs));
  // Rows that failed to expand on their own (bad data): left in the outbox for an operator, not retried.
  const skip = new Set<string>();
  const attempts = new WeakMap<AuditLogRecord, number>();
  const pending = new Set<Promise<unknown>>();
  const stats = { written: 0, dropped: 0, failed: 0, queued: 0, expanded: 0 };

  const unavailable = (error: unknown, what: string) => {
    if (!isUnavailable(error)) return false;
    log.warn({ err: error }, `database unavailable: ${what} kept for retry`);
    return true;
  };

  /** Expands the outbox; completions of the rows expanded are taken from the queue. False: database away. */
  const expandOutbox = async (): Promise<boolean> => {
    outboxPending = false;
    for (;;) {
      const completions = new Map<string, AuditLogRecord>();
      for (const record of queue) if (record.stored && record.id) completions.set(record.id, record);
      const offered = [...completions.keys()];
      let ids: string[] = [];
      let more = false;
      try {
        ids = await expandAuditOutbox(db, { limit: options.batchSize, skip, completions });
        more = ids.length >= options.batchSize;
      } catch (error) {
        if (unavailable(error, 'audit outbox')) {
          outboxPending = true;
          return false;
        }
        // One bad row must not hold back the others: expand them one by one (this round only).
        log.error({ err: error }, 'could not expand an audit outbox batch; retrying row by row');
        ids = await expandOneByOne(completions);
      }
      const taken = new Set(offered.filter((id) => !completions.has(id)));
      if (taken.size) {
        queue = queue.filter((record) => !(record.stored && record.id && taken.has(record.id)));
        stats.queued = queue.length;
      }
      stats.expanded += ids.length;
      if (!more) return true;
    }
  };

  const expandOneByOne = async (completions: Map<string, AuditLogRecord>): Promise<string[]> => {
    const result = await db.execute(sql`select id from ${auditOutbox} order by created_at limit ${options.batchSize}`);
    const done: string[] = [];
    for (const { id } of (result as unknown as { rows: { id: string }[] }).rows) {
      if (skip.has(id)) continue;
      try {
        done.push(...(await expandAuditOutbox(db, { limit: 1, ids: [id], completions })));
      } catch (error) {
        skip.add(id);
        stats.failed++;
        log.error({ err: error, outboxId: id }, 'could not expand an audit outbox row; it stays in audit_outbox');
      }
    }
    return done;
  };

  /** Completions whose log is not in audit_logs yet wait for the next flush (bounded). */
  const wait = (records: AuditLogRecord[], waiting: AuditLogRecord[]) => {
    for (const record of records) {
      const count = (attempts.get(record) ?? 0) + 1;
      if (count >= maxCompletionAttempts) {
        stats.failed++;
        log.error({ auditLogId: record.id }, 'audit log completion dropped: its log never appeared');
        continue;
      }
      attempts.set(record, count);
      waiting.push(record);
    }
  };

  const writeBatch = async () => {
    if (droppedSinceLog) {
      log.warn({ dropped: droppedSinceLog }, 'audit log queue full: records dropped');
      droppedSinceLog = 0;
    }
    if (!(await expandOutbox())) return;
    // What is queued now, once: completions still waiting go back to the queue after it.
    let rest = queue;
    queue = [];
    const waiting: AuditLogRecord[] = [];
    try {
      while (rest.length) {
        const batch = rest.slice(0, options.batchSize);
        rest = rest.slice(batch.length);
        stats.queued = queue.length + rest.length;
        try {
          const late = await writeRecords(db, batch);
          stats.written += batch.length - late.length;
          wait(late, waiting);
        } catch (error) {
          if (isUnavailable(error)) {
            // The database is down or restarting: keep the batch (within the bound) for the next flush.
            const all = [...batch, ...rest, ...queue];
            const kept = all.slice(0, options.maxQueueLength);
            rest = [];
            queue = kept;
            stats.dropped += all.length - kept.length;
            log.warn(
              { err: error, kept: kept.length, dropped: all.length - kept.length },
              'database unavailable: audit logs kept for retry',
            );
            return;
          }
          // One bad record must not cost the others: write them one by one.
          for (const record of batch) {
            try {
              const late = await writeRecords(db, [record]);
              if (late.length) wait(late, waiting);
              else stats.written++;
            } catch (single) {
              stats.failed++;
              log.error({ err: single, records: 1 }, 'could not write an audit log');
            }
          }
        }
      }
    } finally {
      queue = [...waiting, ...queue];
      stats.queued = queue.length;
    }
  };

  const flush = () => {
    // Never rejects: a failure is logged, and the next flush tries again.
    flushing = flushing.then(writeBatch).catch((error: unknown) => {
      log.error({ err: error }, 'audit log flush failed');
    });
    return flushing;
  };

  const timer = setInterval(() => {
    ticks++;
    if (queue.length || outboxPending || ticks % sweepTicks === 0) void flush();
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
    noteOutbox() {
      outboxPending = true;
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
