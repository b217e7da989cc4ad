// Writes of users. Rules:
// - each write runs in one transaction: a broken rule (400/403/409) leaves nothing behind;
// - user name and e-mail are unique per tenant among live users (compared normalized, upper-case);
// - passwords follow the tenant's password settings and are stored as argon2id hashes only;
// - the concurrency stamp must match (409 otherwise) and changes on every write;
// - deactivating or deleting a user deletes their sessions, so their tokens stop at the next request;
// - deleting a user deletes their remembered consent decisions (identity-server/consent.ts);
// - a caller cannot delete their own account (ABP's UserSelfDeletion).
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { IdentityUserCreateDto, IdentityUserDto, IdentityUserUpdateDto } from '../../../contract/identity.ts';
import type { AppContext, CurrentUser } from '../../context.ts';
import { identitySessions, oidcPayloads, roles, userRoles, users } from '../../db/schema/index.ts';
import { businessError, invalidField, notFound, staleConcurrencyStamp, validationError } from '../../errors.ts';
import { trackUser, trackUserRole, trackUserSoftDeleted } from '../../audit/entities.ts';
import { invalidateUserPermissions } from '../permission-management/checker.ts';
import { normalizeName } from '../saas/tenant-store.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { checkPassword, passwordPolicy } from './password-policy.ts';
import { setUserOrganizationUnits } from './organization-unit-service.ts';
import { hashPassword } from './passwords.ts';
import { type Executor, findUser, type Tx, type UserRow, userDto } from './user-repository.ts';

export interface Caller {
  tenantId: string | null;
  userId: string | null;
}

const identityKey = (name: string) => `AbpIdentity::Volo.Abp.Identity:${name}`;
// ASP.NET Identity's default AllowedUserNameCharacters.
const userNamePattern = /^[A-Za-z0-9\-._@+]+$/;
const newStamp = () => crypto.randomUUID().replaceAll('-', '');

export const userNotFound = (id: string) => notFound('IdentityUser', id);

async function checkPasswordPolicy(ctx: AppContext, tenantId: string | null, password: string) {
  const errors = checkPassword(password, await passwordPolicy(ctx, tenantId));
  if (errors.length) throw validationError(errors);
}

export function checkUserName(userName: string) {
  if (!userNamePattern.test(userName)) throw invalidField('userName', identityKey('InvalidUserName'), userName);
}

export async function checkUnique(tx: Executor, tenantId: string | null, input: { userName: string; email: string }, exceptId?: string) {
  const others = (where: ReturnType<typeof eq>) => findUser(tx, tenantId, exceptId ? and(where, ne(users.id, exceptId))! : where);
  if (await others(eq(users.normalizedUserName, normalizeName(input.userName)))) {
    throw businessError('Volo.Abp.Identity:DuplicateUserName', identityKey('DuplicateUserName'), input.userName);
  }
  if (await others(eq(users.normalizedEmail, normalizeName(input.email)))) {
    throw businessError('Volo.Abp.Identity:DuplicateEmail', identityKey('DuplicateEmail'), input.email);
  }
}

/** Replaces a user's roles with the named ones (names of roles in the same tenant; unknown → 400). */
export async function setUserRoles(tx: Tx, tenantId: string | null, userId: string, roleNames: string[]): Promise<boolean> {
  const wanted = [...new Set(roleNames.map(normalizeName).filter(Boolean))];
  const found = wanted.length
    ? await tx
        .select({ id: roles.id, normalizedName: roles.normalizedName })
        .from(roles)
        .where(and(sameTenant(roles.tenantId, tenantId), inArray(roles.normalizedName, wanted)))
    : [];
  const missing = wanted.find((name) => !found.some((r) => r.normalizedName === name));
  if (missing) {
    const original = roleNames.find((n) => normalizeName(n) === missing) ?? missing;
    throw invalidField('roleNames', identityKey('RoleNotFound'), original);
  }
  const current = await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  const currentIds = new Set(current.map((r) => r.roleId));
  const wantedIds = new Set(found.map((r) => r.id));
  const toRemove = [...currentIds].filter((id) => !wantedIds.has(id));
  const toAdd = [...wantedIds].filter((id) => !currentIds.has(id));
  if (toRemove.length) await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), inArray(userRoles.roleId, toRemove)));
  if (toAdd.length) await tx.insert(userRoles).values(toAdd.map((roleId) => ({ userId, roleId, tenantId })));
  for (const roleId of toRemove) trackUserRole(tenantId, userId, roleId, false);
  for (const roleId of toAdd) trackUserRole(tenantId, userId, roleId, true);
  return toRemove.length > 0 || toAdd.length > 0;
}

