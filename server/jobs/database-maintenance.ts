// Routine maintenance of the embedded database. PostgreSQL's autovacuum keeps statistics and the
// visibility map current; PGlite runs no background workers, so without this job its planner works
// from stale row estimates (the audit log counting strategy reads them, ADR 0006) and index-only
// scans fall back to the table (measured: the 30-day audit statistics 1.4 s instead of 80 ms at
// 1M rows). Rules: PGlite only; every few hours, not at start-up (start-up time counts); one run at
// a time; a failure is logged and the next run tries again. VACUUM holds PGlite's single connection
// for its duration (2–3 s at 1M audit logs), the price of the embedded database.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';

export const maintenanceIntervalMs = 6 * 60 * 60 * 1000;

export async function runDatabaseMaintenance(ctx: AppContext): Promise<void> {
  if (ctx.database.kind !== 'pglite') return;
  await ctx.db.execute(sql`vacuum (analyze)`);
}

export function startDatabaseMaintenanceJob(ctx: AppContext, intervalMs = maintenanceIntervalMs): { stop(): Promise<void> } {
  if (ctx.database.kind !== 'pglite') return { stop: async () => {} };
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() =>
      runDatabaseMaintenance(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, 'database maintenance failed')),
    );
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
