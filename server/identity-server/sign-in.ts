// Credential check shared by every sign-in path (login page, password grant). Rules:
// - rate limits (rate-limit.ts) are checked first, per IP+path and per account;
// - an unknown user and a wrong password give the same result and spend the same argon2 effort;
// - lockout follows ASP.NET Identity as ABP configures it: settings Abp.Identity.Lockout.*
//   (MaxFailedAccessAttempts, LockoutDuration in seconds), honoured for users whose
//   lockout_enabled is true; AllowedForNewUsers is the default of that flag when a user is created
//   (identity module), so it is not consulted here. The attempt that reaches the maximum locks;
// - an inactive user with the right password is refused (LoginNotAllowed), and so is one whose
//   e-mail or phone number is unconfirmed while Abp.Identity.SignIn.RequireConfirmedEmail /
//   RequireConfirmedPhoneNumber is on (each with its own message);
// - a wrong second factor counts as a failed access like a wrong password (registerAccessFailure);
// - every outcome writes a security log row (identity 'Identity', ABP action names); never a
//   password or token.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext, TenantInfo } from '../context.ts';
import { users } from '../db/schema/index.ts';
import { verifyPassword } from '../modules/identity/passwords.ts';
import { checkRateLimit, rateLimitKeys, recordFailure } from './rate-limit.ts';

export const SecurityLogActions = {
  LoginSucceeded: 'LoginSucceeded',
  LoginLockedout: 'LoginLockedout',
  LoginNotAllowed: 'LoginNotAllowed',
  LoginFailed: 'LoginFailed',
  LoginInvalidUserName: 'LoginInvalidUserName',
  LoginInvalidUserNameOrPassword: 'LoginInvalidUserNameOrPassword',
  Logout: 'Logout',
  LoginRequiresTwoFactor: 'LoginRequiresTwoFactor',
  LoginTwoFactorFailed: 'LoginTwoFactorFailed',
  LoginWithRecoveryCode: 'LoginWithRecoveryCode',
  LoginRecoveryCodeFailed: 'LoginRecoveryCodeFailed',
  LoginCaptchaFailed: 'LoginCaptchaFailed',
  LinkLogin: 'LinkLogin',
  LinkLoginFailed: 'LinkLoginFailed',
  Impersonation: 'Impersonation',
  ImpersonationFailed: 'ImpersonationFailed',
  SessionRevoked: 'SessionRevoked',
} as const;

export const securityLogIdentity = 'Identity';

export type UserRow = typeof users.$inferSelect;

export interface SignInAttempt {
  tenant: TenantInfo | null;
  userNameOrEmail: string;
  password: string;
  clientId: string | null;
  ip: string;
  userAgent: string | null;
  /** The sign-in path, for the per-IP rate-limit key. */
  path: string;
  correlationId: string | null;
}

export type SignInFailure =
  | 'InvalidUserNameOrPassword'
  | 'LockedOut'
  | 'NotAllowed'
  | 'EmailNotConfirmed'
  | 'PhoneNumberNotConfirmed'
  | 'TooManyRequests';

export type SignInResult = { ok: true; user: UserRow } | { ok: false; reason: SignInFailure; retryAfter?: number };

/** AbpAccount resource keys of the failure messages. */
export const failureText: Record<SignInFailure, string> = {
  InvalidUserNameOrPassword: 'AbpAccount::InvalidUserNameOrPassword',
  LockedOut: 'AbpAccount::UserLockedOutMessage',
  NotAllowed: 'AbpAccount::LoginIsNotAllowed',
  EmailNotConfirmed: 'AbpAccount::LoginNotAllowedEmailNotConfirmed',
  PhoneNumberNotConfirmed: 'AbpAccount::LoginNotAllowedPhoneNumberNotConfirmed',
  TooManyRequests: 'AbpAccount::TooManyLoginAttempts',
};