async function defaultRoleNames(tx: Tx, tenantId: string | null): Promise<string[]> {
  const rows = await tx
    .select({ name: roles.name })
    .from(roles)
    .where(and(sameTenant(roles.tenantId, tenantId), eq(roles.isDefault, true)));
  return rows.map((r) => r.name);
}

/** A boolean setting; unset (null) counts as ABP's default, true, for the two user-update switches. */
async function settingIsTrue(ctx: AppContext, name: string, tenantId: string | null): Promise<boolean> {
  const value = await ctx.settings.getValue(name, { tenantId }).catch(() => null);
  return value == null || value.toLowerCase() === 'true';
}

/** Postgres unique violation: two requests raced past the duplicate check. */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';

/** The duplicate a unique violation stands for: the e-mail index names its constraint, else the user name. */
export function duplicateError(error: unknown, userName: string, email: string) {
  const constraint = (error as { constraint?: string })?.constraint ?? (error as { cause?: { constraint?: string } })?.cause?.constraint;
  return constraint === 'users_tenant_email_key'
    ? businessError('Volo.Abp.Identity:DuplicateEmail', identityKey('DuplicateEmail'), email)
    : businessError('Volo.Abp.Identity:DuplicateUserName', identityKey('DuplicateUserName'), userName);
}

/**
 * `manageRoles`: whether the caller holds AbpIdentity.Users.Update.ManageRoles. Without it, role
 * names in a create or update body are ignored (as ABP does), or Users.Update alone could grant admin.
 */
export interface RoleRights {
  manageRoles: boolean;
  /**
   * Whether the caller holds AbpIdentity.Users.Update.ManageOU; without it organizationUnitIds in a
   * body is ignored, as ABP does. Left out, the service asks the permission checker itself.
   */
  manageOrganizationUnits?: boolean;
}

/** ManageOU of the caller: from the route when it knows, else checked here (callers without a user: no). */
async function mayManageUnits(ctx: AppContext, caller: Caller, rights: RoleRights): Promise<boolean> {
  if (rights.manageOrganizationUnits !== undefined) return rights.manageOrganizationUnits;
  if (!caller.userId) return false;
  // The checker reads only the id and tenant of the user it is given.
  const user = { id: caller.userId, tenantId: caller.tenantId } as CurrentUser;
  return ctx.permissions.isGranted(user, caller.tenantId, 'AbpIdentity.Users.Update.ManageOU');
}

