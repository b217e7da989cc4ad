// E-mail and phone-number confirmation. Rules:
// - e-mail: a link token (24 h, single use, bound to the security stamp) is mailed on request; an
//   anonymous caller names the user (ABP's flow after "e-mail not confirmed" at login), a signed-in
//   caller may leave userId out; an already confirmed address gets no mail (and no error, so the
//   answer says nothing about the user);
// - confirming sets emailConfirmed, and activates a user created pending by self-registration;
// - phone: only the signed-in user, only with Abp.Identity.SignIn.EnablePhoneNumberConfirmation on;
//   a 6-digit code valid 10 minutes, bound to the number it was sent to; 5 wrong guesses spend it;
// - a wrong, used, expired or foreign token answers 403 Volo.Abp.Identity:InvalidToken and changes
//   nothing (except counting a wrong phone code).
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type {
  ConfirmEmailInput,
  ConfirmPhoneNumberInput,
  IdentityUserConfirmationStateDto,
  SendEmailConfirmationTokenDto,
  SendPhoneNumberConfirmationTokenDto,
} from '../../../contract/account.ts';
import type { AppContext } from '../../context.ts';
import { trackUser } from '../../audit/entities.ts';
import { users } from '../../db/schema/index.ts';
import { businessError, forbidden, invalidField } from '../../errors.ts';
import { findUser } from '../identity/user-repository.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import { cultureOfUser, sendEmailConfirmationLink, sendPhoneConfirmationCode } from './account-mail.ts';
import {
  clearPendingRegistration,
  consumeToken,
  findToken,
  issueToken,
  recordWrongCode,
  TokenPurposes,
  tokenData,
} from './account-tokens.ts';
import {
  AccountLogActions,
  limitMail,
  logAccountAction,
  myUser,
  newConcurrencyStamp,
  settingIsTrue,
  userOfTenant,
} from './account-users.ts';

export const invalidToken = () => businessError('Volo.Abp.Identity:InvalidToken', 'AbpIdentity::Volo.Abp.Identity:InvalidToken');

/** A token confirms the address it was mailed to, not one the user (or an administrator) set since. */
const confirmsCurrentAddress = (row: Parameters<typeof tokenData>[0], user: { normalizedEmail: string }) => {
  const email = tokenData(row).email;
  return email === undefined || email === user.normalizedEmail;
};

export async function sendEmailConfirmationToken(ctx: AppContext, request: FastifyRequest, input: SendEmailConfirmationTokenDto) {
  const userId = input.userId ?? request.currentUser?.id;
  if (!userId) throw invalidField('userId', 'AbpValidation::The {0} field is required.', 'userId');
  const user = await userOfTenant(ctx.db, request, userId);
  if (user.emailConfirmed) return;
  await limitMail(ctx, request, user.tenantId, user.id);
  const token = await issueToken(ctx.db, user, TokenPurposes.EmailConfirmation, { email: user.normalizedEmail });
  const culture = await cultureOfUser(ctx, user.id, request.culture);
  await sendEmailConfirmationLink(ctx, user, culture, token, input.returnUrl, input.returnUrlHash);
}

/** Whether the token would confirm the user's e-mail now (nothing is consumed). */
export async function verifyEmailConfirmationToken(ctx: AppContext, request: FastifyRequest, input: ConfirmEmailInput): Promise<boolean> {
  const user = await findUser(ctx.db, tenantIdOf(request), eq(users.id, input.userId));
  const row = user ? await findToken(ctx.db, user, TokenPurposes.EmailConfirmation, input.token) : null;
  return !!user && !!row && confirmsCurrentAddress(row, user);
}

