// Per-user state changes of the administration (spec 7.13; ABP Identity Pro's IdentityUserAppService):
// lock until a time, unlock, activate or deactivate, two-factor on or off, set a password. Rules:
// - each change is one transaction on a live user of the caller's tenant (else 404), renews the
//   concurrency stamp and records the entity change for the audit log;
// - lock: refused for the caller's own account and when lockout is not enabled for the user (ABP's
//   UserLockoutNotEnabled); a time in the past simply ends a lockout, as ASP.NET Identity does;
//   unlock clears the lockout end and the failed-attempt count, whatever the lockout switch says;
// - a lock or a deactivation takes effect on the user's next request: request-context refuses a
//   token whose user is locked out or inactive (the sessions are kept while locked, so an unlock
//   restores them; a deactivation deletes them, as updateUser does);
// - two-factor can be changed only while the tenant's two-factor behaviour is Optional (ABP's
//   CanNotChangeTwoFactor); switching it renews the security stamp, as UserManager does;
// - a new password follows the tenant's password policy and renews the security stamp (outstanding
//   reset and confirmation tokens die); it revokes no session.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { identitySessions, users } from '../../db/schema/index.ts';
import { businessError, validationError } from '../../errors.ts';
import { trackUser } from '../../audit/entities.ts';
import { checkPassword, passwordPolicy } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import { findUser, type Tx, type UserRow } from './user-repository.ts';
import { type Caller, userNotFound } from './user-service.ts';

const identityKey = (name: string) => `AbpIdentity::Volo.Abp.Identity:${name}`;
const newStamp = () => crypto.randomUUID().replaceAll('-', '');

export const cannotLockYourself = () => businessError('Volo.Abp.Identity:UserSelfLockout', identityKey('UserSelfLockout'));
export const lockoutNotEnabled = (userName: string) =>
  businessError('Volo.Abp.Identity:UserLockoutNotEnabled', identityKey('UserLockoutNotEnabled'), userName);

/**
 * Runs `change` on a live user of the caller's tenant inside a transaction and writes what it
 * returns (plus a new concurrency stamp) back, recording the entity change. `change` may throw to
 * refuse, or return null to change nothing.
 */
export async function changeUser(
  ctx: AppContext,
  caller: Caller,
  id: string,
  change: (row: UserRow, tx: Tx) => Partial<UserRow> | null | Promise<Partial<UserRow> | null>,
): Promise<UserRow> {
  return ctx.db.transaction(async (tx) => {
    const existing = await findUser(tx, caller.tenantId, eq(users.id, id));
    if (!existing) throw userNotFound(id);
    const changes = await change(existing, tx);
    if (!changes) return existing;
    const [row] = await tx
      .update(users)
      .set({
        ...changes,
        concurrencyStamp: newStamp(),
        entityVersion: existing.entityVersion + 1,
        lastModificationTime: new Date(),
        lastModifierId: caller.userId,
      })
      .where(eq(users.id, id))
      .returning();
    trackUser(existing, row!);
    return row!;
  });
}

/** Parses the lock path's date-time; one without an offset is UTC (ABP's DateTime.SpecifyKind Utc). */
export function parseLockoutEnd(text: string): Date | null {
  const withZone = /T.*(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : text.includes('T') ? `${text}Z` : `${text}T00:00:00Z`;
  const date = new Date(withZone);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function lockUser(ctx: AppContext, caller: Caller, id: string, lockoutEnd: Date): Promise<UserRow> {
  if (caller.userId === id) throw cannotLockYourself();
  return changeUser(ctx, caller, id, (row) => {
    if (!row.lockoutEnabled) throw lockoutNotEnabled(row.userName);
    return { lockoutEnd };
  });
}

export function unlockUser(ctx: AppContext, caller: Caller, id: string): Promise<UserRow> {
  // Always allowed: with lockout since disabled, a lockout end left behind must still be clearable.
  return changeUser(ctx, caller, id, (row) =>
    row.lockoutEnd || row.accessFailedCount ? { lockoutEnd: null, accessFailedCount: 0 } : null,
  );
}

export const cannotDeactivateYourself = () => businessError('Volo.Abp.Identity:UserSelfDeactivation', identityKey('UserSelfDeactivation'));

/** Activates or deactivates a user; deactivating ends their sessions. */
export function setUserActive(ctx: AppContext, caller: Caller, id: string, active: boolean): Promise<UserRow> {
  if (!active && caller.userId === id) throw cannotDeactivateYourself();
  return changeUser(ctx, caller, id, async (row, tx) => {
    if (!active) await tx.delete(identitySessions).where(eq(identitySessions.userId, id));
    return row.isActive === active ? null : { isActive: active };
  });
}

/** The tenant's two-factor behaviour is Optional (feature Identity.TwoFactor first, then the setting). */
export async function twoFactorIsOptional(ctx: AppContext, tenantId: string | null): Promise<boolean> {
  const optional = (value: string | null | undefined) => value == null || value === '' || /^(optional|0)$/i.test(value);
  const feature = await ctx.features.getValue(tenantId, 'Identity.TwoFactor').catch(() => null);
  if (!optional(feature)) return false;
  return optional(await ctx.settings.getValue('Abp.Identity.TwoFactor.Behaviour', { tenantId }).catch(() => null));
}

export async function setUserTwoFactor(ctx: AppContext, caller: Caller, id: string, enabled: boolean): Promise<UserRow> {
  if (!(await twoFactorIsOptional(ctx, caller.tenantId))) {
    // The user must exist in the tenant before the rule is told (an unknown id stays a 404).
    if (!(await findUser(ctx.db, caller.tenantId, eq(users.id, id)))) throw userNotFound(id);
    throw businessError('Volo.Abp.Identity:CanNotChangeTwoFactor', identityKey('CanNotChangeTwoFactor'));
  }
  return changeUser(ctx, caller, id, (row) =>
    row.twoFactorEnabled === enabled ? null : { twoFactorEnabled: enabled, securityStamp: crypto.randomUUID() },
  );
}

export async function setUserPassword(ctx: AppContext, caller: Caller, id: string, newPassword: string): Promise<UserRow> {
  if (!(await findUser(ctx.db, caller.tenantId, eq(users.id, id)))) throw userNotFound(id);
  const errors = checkPassword(newPassword, await passwordPolicy(ctx, caller.tenantId), 'newPassword');
  if (errors.length) throw validationError(errors);
  const passwordHash = await hashPassword(newPassword);
  return changeUser(ctx, caller, id, (row) => {
    if (row.isExternal) throw businessError('Volo.Abp.Identity:010003', identityKey('010003'));
    return { passwordHash, securityStamp: crypto.randomUUID(), lastPasswordChangeTime: new Date() };
  });
}
