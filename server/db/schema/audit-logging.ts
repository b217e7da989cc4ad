// Tables of the audit-logging area (ABP's AbpAuditLogs, AbpAuditLogActions, AbpEntityChanges; ABP's
// AbpEntityPropertyChanges rows are a jsonb array on their entity change, ADR 0029). Rules:
// - One audit_logs row per audited request; its actions and entity changes hang off it and go with it
//   (ON DELETE CASCADE), so the deleter only deletes audit_logs rows.
// - tenant_id is copied onto every child row (null = host) so tenant-scoped queries need no join.
// - Column lengths follow ABP's constants; the writer truncates longer values instead of failing.
// - Indexes below the tables are tuned by the scale work (bench/audit-logs); the first ones only
//   cover the default list order and the foreign keys the cascade needs.
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { bytea, extraProperties, id, tenantId } from './columns.ts';

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    tenantId: tenantId(),
    applicationName: varchar('application_name', { length: 96 }),
    userId: uuid('user_id'),
    userName: varchar('user_name', { length: 256 }),
    tenantName: varchar('tenant_name', { length: 64 }),
    impersonatorUserId: uuid('impersonator_user_id'),
    impersonatorUserName: varchar('impersonator_user_name', { length: 256 }),
    impersonatorTenantId: uuid('impersonator_tenant_id'),
    impersonatorTenantName: varchar('impersonator_tenant_name', { length: 64 }),
    executionTime: timestamp('execution_time', { withTimezone: true, mode: 'date' }).notNull(),
    executionDuration: integer('execution_duration').notNull(),
    clientIpAddress: varchar('client_ip_address', { length: 64 }),
    clientName: varchar('client_name', { length: 128 }),
    clientId: varchar('client_id', { length: 64 }),
    correlationId: varchar('correlation_id', { length: 64 }),
    browserInfo: varchar('browser_info', { length: 512 }),
    httpMethod: varchar('http_method', { length: 16 }),
    url: varchar('url', { length: 256 }),
    exceptions: text('exceptions'),
    comments: varchar('comments', { length: 256 }),
    httpStatusCode: integer('http_status_code'),
    extraProperties: extraProperties(),
  },
  // One index per list filter that can be selective, each ending in (execution_time desc, id) so
  // the first page in the default order is read straight off it; chosen with EXPLAIN on 1,000,000
  // rows (docs/adr/0006-audit-log-counting.md). Not indexed on purpose: client id (a handful of
  // values, the time index finds them at once). URL 'contains' uses a trigram index that custom
  // migrations (0006, 0008) create where pg_trgm exists (PostgreSQL, and PGlite with its contrib
  // loaded); drizzle does not manage it.
  (t) => [
    // The default order; execution_duration last lets the per-day average read the index only.
    index('audit_logs_tenant_time_idx').on(t.tenantId, t.executionTime.desc().nullsFirst(), t.id, t.executionDuration),
    index('audit_logs_tenant_user_time_idx').on(t.tenantId, t.userName, t.executionTime.desc().nullsFirst(), t.id),
    index('audit_logs_tenant_status_time_idx').on(t.tenantId, t.httpStatusCode, t.executionTime.desc().nullsFirst(), t.id),
    index('audit_logs_tenant_method_time_idx').on(t.tenantId, t.httpMethod, t.executionTime.desc().nullsFirst(), t.id),
    // Method and status together (e.g. failed POSTs): the first page straight off it, and an exact
    // count of a rare combination from the index alone instead of re-reading every row of the status.
    index('audit_logs_tenant_method_status_time_idx').on(
      t.tenantId,
      t.httpMethod,
      t.httpStatusCode,
      t.executionTime.desc().nullsFirst(),
      t.id,
    ),
    index('audit_logs_tenant_application_time_idx').on(t.tenantId, t.applicationName, t.executionTime.desc().nullsFirst(), t.id),
    index('audit_logs_tenant_client_ip_time_idx').on(t.tenantId, t.clientIpAddress, t.executionTime.desc().nullsFirst(), t.id),
    index('audit_logs_tenant_correlation_idx').on(t.tenantId, t.correlationId),
    // Sorting by duration or URL (spec 2.6 columns): the column, then (execution_time desc, id) as
    // the tie-breakers every sortable index ends in, so any page, however deep, is read off the
    // index in order (docs/adr/0021-audit-log-daily-statistics.md, issue 22).
    index('audit_logs_tenant_duration_time_idx').on(t.tenantId, t.executionDuration, t.executionTime.desc().nullsFirst(), t.id),
    index('audit_logs_tenant_url_time_idx').on(t.tenantId, t.url, t.executionTime.desc().nullsFirst(), t.id),
    // hasException=true: about one log in ten; the predicate is the filter's own "exceptions <> ''".
    index('audit_logs_tenant_exception_time_idx')
      .on(t.tenantId, t.executionTime.desc().nullsFirst(), t.id)
      .where(sql`${t.exceptions} <> ''`),
  ],
);