/** Setting Abp.Account.EnableLocalLogin: off means no user name/password sign-in at all, form or grant. */
export async function isLocalLoginEnabled(ctx: AppContext, tenantId: string | null): Promise<boolean> {
  const value = await ctx.settings.getValue('Abp.Account.EnableLocalLogin', { tenantId }).catch(() => null);
  return value?.toLowerCase() !== 'false';
}

async function setting(ctx: AppContext, name: string, tenantId: string | null, fallback: number): Promise<number> {
  try {
    const value = await ctx.settings.getValue(name, { tenantId });
    const parsed = value === null || value === undefined || value === '' ? Number.NaN : Number(value);
    return Number.isFinite(parsed) ? parsed : fallback;
  } catch {
    return fallback;
  }
}

async function flag(ctx: AppContext, name: string, tenantId: string | null): Promise<boolean> {
  const value = await ctx.settings.getValue(name, { tenantId }).catch(() => null);
  return value?.toLowerCase() === 'true';
}

export async function findUserForSignIn(ctx: AppContext, tenantId: string | null, userNameOrEmail: string): Promise<UserRow | undefined> {
  const normalized = userNameOrEmail.trim().toUpperCase();
  if (!normalized) return undefined;
  const rows = await ctx.db
    .select()
    .from(users)
    .where(
      and(
        tenantId ? eq(users.tenantId, tenantId) : isNull(users.tenantId),
        eq(users.isDeleted, false),
        or(eq(users.normalizedUserName, normalized), eq(users.normalizedEmail, normalized)),
      ),
    )
    .limit(2);
  return rows.find((r) => r.normalizedUserName === normalized) ?? rows[0];
}

/**
 * Counts a failed access for a lockout-enabled user (wrong password or wrong second factor); the
 * attempt that reaches Abp.Identity.Lockout.MaxFailedAccessAttempts locks the user for
 * LockoutDuration seconds. True when this failure locked the user. `log` writes the attempt's
 * security log in the same transaction as the count and the lock (ADR 0009): they commit together.
 */
export async function registerAccessFailure(ctx: AppContext, user: UserRow, log?: (locked: boolean) => Promise<void>): Promise<boolean> {
  if (!user.lockoutEnabled) {
    await log?.(false);
    return false;
  }
  // Settings first: nothing but the transaction may use the database while it is open (PGlite).
  const maxAttempts = await setting(ctx, 'Abp.Identity.Lockout.MaxFailedAccessAttempts', user.tenantId, 5);
  const seconds = await setting(ctx, 'Abp.Identity.Lockout.LockoutDuration', user.tenantId, 300);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ accessFailedCount: sql`${users.accessFailedCount} + 1` })
      .where(eq(users.id, user.id))
      .returning({ count: users.accessFailedCount });
    const locked = !!row && row.count >= maxAttempts;
    if (locked) {
      await tx
        .update(users)
        .set({ accessFailedCount: 0, lockoutEnd: new Date(Date.now() + seconds * 1000) })
        .where(eq(users.id, user.id));
    }
    await log?.(locked);
    return locked;
  });
}

/** Whether the user is locked out now. */
export const isLockedOut = (user: UserRow) => Boolean(user.lockoutEnabled && user.lockoutEnd && user.lockoutEnd > new Date());

/** Clears the failed-access count and any ended lockout after a complete sign-in. */
export async function resetAccessFailures(ctx: AppContext, user: UserRow): Promise<void> {
  if (user.accessFailedCount > 0 || user.lockoutEnd) {
    await ctx.db.update(users).set({ accessFailedCount: 0, lockoutEnd: null }).where(eq(users.id, user.id));
  }
}

export interface SignInLogContext {
  tenant: TenantInfo | null;
  clientId: string | null;
  ip: string;
  userAgent: string | null;
  correlationId: string | null;
}

/** Where a sign-in-area action came from, read off the request. */
export const signInLogContext = (request: FastifyRequest, tenant: TenantInfo | null, clientId: string | null): SignInLogContext => ({
  tenant,
  clientId,
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  correlationId: request.id,
});

