// What the audit-log exports read: the list filters turned into SQL, the rows of each export in the
// requested order, a capped count to choose between answering at once and a background job, and a
// cursor that hands the rows over in batches. Rules:
// - filters, sorting and the tenant limit are the lists' own (audit-log-repository.ts), so an export
//   holds exactly what the list shows, across all pages;
// - rows leave the database in batches through a cursor, never as one result: on PostgreSQL inside
//   a transaction on its own pooled connection, on PGlite (one connection) a WITH HOLD cursor, so
//   other requests run between two batches instead of waiting for the whole export.
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuditLogFilter, EntityChangeFilter } from '../../../contract/audit-logging.ts';
import type { AppContext } from '../../context.ts';
import { auditLogs, entityChanges } from '../../db/schema/index.ts';
import { auditLogConditions, auditLogOrder, entityChangeConditions, entityChangeOrder } from './audit-log-repository.ts';
import type { CellValue, ExportColumn } from './export-xlsx.ts';

export type ExportKind = 'AuditLogs' | 'EntityChanges';
export type ExportFilter = AuditLogFilter | EntityChangeFilter;

/** UTC time as sortable text, the way the spreadsheet shows it. */
const isoText = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;

interface ExportDefinition {
  sheetName: string;
  columns: ExportColumn[];
  /** The SELECT of every row to export, in order; column aliases are the columns' keys. */
  query(tenantId: string | null, filter: ExportFilter): SQL;
  /** FROM … WHERE … alone, for counting. */
  from(tenantId: string | null, filter: ExportFilter): SQL;
  toRow(raw: Record<string, unknown>): Record<string, CellValue>;
}

const selectList = (entries: Array<[string, SQL | unknown]>) =>
  sql.join(
    entries.map(([alias, expression]) => sql`${expression} as ${sql.identifier(alias)}`),
    sql`, `,
  );

const asText = (value: unknown) => (value === null || value === undefined ? null : String(value));
const changeTypeNames = ['Created', 'Updated', 'Deleted'];

export const exportDefinitions: Record<ExportKind, ExportDefinition> = {
  AuditLogs: {
    sheetName: 'AuditLogs',
    columns: [
      { header: 'HTTP status code', key: 'httpStatusCode', width: 10 },
      { header: 'HTTP method', key: 'httpMethod', width: 10 },
      { header: 'URL', key: 'url', width: 60 },
      { header: 'User name', key: 'userName', width: 20 },
      { header: 'Client IP address', key: 'clientIpAddress', width: 18 },
      { header: 'Execution time (UTC)', key: 'executionTime', width: 20 },
      { header: 'Execution duration (ms)', key: 'executionDuration', width: 12 },
      { header: 'Application name', key: 'applicationName', width: 24 },
      { header: 'Client id', key: 'clientId', width: 18 },
      { header: 'Client name', key: 'clientName', width: 18 },
      { header: 'Correlation id', key: 'correlationId', width: 34 },
      { header: 'Browser info', key: 'browserInfo', width: 40 },
      { header: 'Tenant name', key: 'tenantName', width: 16 },
      { header: 'Impersonator', key: 'impersonatorUserName', width: 18 },
      { header: 'Comments', key: 'comments', width: 30 },
      { header: 'Exceptions', key: 'exceptions', width: 60 },
      { header: 'Id', key: 'id', width: 38 },
    ],
    from: (tenantId, filter) => sql`from ${auditLogs} where ${auditLogConditions(tenantId, filter as AuditLogFilter)}`,
    query(tenantId, filter) {
      const order = auditLogOrder(filter.sorting);
      return sql`select ${selectList([
        ['httpStatusCode', auditLogs.httpStatusCode],
        ['httpMethod', auditLogs.httpMethod],
        ['url', auditLogs.url],
        ['userName', auditLogs.userName],
        ['clientIpAddress', auditLogs.clientIpAddress],
        ['executionTime', isoText(auditLogs.executionTime)],
        ['executionDuration', auditLogs.executionDuration],
        ['applicationName', auditLogs.applicationName],
        ['clientId', auditLogs.clientId],
        ['clientName', auditLogs.clientName],
        ['correlationId', auditLogs.correlationId],
        ['browserInfo', auditLogs.browserInfo],
        ['tenantName', auditLogs.tenantName],
        ['impersonatorUserName', auditLogs.impersonatorUserName],
        ['comments', auditLogs.comments],
        ['exceptions', auditLogs.exceptions],
        ['id', auditLogs.id],
      ])} ${this.from(tenantId, filter)} order by ${sql.join(order, sql`, `)}`;
    },
    toRow: (raw) => ({
      ...raw,
      httpStatusCode: raw.httpStatusCode === null ? null : Number(raw.httpStatusCode),
      executionDuration: Number(raw.executionDuration),
    }),
  },
  EntityChanges: {
    sheetName: 'EntityChanges',
    columns: [
      { header: 'Change time (UTC)', key: 'changeTime', width: 20 },
      { header: 'Change type', key: 'changeType', width: 10 },
      { header: 'Tenant id', key: 'tenantId', width: 38 },
      { header: 'Entity id', key: 'entityId', width: 38 },
      { header: 'Entity type full name', key: 'entityTypeFullName', width: 40 },
      { header: 'User name', key: 'userName', width: 20 },
      { header: 'Property changes', key: 'propertyChanges', width: 60 },
      { header: 'Audit log id', key: 'auditLogId', width: 38 },
      { header: 'Id', key: 'id', width: 38 },
    ],
    from: (tenantId, filter) => sql`from ${entityChanges} where ${entityChangeConditions(tenantId, filter as EntityChangeFilter)}`,
    query(tenantId, filter) {
      const order = entityChangeOrder(filter.sorting);
      // One row per change; its property changes as "Name: original -> new" lines.
      return sql`select ${selectList([
        ['changeTime', isoText(entityChanges.changeTime)],
        ['changeType', entityChanges.changeType],
        ['tenantId', entityChanges.tenantId],
        ['entityId', entityChanges.entityId],
        ['entityTypeFullName', entityChanges.entityTypeFullName],
        ['userName', sql`(select a.user_name from audit_logs a where a.id = ${entityChanges.auditLogId})`],
        [
          'propertyChanges',
          sql`(select string_agg(p.property_name || ': ' || coalesce(p.original_value, '') || ' -> ' || coalesce(p.new_value, ''), E'\n' order by p.property_name)
               from entity_property_changes p where p.entity_change_id = ${entityChanges.id})`,
        ],
        ['auditLogId', entityChanges.auditLogId],
        ['id', entityChanges.id],
      ])} ${this.from(tenantId, filter)} order by ${sql.join(order, sql`, `)}`;
    },
    toRow: (raw) => ({
      ...raw,
      changeType: changeTypeNames[Number(raw.changeType)] ?? asText(raw.changeType),
    }),
  },
};

