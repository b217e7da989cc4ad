// Periodic pruning of the identity server's storage: expired oidc_payloads rows (codes, tokens,
// sessions, interactions, grants) and finished rate-limit windows. Every instance may run it; the
// deletes are idempotent. Started by the identity server plugin, stopped by its close().
import { lt } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { oidcPayloads } from '../db/schema/index.ts';
import { pruneRateLimits } from '../identity-server/rate-limit.ts';

export const pruneIntervalMs = 10 * 60 * 1000;

export async function pruneOidcStorage(ctx: AppContext): Promise<number> {
  const removed = await ctx.db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date())).returning({ id: oidcPayloads.id });
  await pruneRateLimits(ctx);
  return removed.length;
}

export function startOidcPruneJob(ctx: AppContext): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = pruneOidcStorage(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, 'oidc storage pruning failed'));
  }, pruneIntervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
