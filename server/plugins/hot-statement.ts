// A prepared statement of the per-request hot path (the caller check of every authenticated
// request, the plain user list), run straight on the driver. The SQL, its parameters and the row
// shape are Drizzle's, built once from the same query builder; what is skipped per request is
// Drizzle's execution path: placeholder filling through entity checks, tracing spans, the query
// cache hook and its generic row mapper, which tests every cell's field kind (issue 16: about 5 % of
// the server's CPU for these two statements). Values are decoded as Drizzle decodes them: the same
// driver type parsers (timestamps as text), then each column's own mapFromDriverValue.
import type { PGlite } from '@electric-sql/pglite';
import { Column, getTableColumns, getTableName, is, Param, Placeholder, SQL, sql, Table } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/client.ts';

type Decode = (value: unknown) => unknown;
interface Leaf {
  path: string[];
  /** Null when the column's decoder gives the value back unchanged (Column's own, text and the like). */
  decode: Decode | null;
}

const same: Decode = (value) => value;

/** The selection's leaves in Drizzle's order (its orderSelectedFields: keys in order, depth first). */
function leavesOf(selection: Record<string, unknown>, path: string[] = []): Leaf[] {
  const leaves: Leaf[] = [];
  for (const [key, field] of Object.entries(selection)) {
    const at = [...path, key];
    if (is(field, Column)) {
      const unchanged = field.mapFromDriverValue === Column.prototype.mapFromDriverValue;
      leaves.push({ path: at, decode: unchanged ? null : (value) => field.mapFromDriverValue(value) });
    } else if (is(field, SQL) || is(field, SQL.Aliased)) {
      // A SQL field's decoder (sql<T>`...`.mapWith(); by default the value as the driver gives it).
      const { decoder } = (is(field, SQL) ? field : field.sql) as unknown as { decoder: { mapFromDriverValue: Decode } };
      leaves.push({ path: at, decode: (value) => decoder.mapFromDriverValue(value) });
    } else if (is(field, Table)) leaves.push(...leavesOf(getTableColumns(field), at));
    else if (field && typeof field === 'object') leaves.push(...leavesOf(field as Record<string, unknown>, at));
    else throw new Error(`hot statement: unsupported field ${at.join('.')}`);
  }
  return leaves;
}

/** Maps an array-mode row to the selection's shape (one or two levels, as the callers select). */
function rowMapper<T>(leaves: Leaf[]): (row: unknown[]) => T {
  const nested = [...new Set(leaves.filter((leaf) => leaf.path.length === 2).map((leaf) => leaf.path[0]!))];
  if (leaves.some((leaf) => leaf.path.length > 2)) throw new Error('hot statement: selections nest one level at most');
  return (row) => {
    const result: Record<string, unknown> = {};
    for (const name of nested) result[name] = {};
    for (let i = 0; i < leaves.length; i += 1) {
      const { path, decode } = leaves[i]!;
      const raw = row[i];
      const value = raw === null || raw === undefined ? null : decode ? decode(raw) : raw;
      if (path.length === 1) result[path[0]!] = value;
      else (result[path[0]!] as Record<string, unknown>)[path[1]!] = value;
    }
    return result as T;
  };
}

/** How each parameter gets its value: a constant, or a named placeholder (through its column's encoder). */
function parameterFillers(params: unknown[]): Array<(values: Record<string, unknown>) => unknown> {
  return params.map((param) => {
    if (is(param, Placeholder)) return (values) => values[param.name];
    if (is(param, Param) && is(param.value, Placeholder)) {
      const { name } = param.value;
      const encoder = param.encoder as { mapToDriverValue(value: unknown): unknown };
      return (values) => encoder.mapToDriverValue(values[name]);
    }
    return () => param;
  });
}

