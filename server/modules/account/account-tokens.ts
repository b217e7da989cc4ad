// Purpose-bound one-time tokens of the account area (e-mail confirmation, password reset, phone
// confirmation), kept in user_tokens. Rules:
// - only the SHA-256 of a token is stored; the token itself leaves once, in an e-mail;
// - a token is bound to its user, its purpose and the user's security stamp at issue time, so a
//   password reset or any other stamp change voids every outstanding token;
// - issuing a token of a purpose deletes the user's earlier unused ones of that purpose;
// - a token is used once (consumed_at) and expires; a short numeric code (phone) allows at most
//   `maxCodeAttempts` wrong guesses before it is spent.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { userTokens } from '../../db/schema/index.ts';
import type { Executor } from '../identity/user-repository.ts';

export const TokenPurposes = {
  EmailConfirmation: 'EmailConfirmation',
  PasswordReset: 'ResetPassword',
  PhoneNumberConfirmation: 'PhoneNumberConfirmation',
  /** Marks a user created inactive by self-registration until the e-mail is confirmed (never expires). */
  PendingRegistration: 'PendingRegistration',
} as const;
export type TokenPurpose = (typeof TokenPurposes)[keyof typeof TokenPurposes];

export const tokenLifetimes = {
  EmailConfirmation: 24 * 60 * 60_000,
  ResetPassword: 2 * 60 * 60_000,
  PhoneNumberConfirmation: 10 * 60_000,
} as const;

export const maxCodeAttempts = 5;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

interface Owner {
  tenantId: string | null;
  id: string;
  securityStamp: string;
}

interface TokenData {
  stamp: string;
  attempts?: number;
  /** The phone number a phone code confirms. */
  phoneNumber?: string;
  /** The (normalized) address an e-mail confirmation token confirms. */
  email?: string;
}

/** Issues a token (url-safe, 256 bits) or a 6-digit code and returns it; earlier unused ones of the purpose go. */
export async function issueToken(
  tx: Executor,
  user: Owner,
  purpose: Exclude<TokenPurpose, 'PendingRegistration'>,
  options: { numeric?: boolean; phoneNumber?: string; email?: string } = {},
): Promise<string> {
  const value = options.numeric ? String(randomInt(0, 1_000_000)).padStart(6, '0') : randomBytes(32).toString('base64url');
  await tx.delete(userTokens).where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, purpose), isNull(userTokens.consumedAt)));
  const data: TokenData = {
    stamp: user.securityStamp,
    ...(options.phoneNumber ? { phoneNumber: options.phoneNumber } : {}),
    ...(options.email ? { email: options.email } : {}),
  };
  await tx.insert(userTokens).values({
    tenantId: user.tenantId,
    userId: user.id,
    purpose,
    tokenHash: sha256(value),
    expiresAt: new Date(Date.now() + tokenLifetimes[purpose]),
    data: data as unknown as Record<string, unknown>,
  });
  return value;
}

type TokenRow = typeof userTokens.$inferSelect;

/** The live token row of the purpose that matches `value` for this user, or null. */
export async function findToken(db: Executor, user: Owner, purpose: TokenPurpose, value: string): Promise<TokenRow | null> {
  const rows = await db
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.userId, user.id),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.consumedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    );
  const wanted = Buffer.from(sha256(value), 'hex');
  return (
    rows.find((row) => {
      const stored = Buffer.from(row.tokenHash, 'hex');
      const data = (row.data ?? {}) as unknown as TokenData;
      return stored.length === wanted.length && timingSafeEqual(stored, wanted) && data.stamp === user.securityStamp;
    }) ?? null
  );
}

/** Marks the row used; false when a concurrent request used it first. */
export async function consumeToken(tx: Executor, row: TokenRow): Promise<boolean> {
  const used = await tx
    .update(userTokens)
    .set({ consumedAt: new Date() })
    .where(and(eq(userTokens.id, row.id), isNull(userTokens.consumedAt)))
    .returning({ id: userTokens.id });
  return used.length === 1;
}

/** Counts a wrong guess against the user's live code of the purpose; the last allowed guess spends it. */
export async function recordWrongCode(db: Executor, userId: string, purpose: TokenPurpose): Promise<void> {
  const rows = await db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.consumedAt)));
  for (const row of rows) {
    const data = (row.data ?? {}) as unknown as TokenData;
    const attempts = (data.attempts ?? 0) + 1;
    await db
      .update(userTokens)
      .set({
        data: { ...data, attempts } as unknown as Record<string, unknown>,
        consumedAt: attempts >= maxCodeAttempts ? new Date() : null,
      })
      .where(eq(userTokens.id, row.id));
  }
}

export const tokenData = (row: TokenRow) => (row.data ?? {}) as unknown as TokenData;

export async function markPendingRegistration(tx: Executor, user: Owner): Promise<void> {
  await tx.insert(userTokens).values({
    tenantId: user.tenantId,
    userId: user.id,
    purpose: TokenPurposes.PendingRegistration,
    tokenHash: sha256(randomBytes(32).toString('hex')),
    expiresAt: new Date('9999-12-31T00:00:00Z'),
  });
}

/** Removes the pending-registration mark; true when there was one (the user is then activated). */
export async function clearPendingRegistration(tx: Executor, userId: string): Promise<boolean> {
  const removed = await tx
    .delete(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, TokenPurposes.PendingRegistration)))
    .returning({ id: userTokens.id });
  return removed.length > 0;
}
