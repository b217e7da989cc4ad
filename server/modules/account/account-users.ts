// What the account services share: the caller's own user row, the security-log entry of an account
// action (with the request's tenant, client, IP and browser), boolean settings and the action names.
// A user is always looked up in the request's tenant among live users, so another tenant's id is
// "not found".
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, unauthenticated } from '../../errors.ts';
import { checkRateLimit, rateLimitKeys, recordFailure } from '../../identity-server/rate-limit.ts';
import { securityLogIdentity } from '../../identity-server/sign-in.ts';
import { type Executor, findUser, type UserRow } from '../identity/user-repository.ts';
import { userNotFound } from '../identity/user-service.ts';
import { tenantIdOf } from '../shared/tenancy.ts';

/** Security-log actions written by the account area (ABP's names where ABP has one). */
export const AccountLogActions = {
  Register: 'Register',
  ChangePassword: 'ChangePassword',
  PasswordReset: 'PasswordReset',
  ChangeUserName: 'ChangeUserName',
  ChangeEmail: 'ChangeEmail',
  ChangePhoneNumber: 'ChangePhoneNumber',
  EmailConfirmed: 'EmailConfirmed',
  PhoneNumberConfirmed: 'PhoneNumberConfirmed',
  TwoFactorEnabled: 'TwoFactorEnabled',
  TwoFactorDisabled: 'TwoFactorDisabled',
  AuthenticatorReset: 'AuthenticatorReset',
} as const;

export async function settingIsTrue(ctx: AppContext, name: string, tenantId: string | null): Promise<boolean> {
  return (await ctx.settings.getValue(name, { tenantId }).catch(() => null))?.toLowerCase() === 'true';
}

/** A live user of the request's tenant, or 404. */
export async function userOfTenant(db: Executor, request: FastifyRequest, id: string): Promise<UserRow> {
  const row = await findUser(db, tenantIdOf(request), eq(users.id, id));
  if (!row) throw userNotFound(id);
  return row;
}

/** The signed-in caller's own row (401 without a caller). */
export async function myUser(db: Executor, request: FastifyRequest): Promise<UserRow> {
  if (!request.currentUser) throw unauthenticated();
  return userOfTenant(db, request, request.currentUser.id);
}

export function logAccountAction(
  ctx: AppContext,
  request: FastifyRequest,
  user: Pick<UserRow, 'id' | 'tenantId' | 'userName'>,
  action: string,
  extra?: Record<string, unknown>,
) {
  return ctx.securityLog.write({
    tenantId: user.tenantId,
    tenantName: request.tenant?.name ?? null,
    identity: securityLogIdentity,
    action,
    userId: user.id,
    userName: user.userName,
    clientId: request.currentUser?.clientId ?? null,
    correlationId: request.id,
    clientIpAddress: request.ip,
    browserInfo: request.headers['user-agent'] ?? null,
    extraProperties: extra,
  });
}

export const newConcurrencyStamp = () => crypto.randomUUID().replaceAll('-', '');

/** What a new password sets on the user row: a new security stamp (old sign-ins end), the date of the change. */
export const newPasswordColumns = (passwordHash: string) => ({
  passwordHash,
  securityStamp: crypto.randomUUID(),
  lastPasswordChangeTime: new Date(),
  shouldChangePasswordOnNextLogin: false,
  concurrencyStamp: newConcurrencyStamp(),
  lastModificationTime: new Date(),
});

/**
 * Anonymous calls that send mail count against the sign-in rate limits (per IP and path, and per
 * address or user), like the two-factor code: mail cannot be used to flood an inbox. 429 past them.
 */
export async function limitMail(ctx: AppContext, request: FastifyRequest, tenantId: string | null, account: string): Promise<void> {
  const keys = rateLimitKeys(request.ip, request.routeOptions.url ?? request.url, tenantId, `mail:${account}`);
  const retryAfter = await checkRateLimit(ctx, keys);
  if (retryAfter !== null) {
    throw new AppError({
      status: 429,
      code: 'Volo.Account:TooManyRequests',
      text: { key: 'AbpAccount::TooManyMailRequests' },
      headers: { 'retry-after': String(retryAfter) },
    });
  }
  await recordFailure(ctx, keys);
}