/** Writes a security log row of the sign-in area (identity 'Identity'). */
export function writeSignInLog(
  ctx: AppContext,
  at: SignInLogContext,
  action: string,
  user: { id: string | null; userName: string | null; tenantId?: string | null } | null,
  extra?: Record<string, unknown>,
): Promise<void> {
  return ctx.securityLog.write({
    tenantId: user?.tenantId !== undefined ? user.tenantId : (at.tenant?.id ?? null),
    tenantName: at.tenant?.name ?? null,
    identity: securityLogIdentity,
    action,
    userId: user?.id ?? null,
    userName: user?.userName ?? null,
    clientId: at.clientId,
    correlationId: at.correlationId,
    clientIpAddress: at.ip,
    browserInfo: at.userAgent,
    extraProperties: extra,
  });
}

/**
 * Checks the password and the account state. On success nothing is logged yet: the caller checks
 * the second factor, then calls completeSignIn.
 */
export async function signIn(ctx: AppContext, attempt: SignInAttempt): Promise<SignInResult> {
  const tenantId = attempt.tenant?.id ?? null;
  const keys = rateLimitKeys(attempt.ip, attempt.path, tenantId, attempt.userNameOrEmail);
  const retryAfter = await checkRateLimit(ctx, keys);
  if (retryAfter !== null) return { ok: false, reason: 'TooManyRequests', retryAfter };

  const user = await findUserForSignIn(ctx, tenantId, attempt.userNameOrEmail);
  const log = (action: string, extra?: Record<string, unknown>) =>
    writeSignInLog(
      ctx,
      attempt,
      action,
      { id: user?.id ?? null, userName: user?.userName ?? attempt.userNameOrEmail.slice(0, 256), tenantId },
      extra,
    );

  if (user && isLockedOut(user)) {
    await recordFailure(ctx, keys);
    await log(SecurityLogActions.LoginLockedout);
    return { ok: false, reason: 'LockedOut' };
  }

  const valid = await verifyPassword(user?.passwordHash ?? null, attempt.password);
  if (!user || !valid) {
    await recordFailure(ctx, keys);
    if (!user) {
      await log(SecurityLogActions.LoginInvalidUserName);
      return { ok: false, reason: 'InvalidUserNameOrPassword' };
    }
    const locked = await registerAccessFailure(ctx, user, (locked) =>
      log(locked ? SecurityLogActions.LoginLockedout : SecurityLogActions.LoginInvalidUserNameOrPassword),
    );
    return { ok: false, reason: locked ? 'LockedOut' : 'InvalidUserNameOrPassword' };
  }

  if (!user.isActive) {
    await log(SecurityLogActions.LoginNotAllowed);
    return { ok: false, reason: 'NotAllowed' };
  }
  if ((await flag(ctx, 'Abp.Identity.SignIn.RequireConfirmedEmail', tenantId)) && !user.emailConfirmed) {
    await log(SecurityLogActions.LoginNotAllowed, { reason: 'EmailNotConfirmed' });
    return { ok: false, reason: 'EmailNotConfirmed' };
  }
  if ((await flag(ctx, 'Abp.Identity.SignIn.RequireConfirmedPhoneNumber', tenantId)) && !user.phoneNumberConfirmed) {
    await log(SecurityLogActions.LoginNotAllowed, { reason: 'PhoneNumberNotConfirmed' });
    return { ok: false, reason: 'PhoneNumberNotConfirmed' };
  }
  return { ok: true, user };
}

/** The last step of every successful sign-in: failed-access counters reset, LoginSucceeded logged. */
export async function completeSignIn(ctx: AppContext, at: SignInLogContext, user: UserRow, extra?: Record<string, unknown>): Promise<void> {
  await resetAccessFailures(ctx, user);
  await writeSignInLog(ctx, at, SecurityLogActions.LoginSucceeded, user, extra);
}
