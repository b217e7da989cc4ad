// How the large lists count (audit logs, users: docs/adr/0006-audit-log-counting.md). Rules:
// - a page that is not full tells the total by itself: no count at all;
// - otherwise the planner's estimate decides: at or above exactCountLimit the estimate is the
//   answer (flagged as an estimate), because counting hundreds of thousands of rows costs more than
//   an exact figure is worth on a pager;
// - below it the rows are counted exactly, but at most exactCountLimit + 1 of them and, on
//   PostgreSQL, within countBudgetMs (one statement on a connection whose statement_timeout is the
//   budget: Database.withStatementTimeout); a count that hits the cap or the budget falls back to the
//   estimate (flagged); PGlite, without a statement timeout, counts exactly only up to 1,000;
// - an estimate is never below the rows the caller has already seen (offset + page);
// - the count follows the page (pageWithCount), on both databases: most pages of small tenants are
//   not full and need no count at all, and a full page adds the estimate (and, below the limit,
//   one capped count) after it (issue 16: a count run beside every page cost two round trips more
//   on each short page).
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';

export interface CountOptions {
  exactCountLimit: number;
  countBudgetMs: number;
}

/**
 * PostgreSQL counts up to 10,000 rows within 50 ms. PGlite has no statement timeout, so its exact
 * counts stop at 1,000 rows (measured: a capped count of ~10,000 rows that no index covers took
 * 0.9-1.5 s there).
 */
export const defaultCountOptions = (kind: AppContext['database']['kind']): CountOptions =>
  kind === 'postgres' ? { exactCountLimit: 10_000, countBudgetMs: 50 } : { exactCountLimit: 1_000, countBudgetMs: 50 };

export interface CountResult {
  totalCount: number;
  /** True when totalCount is the planner's estimate rather than an exact count. */
  isEstimate: boolean;
}

type Executor = Pick<AppContext['db'], 'execute'>;

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The planner's row estimate for `select 1 from <table> where …` (no rows are read). */
export async function estimateRows(ctx: AppContext, table: PgTable, where: SQL): Promise<number> {
  const [row] = await rowsOf<Record<string, unknown>>(ctx.db, sql`explain (format json) select 1 from ${table} where ${where}`);
  const raw = row ? Object.values(row)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined;
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

const isTimeout = (error: unknown) => {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return (error as { code?: string })?.code === '57014' || cause?.code === '57014';
};

export async function countRows(
  ctx: AppContext,
  table: PgTable,
  where: SQL,
  page: { offset: number; limit: number; returned: number },
  options: CountOptions = defaultCountOptions(ctx.database.kind),
): Promise<CountResult> {
  const seen = page.offset + page.returned;
  if (page.returned < page.limit && (page.returned > 0 || page.offset === 0)) return { totalCount: seen, isEstimate: false };
  const estimate = await estimateRows(ctx, table, where);
  const estimated = { totalCount: Math.max(estimate, seen), isEstimate: true };
  if (estimate >= options.exactCountLimit) return estimated;
  const capped = sql`select count(*)::int as count from (select 1 from ${table} where ${where} limit ${options.exactCountLimit + 1}) capped`;
  let counted: number;
  if (ctx.database.kind === 'postgres') {
    try {
      // One round trip: the connection carries the budget as its statement_timeout.
      const [row] = await rowsOf<{ count: number }>(ctx.database.withStatementTimeout(options.countBudgetMs), capped);
      counted = Number(row?.count ?? 0);
    } catch (error) {
      if (isTimeout(error)) return estimated;
      throw error;
    }
  } else {
    // PGlite runs one statement at a time in-process: no timeout to lean on, the cap bounds it.
    const [row] = await rowsOf<{ count: number }>(ctx.db, capped);
    counted = Number(row?.count ?? 0);
  }
  if (counted > options.exactCountLimit) return { totalCount: Math.max(estimate, counted, seen), isEstimate: true };
  return { totalCount: counted, isEstimate: false };
}

/**
 * Reads a page, then its total: a page that is not full is counted by itself, without a query (a
 * count started beside the page would cost its round trips on every short page too).
 */
export async function pageWithCount<T>(
  ctx: AppContext,
  table: PgTable,
  where: SQL,
  page: { offset: number; limit: number },
  fetchPage: () => Promise<T[]>,
  options: CountOptions = defaultCountOptions(ctx.database.kind),
): Promise<{ rows: T[] } & CountResult> {
  const rows = await fetchPage();
  return { rows, ...(await countRows(ctx, table, where, { ...page, returned: rows.length }, options)) };
}
