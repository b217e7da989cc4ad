// Expired audit log deleter (ABP's ExpiredAuditLogDeleterWorker). Rules:
// - it runs every AUDIT_DELETER_INTERVAL_MS, and does anything only while the global setting
//   Volo.AuditLogging.IsPeriodicDeleterEnabled is true;
// - for the host and each tenant whose Volo.AuditLogging.IsExpiredDeleterEnabled resolves to true, it
//   deletes the logs older than today minus Volo.AuditLogging.ExpiredDeleterPeriod days (0 = every log
//   before now, as ABP does); actions and entity changes go with their log (ON DELETE CASCADE);
// - deletes go in batches of AUDIT_DELETER_BATCH_SIZE ids, one short statement each, so no lock is
//   held for long and requests keep writing logs meanwhile;
// - one instance runs at a time: a run is claimed by inserting its audit_log_deleter_runs row in a
//   short transaction serialized by an advisory lock on PostgreSQL; a claimed run younger than an
//   hour that has not finished makes other instances skip (a crashed run's claim expires);
// - each run records when it ran and how many rows it removed, per tenant ('host' for the host), and
//   the settings endpoints show the last run;
// - the daily statistics rollup follows the deletes by itself (migration 0025's triggers subtract
//   each deleted batch in its statement); the job also compacts the rollup's closed days every
//   AUDIT_STATS_COMPACT_INTERVAL_MS (an hour), whether or not the deleter is enabled (ADR 0021).
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { compactAuditLogDailyStats } from '../audit/daily-stats.ts';
import type { AuditOptions } from '../audit/options.ts';
import type { AppContext } from '../context.ts';
import { auditLogDeleterRuns, auditLogs, tenants } from '../db/schema/index.ts';
import { getSettingValue } from '../modules/setting-management/store.ts';
import { sameTenant } from '../modules/shared/tenancy.ts';

const staleClaimMs = 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

export interface DeleterRunResult {
  ran: boolean;
  deletedCount: number;
  byTenant: Record<string, number>;
}

const isTrue = (value: string | null) => value?.toLowerCase() === 'true';

async function claimRun(ctx: AppContext, startedAt: Date): Promise<string | null> {
  return ctx.db.transaction(async (tx) => {
    if (ctx.database.kind === 'postgres') {
      const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(727276) as locked`)) as unknown as {
        rows: Array<{ locked: boolean }>;
      };
      if (!result.rows[0]?.locked) return null;
    }
    const [running] = await tx
      .select({ id: auditLogDeleterRuns.id })
      .from(auditLogDeleterRuns)
      .where(and(isNull(auditLogDeleterRuns.finishedAt), gt(auditLogDeleterRuns.startedAt, new Date(startedAt.getTime() - staleClaimMs))))
      .limit(1);
    if (running) return null;
    const [row] = await tx.insert(auditLogDeleterRuns).values({ startedAt }).returning({ id: auditLogDeleterRuns.id });
    return row!.id;
  });
}

/** Deletes one scope's expired logs in batches; answers the number of audit_logs rows removed. */
async function deleteExpired(ctx: AppContext, tenantId: string | null, before: Date, batchSize: number): Promise<number> {
  let total = 0;
  for (;;) {
    const oldest = ctx.db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(and(sameTenant(auditLogs.tenantId, tenantId), lt(auditLogs.executionTime, before)))
      .limit(batchSize);
    const removed = await ctx.db.delete(auditLogs).where(sql`${auditLogs.id} in (${oldest})`).returning({ id: auditLogs.id });
    total += removed.length;
    if (removed.length < batchSize) return total;
  }
}

/** One run of the deleter; `now` is injectable for tests. */
export async function runAuditLogDeleter(
  ctx: AppContext,
  options: Pick<AuditOptions, 'deleterBatchSize'>,
  now = new Date(),
): Promise<DeleterRunResult> {
  const idle: DeleterRunResult = { ran: false, deletedCount: 0, byTenant: {} };
  if (!isTrue(await getSettingValue(ctx, 'Volo.AuditLogging.IsPeriodicDeleterEnabled', { tenantId: null }))) return idle;
  const runId = await claimRun(ctx, now);
  if (!runId) return idle;
  const byTenant: Record<string, number> = {};
  let deletedCount = 0;
  let error: string | null = null;
  try {
    const tenantRows = await ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.isDeleted, false));
    for (const tenantId of [null, ...tenantRows.map((t) => t.id)]) {
      const scope = { tenantId };
      if (!isTrue(await getSettingValue(ctx, 'Volo.AuditLogging.IsExpiredDeleterEnabled', scope))) continue;
      const period = Math.max(0, Number(await getSettingValue(ctx, 'Volo.AuditLogging.ExpiredDeleterPeriod', scope)) || 0);
      const removed = await deleteExpired(ctx, tenantId, new Date(now.getTime() - period * dayMs), options.deleterBatchSize);
      byTenant[tenantId ?? 'host'] = removed;
      deletedCount += removed;
    }
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
    ctx.log.error({ err: failure }, 'expired audit log deletion failed');
  }
  await ctx.db
    .update(auditLogDeleterRuns)
    .set({ finishedAt: new Date(), deletedCount, error, extraProperties: { byTenant } })
    .where(eq(auditLogDeleterRuns.id, runId));
  if (deletedCount) ctx.log.info({ deletedCount }, 'expired audit logs deleted');
  return { ran: true, deletedCount, byTenant };
}

/** The last finished run as the settings answers show it; the count is the tenant's (or host's) own. */
export async function lastDeleterRun(
  ctx: AppContext,
  tenantId: string | null,
): Promise<{ lastDeleterRunTime: string | null; lastDeleterDeletedCount: number | null }> {
  const [row] = await ctx.db
    .select()
    .from(auditLogDeleterRuns)
    .where(isNotNull(auditLogDeleterRuns.finishedAt))
    .orderBy(desc(auditLogDeleterRuns.finishedAt))
    .limit(1);
  if (!row) return { lastDeleterRunTime: null, lastDeleterDeletedCount: null };
  const byTenant = (row.extraProperties.byTenant ?? {}) as Record<string, number>;
  return { lastDeleterRunTime: row.finishedAt!.toISOString(), lastDeleterDeletedCount: byTenant[tenantId ?? 'host'] ?? 0 };
}

const compactIntervalMs = () => {
  const n = Number(process.env.AUDIT_STATS_COMPACT_INTERVAL_MS);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 60 * 60 * 1000;
};

export function startAuditLogDeleterJob(ctx: AppContext, options: AuditOptions): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const queue = (work: () => Promise<unknown>) => {
    running = running.then(work);
  };
  const timer = setInterval(() => {
    queue(() => runAuditLogDeleter(ctx, options).catch((error: unknown) => ctx.log.warn({ err: error }, 'audit log deleter failed')));
  }, options.deleterIntervalMs);
  timer.unref();
  const compactor = setInterval(() => {
    queue(() =>
      compactAuditLogDailyStats(ctx.db).catch((error: unknown) => ctx.log.warn({ err: error }, 'audit statistics compaction failed')),
    );
  }, compactIntervalMs());
  compactor.unref();
  return {
    async stop() {
      clearInterval(timer);
      clearInterval(compactor);
      await running;
    },
  };
}
