// The per-tenant, per-UTC-day statistics rollup of audit logs (ADR 0021, issue 22). Rules:
// - the database keeps it: migration 0025's statement-level triggers on audit_logs append one
//   delta row per (tenant, day) a statement touched (insert +, delete -, update new - old), in that
//   statement's transaction; the batch writer, the completions, the deleter and the seed need no
//   code for it, and no row is updated in place, so concurrent writers never wait on each other;
// - a day's figures are the sums of its rows; compaction folds each closed day's rows (days before
//   today, UTC) into one and drops days that sum to nothing, in one statement: rows appended while
//   it runs are not in its snapshot and stay, so nothing is lost or counted twice;
// - readers take closed whole days from here and the rest of a range (today, a partial first day)
//   live from audit_logs (audit-log-repository.ts).
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLogDailyStats } from '../db/schema/index.ts';
import { sameTenant } from '../modules/shared/tenancy.ts';

type Executor = Pick<Db, 'execute'>;

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const dayMs = 24 * 60 * 60 * 1000;
/** The start of `at`'s UTC day, in milliseconds. */
export const utcDay = (at: number) => Math.floor(at / dayMs) * dayMs;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface DayFigures {
  /** The start of the UTC day, in milliseconds. */
  day: number;
  logs: number;
  failed: number;
  durationSum: number;
  durationCount: number;
}

/** The rollup's figures of the whole UTC days in [fromDay, toDay) (day starts in ms), days with logs only. */
export async function rolledUpDays(db: Executor, tenantId: string | null, fromDay: number, toDay: number): Promise<DayFigures[]> {
  if (toDay <= fromDay) return [];
  const s = auditLogDailyStats;
  const rows = await rowsOf<{ day: string; logs: string; failed: string; duration_sum: string; duration_count: string }>(
    db,
    sql`select to_char(${s.day}, 'YYYY-MM-DD') as day, sum(${s.logCount}) as logs, sum(${s.failedCount}) as failed,
          sum(${s.durationSum}) as duration_sum, sum(${s.durationCount}) as duration_count
        from ${s}
        where ${sameTenant(s.tenantId, tenantId)} and ${s.day} >= ${isoDay(fromDay)}::date and ${s.day} < ${isoDay(toDay)}::date
        group by ${s.day} having sum(${s.logCount}) > 0 order by ${s.day}`,
  );
  return rows.map((row) => ({
    day: Date.parse(`${row.day}T00:00:00Z`),
    logs: Number(row.logs),
    failed: Number(row.failed),
    durationSum: Number(row.duration_sum),
    durationCount: Number(row.duration_count),
  }));
}

/**
 * Folds every closed day's delta rows (days before `today`, UTC) into one row per (tenant, day), and
 * drops the days that sum to nothing (all their logs deleted). Answers the rows removed and added.
 */
export async function compactAuditLogDailyStats(db: Executor, now = new Date()): Promise<{ removed: number; added: number }> {
  const today = isoDay(utcDay(now.getTime()));
  const nil = sql.raw(`'00000000-0000-0000-0000-000000000000'::uuid`);
  const [row] = await rowsOf<{ removed: number; added: number }>(
    db,
    sql`with crowded as (
          select coalesce(tenant_id, ${nil}) as tenant_key, day from audit_log_daily_stats
          where day < ${today}::date group by 1, 2 having count(*) > 1 or sum(log_count) = 0
        ),
        gone as (
          delete from audit_log_daily_stats s using crowded c
          where coalesce(s.tenant_id, ${nil}) = c.tenant_key and s.day = c.day
          returning s.tenant_id, s.day, s.log_count, s.failed_count, s.duration_sum, s.duration_count
        ),
        added as (
          insert into audit_log_daily_stats (tenant_id, day, log_count, failed_count, duration_sum, duration_count)
          select tenant_id, day, sum(log_count), sum(failed_count), sum(duration_sum), sum(duration_count) from gone
          group by 1, 2 having sum(log_count) <> 0 or sum(failed_count) <> 0 or sum(duration_sum) <> 0 or sum(duration_count) <> 0
          returning 1
        )
        select (select count(*) from gone)::int as removed, (select count(*) from added)::int as added`,
  );
  return { removed: Number(row?.removed ?? 0), added: Number(row?.added ?? 0) };
}