export async function createUser(
  ctx: AppContext,
  caller: Caller,
  input: IdentityUserCreateDto,
  rights: RoleRights,
  /** More writes in the same transaction (self-registration's confirmation token), after the roles. */
  within?: (tx: Tx, row: UserRow) => Promise<void>,
): Promise<IdentityUserDto> {
  const userName = input.userName.trim();
  const email = input.email.trim();
  checkUserName(userName);
  await checkPasswordPolicy(ctx, caller.tenantId, input.password);
  const passwordHash = await hashPassword(input.password);
  // Abp.Identity.Lockout.AllowedForNewUsers is the default of lockoutEnabled when the caller leaves it out.
  const lockoutForNewUsers =
    (await ctx.settings.getValue('Abp.Identity.Lockout.AllowedForNewUsers', { tenantId: caller.tenantId })) !== 'false';
  const manageUnits = input.organizationUnitIds ? await mayManageUnits(ctx, caller, rights) : false;
  try {
    const dto = await ctx.db.transaction(async (tx) => {
      await checkUnique(tx, caller.tenantId, { userName, email });
      const [row] = await tx
        .insert(users)
        .values({
          tenantId: caller.tenantId,
          userName,
          normalizedUserName: normalizeName(userName),
          email,
          normalizedEmail: normalizeName(email),
          emailConfirmed: input.emailConfirmed ?? false,
          name: input.name ?? null,
          surname: input.surname ?? null,
          phoneNumber: input.phoneNumber || null,
          phoneNumberConfirmed: input.phoneNumberConfirmed ?? false,
          isActive: input.isActive ?? true,
          lockoutEnabled: input.lockoutEnabled ?? lockoutForNewUsers,
          shouldChangePasswordOnNextLogin: input.shouldChangePasswordOnNextLogin ?? false,
          passwordHash,
          lastPasswordChangeTime: new Date(),
          creatorId: caller.userId,
        })
        .returning();
      trackUser(null, row!);
      // ABP: absent roleNames gives the default roles; a list (even empty) is taken as is.
      const requested = rights.manageRoles ? input.roleNames : null;
      await setUserRoles(tx, caller.tenantId, row!.id, requested ?? (await defaultRoleNames(tx, caller.tenantId)));
      if (input.organizationUnitIds && manageUnits) await setUserOrganizationUnits(tx, caller, row!.id, input.organizationUnitIds);
      await within?.(tx, row!);
      return userDto(tx, row!);
    });
    return dto;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateError(error, userName, email);
    throw error;
  }
}

/** Revokes every sign-in of the user: request-context refuses tokens whose session row is gone. */
const endSessions = (tx: Executor, userId: string) => tx.delete(identitySessions).where(eq(identitySessions.userId, userId));

