// What a list declares to be exportable, and the queries every export runs. Rules:
// - a list export names its columns (a header text key, localized into the caller's language, and
//   the alias of the value in the row), the FROM ... WHERE of the list's own filter function
//   (tenant-scoped, exactly as the list applies it) and the list's own order, so an export holds
//   exactly the rows the list shows for the same filter, across all pages;
// - the sorting is checked when the export starts (a bad one is a 400 then, not a failed job later);
// - rows leave the database in batches through a cursor, never as one result: on PostgreSQL inside
//   a transaction on its own pooled connection, on PGlite (one connection) a WITH HOLD cursor, so
//   other requests run between two batches instead of waiting for the whole export; one query is
//   one snapshot, so a file never mixes two states of the data;
// - every kind is registered once (registerListExport), so any instance can check, when a job is
//   followed or downloaded, that its creator still holds the list's permissions.
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { CellValue } from './cells.ts';

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportColumn {
  /** The header's text key ("Resource::Key"), localized into the language of the request. */
  header: string;
  /** The alias of the value in the query's select list. */
  key: string;
  width: number;
}

export interface ListExport<F = Record<string, unknown>> {
  /** The job kind and the file name's stem ("Roles" -> Roles_20260101-120000.csv). */
  kind: string;
  sheetName: string;
  columns: ExportColumn[];
  /** Every one is needed to export the list and to follow or download its jobs. */
  permissions: string[];
  /** A feature the tenant must have on (checked with the permissions). */
  feature?: string;
  /** The SELECT of every row to export, in the list's order; column aliases are the columns' keys. */
  query(tenantId: string | null, filter: F): SQL;
  /** FROM ... WHERE ... alone, for counting. */
  from(tenantId: string | null, filter: F): SQL;
  /** Turns a raw database row into cells (numbers parsed, codes named); identity by default. */
  toRow?(raw: Record<string, unknown>): Record<string, CellValue>;
}

const registry = new Map<string, ListExport<never>>();

/** Declares an export; its kind must be unique. */
export function registerListExport<F>(definition: ListExport<F>): ListExport<F> {
  const known = registry.get(definition.kind);
  if (known && known !== (definition as unknown)) throw new Error(`Two list exports named ${definition.kind}`);
  registry.set(definition.kind, definition as unknown as ListExport<never>);
  return definition;
}

export const listExportOf = (kind: string): ListExport<unknown> | undefined => registry.get(kind) as ListExport<unknown> | undefined;

/** `expression as "alias", ...` */
export const selectList = (entries: Array<[string, SQL | AnyPgColumn]>) =>
  sql.join(
    entries.map(([alias, expression]) => sql`${expression} as ${sql.identifier(alias)}`),
    sql`, `,
  );

/** SELECT entries FROM ... WHERE ... ORDER BY order: a list query as one SQL statement. */
export const listQuery = (entries: Array<[string, SQL | AnyPgColumn]>, from: SQL, order: SQL[]) =>
  sql`select ${selectList(entries)} ${from} order by ${sql.join(order, sql`, `)}`;

/** UTC time as sortable text, the way the files show times. */
export const utcText = (column: AnyPgColumn | SQL) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;

type Executor = Pick<AppContext['db'], 'execute'>;

/** Both drivers answer raw queries with `{ rows }`; the shared Db type does not say so. */
export async function rowsOf<T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** How many rows match, counting at most `cap + 1` of them (enough to choose how to answer). */
export async function cappedCount(db: Executor, from: SQL, cap: number): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(db, sql`select count(*)::int as count from (select 1 ${from} limit ${cap + 1}) capped`);
  return Number(row?.count ?? 0);
}

export async function exactCount(db: Executor, from: SQL): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(db, sql`select count(*)::int as count ${from}`);
  return Number(row?.count ?? 0);
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
  const cursor = sql.identifier(`list_export_${process.pid}_${cursorCounter}`);
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
