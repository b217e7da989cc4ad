// Roles of the caller's tenant. Rules:
// - names are unique per tenant (compared normalized); static roles cannot be renamed or deleted
//   (business errors, 403);
// - renaming a role moves its permission grants (provider R, key = role name) in the same
//   transaction, and deleting it removes them with its memberships;
// - the concurrency stamp must match (409 otherwise) and changes on every write;
// - userCount counts live users only.
import { and, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { iso, type PagedResult } from '../../../contract/common.ts';
import type { GetIdentityRolesInput, IdentityRoleCreateDto, IdentityRoleDto, IdentityRoleUpdateDto } from '../../../contract/identity.ts';
import type { AppContext } from '../../context.ts';
import { permissionGrants, roles, userRoles } from '../../db/schema/index.ts';
import { businessError, notFound, staleConcurrencyStamp } from '../../errors.ts';
import { trackRole, trackUserRole } from '../../audit/entities.ts';
import { invalidatePermissionGrants, invalidateUserPermissions } from '../permission-management/checker.ts';
import { normalizeName } from '../saas/tenant-store.ts';
import { likePattern, orderBy, pageOf } from '../shared/paging.ts';
import { sameTenant } from '../shared/tenancy.ts';
import type { Caller } from './user-service.ts';
import type { Executor } from './user-repository.ts';

type RoleRow = typeof roles.$inferSelect;

const identityKey = (name: string) => `AbpIdentity::Volo.Abp.Identity:${name}`;
const newStamp = () => crypto.randomUUID().replaceAll('-', '');
const roleNotFound = (id: string) => notFound('IdentityRole', id);
const duplicateName = (name: string) => businessError('Volo.Abp.Identity:DuplicateRoleName', identityKey('DuplicateRoleName'), name);

// Qualified by hand: in a one-table select Drizzle renders columns unqualified, and inside the
// subquery "id" would then bind to users.id instead of the outer role.
const userCount = sql<number>`(select count(*) from "user_roles" ur inner join "users" u on u."id" = ur."user_id"
  where ur."role_id" = "roles"."id" and u."is_deleted" = false)`.mapWith(Number);

const sortable = {
  name: roles.name,
  isDefault: roles.isDefault,
  isStatic: roles.isStatic,
  isPublic: roles.isPublic,
  creationTime: roles.creationTime,
  userCount,
};

const toDto = (row: RoleRow & { userCount: number }): IdentityRoleDto => ({
  id: row.id,
  name: row.name,
  isDefault: row.isDefault,
  isStatic: row.isStatic,
  isPublic: row.isPublic,
  userCount: row.userCount,
  creationTime: iso(row.creationTime)!,
  concurrencyStamp: row.concurrencyStamp,
  extraProperties: row.extraProperties ?? {},
});

async function selectRoles(db: Executor, where: SQL, options: { order?: SQL[]; offset?: number; limit?: number } = {}) {
  let query = db
    .select({ role: roles, userCount })
    .from(roles)
    .where(where)
    .orderBy(...(options.order ?? [sql`${roles.name} asc`, sql`${roles.id} asc`]))
    .$dynamic();
  if (options.offset !== undefined) query = query.offset(options.offset);
  if (options.limit !== undefined) query = query.limit(options.limit);
  const rows = await query;
  return rows.map((r) => toDto({ ...r.role, userCount: r.userCount }));
}

/** The role list's WHERE clause: the tenant's roles whose name holds the free text. */
export const roleListFilter = (tenantId: string | null, input: Pick<GetIdentityRolesInput, 'filter'>): SQL => {
  const filter = input.filter?.trim();
  return and(sameTenant(roles.tenantId, tenantId), filter ? ilike(roles.name, likePattern(filter)) : undefined)!;
};

/** ORDER BY for a role list: the sorting on the allow-list, name by default. */
export const roleListOrder = (sorting: string | undefined) => orderBy(sorting, sortable, [sql`${roles.name} asc`], roles.id);

/** The number of live users in the role, for a query over "roles". */
export const roleUserCount = userCount;

export async function listRoles(
  ctx: AppContext,
  tenantId: string | null,
  input: GetIdentityRolesInput,
  /** A further condition on "roles" (organization units list their roles, or the roles they lack). */
  extra?: SQL,
): Promise<PagedResult<IdentityRoleDto>> {
  const where = and(roleListFilter(tenantId, input), extra)!;
  const order = roleListOrder(input.sorting);
  const [total, items] = await Promise.all([
    ctx.db.select({ value: count() }).from(roles).where(where),
    selectRoles(ctx.db, where, { order, ...pageOf(input) }),
  ]);
  return { totalCount: Number(total[0]?.value ?? 0), items };
}

export const allRoles = (db: Executor, tenantId: string | null) => selectRoles(db, sameTenant(roles.tenantId, tenantId));

export async function getRole(db: Executor, tenantId: string | null, id: string): Promise<IdentityRoleDto> {
  const [role] = await selectRoles(db, and(sameTenant(roles.tenantId, tenantId), eq(roles.id, id))!);
  if (!role) throw roleNotFound(id);
  return role;
}

/** Roles a user belongs to, as DTOs (the user must already be known to be in the tenant). */
export const rolesOfUser = (db: Executor, tenantId: string | null, userId: string) =>
  selectRoles(
    db,
    and(
      sameTenant(roles.tenantId, tenantId),
      sql`exists (select 1 from "user_roles" ur where ur."role_id" = "roles"."id" and ur."user_id" = ${userId})`,
    )!,
  );

async function checkNameFree(db: Executor, tenantId: string | null, name: string, exceptId?: string) {
  const [other] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(sameTenant(roles.tenantId, tenantId), eq(roles.normalizedName, normalizeName(name))));
  if (other && other.id !== exceptId) throw duplicateName(name);
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';

export async function createRole(ctx: AppContext, caller: Caller, input: IdentityRoleCreateDto): Promise<IdentityRoleDto> {
  const name = input.name.trim();
  try {
    return await ctx.db.transaction(async (tx) => {
      await checkNameFree(tx, caller.tenantId, name);
      const [row] = await tx
        .insert(roles)
        .values({
          tenantId: caller.tenantId,
          name,
          normalizedName: normalizeName(name),
          isDefault: input.isDefault ?? false,
          isPublic: input.isPublic ?? false,
          creatorId: caller.userId,
        })
        .returning();
      trackRole(null, row!);
      return toDto({ ...row!, userCount: 0 });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(name);
    throw error;
  }
}

export async function updateRole(ctx: AppContext, caller: Caller, id: string, input: IdentityRoleUpdateDto): Promise<IdentityRoleDto> {
  const name = input.name.trim();
  let renamedFrom: string | null = null;
  try {
    const dto = await ctx.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(roles)
        .where(and(sameTenant(roles.tenantId, caller.tenantId), eq(roles.id, id)));
      if (!existing) throw roleNotFound(id);
      if (existing.concurrencyStamp !== input.concurrencyStamp) throw staleConcurrencyStamp();
      if (name !== existing.name) {
        if (existing.isStatic) throw businessError('Volo.Abp.Identity:StaticRoleRenaming', identityKey('StaticRoleRenaming'));
        await checkNameFree(tx, caller.tenantId, name, id);
        renamedFrom = existing.name;
        // Grants are keyed by role name: they follow the role or the role would lose its permissions.
        await tx
          .update(permissionGrants)
          .set({ providerKey: name })
          .where(
            and(
              sameTenant(permissionGrants.tenantId, caller.tenantId),
              eq(permissionGrants.providerName, 'R'),
              eq(permissionGrants.providerKey, existing.name),
            ),
          );
      }
      const [row] = await tx
        .update(roles)
        .set({
          name,
          normalizedName: normalizeName(name),
          isDefault: input.isDefault ?? existing.isDefault,
          isPublic: input.isPublic ?? existing.isPublic,
          concurrencyStamp: newStamp(),
          entityVersion: existing.entityVersion + 1,
        })
        .where(and(eq(roles.id, id), eq(roles.concurrencyStamp, input.concurrencyStamp)))
        .returning();
      if (!row) throw staleConcurrencyStamp();
      trackRole(existing, row);
      return getRole(tx, caller.tenantId, id);
    });
    if (renamedFrom) await invalidateAfterRoleChange(ctx, caller.tenantId, [renamedFrom, name]);
    return dto;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(name);
    throw error;
  }
}

export async function deleteRole(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  const name = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(roles)
      .where(and(sameTenant(roles.tenantId, caller.tenantId), eq(roles.id, id)));
    if (!existing) throw roleNotFound(id);
    if (existing.isStatic) throw businessError('Volo.Abp.Identity:StaticRoleDeletion', identityKey('StaticRoleDeletion'));
    await tx
      .delete(permissionGrants)
      .where(
        and(
          sameTenant(permissionGrants.tenantId, caller.tenantId),
          eq(permissionGrants.providerName, 'R'),
          eq(permissionGrants.providerKey, existing.name),
        ),
      );
    // user_roles rows go with the role (foreign key cascade).
    await tx.delete(roles).where(eq(roles.id, id));
    trackRole(existing, null);
    return existing.name;
  });
  await invalidateAfterRoleChange(ctx, caller.tenantId, [name]);
}

