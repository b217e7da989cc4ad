// The signed-in user's own profile (spec 7.10). Rules:
// - user name and e-mail change only while Abp.Identity.User.IsUserNameUpdateEnabled /
//   IsEmailUpdateEnabled are on (otherwise the sent values are ignored, as ABP does); they stay
//   unique per tenant; a new e-mail or phone number starts unconfirmed and renews the security stamp;
// - a sent concurrencyStamp must match (409); the profile and the user's Abp.Timing.TimeZone
//   (one of the listed IANA zones) are written in one transaction;
// - changing the password needs the current one (unless the user has none yet), follows the policy,
//   renews the stamp and ends the user's other sessions (this one stays);
// - two-factor: the behaviour (feature, then setting Optional | Disabled | Forced) decides what the
//   user sees and whether UsersCanChange lets them switch it; turning it on needs a provider.
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ChangePasswordInput, ProfileDto, UpdateProfileDto } from '../../../contract/account.ts';
import type { AppContext } from '../../context.ts';
import { identitySessions, settings, users } from '../../db/schema/index.ts';
import { trackUser } from '../../audit/entities.ts';
import { businessError, invalidField, staleConcurrencyStamp, validationError } from '../../errors.ts';
import { checkPassword, passwordPolicy } from '../identity/password-policy.ts';
import { hashPassword, verifyPassword } from '../identity/passwords.ts';
import type { UserRow } from '../identity/user-repository.ts';
import { checkUnique, checkUserName, duplicateError, isUniqueViolation } from '../identity/user-service.ts';
import { normalizeName } from '../saas/tenant-store.ts';
import { timeZones } from '../setting-management/routes.ts';
import { settingsTopic } from '../setting-management/store.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import { AccountLogActions, logAccountAction, myUser, newConcurrencyStamp, newPasswordColumns } from './account-users.ts';
import { isTwoFactorEnabledFor, setTwoFactorEnabled, twoFactorProvidersFor, usersCanChangeTwoFactor } from './two-factor.ts';

const timeZoneSetting = 'Abp.Timing.TimeZone';

/** A boolean setting whose unset value means true (ABP's default for the two update switches). */
async function switchIsOn(ctx: AppContext, name: string, tenantId: string | null) {
  const value = await ctx.settings.getValue(name, { tenantId }).catch(() => null);
  return value == null || value.toLowerCase() === 'true';
}

async function profileOf(ctx: AppContext, row: UserRow): Promise<ProfileDto> {
  const timezone = (await ctx.settings.getValue(timeZoneSetting, { tenantId: row.tenantId, userId: row.id }).catch(() => null)) || 'UTC';
  return {
    userName: row.userName,
    email: row.email,
    emailConfirmed: row.emailConfirmed,
    name: row.name,
    surname: row.surname,
    phoneNumber: row.phoneNumber,
    phoneNumberConfirmed: row.phoneNumberConfirmed,
    isExternal: row.isExternal,
    hasPassword: !!row.passwordHash,
    supportsMultipleTimezone: true,
    timezone,
    concurrencyStamp: row.concurrencyStamp,
    extraProperties: { ...(row.extraProperties ?? {}), Timezone: timezone },
  };
}

export async function getMyProfile(ctx: AppContext, request: FastifyRequest): Promise<ProfileDto> {
  return profileOf(ctx, await myUser(ctx.db, request));
}

