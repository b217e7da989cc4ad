// Forgotten password: a reset link by e-mail, then a new password with the link's token. Rules:
// - the captcha is checked first when Abp.Account.Captcha.UseCaptchaOnForgotPassword is on;
// - an unknown address answers 403 Volo.Account:InvalidEmailAddress, unless
//   Abp.Account.PreventEmailEnumeration is on: then known and unknown addresses get the same 204;
// - the token lives 2 hours, is used once and dies with any security-stamp change;
// - the new password follows the tenant's policy (400 before anything is consumed);
// - a reset replaces the hash, renews the security stamp (voiding other tokens and two-factor
//   remember-browser values) and deletes every session of the user, so their tokens stop at once.
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ResetPasswordDto, SendPasswordResetCodeDto, VerifyPasswordResetTokenInput } from '../../../contract/account.ts';
import type { AppContext } from '../../context.ts';
import { trackUser } from '../../audit/entities.ts';
import { identitySessions, users } from '../../db/schema/index.ts';
import { businessError, validationError } from '../../errors.ts';
import { checkPassword, passwordPolicy } from '../identity/password-policy.ts';
import { hashPassword } from '../identity/passwords.ts';
import { findUser, liveUsers } from '../identity/user-repository.ts';
import { normalizeName } from '../saas/tenant-store.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import { cultureOfUser, sendPasswordResetLink } from './account-mail.ts';
import { consumeToken, findToken, issueToken, TokenPurposes } from './account-tokens.ts';
import { AccountLogActions, limitMail, logAccountAction, newPasswordColumns, settingIsTrue, userOfTenant } from './account-users.ts';
import { captchaRequired, verifyCaptcha } from './captcha.ts';
import { invalidToken } from './confirmation.ts';

export async function sendPasswordResetCode(ctx: AppContext, request: FastifyRequest, input: SendPasswordResetCodeDto) {
  const tenantId = tenantIdOf(request);
  if (await captchaRequired(ctx, tenantId, 'ForgotPassword')) await verifyCaptcha(ctx, tenantId, input.captchaResponse, request.ip);
  const email = input.email.trim();
  await limitMail(ctx, request, tenantId, normalizeName(email));
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(liveUsers(tenantId), eq(users.normalizedEmail, normalizeName(email))))
    .limit(1);
  if (!user) {
    if (await settingIsTrue(ctx, 'Abp.Account.PreventEmailEnumeration', tenantId)) return;
    throw businessError('Volo.Account:InvalidEmailAddress', 'AbpAccount::Volo.Account:InvalidEmailAddress', email);
  }
  const token = await issueToken(ctx.db, user, TokenPurposes.PasswordReset);
  const culture = await cultureOfUser(ctx, user.id, request.culture);
  await sendPasswordResetLink(ctx, user, culture, token, input.returnUrl, input.returnUrlHash);
}

export async function verifyPasswordResetToken(ctx: AppContext, request: FastifyRequest, input: VerifyPasswordResetTokenInput) {
  const user = await findUser(ctx.db, tenantIdOf(request), eq(users.id, input.userId));
  return !!user && !!(await findToken(ctx.db, user, TokenPurposes.PasswordReset, input.resetToken));
}

export async function resetPassword(ctx: AppContext, request: FastifyRequest, input: ResetPasswordDto) {
  const errors = checkPassword(input.password, await passwordPolicy(ctx, tenantIdOf(request)));
  if (errors.length) throw validationError(errors);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const user = await userOfTenant(tx, request, input.userId);
    const row = await findToken(tx, user, TokenPurposes.PasswordReset, input.resetToken);
    if (!row || !(await consumeToken(tx, row))) throw invalidToken();
    const [after] = await tx.update(users).set(newPasswordColumns(passwordHash)).where(eq(users.id, user.id)).returning();
    trackUser(user, after ?? null);
    await tx.delete(identitySessions).where(eq(identitySessions.userId, user.id));
    // In the transaction: the security log commits with the new password (ADR 0009).
    await logAccountAction(ctx, request, user, AccountLogActions.PasswordReset);
    return user;
  });
}
