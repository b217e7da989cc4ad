// OpenID applications as the identity server reads them, and their client secrets. Rules:
// - a client secret is kept as an scrypt hash (`scrypt$<salt>$<hash>`), compared in constant time;
//   a secret sealed by an earlier version (AES-GCM `v1.…`) is still accepted;
// - the identity server reads an application by client id through a per-process cache (60 s);
//   every write publishes `applicationsTopic` on the cache bus, which drops the entry in this and
//   every other instance (PostgreSQL NOTIFY), so the next token request sees the change;
// - a client-credentials token carries the stamp of the secret it was issued against
//   (secretStamp); the API refuses it once the secret was regenerated (ADR 0023);
// - the grant types oidc-provider is given are the ones this server implements; anything else
//   stored on a row is not offered to it.
import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { TtlCache } from '../../cache.ts';
import type { AppContext } from '../../context.ts';
import { applications } from '../../db/schema/index.ts';

export type ApplicationRow = typeof applications.$inferSelect;

export const applicationsTopic = 'openiddict-applications';

const scryptParams = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const keyLength = 32;

function scrypt(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(secret, salt, keyLength, scryptParams, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashClientSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(secret, salt);
  return `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyClientSecret(ctx: AppContext, stored: string | null | undefined, actual: string): Promise<boolean> {
  if (!stored || !actual) return false;
  if (stored.startsWith('scrypt$')) {
    const [, salt = '', expected = ''] = stored.split('$');
    const want = Buffer.from(expected, 'base64url');
    const got = await scrypt(actual, Buffer.from(salt, 'base64url'));
    return want.length === got.length && timingSafeEqual(want, got);
  }
  try {
    const plain = Buffer.from(ctx.secrets.open(stored));
    const given = Buffer.from(actual);
    return plain.length === given.length && timingSafeEqual(plain, given);
  } catch {
    return false;
  }
}

/**
 * A short fingerprint of a stored secret hash (itself salted, so a new secret always gets a new
 * stamp); says nothing about the secret. Null for a client without a secret.
 */
export function secretStamp(stored: string | null | undefined): string | null {
  return stored ? createHash('sha256').update(stored).digest('base64url').slice(0, 16) : null;
}

/** A new client secret: 32 random bytes, base64url (43 characters). */
export const generateClientSecret = () => randomBytes(32).toString('base64url');

const caches = new WeakMap<AppContext, TtlCache<ApplicationRow | null>>();

function cacheOf(ctx: AppContext): TtlCache<ApplicationRow | null> {
  let cache = caches.get(ctx);
  if (!cache) {
    const created = new TtlCache<ApplicationRow | null>(60_000, 1_000);
    ctx.cache.subscribe(applicationsTopic, (key) => created.delete(key));
    caches.set(ctx, created);
    cache = created;
  }
  return cache;
}

/** The live application row of a client id (null when there is none), through the shared cache. */
export function findApplication(ctx: AppContext, clientId: string): Promise<ApplicationRow | null> {
  return cacheOf(ctx).getOrLoad(clientId, async () => {
    const [row] = await ctx.db
      .select()
      .from(applications)
      .where(and(eq(applications.clientId, clientId), eq(applications.isDeleted, false)))
      .limit(1);
    return row ?? null;
  });
}

/** Drops a client id (all of them when undefined) in every instance. */
export async function applicationChanged(ctx: AppContext, clientId?: string): Promise<void> {
  cacheOf(ctx);
  await ctx.cache.publish(applicationsTopic, clientId);
}

/** The grant types this identity server implements (oidc-provider refuses a client naming others). */
export const supportedGrantTypes = ['authorization_code', 'refresh_token', 'password', 'client_credentials', 'LinkLogin', 'Impersonation'];
