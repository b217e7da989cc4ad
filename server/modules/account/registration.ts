// Self-registration (POST /api/account/register) in the request's tenant (__tenant). Rules:
// - refused (403 Volo.Account:SelfRegistrationDisabled) unless Abp.Account.IsSelfRegistrationEnabled
//   is true for the tenant (or the host);
// - the captcha is checked first when Abp.Account.Captcha.UseCaptchaOnRegistration is on;
// - user name rules, password policy, unique user name and e-mail, default roles and
//   lockoutEnabled = Abp.Identity.Lockout.AllowedForNewUsers come from identity's createUser, in one
//   transaction with the confirmation token: a broken rule leaves nothing behind;
// - the e-mail starts unconfirmed; with Abp.Identity.SignIn.RequireEmailVerificationToRegister the
//   user is also created inactive (marked pending) and confirming the e-mail activates them;
// - the confirmation e-mail goes out when either that setting or RequireConfirmedEmail is on.
import type { FastifyRequest } from 'fastify';
import type { RegisterDto } from '../../../contract/account.ts';
import type { IdentityUserDto } from '../../../contract/identity.ts';
import type { AppContext } from '../../context.ts';
import { businessError } from '../../errors.ts';
import { createUser } from '../identity/user-service.ts';
import { normalizeName } from '../saas/tenant-store.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import { cultureOfUser, sendEmailConfirmationLink } from './account-mail.ts';
import { issueToken, markPendingRegistration, TokenPurposes } from './account-tokens.ts';
import { AccountLogActions, limitMail, logAccountAction, settingIsTrue } from './account-users.ts';
import { captchaRequired, verifyCaptcha } from './captcha.ts';

export async function register(ctx: AppContext, request: FastifyRequest, input: RegisterDto): Promise<IdentityUserDto> {
  const tenantId = tenantIdOf(request);
  if (!(await settingIsTrue(ctx, 'Abp.Account.IsSelfRegistrationEnabled', tenantId))) {
    throw businessError('Volo.Account:SelfRegistrationDisabled', 'AbpAccount::SelfRegistrationDisabledMessage');
  }
  if (await captchaRequired(ctx, tenantId, 'Registration')) await verifyCaptcha(ctx, tenantId, input.captchaResponse, request.ip);
  const [verifyToRegister, requireConfirmed] = await Promise.all([
    settingIsTrue(ctx, 'Abp.Identity.SignIn.RequireEmailVerificationToRegister', tenantId),
    settingIsTrue(ctx, 'Abp.Identity.SignIn.RequireConfirmedEmail', tenantId),
  ]);
  const sendConfirmation = verifyToRegister || requireConfirmed;
  if (sendConfirmation) await limitMail(ctx, request, tenantId, normalizeName(input.emailAddress));
  const issued: { token?: string } = {};
  const dto = await createUser(
    ctx,
    { tenantId, userId: null },
    { userName: input.userName, email: input.emailAddress, password: input.password, isActive: !verifyToRegister, emailConfirmed: false },
    { manageRoles: false },
    async (tx, row) => {
      if (verifyToRegister) await markPendingRegistration(tx, row);
      if (sendConfirmation) issued.token = await issueToken(tx, row, TokenPurposes.EmailConfirmation, { email: row.normalizedEmail });
    },
  );
  const user = { id: dto.id, tenantId: dto.tenantId, userName: dto.userName, email: dto.email };
  await logAccountAction(ctx, request, user, AccountLogActions.Register);
  if (issued.token) {
    const culture = await cultureOfUser(ctx, user.id, request.culture);
    await sendEmailConfirmationLink(ctx, user, culture, issued.token, input.returnUrl, input.returnUrlHash);
  }
  return dto;
}
