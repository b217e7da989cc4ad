// The two-factor core, shared by sign-in (login page, password grant) and the account APIs
// (authenticator setup, my-profile two-factor switch). Rules:
// - behaviour: feature Identity.TwoFactor wins when it is Disabled or Forced; otherwise setting
//   Abp.Identity.TwoFactor.Behaviour (Optional | Disabled | Forced, or 0 | 1 | 2). Disabled: never
//   asked. Optional: asked when the user turned two-factor on and has a provider. Forced: always
//   asked; a user without any provider uses Email (the address on file);
// - providers: Email when the e-mail is confirmed, Authenticator when a key is verified;
// - users may switch two-factor on/off only under Optional with Abp.Identity.TwoFactor.UsersCanChange;
// - authenticator keys are sealed with the secrets key; a TOTP code is accepted within ±1 step and
//   once only (the accepted step is stored and later steps must be greater);
// - recovery codes: 10 at a time, stored as keyed hashes in user_tokens, each redeemable once;
//   generating new ones removes the old ones;
// - e-mail security codes: 6 digits, keyed hash in user_tokens, bound to a purpose, valid 5 minutes,
//   a new one replaces the previous one, 5 wrong tries burn it; mailed as the text template Abp.Account.EmailSecurityCode;
// - the two-factor token (password grant's RequiresTwoFactor answer) and the remember-browser cookie
//   are HMACs over the user id, its security stamp and an expiry: a password change ends both.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { AppContext } from '../../context.ts';
import { userAuthenticators, users, userTokens } from '../../db/schema/index.ts';
import { sendTemplatedMail } from './account-mail.ts';

/** The user columns the two-factor rules read (a users row satisfies it). */
export interface TwoFactorUser {
  id: string;
  tenantId: string | null;
  userName: string;
  email: string;
  emailConfirmed: boolean;
  twoFactorEnabled: boolean;
  securityStamp: string;
}

export type TwoFactorBehaviour = 'Optional' | 'Disabled' | 'Forced';
export const TwoFactorProvider = { Email: 'Email', Authenticator: 'Authenticator' } as const;
export type TwoFactorProviderName = (typeof TwoFactorProvider)[keyof typeof TwoFactorProvider];

export const recoveryCodeCount = 10;
export const emailCodeLifetimeMs = 5 * 60_000;
export const emailCodeMaxAttempts = 5;
export const twoFactorTokenLifetimeMs = 10 * 60_000;
export const rememberBrowserLifetimeMs = 30 * 24 * 3_600_000;
/** ASP.NET Identity's name for the remember-browser cookie. */
export const rememberBrowserCookie = 'Identity.TwoFactorRememberMe';
/** The e-mail code purpose of two-factor sign-in. */
export const signInPurpose = 'TwoFactor';
/** Issuer shown in authenticator apps. */
export const authenticatorIssuer = 'Finance';

const recoveryPurpose = 'TwoFactor.RecoveryCode';
const emailCodePurpose = (purpose: string) => `TwoFactor.Email:${purpose}`.slice(0, 64);

const behaviours: Record<string, TwoFactorBehaviour> = {
  optional: 'Optional',
  disabled: 'Disabled',
  forced: 'Forced',
  '0': 'Optional',
  '1': 'Disabled',
  '2': 'Forced',
};

async function settingValue(ctx: AppContext, name: string, tenantId: string | null): Promise<string | null> {
  return ctx.settings.getValue(name, { tenantId }).catch(() => null);
}

const isTrue = (value: string | null, fallback: boolean) => (value === null || value === '' ? fallback : value.toLowerCase() === 'true');

/** The effective behaviour for a tenant (feature first, then setting). */
export async function twoFactorBehaviour(ctx: AppContext, tenantId: string | null): Promise<TwoFactorBehaviour> {
  const feature = behaviours[String(await ctx.features.getValue(tenantId, 'Identity.TwoFactor').catch(() => null)).toLowerCase()];
  if (feature && feature !== 'Optional') return feature;
  return behaviours[String(await settingValue(ctx, 'Abp.Identity.TwoFactor.Behaviour', tenantId)).toLowerCase()] ?? 'Optional';
}