export async function updateUser(
  ctx: AppContext,
  caller: Caller,
  id: string,
  input: IdentityUserUpdateDto,
  rights: RoleRights,
): Promise<IdentityUserDto> {
  const requestedUserName = input.userName.trim();
  const requestedEmail = input.email.trim();
  checkUserName(requestedUserName);
  const [userNameUpdatable, emailUpdatable] = await Promise.all([
    settingIsTrue(ctx, 'Abp.Identity.User.IsUserNameUpdateEnabled', caller.tenantId),
    settingIsTrue(ctx, 'Abp.Identity.User.IsEmailUpdateEnabled', caller.tenantId),
  ]);
  let userName = requestedUserName;
  const password = input.password || null;
  if (password) await checkPasswordPolicy(ctx, caller.tenantId, password);
  const passwordHash = password ? await hashPassword(password) : null;
  let rolesChanged = false;
  const manageUnits = input.organizationUnitIds ? await mayManageUnits(ctx, caller, rights) : false;
  try {
    const dto = await ctx.db.transaction(async (tx) => {
      const existing = await findUser(tx, caller.tenantId, eq(users.id, id));
      if (!existing) throw userNotFound(id);
      if (existing.concurrencyStamp !== input.concurrencyStamp) throw staleConcurrencyStamp();
      // ABP ignores a new user name or e-mail when the tenant's settings forbid changing them.
      if (!userNameUpdatable) userName = existing.userName;
      const email = emailUpdatable ? requestedEmail : existing.email;
      await checkUnique(tx, caller.tenantId, { userName, email }, id);
      const emailChanged = normalizeName(email) !== existing.normalizedEmail;
      const phoneNumber = input.phoneNumber || null;
      const changes: Partial<UserRow> = {
        userName,
        normalizedUserName: normalizeName(userName),
        email,
        normalizedEmail: normalizeName(email),
        // A new address is unconfirmed unless the administrator says otherwise.
        emailConfirmed: input.emailConfirmed ?? (emailChanged ? false : existing.emailConfirmed),
        name: input.name ?? null,
        surname: input.surname ?? null,
        phoneNumber,
        phoneNumberConfirmed: input.phoneNumberConfirmed ?? (phoneNumber !== existing.phoneNumber ? false : existing.phoneNumberConfirmed),
        isActive: input.isActive ?? existing.isActive,
        lockoutEnabled: input.lockoutEnabled ?? existing.lockoutEnabled,
        shouldChangePasswordOnNextLogin: input.shouldChangePasswordOnNextLogin ?? existing.shouldChangePasswordOnNextLogin,
        concurrencyStamp: newStamp(),
        entityVersion: existing.entityVersion + 1,
        lastModificationTime: new Date(),
        lastModifierId: caller.userId,
      };
      if (passwordHash) Object.assign(changes, { passwordHash, securityStamp: crypto.randomUUID(), lastPasswordChangeTime: new Date() });
      // The stamp in the WHERE clause closes the race between the check above and this write.
      const [row] = await tx
        .update(users)
        .set(changes)
        .where(and(eq(users.id, id), eq(users.concurrencyStamp, input.concurrencyStamp)))
        .returning();
      if (!row) throw staleConcurrencyStamp();
      trackUser(existing, row);
      if (input.roleNames && rights.manageRoles) rolesChanged = await setUserRoles(tx, caller.tenantId, id, input.roleNames);
      // Units carry roles too: a change of units is a change of the user's permissions.
      if (input.organizationUnitIds && manageUnits && (await setUserOrganizationUnits(tx, caller, id, input.organizationUnitIds))) {
        rolesChanged = true;
      }
      if (!row.isActive) await endSessions(tx, id);
      return userDto(tx, row);
    });
    if (rolesChanged) await invalidateUserPermissions(ctx, id);
    return dto;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateError(error, userName, requestedEmail);
    throw error;
  }
}

export async function updateUserRoles(ctx: AppContext, caller: Caller, id: string, roleNames: string[]): Promise<void> {
  const changed = await ctx.db.transaction(async (tx) => {
    const existing = await findUser(tx, caller.tenantId, eq(users.id, id));
    if (!existing) throw userNotFound(id);
    const changed = await setUserRoles(tx, caller.tenantId, id, roleNames);
    if (changed) {
      await tx
        .update(users)
        .set({ concurrencyStamp: newStamp(), lastModificationTime: new Date(), lastModifierId: caller.userId })
        .where(eq(users.id, id));
    }
    return changed;
  });
  if (changed) await invalidateUserPermissions(ctx, id);
}

export async function deleteUser(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  if (caller.userId === id) throw businessError('Volo.Abp.Identity:010001', identityKey('010001'));
  await ctx.db.transaction(async (tx) => {
    // ABP answers a missing id with success; we answer 404 so that "another tenant's id" and "no such
    // id" look the same on every verb, as the isolation sweep expects.
    const existing = await findUser(tx, caller.tenantId, eq(users.id, id));
    if (!existing) throw userNotFound(id);
    const [deleted] = await tx
      .update(users)
      .set({ isDeleted: true, deletionTime: new Date(), deleterId: caller.userId, concurrencyStamp: newStamp() })
      .where(eq(users.id, id))
      .returning();
    if (deleted) trackUserSoftDeleted(existing, deleted);
    await endSessions(tx, id);
    // What the user allowed each client (explicit consent, model 'ConsentDecision' of consent.ts).
    await tx.delete(oidcPayloads).where(and(eq(oidcPayloads.model, 'ConsentDecision'), sql`${oidcPayloads.payload}->>'accountId' = ${id}`));
  });
  await invalidateUserPermissions(ctx, id);
}