// The type parsers Drizzle's drivers use (drizzle-orm node-postgres and pglite sessions): dates,
// times and intervals (and their arrays, and numeric[]) stay text; the columns decode them.
const textTypes = new Set([1114, 1184, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);

interface BuiltQuery {
  toSQL(): { sql: string; params: unknown[] };
}

export interface HotStatement<T> {
  execute(values: Record<string, unknown>): Promise<T[]>;
}

/**
 * The query, built by Drizzle from `selection` (the object given to its select()), as a prepared
 * statement named `name` (on PostgreSQL parsed once per connection; PGlite has one connection and
 * no named statements through its API, as with Drizzle). Rows come back in the selection's shape,
 * as Drizzle returns them.
 *
 * After five runs PostgreSQL may keep a generic plan, chosen with the statistics of that moment: on
 * a table of three rows, read the tenant and sort it. ANALYZE replans it (autovacuum's, every 10 %
 * of growth), so a stale plan lasts until the next one after a bulk growth (an import of thousands
 * of users: up to autovacuum's minute). Planning every run instead (`plan_cache_mode =
 * force_custom_plan`) cost 0.3–0.4 ms per plain list page (bench/request-breakdown.ts, 2026-12-06),
 * on every request, so the default stays. The ledger's batch does not name its statements for this
 * reason (bench/README.md, "Named statements").
 */
export function hotStatement<T>(database: Database, name: string, selection: Record<string, unknown>, query: BuiltQuery): HotStatement<T> {
  const { sql: text, params } = query.toSQL();
  const fillers = parameterFillers(params);
  const map = rowMapper<T>(leavesOf(selection));
  const valuesOf = (values: Record<string, unknown>) => fillers.map((fill) => fill(values));
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'postgres') {
    const pool = client as pg.Pool;
    const types = {
      getTypeParser: (id: number, format?: 'text' | 'binary') => (textTypes.has(id) ? same : pg.types.getTypeParser(id, format)),
    };
    return {
      async execute(values) {
        const result = await pool.query<unknown[]>({
          name,
          text,
          values: valuesOf(values),
          rowMode: 'array',
          types,
        } as pg.QueryArrayConfig);
        return result.rows.map(map);
      },
    };
  }
  const pglite = client as PGlite;
  const parsers = Object.fromEntries([...textTypes].map((id) => [id, same]));
  return {
    async execute(values) {
      const result = await pglite.query<unknown[]>(text, valuesOf(values), { rowMode: 'array', parsers });
      return result.rows.map(map);
    },
  };
}

interface InsertColumn {
  key: string;
  column: Column;
}
const insertColumns = new WeakMap<Table, { columns: InsertColumn[]; head: string }>();

/** The table's insertable columns in Drizzle's order and the statement's head (its `insert into … (…)`). */
function insertShape(table: Table) {
  let shape = insertColumns.get(table);
  if (!shape) {
    const columns = Object.entries(getTableColumns(table))
      // Generated columns are left out, as Drizzle leaves them (Column#shouldDisableInsert, internal).
      .filter(([, column]) => !(column as unknown as { shouldDisableInsert(): boolean }).shouldDisableInsert())
      .map(([key, column]) => ({ key, column }));
    const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
    shape = {
      columns,
      head: `insert into ${quote(getTableName(table))} (${columns.map(({ column }) => quote(column.name)).join(', ')})`,
    };
    insertColumns.set(table, shape);
  }
  return shape;
}

/**
 * Inserts plain rows into a table (no schema) as `tx.insert(table).values(rows)` does, built by hand:
 * the same columns in the same order, each value through its column's mapToDriverValue, a missing
 * one from the column's $defaultFn or `default` as Drizzle would. Straight to the driver's client of
 * the transaction when there is one (as writeAuditOutbox does); otherwise, or when a value is a SQL
 * expression, through Drizzle. For the audit writer's batches (issue 16: Drizzle's statement
 * building, an entity check per value, was about 9 % of the server's CPU under the list benchmark).
 */
export async function insertRows(tx: unknown, table: Table, rows: Array<Record<string, unknown>>): Promise<void> {
  if (!rows.length) return;
  await insertBuilt(tx, table, rows, '', () => (tx as DrizzleInsert).insert(table).values(rows));
}