/** Moves every user of role `id` to role `targetId` (absent: they only leave `id`); Identity Pro's MoveAllUsers. */
export async function moveAllUsersOfRole(ctx: AppContext, caller: Caller, id: string, targetId: string | undefined): Promise<void> {
  const moved = await ctx.db.transaction(async (tx) => {
    await getRole(tx, caller.tenantId, id);
    if (targetId) await getRole(tx, caller.tenantId, targetId);
    if (targetId === id) return 0;
    const left = await tx.delete(userRoles).where(eq(userRoles.roleId, id)).returning();
    for (const link of left) trackUserRole(caller.tenantId, link.userId, id, false);
    if (targetId && left.length) {
      const joined = await tx
        .insert(userRoles)
        .values(left.map((link) => ({ userId: link.userId, roleId: targetId, tenantId: caller.tenantId })))
        .onConflictDoNothing()
        .returning();
      for (const link of joined) trackUserRole(caller.tenantId, link.userId, targetId, true);
    }
    return left.length;
  });
  if (moved) await invalidateUserPermissions(ctx);
}

async function invalidateAfterRoleChange(ctx: AppContext, tenantId: string | null, names: string[]) {
  for (const providerKey of names) await invalidatePermissionGrants(ctx, { tenantId, providerName: 'R', providerKey });
  await invalidateUserPermissions(ctx);
}