/** How many rows match, counting at most `cap + 1` of them (enough to choose how to answer). */
export async function cappedCount(ctx: AppContext, kind: ExportKind, tenantId: string | null, filter: ExportFilter, cap: number) {
  const from = exportDefinitions[kind].from(tenantId, filter);
  const [row] = await rowsOf<{ count: number }>(ctx.db, sql`select count(*)::int as count from (select 1 ${from} limit ${cap + 1}) capped`);
  return Number(row?.count ?? 0);
}

export async function exactCount(ctx: AppContext, kind: ExportKind, tenantId: string | null, filter: ExportFilter) {
  const from = exportDefinitions[kind].from(tenantId, filter);
  const [row] = await rowsOf<{ count: number }>(ctx.db, sql`select count(*)::int as count ${from}`);
  return Number(row?.count ?? 0);
}

type Executor = Pick<AppContext['db'], 'execute'>;

/** Both drivers answer raw queries with `{ rows }`; the shared Db type does not say so. */
async function rowsOf<T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

let cursorCounter = 0;

/** Runs `query` and hands its rows to `onBatch` `batchSize` at a time, in order. */
export async function forEachBatch(
  ctx: AppContext,
  query: SQL,
  batchSize: number,
  onBatch: (rows: Array<Record<string, unknown>>) => Promise<void>,
): Promise<void> {
  cursorCounter += 1;
  const cursor = sql.identifier(`audit_export_${process.pid}_${cursorCounter}`);
  const fetchNext = sql`fetch forward ${sql.raw(String(batchSize))} from ${cursor}`;
  if (ctx.database.kind === 'postgres') {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`declare ${cursor} no scroll cursor for ${query}`);
      for (;;) {
        const rows = await rowsOf(tx, fetchNext);
        if (rows.length) await onBatch(rows);
        if (rows.length < batchSize) break;
      }
    });
    return;
  }
  await ctx.db.execute(sql`declare ${cursor} no scroll cursor with hold for ${query}`);
  try {
    for (;;) {
      const rows = await rowsOf(ctx.db, fetchNext);
      if (rows.length) await onBatch(rows);
      if (rows.length < batchSize) break;
    }
  } finally {
    await ctx.db.execute(sql`close ${cursor}`).catch(() => {});
  }
}