/** Whether users of the tenant may switch their own two-factor on and off. */
export async function usersCanChangeTwoFactor(ctx: AppContext, tenantId: string | null): Promise<boolean> {
  if ((await twoFactorBehaviour(ctx, tenantId)) !== 'Optional') return false;
  return isTrue(await settingValue(ctx, 'Abp.Identity.TwoFactor.UsersCanChange', tenantId), true);
}

/** Setting Abp.Account.TwoFactor.IsRememberBrowserEnabled. */
export async function isRememberBrowserEnabled(ctx: AppContext, tenantId: string | null): Promise<boolean> {
  return isTrue(await settingValue(ctx, 'Abp.Account.TwoFactor.IsRememberBrowserEnabled', tenantId), true);
}

/** Whether the user has two-factor on, as the behaviour makes it (Forced: on, Disabled: off). */
export async function isTwoFactorEnabledFor(ctx: AppContext, user: TwoFactorUser): Promise<boolean> {
  const behaviour = await twoFactorBehaviour(ctx, user.tenantId);
  return behaviour === 'Forced' || (behaviour === 'Optional' && user.twoFactorEnabled);
}

/** Switches the user's own two-factor flag; false (nothing changed) when the rules do not let them. */
export async function setTwoFactorEnabled(ctx: AppContext, user: TwoFactorUser, enabled: boolean): Promise<boolean> {
  if (!(await usersCanChangeTwoFactor(ctx, user.tenantId))) return false;
  if (enabled && (await twoFactorProvidersFor(ctx, user)).length === 0) return false;
  await ctx.db.update(users).set({ twoFactorEnabled: enabled }).where(eq(users.id, user.id));
  return true;
}

/** The providers the user can use: Email when confirmed, Authenticator when a key is verified. */
export async function twoFactorProvidersFor(ctx: AppContext, user: TwoFactorUser): Promise<TwoFactorProviderName[]> {
  const providers: TwoFactorProviderName[] = [];
  if (user.emailConfirmed && user.email) providers.push(TwoFactorProvider.Email);
  if (await hasAuthenticator(ctx, user.id)) providers.push(TwoFactorProvider.Authenticator);
  return providers;
}

/**
 * The providers of a sign-in that needs a second factor, or null when the password is enough.
 * Forced with no provider yields Email, so a forced user is never let through on a password alone.
 */
export async function signInProviders(ctx: AppContext, user: TwoFactorUser): Promise<TwoFactorProviderName[] | null> {
  const behaviour = await twoFactorBehaviour(ctx, user.tenantId);
  if (behaviour === 'Disabled') return null;
  const providers = await twoFactorProvidersFor(ctx, user);
  if (behaviour === 'Forced') return providers.length ? providers : [TwoFactorProvider.Email];
  return user.twoFactorEnabled && providers.length ? providers : null;
}

// ---- keyed hashes and signed values ---------------------------------------------------------

