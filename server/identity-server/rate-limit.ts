// Sign-in rate limits, stored in rate_limit_hits so every server instance counts the same attempts.
// Rules:
// - five-minute buckets; a key is `ip:<address>:<path>` or `account:<tenant>:<user name>`; the
//   current and the previous bucket both count, so a burst is never forgiven by a bucket boundary
//   (the limit holds over any five minutes, at the price of up to ten minutes of memory);
// - only failed attempts are counted (a user who signs in correctly is never slowed down), and a
//   key at its limit refuses the attempt before the password is even checked;
// - limits: 20 failures per IP and sign-in path, 10 per account, per window.
import { and, gte, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { rateLimitHits } from '../db/schema/index.ts';

export const rateLimitWindowMs = 5 * 60 * 1000;
export const limits = { ip: 20, account: 10 } as const;

const windowStart = (now = Date.now()) => new Date(Math.floor(now / rateLimitWindowMs) * rateLimitWindowMs);

export interface RateLimitKeys {
  ip: string;
  account: string;
}

export function rateLimitKeys(ip: string, path: string, tenantId: string | null, userName: string): RateLimitKeys {
  return { ip: `ip:${ip}:${path.toLowerCase()}`, account: `account:${tenantId ?? 'host'}:${userName.trim().toUpperCase()}`.slice(0, 300) };
}

/** Seconds until the window ends when a key is at its limit; null when the attempt may proceed. */
export async function checkRateLimit(ctx: AppContext, keys: RateLimitKeys): Promise<number | null> {
  const start = windowStart();
  const rows = await ctx.db
    .select({ key: rateLimitHits.key, hits: rateLimitHits.hits })
    .from(rateLimitHits)
    .where(
      and(
        gte(rateLimitHits.windowStart, new Date(start.getTime() - rateLimitWindowMs)),
        sql`${rateLimitHits.key} in (${keys.ip}, ${keys.account})`,
      ),
    );
  const hits = (key: string) => rows.filter((r) => r.key === key).reduce((sum, r) => sum + r.hits, 0);
  if (hits(keys.ip) >= limits.ip || hits(keys.account) >= limits.account) {
    return Math.max(1, Math.ceil((start.getTime() + rateLimitWindowMs - Date.now()) / 1000));
  }
  return null;
}

export async function recordFailure(ctx: AppContext, keys: RateLimitKeys): Promise<void> {
  const start = windowStart();
  for (const key of [keys.ip, keys.account]) {
    await ctx.db
      .insert(rateLimitHits)
      .values({ key, windowStart: start, hits: 1 })
      .onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { hits: sql`${rateLimitHits.hits} + 1` } });
  }
}

export async function pruneRateLimits(ctx: AppContext): Promise<void> {
  await ctx.db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(Date.now() - 2 * rateLimitWindowMs)));
}
