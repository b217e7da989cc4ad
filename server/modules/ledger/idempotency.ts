// Idempotency-Key for every money-moving request (finance-domain.md "Idempotency"). Rules:
// - a key lives per tenant and route (the route pattern: POST /api/app/ledger-transfer/:id/post);
//   the request it stands for is the fingerprint of its path parameters and body (canonical JSON,
//   so key order does not matter);
// - the key's row is inserted FIRST in the very transaction that makes the effect (the ledger's
//   group commit writes many requests in one transaction, ADR 0015: their keys in one statement, in
//   a fixed order), and the answer is written into it before that transaction commits: the effect
//   and the key commit together or not at all. A concurrent request with the same key blocks on the
//   row's unique index until the first commits, then finds it and answers the first answer again
//   (status and body); if the first rolls back, the waiting one makes the effect itself. So N
//   parallel requests make one effect;
// - a refused request (4xx) leaves no key (its row is deleted in the same transaction): nothing
//   happened, and a retry after fixing the cause runs again (ADR 0013);
// - the same key with another fingerprint answers 409; keys are removed after 24 hours at the
//   earliest (the ledger's maintenance job).
import { createHash } from 'node:crypto';
import { lt, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { ledgerIdempotencyKeys } from '../../db/schema/index.ts';
import { rowsOf } from '../export/definition.ts';
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

/** A request's claim on its key: inserted first in the effect's transaction. */
export interface IdempotencyClaim {
  route: string;
  key: string;
  fingerprint: string;
}

export const claimOf = (input: IdempotentRequest): IdempotencyClaim => ({
  route: input.route,
  key: input.key,
  fingerprint: fingerprintOf(input.request),
});

/** Same key, same route: one request at a time (a batch never holds two of them). */
export const claimId = (tenantId: string | null, claim: Pick<IdempotencyClaim, 'route' | 'key'>) =>
  `${tenantKeyOf(tenantId)} ${claim.route} ${claim.key}`;

const byRouteAndKey = (a: IdempotencyClaim, b: IdempotencyClaim) =>
  a.route < b.route ? -1 : a.route > b.route ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;

const pairs = (claims: readonly Pick<IdempotencyClaim, 'route' | 'key'>[]) =>
  sql.join(
    claims.map((c) => sql`(${c.route}, ${c.key})`),
    sql`, `,
  );

/**
 * Inserts the keys of `claims` (distinct) in the transaction, in (route, key) order so that two
 * transactions claiming keys in common wait on each other and never deadlock. A key already
 * committed answers its stored answer (or 409 for another fingerprint): the map holds those, by claim.
 */
export async function claimKeys(
  tx: Tx,
  tenantId: string | null,
  claims: readonly IdempotencyClaim[],
): Promise<Map<IdempotencyClaim, { answer: unknown } | { error: Error }>> {
  const replays = new Map<IdempotencyClaim, { answer: unknown } | { error: Error }>();
  if (!claims.length) return replays;
  const tenantKey = tenantKeyOf(tenantId);
  const ordered = [...claims].sort(byRouteAndKey);
  const inserted = await tx
    .insert(ledgerIdempotencyKeys)
    .values(ordered.map((c) => ({ tenantKey, route: c.route, key: c.key, fingerprint: c.fingerprint })))
    .onConflictDoNothing()
    .returning({ route: ledgerIdempotencyKeys.route, key: ledgerIdempotencyKeys.key });
  const mine = new Set(inserted.map((r) => `${r.route} ${r.key}`));
  const known = ordered.filter((c) => !mine.has(`${c.route} ${c.key}`));
  if (!known.length) return replays;
  // Committed by another request while this one waited on the index (or before it came).
  const rows = await rowsOf<{ route: string; key: string; fingerprint: string; response: string | null }>(
    tx,
    sql`select route, key, fingerprint, response from ${ledgerIdempotencyKeys}
        where tenant_key = ${tenantKey} and (route, key) in (${pairs(known)})`,
  );
  const stored = new Map(rows.map((r) => [`${r.route} ${r.key}`, r]));
  for (const claim of known) {
    const row = stored.get(`${claim.route} ${claim.key}`)!;
    replays.set(
      claim,
      row.fingerprint === claim.fingerprint
        ? { answer: JSON.parse(row.response ?? 'null') }
        : { error: ledgerErrors.idempotencyKeyReused(claim.key) },
    );
  }
  return replays;
}

/** The statement storing the answers of the effects made in their keys' rows (null: none). */
export function answersStatement(tenantId: string | null, answers: readonly { claim: IdempotencyClaim; answer: unknown }[]): SQL | null {
  if (!answers.length) return null;
  // Three array parameters whatever the number of answers (the batch's statement, ADR 0031).
  const column = (pick: (a: (typeof answers)[number]) => string) => sql.param(answers.map(pick));
  return sql`update ${ledgerIdempotencyKeys} as k set status_code = 200, response = v.response
    from unnest(${column((a) => a.claim.route)}::text[], ${column((a) => a.claim.key)}::text[],
      ${column((a) => JSON.stringify(a.answer))}::text[]) as v(route, key, response)
    where k.tenant_key = ${tenantKeyOf(tenantId)} and k.route = v.route and k.key = v.key`;
}

/** The statement removing the keys of refused requests (null: none): nothing happened, a retry with the key runs again. */
export function releaseStatement(tenantId: string | null, claims: readonly IdempotencyClaim[]): SQL | null {
  if (!claims.length) return null;
  return sql`delete from ${ledgerIdempotencyKeys} where tenant_key = ${tenantKeyOf(tenantId)} and (route, key) in (${pairs(claims)})`;
}

/** Removes keys older than the retention; answers how many. */
export async function pruneIdempotencyKeys(ctx: AppContext, now = new Date()): Promise<number> {
  const removed = await ctx.db
    .delete(ledgerIdempotencyKeys)
    .where(lt(ledgerIdempotencyKeys.creationTime, new Date(now.getTime() - idempotencyRetentionMs)))
    .returning({ key: ledgerIdempotencyKeys.key });
  return removed.length;
}
