// The ledger's background work, started with its routes and stopped when the server closes:
// - every 5 seconds, expired pending transfers void themselves, each in its own transaction outside
//   the request queue (ADR 0015): the accounts and the chain head are locked as a batch locks them,
//   so a void and a batch are ordered by those locks; one resolved meanwhile is skipped;
// - every hour, Idempotency-Keys older than 24 hours are removed and the invariants are verified
//   over every tenant; a violation is logged as an error with its first finding.
// Every instance may run them: voiding is at most once per pending transfer (unique pending_id).
import { and, asc, isNotNull, lte, notExists, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import { ledgerTransfers } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { pruneIdempotencyKeys } from './idempotency.ts';
import type { LedgerWriter } from './transfer-service.ts';
import { verifyLedger } from './verify.ts';

export const expiryIntervalMs = 5_000;
export const maintenanceIntervalMs = 60 * 60 * 1000;

const resolution = alias(ledgerTransfers, 'resolution');

/** Voids the pending transfers whose timeout has passed; answers how many it voided. */
export async function voidExpiredPendings(ctx: AppContext, writer: LedgerWriter, now = new Date(), limit = 500): Promise<number> {
  const expired = await ctx.db
    .select({ id: ledgerTransfers.id, tenantId: ledgerTransfers.tenantId })
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.kind, 'Pending'),
        isNotNull(ledgerTransfers.timeoutAt),
        lte(ledgerTransfers.timeoutAt, now),
        notExists(ctx.db.select({ one: sql`1` }).from(resolution).where(eq(resolution.pendingId, ledgerTransfers.id))),
      ),
    )
    .orderBy(asc(ledgerTransfers.timeoutAt))
    .limit(limit);
  let voided = 0;
  for (const pending of expired) {
    try {
      await ctx.db.transaction((tx) => writer.voidPending(tx, { tenantId: pending.tenantId, userId: null }, pending.id, null));
      voided++;
    } catch (error) {
      // Posted or voided since it was read: nothing left to do.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return voided;
}

export function startLedgerJobs(ctx: AppContext, writer: LedgerWriter): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = (work: () => Promise<unknown>, what: string) => {
    running = running.then(work).catch((error: unknown) => ctx.log.warn({ err: error }, `ledger ${what} failed`));
  };
  const expiry = setInterval(() => run(() => voidExpiredPendings(ctx, writer), 'pending expiry'), expiryIntervalMs);
  const maintenance = setInterval(
    () =>
      run(async () => {
        await pruneIdempotencyKeys(ctx);
        const result = await verifyLedger(ctx, { tenantId: null, allTenants: true });
        if (!result.isValid) ctx.log.error({ violation: result.violation }, 'ledger invariant violated');
      }, 'maintenance'),
    maintenanceIntervalMs,
  );
  expiry.unref();
  maintenance.unref();
  return {
    async stop() {
      clearInterval(expiry);
      clearInterval(maintenance);
      await running;
    },
  };
}
