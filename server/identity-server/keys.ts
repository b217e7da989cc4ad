// Signing keys of the identity server. Rules:
// - generated on first start (one RS256 and one ES256 key), stored in signing_keys as sealed
//   (AES-256-GCM) private JWKs, loaded on every later start; the key material never leaves sealed;
// - several instances starting together agree on one key set: generation happens inside a
//   transaction holding an advisory lock, and every instance reloads what the table holds;
// - retired keys (retired_at set) still verify but no longer sign; RS256 signs first (ABP default).
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { signingKeys } from '../db/schema/index.ts';

export interface KeySet {
  /** Private JWKs for oidc-provider's `jwks`, signing order first. */
  privateKeys: JWK[];
  /** Public JWKs (every key, retired ones included) for token verification. */
  publicKeys: JWK[];
}

const algorithms = ['RS256', 'ES256'] as const;

async function generate(alg: (typeof algorithms)[number]): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true, ...(alg === 'RS256' ? { modulusLength: 2048 } : {}) });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, alg, use: 'sig', kid: `${alg.toLowerCase()}-${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}` };
}

const publicPart = (jwk: JWK): JWK => {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...rest } = jwk;
  return rest;
};

export async function loadSigningKeys(ctx: AppContext): Promise<KeySet> {
  await ctx.db.transaction(async (tx) => {
    // Serializes first-start generation across instances sharing one PostgreSQL database.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const existing = await tx.select({ kid: signingKeys.kid }).from(signingKeys).where(isNull(signingKeys.retiredAt));
    const present = new Set(existing.map((row) => row.kid.split('-')[0]));
    for (const alg of algorithms) {
      if (present.has(alg.toLowerCase())) continue;
      const jwk = await generate(alg);
      await tx
        .insert(signingKeys)
        .values({ kid: jwk.kid!, privateJwk: ctx.secrets.seal(JSON.stringify(jwk)) })
        .onConflictDoNothing();
    }
  });
  const rows = await ctx.db.select().from(signingKeys).orderBy(signingKeys.createdAt);
  const all = rows.map((row) => ({ jwk: JSON.parse(ctx.secrets.open(row.privateJwk)) as JWK, retired: row.retiredAt !== null }));
  const active = all.filter((k) => !k.retired).map((k) => k.jwk);
  // oidc-provider signs with the first key of a matching algorithm; RS256 leads.
  active.sort((a, b) => (a.alg === 'RS256' ? 0 : 1) - (b.alg === 'RS256' ? 0 : 1));
  return { privateKeys: active, publicKeys: all.map((k) => publicPart(k.jwk)) };
}
