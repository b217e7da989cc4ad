// Idempotency-Key for every money-moving request (finance-domain.md "Idempotency"). Rules:
// - a key lives per tenant and route (the route pattern: POST /api/app/ledger-transfer/:id/post);
//   the request it stands for is the fingerprint of its path parameters and body (canonical JSON,
//   so key order does not matter);
// - the key's row is inserted FIRST in the very transaction that makes the effect, and the answer
//   is written into it before that transaction commits: the effect and the key commit together or
//   not at all. A concurrent request with the same key blocks on the row's unique index until the
//   first commits, then finds it and answers the first answer again (status and body); if the first
//   rolls back, the waiting one makes the effect itself. So N parallel requests make one effect;
// - a refused request (4xx) leaves no key: nothing happened, and a retry after fixing the cause
//   runs again (ADR 0013);
// - the same key with another fingerprint answers 409; keys are removed after 24 hours at the
//   earliest (the ledger's maintenance job).
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { ledgerIdempotencyKeys } from '../../db/schema/index.ts';
import type { Tx } from '../identity/user-repository.ts';
import { ledgerErrors } from './errors.ts';

export const idempotencyRetentionMs = 24 * 60 * 60 * 1000;
const hostKey = '00000000-0000-0000-0000-000000000000';
export const tenantKeyOf = (tenantId: string | null) => tenantId ?? hostKey;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
}

export const fingerprintOf = (request: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(canonical(request)))
    .digest('hex');

export interface IdempotentRequest {
  tenantId: string | null;
  route: string;
  key: string;
  /** Path parameters and body: what makes two requests "the same". */
  request: unknown;
}

class Replay {
  readonly row: typeof ledgerIdempotencyKeys.$inferSelect;
  constructor(row: typeof ledgerIdempotencyKeys.$inferSelect) {
    this.row = row;
  }
}

/** Runs `effect` in a transaction at most once per key; answers the stored answer for a repeat. */
export async function idempotent<T>(ctx: AppContext, input: IdempotentRequest, effect: (tx: Tx) => Promise<T>): Promise<T> {
  const fingerprint = fingerprintOf(input.request);
  const where = and(
    eq(ledgerIdempotencyKeys.tenantKey, tenantKeyOf(input.tenantId)),
    eq(ledgerIdempotencyKeys.route, input.route),
    eq(ledgerIdempotencyKeys.key, input.key),
  );
  const replay = (row: typeof ledgerIdempotencyKeys.$inferSelect): T => {
    if (row.fingerprint !== fingerprint) throw ledgerErrors.idempotencyKeyReused(input.key);
    return JSON.parse(row.response ?? 'null') as T;
  };
  const [known] = await ctx.db.select().from(ledgerIdempotencyKeys).where(where);
  if (known) return replay(known);
  try {
    return await ctx.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(ledgerIdempotencyKeys)
        .values({ tenantKey: tenantKeyOf(input.tenantId), route: input.route, key: input.key, fingerprint })
        .onConflictDoNothing()
        .returning({ key: ledgerIdempotencyKeys.key });
      if (!inserted.length) {
        // Another request with this key committed while this one waited on the index.
        const [row] = await tx.select().from(ledgerIdempotencyKeys).where(where);
        throw new Replay(row!);
      }
      const answer = await effect(tx);
      await tx
        .update(ledgerIdempotencyKeys)
        .set({ statusCode: 200, response: JSON.stringify(answer) })
        .where(where);
      return answer;
    });
  } catch (error) {
    if (error instanceof Replay) return replay(error.row);
    throw error;
  }
}

/** Removes keys older than the retention; answers how many. */
export async function pruneIdempotencyKeys(ctx: AppContext, now = new Date()): Promise<number> {
  const removed = await ctx.db
    .delete(ledgerIdempotencyKeys)
    .where(lt(ledgerIdempotencyKeys.creationTime, new Date(now.getTime() - idempotencyRetentionMs)))
    .returning({ key: ledgerIdempotencyKeys.key });
  return removed.length;
}