function mac(ctx: AppContext, purpose: string, value: string): string {
  return createHmac('sha256', ctx.secrets.derive(`two-factor:${purpose}`))
    .update(value)
    .digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function signed(ctx: AppContext, purpose: string, user: TwoFactorUser, lifetimeMs: number): string {
  const expires = (Date.now() + lifetimeMs).toString(36);
  return `${expires}.${mac(ctx, purpose, `${user.id}|${user.securityStamp}|${expires}`)}`;
}

function checkSigned(ctx: AppContext, purpose: string, user: TwoFactorUser, value: string | null | undefined): boolean {
  if (!value) return false;
  const [expires = '', signature = ''] = value.split('.');
  const expiry = Number.parseInt(expires, 36);
  if (!Number.isFinite(expiry) || expiry < Date.now()) return false;
  return sameText(signature, mac(ctx, purpose, `${user.id}|${user.securityStamp}|${expires}`));
}

/** The twoFactorToken of a RequiresTwoFactor answer: proves the password was right, for 10 minutes. */
export function createTwoFactorToken(ctx: AppContext, user: TwoFactorUser): string {
  return signed(ctx, 'sign-in-token', user, twoFactorTokenLifetimeMs);
}

export function verifyTwoFactorToken(ctx: AppContext, user: TwoFactorUser, token: string | null | undefined): boolean {
  return checkSigned(ctx, 'sign-in-token', user, token);
}

/** The value of the remember-browser cookie (user id, expiry, signature). */
export function rememberBrowserValue(ctx: AppContext, user: TwoFactorUser): string {
  return `${user.id}.${signed(ctx, 'remember-browser', user, rememberBrowserLifetimeMs)}`;
}

/** Whether a remember-browser cookie value lets this user skip the second factor. */
export function isBrowserRemembered(ctx: AppContext, user: TwoFactorUser, cookieValue: string | null | undefined): boolean {
  if (!cookieValue?.startsWith(`${user.id}.`)) return false;
  return checkSigned(ctx, 'remember-browser', user, cookieValue.slice(user.id.length + 1));
}

// ---- authenticator ----------------------------------------------------------------------------

async function authenticatorRow(ctx: AppContext, userId: string) {
  const [row] = await ctx.db.select().from(userAuthenticators).where(eq(userAuthenticators.userId, userId)).limit(1);
  return row;
}

/** Whether the user has a verified authenticator key. */
export async function hasAuthenticator(ctx: AppContext, userId: string): Promise<boolean> {
  return (await authenticatorRow(ctx, userId))?.verified === true;
}

/** The user's authenticator key (base32), creating an unverified one when there is none. */
export async function authenticatorKey(ctx: AppContext, user: TwoFactorUser): Promise<{ key: string; verified: boolean }> {
  const existing = await authenticatorRow(ctx, user.id);
  if (existing) return { key: ctx.secrets.open(existing.sealedKey), verified: existing.verified };
  const key = generateSecret();
  await ctx.db
    .insert(userAuthenticators)
    .values({ userId: user.id, tenantId: user.tenantId, sealedKey: ctx.secrets.seal(key) })
    .onConflictDoNothing();
  // A concurrent call may have won the insert: answer whatever is stored.
  const row = await authenticatorRow(ctx, user.id);
  return { key: ctx.secrets.open(row!.sealedKey), verified: row!.verified };
}

/** The otpauth:// URI of the user's key (for the QR code); creates the key when needed. */
export async function authenticatorUri(ctx: AppContext, user: TwoFactorUser): Promise<string> {
  const { key } = await authenticatorKey(ctx, user);
  return generateURI({ issuer: authenticatorIssuer, label: user.email || user.userName, secret: key });
}

/** Checks a TOTP code against the stored key (verified or pending); each code works once. */
export async function verifyAuthenticatorCode(ctx: AppContext, userId: string, code: string): Promise<boolean> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  const row = await authenticatorRow(ctx, userId);
  if (!row) return false;
  let step: number;
  try {
    const result = await verify({
      secret: ctx.secrets.open(row.sealedKey),
      token,
      epochTolerance: 30,
      ...(row.lastTimeStep !== null ? { afterTimeStep: row.lastTimeStep } : {}),
    });
    if (!result.valid) return false;
    // The functional verify types TOTP and HOTP results as one union; a TOTP result has timeStep.
    step = (result as { timeStep: number }).timeStep;
  } catch {
    return false;
  }
  // Atomic: of two concurrent uses of one code, one updates the row and the other finds nothing.
  const claimed = await ctx.db
    .update(userAuthenticators)
    .set({ lastTimeStep: step })
    .where(
      and(eq(userAuthenticators.userId, userId), or(isNull(userAuthenticators.lastTimeStep), lt(userAuthenticators.lastTimeStep, step))),
    )
    .returning({ userId: userAuthenticators.userId });
  return claimed.length === 1;
}

/**
 * Completes authenticator setup: a right code verifies the pending key, turns two-factor on and
 * answers 10 new recovery codes; a wrong code answers null and changes nothing.
 */
export async function confirmAuthenticator(ctx: AppContext, user: TwoFactorUser, code: string): Promise<string[] | null> {
  if (!(await verifyAuthenticatorCode(ctx, user.id, code))) return null;
  await ctx.db.update(userAuthenticators).set({ verified: true, verifiedTime: new Date() }).where(eq(userAuthenticators.userId, user.id));
  await ctx.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id));
  return generateRecoveryCodes(ctx, user);
}

/** Removes the key and the recovery codes and turns two-factor off (ASP.NET's ResetAuthenticator). */
export async function resetAuthenticator(ctx: AppContext, user: TwoFactorUser): Promise<void> {
  await ctx.db.delete(userAuthenticators).where(eq(userAuthenticators.userId, user.id));
  await ctx.db.delete(userTokens).where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, recoveryPurpose)));
  await ctx.db.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, user.id));
}

// ---- recovery codes ---------------------------------------------------------------------------

const recoveryAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const normalizeRecoveryCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Replaces the user's recovery codes with 10 new ones ("XXXXX-XXXXX") and answers them once. */
export async function generateRecoveryCodes(ctx: AppContext, user: TwoFactorUser, count = recoveryCodeCount): Promise<string[]> {
  const codes = Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await ctx.db.delete(userTokens).where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, recoveryPurpose)));
  await ctx.db.insert(userTokens).values(
    codes.map((code) => ({
      tenantId: user.tenantId,
      userId: user.id,
      purpose: recoveryPurpose,
      tokenHash: mac(ctx, 'recovery', `${user.id}|${normalizeRecoveryCode(code)}`),
      expiresAt: new Date('9999-12-31T00:00:00Z'),
    })),
  );
  return codes;
}

/** Redeems one recovery code; true once per code. */
export async function redeemRecoveryCode(ctx: AppContext, userId: string, code: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length !== 10) return false;
  const used = await ctx.db
    .update(userTokens)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, recoveryPurpose),
        eq(userTokens.tokenHash, mac(ctx, 'recovery', `${userId}|${normalized}`)),
        isNull(userTokens.consumedAt),
      ),
    )
    .returning({ id: userTokens.id });
  return used.length === 1;
}

/** How many unused recovery codes the user has left. */
export async function remainingRecoveryCodes(ctx: AppContext, userId: string): Promise<number> {
  const rows = await ctx.db
    .select({ id: userTokens.id })
    .from(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, recoveryPurpose), isNull(userTokens.consumedAt)));
  return rows.length;
}

// ---- e-mail security codes --------------------------------------------------------------------

/** Sends a new 6-digit code for `purpose` to the user's address (replacing an earlier one). */
export async function sendEmailSecurityCode(
  ctx: AppContext,
  user: TwoFactorUser,
  options: { purpose?: string; culture: string },
): Promise<void> {
  const purpose = emailCodePurpose(options.purpose ?? signInPurpose);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db
    .update(userTokens)
    .set({ consumedAt: new Date() })
    .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, purpose), isNull(userTokens.consumedAt)));
  await ctx.db.insert(userTokens).values({
    tenantId: user.tenantId,
    userId: user.id,
    purpose,
    tokenHash: mac(ctx, 'email', `${user.id}|${purpose}|${code}`),
    expiresAt: new Date(Date.now() + emailCodeLifetimeMs),
    data: { attempts: 0 },
  });
  const minutes = emailCodeLifetimeMs / 60_000;
  await sendTemplatedMail(ctx, user, options.culture, 'Abp.Account.EmailSecurityCode', { code, minutes });
}

/** Checks an e-mail code for `purpose`; a right code is consumed, 5 wrong tries burn it. */
export async function verifyEmailSecurityCode(
  ctx: AppContext,
  userId: string,
  code: string,
  purposeName = signInPurpose,
): Promise<boolean> {
  const purpose = emailCodePurpose(purposeName);
  const [row] = await ctx.db
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.consumedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(userTokens.creationTime))
    .limit(1);
  if (!row) return false;
  const token = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(token) && sameText(row.tokenHash, mac(ctx, 'email', `${userId}|${purpose}|${token}`))) {
    const used = await ctx.db
      .update(userTokens)
      .set({ consumedAt: new Date() })
      .where(and(eq(userTokens.id, row.id), isNull(userTokens.consumedAt)))
      .returning({ id: userTokens.id });
    return used.length === 1;
  }
  const attempts = Number(row.data?.attempts ?? 0) + 1;
  await ctx.db
    .update(userTokens)
    .set({ data: { attempts }, ...(attempts >= emailCodeMaxAttempts ? { consumedAt: new Date() } : {}) })
    .where(eq(userTokens.id, row.id));
  return false;
}

/** Verifies a second factor of sign-in with the named provider. */
export async function verifyTwoFactorCode(ctx: AppContext, user: TwoFactorUser, provider: string, code: string): Promise<boolean> {
  const providers = (await signInProviders(ctx, user)) ?? (await twoFactorProvidersFor(ctx, user));
  if (!providers.includes(provider as TwoFactorProviderName)) return false;
  if (provider === TwoFactorProvider.Authenticator) return verifyAuthenticatorCode(ctx, user.id, code);
  return verifyEmailSecurityCode(ctx, user.id, code, signInPurpose);
}