export async function updateMyProfile(ctx: AppContext, request: FastifyRequest, input: UpdateProfileDto): Promise<ProfileDto> {
  const tenantId = tenantIdOf(request);
  const [userNameUpdatable, emailUpdatable] = await Promise.all([
    switchIsOn(ctx, 'Abp.Identity.User.IsUserNameUpdateEnabled', tenantId),
    switchIsOn(ctx, 'Abp.Identity.User.IsEmailUpdateEnabled', tenantId),
  ]);
  const extraZone = input.extraProperties?.Timezone;
  const timezone = input.timezone ?? (typeof extraZone === 'string' ? extraZone : null);
  if (timezone && !timeZones().some((zone) => zone.value === timezone)) {
    throw invalidField('timezone', 'AbpValidation::The field {0} is invalid.', 'timezone');
  }
  const phoneNumber = input.phoneNumber?.trim() || null;
  if (phoneNumber && !/^\+?[0-9 ()-]{3,16}$/.test(phoneNumber)) {
    throw invalidField('phoneNumber', 'AbpValidation::The field {0} is invalid.', 'phoneNumber');
  }
  let userName = input.userName.trim();
  let email = input.email.trim();
  const changed: string[] = [];
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const existing = await myUser(tx, request);
      if (input.concurrencyStamp && input.concurrencyStamp !== existing.concurrencyStamp) throw staleConcurrencyStamp();
      if (!userNameUpdatable) userName = existing.userName;
      if (!emailUpdatable) email = existing.email;
      if (userName !== existing.userName) checkUserName(userName);
      await checkUnique(tx, existing.tenantId, { userName, email }, existing.id);
      const userNameChanged = normalizeName(userName) !== existing.normalizedUserName || userName !== existing.userName;
      const emailChanged = normalizeName(email) !== existing.normalizedEmail;
      const phoneChanged = phoneNumber !== existing.phoneNumber;
      if (userNameChanged) changed.push(AccountLogActions.ChangeUserName);
      if (emailChanged) changed.push(AccountLogActions.ChangeEmail);
      if (phoneChanged) changed.push(AccountLogActions.ChangePhoneNumber);
      const [row] = await tx
        .update(users)
        .set({
          userName,
          normalizedUserName: normalizeName(userName),
          email,
          normalizedEmail: normalizeName(email),
          emailConfirmed: emailChanged ? false : existing.emailConfirmed,
          name: input.name === undefined ? existing.name : input.name || null,
          surname: input.surname === undefined ? existing.surname : input.surname || null,
          phoneNumber,
          phoneNumberConfirmed: phoneChanged ? false : existing.phoneNumberConfirmed,
          ...(emailChanged || phoneChanged || userNameChanged ? { securityStamp: crypto.randomUUID() } : {}),
          concurrencyStamp: newConcurrencyStamp(),
          entityVersion: existing.entityVersion + 1,
          lastModificationTime: new Date(),
          lastModifierId: existing.id,
        })
        .where(and(eq(users.id, existing.id), eq(users.concurrencyStamp, existing.concurrencyStamp)))
        .returning();
      if (!row) throw staleConcurrencyStamp();
      trackUser(existing, row);
      if (timezone) {
        await tx
          .insert(settings)
          .values({ name: timeZoneSetting, value: timezone, providerName: 'U', providerKey: row.id })
          .onConflictDoUpdate({ target: [settings.name, settings.providerName, settings.providerKey], set: { value: timezone } });
      }
      return row;
    });
    if (timezone) await ctx.cache.publish(settingsTopic, `U|${row.id}`);
    for (const action of changed) await logAccountAction(ctx, request, row, action);
    return profileOf(ctx, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateError(error, userName, email);
    throw error;
  }
}

export async function changeMyPassword(ctx: AppContext, request: FastifyRequest, input: ChangePasswordInput): Promise<void> {
  const me = await myUser(ctx.db, request);
  if (me.passwordHash && !(await verifyPassword(me.passwordHash, input.currentPassword ?? ''))) {
    throw businessError('Volo.Abp.Identity:PasswordMismatch', 'AbpIdentity::Volo.Abp.Identity:PasswordMismatch');
  }
  const errors = checkPassword(input.newPassword, await passwordPolicy(ctx, me.tenantId), 'newPassword');
  if (errors.length) throw validationError(errors);
  const passwordHash = await hashPassword(input.newPassword);
  const sessionId = request.currentUser?.sessionId ?? null;
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...newPasswordColumns(passwordHash), lastModifierId: me.id })
      // The hash in the WHERE clause: of two concurrent changes with the same current password, one wins.
      .where(and(eq(users.id, me.id), me.passwordHash ? eq(users.passwordHash, me.passwordHash) : undefined))
      .returning();
    if (!row) throw businessError('Volo.Abp.Identity:PasswordMismatch', 'AbpIdentity::Volo.Abp.Identity:PasswordMismatch');
    trackUser(me, row);
    await tx
      .delete(identitySessions)
      .where(and(eq(identitySessions.userId, me.id), sessionId ? ne(identitySessions.sessionId, sessionId) : undefined));
    // In the transaction: the security log commits with the new password (ADR 0009).
    await logAccountAction(ctx, request, me, AccountLogActions.ChangePassword);
  });
}

export async function canEnableTwoFactor(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  const me = await myUser(ctx.db, request);
  return (await usersCanChangeTwoFactor(ctx, me.tenantId)) && (await twoFactorProvidersFor(ctx, me)).length > 0;
}

export async function myTwoFactorEnabled(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  return isTwoFactorEnabledFor(ctx, await myUser(ctx.db, request));
}

export async function setMyTwoFactorEnabled(ctx: AppContext, request: FastifyRequest, enabled: boolean): Promise<void> {
  const me = await myUser(ctx.db, request);
  if (!(await usersCanChangeTwoFactor(ctx, me.tenantId))) {
    throw businessError('Volo.Abp.Identity:CanNotChangeTwoFactor', 'AbpIdentity::Volo.Abp.Identity:CanNotChangeTwoFactor');
  }
  if (enabled && (await twoFactorProvidersFor(ctx, me)).length === 0) {
    throw businessError('Volo.Account:TwoFactorNeedsProvider', 'AbpAccount::TwoFactorNeedsProvider');
  }
  if (me.twoFactorEnabled === enabled) return;
  if (!(await setTwoFactorEnabled(ctx, me, enabled))) {
    throw businessError('Volo.Abp.Identity:CanNotChangeTwoFactor', 'AbpIdentity::Volo.Abp.Identity:CanNotChangeTwoFactor');
  }
  await logAccountAction(ctx, request, me, enabled ? AccountLogActions.TwoFactorEnabled : AccountLogActions.TwoFactorDisabled);
}