export const auditLogActions = pgTable(
  'audit_log_actions',
  {
    id: id(),
    auditLogId: uuid('audit_log_id')
      .notNull()
      .references(() => auditLogs.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    serviceName: varchar('service_name', { length: 256 }),
    methodName: varchar('method_name', { length: 128 }),
    parameters: varchar('parameters', { length: 2000 }),
    executionTime: timestamp('execution_time', { withTimezone: true, mode: 'date' }).notNull(),
    executionDuration: integer('execution_duration').notNull(),
    extraProperties: extraProperties(),
  },
  (t) => [index('audit_log_actions_audit_log_idx').on(t.auditLogId)],
);

export const entityChanges = pgTable(
  'entity_changes',
  {
    id: id(),
    auditLogId: uuid('audit_log_id')
      .notNull()
      .references(() => auditLogs.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    changeTime: timestamp('change_time', { withTimezone: true, mode: 'date' }).notNull(),
    /** 0 Created, 1 Updated, 2 Deleted (spec 9). */
    changeType: smallint('change_type').notNull(),
    entityTenantId: uuid('entity_tenant_id'),
    entityId: varchar('entity_id', { length: 128 }),
    entityTypeFullName: varchar('entity_type_full_name', { length: 128 }).notNull(),
    extraProperties: extraProperties(),
    /** Its property changes, ordered by property name (ADR 0029: one row, not one per property). */
    propertyChanges: jsonb('property_changes').$type<StoredPropertyChange[]>().notNull().default([]),
  },
  (t) => [
    index('entity_changes_audit_log_idx').on(t.auditLogId),
    index('entity_changes_tenant_time_idx').on(t.tenantId, t.changeTime.desc().nullsFirst(), t.id),
    // Full change history (entity id + type) and the entity id filter.
    index('entity_changes_tenant_entity_idx').on(t.tenantId, t.entityId, t.entityTypeFullName, t.changeTime.desc().nullsFirst(), t.id),
    index('entity_changes_tenant_type_time_idx').on(t.tenantId, t.entityTypeFullName, t.changeTime.desc().nullsFirst(), t.id),
    index('entity_changes_tenant_change_type_time_idx').on(t.tenantId, t.changeType, t.changeTime.desc().nullsFirst(), t.id),
  ],
);

/**
 * One property change as stored in `entity_changes.property_changes` (ADR 0029): ABP's
 * EntityPropertyChange without the ids, which are its entity change's (tenant, change) and, for
 * the property's own id, derived from the change's id and its position (audit-log-repository.ts).
 */
export interface StoredPropertyChange {
  propertyName: string;
  propertyTypeFullName: string;
  originalValue: string | null;
  newValue: string | null;
}

/**
 * The transactional outbox of audit logs (ADR 0010). A request's transaction that changed something
 * inserts (or, for a later transaction of the same request, merges into) one row keyed by the
 * request's audit log id: payload holds the log as known then, its action and the entity changes.
 * The batched writer (server/audit/writer.ts) expands rows into audit_logs, audit_log_actions and
 * entity_changes and deletes them in one transaction. Besides the
 * primary key, one index: the writer takes the oldest rows, and without it every take read the
 * whole heap, which for a queue is mostly rows already deleted (bench/README, "The audit outbox as
 * a queue"); one small btree insert on the request's path buys a take that skips them.
 */
export const auditOutbox = pgTable(
  'audit_outbox',
  {
    /** The id the audit log gets in audit_logs. */
    id: uuid('id').primaryKey(),
    tenantId: tenantId(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('audit_outbox_created_at_idx').on(t.createdAt)],
);

/**
 * The per-tenant, per-UTC-day rollup the dashboard statistics read for closed days (ADR 0021).
 * Append-only deltas: statement-level triggers on audit_logs (migration 0025) add one row per
 * (tenant, day) that a statement touched (insert +, delete -, update new - old), in the
 * statement's own transaction, so every writer (batch writer, deleter, seed) keeps it right and
 * no row is ever updated by two transactions. compactAuditLogDailyStats (server/audit/daily-stats.ts)
 * folds a closed day's rows into one. A day's figures are the sums of its rows.
 */
export const auditLogDailyStats = pgTable(
  'audit_log_daily_stats',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    day: date('day', { mode: 'string' }).notNull(),
    logCount: bigint('log_count', { mode: 'number' }).notNull(),
    /** Logs with exceptions (exceptions <> ''), as the error-rate statistic counts them. */
    failedCount: bigint('failed_count', { mode: 'number' }).notNull(),
    durationSum: bigint('duration_sum', { mode: 'number' }).notNull(),
    durationCount: bigint('duration_count', { mode: 'number' }).notNull(),
  },
  (t) => [index('audit_log_daily_stats_tenant_day_idx').on(t.tenantId, t.day)],
);

/** One row per run of the expired audit log deleter (server/jobs/audit-log-deleter.ts). */
export const auditLogDeleterRuns = pgTable('audit_log_deleter_runs', {
  id: id(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  deletedCount: integer('deleted_count').notNull().default(0),
  error: text('error'),
  extraProperties: jsonb('extra_properties').$type<Record<string, unknown>>().notNull().default({}),
});

/**
 * Exports of any list (server/jobs/list-export.ts; the audit-log export job, generalised). The row is
 * the job's shared state, so any server instance can answer its progress; the finished file lives in
 * export_file_chunks until expiresAt, after which the row and the file are removed. Only the creating
 * user (and tenant) may read either. kind names the list ('AuditLogs', 'Roles', ...), format the file
 * ('csv' or 'xlsx'), culture the language of the header line; fileSize is set on completion.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: id(),
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    kind: varchar('kind', { length: 64 }).notNull(),
    format: varchar('format', { length: 8 }).notNull().default('xlsx'),
    culture: varchar('culture', { length: 16 }).notNull().default('en'),
    /** 'Queued', 'Running', 'Completed' or 'Failed'. */
    status: varchar('status', { length: 16 }).notNull(),
    filter: jsonb('filter').$type<Record<string, unknown>>().notNull().default({}),
    totalRows: integer('total_rows'),
    processedRows: integer('processed_rows').notNull().default(0),
    fileName: varchar('file_name', { length: 128 }).notNull(),
    error: text('error'),
    creationTime: timestamp('creation_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Written with each progress step: a Running job whose heartbeat stopped was lost with its instance. */
    heartbeatTime: timestamp('heartbeat_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    completionTime: timestamp('completion_time', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Bytes of the finished file (the sum of its chunks); null until the job completes. */
    fileSize: bigint('file_size', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('export_jobs_file_name_key').on(t.fileName),
    index('export_jobs_expires_idx').on(t.expiresAt),
    index('export_jobs_user_idx').on(t.userId),
  ],
);

/**
 * The file of an export job, in the database so that every instance serves the download: chunks of
 * at most 1 MiB numbered from 0, so writing or serving a file of any size holds one chunk in memory.
 * tenant_id is the job's. The chunks go with their job (ON DELETE CASCADE): pruning an expired job
 * removes its file.
 */
export const exportFileChunks = pgTable(
  'export_file_chunks',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => exportJobs.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] }), index('export_file_chunks_tenant_idx').on(t.tenantId)],
);

/** The audit-log exports' job table was generalised into export_jobs; the old name stays for its callers. */
export const auditLogExportJobs = exportJobs;