/**
 * insertRows, but a row whose primary key `id` is there already is skipped (`on conflict (id) do
 * nothing`, as Drizzle's onConflictDoNothing): the ids of the rows inserted.
 */
export async function insertNewRows(tx: unknown, table: Table, rows: Array<Record<string, unknown>>): Promise<string[]> {
  if (!rows.length) return [];
  const inserted = (await insertBuilt(tx, table, rows, ' on conflict (id) do nothing returning id', () =>
    (tx as DrizzleInsert)
      .insert(table)
      .values(rows)
      .onConflictDoNothing({ target: (table as unknown as { id: Column }).id })
      .returning({ id: (table as unknown as { id: Column }).id }),
  )) as Array<{ id: string }>;
  return inserted.map((row) => row.id);
}

type DrizzleInsert = {
  insert(table: Table): {
    values(rows: unknown[]): Promise<unknown> & {
      onConflictDoNothing(config: { target: Column }): { returning(fields: { id: Column }): Promise<unknown> };
    };
  };
};

/** The rows of `insert … values … tail`: built by hand on the driver's client, else `drizzle()`'s. */
async function insertBuilt(
  tx: unknown,
  table: Table,
  rows: Array<Record<string, unknown>>,
  tail: string,
  drizzle: () => Promise<unknown>,
): Promise<unknown[]> {
  const client = (tx as { session?: { client?: { query?: unknown } } }).session?.client;
  const viaDrizzle = async () => {
    const result = await drizzle();
    return Array.isArray(result) ? result : [];
  };
  if (!client || typeof client.query !== 'function') return viaDrizzle();
  const { columns, head } = insertShape(table);
  const values: unknown[] = [];
  const tuples: string[] = [];
  for (const row of rows) {
    const cells: string[] = [];
    for (const { key, column } of columns) {
      let value = row[key];
      if (value === undefined) {
        if (column.defaultFn) value = column.defaultFn();
        else if (!column.default && column.onUpdateFn) value = column.onUpdateFn();
        else {
          cells.push('default');
          continue;
        }
      }
      if (is(value, SQL)) return viaDrizzle();
      values.push(value === null || value === undefined ? null : column.mapToDriverValue(value));
      cells.push(`$${values.length}`);
    }
    tuples.push(`(${cells.join(', ')})`);
  }
  const query = client.query as (text: string, values: unknown[]) => Promise<{ rows?: unknown[] }>;
  const result = await query.call(client, `${head} values ${tuples.join(', ')}${tail}`, values);
  return result.rows ?? [];
}

const insertTypes = new WeakMap<Table, string[]>();

/**
 * `tx.insert(table).values(rows)` as `insert … select * from unnest($1::type[], …)`: one array
 * parameter per column, so the statement's text and its number of parameters are the same for any
 * number of rows. Drizzle fills in and types every parameter of a statement with entity checks, and
 * PostgreSQL parses each new statement text; a row per tuple of parameters paid both per row (the
 * ledger's batch, ADR 0031). Every row must give every insertable column (null for none): a missing
 * value would stand for the column's default, which an array cannot carry.
 */
export function insertFromArrays(table: Table, rows: ReadonlyArray<Record<string, unknown>>): SQL {
  const { columns, head } = insertShape(table);
  let types = insertTypes.get(table);
  if (!types) {
    types = columns.map(({ column }) => `${column.getSQLType()}[]`);
    insertTypes.set(table, types);
  }
  const arrays = columns.map(({ key, column }) =>
    rows.map((row) => {
      const value = row[key];
      if (value === undefined) throw new Error(`insertFromArrays: ${getTableName(table)}.${key} missing`);
      return value === null ? null : column.mapToDriverValue(value);
    }),
  );
  const parameters = arrays.map((values, i) => sql`${sql.param(values)}::${sql.raw(types[i]!)}`);
  return sql`${sql.raw(head)} select * from unnest(${sql.join(parameters, sql`, `)})`;
}