export async function confirmEmail(ctx: AppContext, request: FastifyRequest, input: ConfirmEmailInput) {
  const user = await ctx.db.transaction(async (tx) => {
    const user = await userOfTenant(tx, request, input.userId);
    const row = await findToken(tx, user, TokenPurposes.EmailConfirmation, input.token);
    if (!row || !confirmsCurrentAddress(row, user) || !(await consumeToken(tx, row))) throw invalidToken();
    const activate = await clearPendingRegistration(tx, user.id);
    const [after] = await tx
      .update(users)
      .set({
        emailConfirmed: true,
        ...(activate ? { isActive: true } : {}),
        concurrencyStamp: newConcurrencyStamp(),
        lastModificationTime: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning();
    trackUser(user, after ?? null);
    return user;
  });
  await logAccountAction(ctx, request, user, AccountLogActions.EmailConfirmed);
}

export async function confirmationState(ctx: AppContext, request: FastifyRequest, id: string): Promise<IdentityUserConfirmationStateDto> {
  const user = await userOfTenant(ctx.db, request, id);
  return { emailConfirmed: user.emailConfirmed, phoneNumberConfirmed: user.phoneNumberConfirmed };
}

async function checkPhoneConfirmationEnabled(ctx: AppContext, tenantId: string | null) {
  if (!(await settingIsTrue(ctx, 'Abp.Identity.SignIn.EnablePhoneNumberConfirmation', tenantId))) {
    throw businessError('Volo.Account:PhoneNumberConfirmationDisabled', 'AbpAccount::PhoneNumberConfirmationDisabled');
  }
}

export async function sendPhoneNumberConfirmationToken(
  ctx: AppContext,
  request: FastifyRequest,
  input: SendPhoneNumberConfirmationTokenDto,
) {
  await checkPhoneConfirmationEnabled(ctx, tenantIdOf(request));
  const me = await myUser(ctx.db, request);
  if (input.userId && input.userId !== me.id) throw forbidden();
  const requested = input.phoneNumber?.trim() || null;
  if (requested && !/^\+?[0-9 ()-]{3,16}$/.test(requested)) {
    throw invalidField('phoneNumber', 'AbpValidation::The field {0} is invalid.', 'phoneNumber');
  }
  const phoneNumber = requested ?? me.phoneNumber;
  if (!phoneNumber) throw invalidField('phoneNumber', 'AbpAccount::PhoneNumberIsRequired');
  await limitMail(ctx, request, me.tenantId, me.id);
  const code = await ctx.db.transaction(async (tx) => {
    if (phoneNumber !== me.phoneNumber) {
      // A new number is stored unconfirmed; the code confirms exactly this number.
      const [after] = await tx
        .update(users)
        .set({ phoneNumber, phoneNumberConfirmed: false, concurrencyStamp: newConcurrencyStamp(), lastModificationTime: new Date() })
        .where(eq(users.id, me.id))
        .returning();
      trackUser(me, after ?? null);
    }
    return issueToken(tx, me, TokenPurposes.PhoneNumberConfirmation, { numeric: true, phoneNumber });
  });
  if (phoneNumber !== me.phoneNumber) await logAccountAction(ctx, request, me, AccountLogActions.ChangePhoneNumber);
  await sendPhoneConfirmationCode(ctx, me, await cultureOfUser(ctx, me.id, request.culture), phoneNumber, code);
}

export async function confirmPhoneNumber(ctx: AppContext, request: FastifyRequest, input: ConfirmPhoneNumberInput) {
  await checkPhoneConfirmationEnabled(ctx, tenantIdOf(request));
  const me = await myUser(ctx.db, request);
  if (input.userId !== me.id) throw forbidden();
  const row = await findToken(ctx.db, me, TokenPurposes.PhoneNumberConfirmation, input.token.trim());
  if (!row || tokenData(row).phoneNumber !== me.phoneNumber) {
    await recordWrongCode(ctx.db, me.id, TokenPurposes.PhoneNumberConfirmation);
    throw invalidToken();
  }
  await ctx.db.transaction(async (tx) => {
    if (!(await consumeToken(tx, row))) throw invalidToken();
    const [after] = await tx
      .update(users)
      .set({ phoneNumberConfirmed: true, concurrencyStamp: newConcurrencyStamp(), lastModificationTime: new Date() })
      .where(eq(users.id, me.id))
      .returning();
    trackUser(me, after ?? null);
  });
  await logAccountAction(ctx, request, me, AccountLogActions.PhoneNumberConfirmed);
}
