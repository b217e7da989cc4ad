// Routine maintenance of the embedded database. PostgreSQL's autovacuum keeps statistics and the
// visibility map current; PGlite runs no background workers, so without this job its planner works
// from stale row estimates (the audit log counting strategy reads them, ADR 0006) and index-only
// scans fall back to the table (measured: the 30-day audit statistics 1.4 s instead of 80 ms at
// 1M rows). Rules: PGlite only; every few hours, not at start-up (start-up time counts); one run at
// a time; a failure is logged and the next run tries again. VACUUM holds PGlite's single connection
// for its duration (2–3 s at 1M audit logs), the price of the embedded database. The audit outbox,
// a queue, is vacuumed every few minutes on its own (queueVacuumIntervalMs).
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';

export const maintenanceIntervalMs = 6 * 60 * 60 * 1000;
/**
 * The audit outbox is a queue (a row per changing request, deleted within a second): its dead rows
 * are what the writer scans, so it is vacuumed far more often than the rest. Its live rows are few,
 * so this takes milliseconds (on PostgreSQL its autovacuum thresholds do the same, migration 0029).
 */
export const queueVacuumIntervalMs = 5 * 60 * 1000;

export async function runDatabaseMaintenance(ctx: AppContext): Promise<void> {
  if (ctx.database.kind !== 'pglite') return;
  await ctx.db.execute(sql`vacuum (analyze)`);
}

export async function vacuumQueueTables(ctx: AppContext): Promise<void> {
  if (ctx.database.kind !== 'pglite') return;
  await ctx.db.execute(sql`vacuum audit_outbox`);
}

export function startDatabaseMaintenanceJob(
  ctx: AppContext,
  intervalMs = maintenanceIntervalMs,
  queueIntervalMs = queueVacuumIntervalMs,
): { stop(): Promise<void> } {
  if (ctx.database.kind !== 'pglite') return { stop: async () => {} };
  let running: Promise<unknown> = Promise.resolve();
  const every = (ms: number, work: (ctx: AppContext) => Promise<void>) => {
    const timer = setInterval(() => {
      running = running.then(() => work(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, 'database maintenance failed')));
    }, ms);
    timer.unref();
    return timer;
  };
  const timers = [every(intervalMs, runDatabaseMaintenance), every(queueIntervalMs, vacuumQueueTables)];
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await running;
    },
  };
}
