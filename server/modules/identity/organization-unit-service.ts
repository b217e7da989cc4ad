// Organization units of the caller's tenant (Identity Pro's OrganizationUnitManager and app service).
// Rules:
// - a unit's code is its parent's code plus the next free 5-digit number ("00001.00002"); a subtree
//   is the unit plus every live unit whose code starts with "<code>."; tree writes of one tenant are
//   serialized (advisory lock on PostgreSQL, one connection on PGlite) so two creates cannot pick the
//   same code;
// - display names are unique among siblings (ABP's Volo.Abp.Identity:010004, a 403);
// - move recomputes the codes of the whole subtree and refuses a new parent inside the subtree;
// - delete soft-deletes the whole subtree and removes its memberships and role links, in one
//   transaction;
// - members inherit the roles of their units and of every ancestor unit (checker.ts reads them), so
//   any change of links, memberships or the tree publishes a permission-cache invalidation;
// - every id is looked up in the caller's tenant: another tenant's id is a 404 like a missing one.
import { and, asc, count, eq, ilike, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import { EntityChangeType } from '../../../contract/audit-logging.ts';
import { iso, type PagedResult } from '../../../contract/common.ts';
import type { GetIdentityUsersInput, IdentityRoleDto } from '../../../contract/identity.ts';
import type {
  GetAvailableRolesInput,
  GetAvailableUsersInput,
  GetOrganizationUnitInput,
  GetOrganizationUnitRolesInput,
  OrganizationUnitCreateDto,
  OrganizationUnitDto,
  OrganizationUnitLookupDto,
  OrganizationUnitUpdateDto,
  OrganizationUnitWithDetailsDto,
} from '../../../contract/identity-organization.ts';
import { trackEntityChange } from '../../audit/scope.ts';
import type { AppContext } from '../../context.ts';
import { organizationUnitRoles, organizationUnits, roles, userOrganizationUnits, users } from '../../db/schema/index.ts';
import { businessError, notFound, staleConcurrencyStamp } from '../../errors.ts';
import { invalidateUserPermissions } from '../permission-management/checker.ts';
import { likePattern, orderBy, pageOf } from '../shared/paging.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { allRoles, listRoles } from './role-service.ts';
import { type Executor, memberOfUnit, membersCount, pageOfUsers, type Tx, userListFilter } from './user-repository.ts';
import type { Caller } from './user-service.ts';

type UnitRow = typeof organizationUnits.$inferSelect;

const identityKey = (name: string) => `AbpIdentity::Volo.Abp.Identity:${name}`;
const newStamp = () => crypto.randomUUID().replaceAll('-', '');
export const unitNotFound = (id: string) => notFound('OrganizationUnit', id);

const entityTypes = {
  unit: 'Volo.Abp.Identity.OrganizationUnit',
  member: 'Volo.Abp.Identity.IdentityUserOrganizationUnit',
  role: 'Volo.Abp.Identity.OrganizationUnitRole',
};
const bookkeeping = ['concurrencyStamp', 'entityVersion', 'userCount', 'roles'];

function trackUnit(before: UnitRow | null, after: UnitRow | null, changeType?: EntityChangeType) {
  const row = (after ?? before)!;
  trackEntityChange(before, after, {
    entityTypeFullName: entityTypes.unit,
    entityId: row.id,
    entityTenantId: row.tenantId,
    ignore: bookkeeping,
    changeType,
  });
}

function trackLink(kind: 'member' | 'role', tenantId: string | null, unitId: string, otherId: string, added: boolean) {
  const row =
    kind === 'member'
      ? { userId: otherId, organizationUnitId: unitId, tenantId }
      : { organizationUnitId: unitId, roleId: otherId, tenantId };
  trackEntityChange(added ? null : row, added ? row : null, {
    entityTypeFullName: entityTypes[kind],
    entityId: kind === 'member' ? `${otherId},${unitId}` : `${unitId},${otherId}`,
    entityTenantId: tenantId,
  });
}

// --- codes (ABP's OrganizationUnit.CreateCode / AppendCode / CalculateNextCode) -------------------

const codeDigits = 5;
const codeSegment = (n: number) => String(n).padStart(codeDigits, '0');
const appendCode = (parent: string | null, child: string) => (parent ? `${parent}.${child}` : child);
function nextCode(code: string): string {
  const dot = code.lastIndexOf('.');
  const last = Number(code.slice(dot + 1));
  return appendCode(dot < 0 ? null : code.slice(0, dot), codeSegment(last + 1));
}

// --- queries ---------------------------------------------------------------------------------------

export const liveUnits = (tenantId: string | null): SQL =>
  and(sameTenant(organizationUnits.tenantId, tenantId), eq(organizationUnits.isDeleted, false))!;

/** The unit and its live descendants. */
const subtreeOf = (tenantId: string | null, code: string): SQL =>
  and(liveUnits(tenantId), or(eq(organizationUnits.code, code), like(organizationUnits.code, `${code}.%`)))!;

export async function findUnit(db: Executor, tenantId: string | null, id: string): Promise<UnitRow> {
  const [row] = await db
    .select()
    .from(organizationUnits)
    .where(and(liveUnits(tenantId), eq(organizationUnits.id, id)));
  if (!row) throw unitNotFound(id);
  return row;
}

// Qualified by hand: in a one-table select Drizzle renders columns unqualified.
const userCount = sql<number>`(select count(*) from "user_organization_units" uou inner join "users" u on u."id" = uou."user_id"
  where uou."organization_unit_id" = "organization_units"."id" and u."is_deleted" = false)`.mapWith(Number);

const sortable = {
  displayName: organizationUnits.displayName,
  code: organizationUnits.code,
  creationTime: organizationUnits.creationTime,
  lastModificationTime: organizationUnits.lastModificationTime,
  userCount,
};

const auditFields = (row: UnitRow) => ({
  creationTime: row.creationTime.toISOString(),
  creatorId: row.creatorId,
  lastModificationTime: iso(row.lastModificationTime),
  lastModifierId: row.lastModifierId,
  isDeleted: row.isDeleted,
  deleterId: row.deleterId,
  deletionTime: iso(row.deletionTime),
});

/** Units with their roles (as IdentityRoleDto) and member counts, in the given order. */
async function unitsWithDetails(
  db: Executor,
  tenantId: string | null,
  where: SQL,
  options: { order?: SQL[]; offset?: number; limit?: number } = {},
): Promise<OrganizationUnitWithDetailsDto[]> {
  let query = db
    .select({ unit: organizationUnits, userCount })
    .from(organizationUnits)
    .where(where)
    .orderBy(...(options.order ?? [asc(organizationUnits.code), asc(organizationUnits.id)]))
    .$dynamic();
  if (options.offset !== undefined) query = query.offset(options.offset);
  if (options.limit !== undefined) query = query.limit(options.limit);
  const rows = await query;
  if (!rows.length) return [];
  const ids = rows.map((r) => r.unit.id);
  const [links, tenantRoles] = await Promise.all([
    db
      .select({ unitId: organizationUnitRoles.organizationUnitId, roleId: organizationUnitRoles.roleId })
      .from(organizationUnitRoles)
      .where(inArray(organizationUnitRoles.organizationUnitId, ids)),
    allRoles(db, tenantId),
  ]);
  const roleById = new Map(tenantRoles.map((r) => [r.id, r]));
  return rows.map(({ unit, userCount }) => ({
    id: unit.id,
    parentId: unit.parentId,
    code: unit.code,
    displayName: unit.displayName,
    roles: links
      .filter((l) => l.unitId === unit.id)
      .map((l) => roleById.get(l.roleId))
      .filter((r): r is IdentityRoleDto => !!r),
    userCount,
    concurrencyStamp: unit.concurrencyStamp,
    ...auditFields(unit),
    extraProperties: unit.extraProperties ?? {},
  }));
}

export async function getUnit(db: Executor, tenantId: string | null, id: string): Promise<OrganizationUnitWithDetailsDto> {
  const [unit] = await unitsWithDetails(db, tenantId, and(liveUnits(tenantId), eq(organizationUnits.id, id))!);
  if (!unit) throw unitNotFound(id);
  return unit;
}

/** The unit list's WHERE clause: the tenant's live units whose display name holds the free text. */
export const unitListFilter = (tenantId: string | null, input: Pick<GetOrganizationUnitInput, 'filter'>): SQL => {
  const filter = input.filter?.trim();
  return and(liveUnits(tenantId), filter ? ilike(organizationUnits.displayName, likePattern(filter)) : undefined)!;
};

/** ORDER BY for a unit list: the sorting on the allow-list, display name by default. */
export const unitListOrder = (sorting: string | undefined) =>
  orderBy(sorting, sortable, [asc(organizationUnits.displayName)], organizationUnits.id);

/** The number of the unit's own live members, for a query over "organization_units". */
export const unitUserCount = userCount;

export async function listUnits(
  ctx: AppContext,
  tenantId: string | null,
  input: GetOrganizationUnitInput,
): Promise<PagedResult<OrganizationUnitWithDetailsDto>> {
  const where = unitListFilter(tenantId, input);
  const order = unitListOrder(input.sorting);
  const [total, items] = await Promise.all([
    ctx.db.select({ value: count() }).from(organizationUnits).where(where),
    unitsWithDetails(ctx.db, tenantId, where, { order, ...pageOf(input) }),
  ]);
  return { totalCount: Number(total[0]?.value ?? 0), items };
}

/** Every live unit of the tenant in tree order (code). */
export const allUnits = (db: Executor, tenantId: string | null) => unitsWithDetails(db, tenantId, liveUnits(tenantId));

export async function unitLookup(db: Executor, tenantId: string | null): Promise<OrganizationUnitLookupDto[]> {
  return db
    .select({ id: organizationUnits.id, displayName: organizationUnits.displayName })
    .from(organizationUnits)
    .where(liveUnits(tenantId))
    .orderBy(asc(organizationUnits.displayName), asc(organizationUnits.id));
}

/** The units a user belongs to, as OrganizationUnitDto with their role links. */
export async function unitsOfUser(db: Executor, tenantId: string | null, userId: string): Promise<OrganizationUnitDto[]> {
  const rows = await db
    .select({ unit: organizationUnits })
    .from(userOrganizationUnits)
    .innerJoin(organizationUnits, eq(organizationUnits.id, userOrganizationUnits.organizationUnitId))
    .where(and(eq(userOrganizationUnits.userId, userId), liveUnits(tenantId)))
    .orderBy(asc(organizationUnits.code));
  if (!rows.length) return [];
  const links = await db
    .select()
    .from(organizationUnitRoles)
    .where(
      inArray(
        organizationUnitRoles.organizationUnitId,
        rows.map((r) => r.unit.id),
      ),
    );
  return rows.map(({ unit }) => ({
    id: unit.id,
    parentId: unit.parentId,
    code: unit.code,
    displayName: unit.displayName,
    roles: links
      .filter((l) => l.organizationUnitId === unit.id)
      .map((l) => ({
        organizationUnitId: l.organizationUnitId,
        roleId: l.roleId,
        creationTime: l.creationTime.toISOString(),
        creatorId: l.creatorId,
      })),
    ...auditFields(unit),
    extraProperties: unit.extraProperties ?? {},
  }));
}

export async function listMembers(ctx: AppContext, tenantId: string | null, id: string, input: GetIdentityUsersInput) {
  await findUnit(ctx.db, tenantId, id);
  return pageOfUsers(ctx, and(userListFilter(tenantId, input), memberOfUnit(id))!, input, membersCount(tenantId, id, input));
}

export async function availableUsers(ctx: AppContext, tenantId: string | null, input: GetAvailableUsersInput) {
  if (input.id) await findUnit(ctx.db, tenantId, input.id);
  const where = and(userListFilter(tenantId, { filter: input.filter }), input.id ? sql`not ${memberOfUnit(input.id)}` : undefined)!;
  return pageOfUsers(ctx, where, { sorting: input.sorting, skipCount: input.skipCount, maxResultCount: input.maxResultCount });
}

const hasRole = (unitId: string) =>
  sql`exists (select 1 from "organization_unit_roles" our where our."role_id" = "roles"."id" and our."organization_unit_id" = ${unitId})`;

export async function listUnitRoles(ctx: AppContext, tenantId: string | null, id: string, input: GetOrganizationUnitRolesInput) {
  await findUnit(ctx.db, tenantId, id);
  return listRoles(ctx, tenantId, input, hasRole(id));
}

export async function availableRoles(ctx: AppContext, tenantId: string | null, input: GetAvailableRolesInput) {
  if (input.id) await findUnit(ctx.db, tenantId, input.id);
  return listRoles(ctx, tenantId, input, input.id ? sql`not ${hasRole(input.id)}` : undefined);
}

// --- writes ----------------------------------------------------------------------------------------

/** Serializes tree writes of one tenant, so code computation and sibling checks see a stable tree. */
async function lockTree(ctx: AppContext, tx: Tx, tenantId: string | null) {
  if (ctx.database.kind === 'postgres')
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`organization-units:${tenantId ?? ''}`}))`);
}

const childrenOf = (tenantId: string | null, parentId: string | null) =>
  and(liveUnits(tenantId), parentId ? eq(organizationUnits.parentId, parentId) : isNull(organizationUnits.parentId))!;

async function nextChildCode(tx: Tx, tenantId: string | null, parent: UnitRow | null): Promise<string> {
  const [last] = await tx
    .select({ code: organizationUnits.code })
    .from(organizationUnits)
    .where(childrenOf(tenantId, parent?.id ?? null))
    .orderBy(sql`${organizationUnits.code} desc`)
    .limit(1);
  return last ? nextCode(last.code) : appendCode(parent?.code ?? null, codeSegment(1));
}

async function checkSiblingName(tx: Tx, tenantId: string | null, parentId: string | null, displayName: string, exceptId?: string) {
  const siblings = await tx
    .select({ id: organizationUnits.id })
    .from(organizationUnits)
    .where(and(childrenOf(tenantId, parentId), eq(organizationUnits.displayName, displayName)));
  if (siblings.some((s) => s.id !== exceptId)) {
    throw businessError('Volo.Abp.Identity:010004', identityKey('010004'), displayName);
  }
}

export async function createUnit(
  ctx: AppContext,
  caller: Caller,
  input: OrganizationUnitCreateDto,
): Promise<OrganizationUnitWithDetailsDto> {
  const displayName = input.displayName.trim();
  return ctx.db.transaction(async (tx) => {
    await lockTree(ctx, tx, caller.tenantId);
    const parent = input.parentId ? await findUnit(tx, caller.tenantId, input.parentId) : null;
    await checkSiblingName(tx, caller.tenantId, parent?.id ?? null, displayName);
    const [row] = await tx
      .insert(organizationUnits)
      .values({
        tenantId: caller.tenantId,
        parentId: parent?.id ?? null,
        code: await nextChildCode(tx, caller.tenantId, parent),
        displayName,
        creatorId: caller.userId,
      })
      .returning();
    trackUnit(null, row!);
    return getUnit(tx, caller.tenantId, row!.id);
  });
}

export async function updateUnit(ctx: AppContext, caller: Caller, id: string, input: OrganizationUnitUpdateDto) {
  const displayName = input.displayName.trim();
  return ctx.db.transaction(async (tx) => {
    await lockTree(ctx, tx, caller.tenantId);
    const existing = await findUnit(tx, caller.tenantId, id);
    if (existing.concurrencyStamp !== input.concurrencyStamp) throw staleConcurrencyStamp();
    if (displayName !== existing.displayName) await checkSiblingName(tx, caller.tenantId, existing.parentId, displayName, id);
    const [row] = await tx
      .update(organizationUnits)
      .set({
        displayName,
        concurrencyStamp: newStamp(),
        entityVersion: existing.entityVersion + 1,
        lastModificationTime: new Date(),
        lastModifierId: caller.userId,
      })
      .where(and(eq(organizationUnits.id, id), eq(organizationUnits.concurrencyStamp, input.concurrencyStamp)))
      .returning();
    if (!row) throw staleConcurrencyStamp();
    trackUnit(existing, row);
    return getUnit(tx, caller.tenantId, id);
  });
}

export async function deleteUnit(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockTree(ctx, tx, caller.tenantId);
    const unit = await findUnit(tx, caller.tenantId, id);
    const subtree = await tx.select().from(organizationUnits).where(subtreeOf(caller.tenantId, unit.code));
    const ids = subtree.map((u) => u.id);
    const members = await tx.delete(userOrganizationUnits).where(inArray(userOrganizationUnits.organizationUnitId, ids)).returning();
    const links = await tx.delete(organizationUnitRoles).where(inArray(organizationUnitRoles.organizationUnitId, ids)).returning();
    for (const m of members) trackLink('member', caller.tenantId, m.organizationUnitId, m.userId, false);
    for (const l of links) trackLink('role', caller.tenantId, l.organizationUnitId, l.roleId, false);
    const now = new Date();
    const deleted = await tx
      .update(organizationUnits)
      .set({ isDeleted: true, deletionTime: now, deleterId: caller.userId, concurrencyStamp: newStamp() })
      .where(inArray(organizationUnits.id, ids))
      .returning();
    for (const row of deleted) trackUnit(subtree.find((u) => u.id === row.id)!, row, EntityChangeType.Deleted);
  });
  await invalidateUserPermissions(ctx);
}

export async function moveUnit(ctx: AppContext, caller: Caller, id: string, newParentId: string | null): Promise<void> {
  const moved = await ctx.db.transaction(async (tx) => {
    await lockTree(ctx, tx, caller.tenantId);
    const unit = await findUnit(tx, caller.tenantId, id);
    const parent = newParentId ? await findUnit(tx, caller.tenantId, newParentId) : null;
    if (parent && (parent.id === unit.id || parent.code.startsWith(`${unit.code}.`))) {
      throw businessError('Volo.Abp.Identity:OrganizationUnitMoveToDescendant', identityKey('OrganizationUnitMoveToDescendant'));
    }
    if ((parent?.id ?? null) === unit.parentId) return false;
    await checkSiblingName(tx, caller.tenantId, parent?.id ?? null, unit.displayName, unit.id);
    // Read the descendants before any code changes: they are found by the old code.
    const descendants = await tx
      .select()
      .from(organizationUnits)
      .where(and(liveUnits(caller.tenantId), like(organizationUnits.code, `${unit.code}.%`)));
    const oldCode = unit.code;
    const newCode = await nextChildCode(tx, caller.tenantId, parent);
    const now = new Date();
    const [row] = await tx
      .update(organizationUnits)
      .set({
        parentId: parent?.id ?? null,
        code: newCode,
        concurrencyStamp: newStamp(),
        entityVersion: unit.entityVersion + 1,
        lastModificationTime: now,
        lastModifierId: caller.userId,
      })
      .where(eq(organizationUnits.id, id))
      .returning();
    trackUnit(unit, row!);
    for (const child of descendants) {
      const [updated] = await tx
        .update(organizationUnits)
        .set({
          code: newCode + child.code.slice(oldCode.length),
          concurrencyStamp: newStamp(),
          lastModificationTime: now,
          lastModifierId: caller.userId,
        })
        .where(eq(organizationUnits.id, child.id))
        .returning();
      trackUnit(child, updated!);
    }
    return true;
  });
  // Members of the subtree now have other ancestors, hence other inherited roles.
  if (moved) await invalidateUserPermissions(ctx);
}

async function liveUserIds(tx: Executor, tenantId: string | null, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sameTenant(users.tenantId, tenantId), eq(users.isDeleted, false), inArray(users.id, ids)));
  return new Set(rows.map((r) => r.id));
}

async function tenantRoleIds(tx: Executor, tenantId: string | null, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(sameTenant(roles.tenantId, tenantId), inArray(roles.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function addMembers(ctx: AppContext, caller: Caller, id: string, userIds: string[]): Promise<void> {
  const wanted = [...new Set(userIds)];
  const added = await ctx.db.transaction(async (tx) => {
    await findUnit(tx, caller.tenantId, id);
    const found = await liveUserIds(tx, caller.tenantId, wanted);
    const missing = wanted.find((u) => !found.has(u));
    if (missing) throw notFound('IdentityUser', missing);
    if (!wanted.length) return [];
    const rows = await tx
      .insert(userOrganizationUnits)
      .values(wanted.map((userId) => ({ userId, organizationUnitId: id, tenantId: caller.tenantId, creatorId: caller.userId })))
      .onConflictDoNothing()
      .returning();
    for (const r of rows) trackLink('member', caller.tenantId, id, r.userId, true);
    return rows.map((r) => r.userId);
  });
  for (const userId of added) await invalidateUserPermissions(ctx, userId);
}

export async function removeMember(ctx: AppContext, caller: Caller, id: string, userId: string): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    await findUnit(tx, caller.tenantId, id);
    if (!(await liveUserIds(tx, caller.tenantId, [userId])).size) throw notFound('IdentityUser', userId);
    const rows = await tx
      .delete(userOrganizationUnits)
      .where(and(eq(userOrganizationUnits.organizationUnitId, id), eq(userOrganizationUnits.userId, userId)))
      .returning();
    for (const r of rows) trackLink('member', caller.tenantId, id, r.userId, false);
    return rows.length > 0;
  });
  if (removed) await invalidateUserPermissions(ctx, userId);
}

export async function addRoles(ctx: AppContext, caller: Caller, id: string, roleIds: string[]): Promise<void> {
  const wanted = [...new Set(roleIds)];
  const added = await ctx.db.transaction(async (tx) => {
    await findUnit(tx, caller.tenantId, id);
    const found = await tenantRoleIds(tx, caller.tenantId, wanted);
    const missing = wanted.find((r) => !found.has(r));
    if (missing) throw notFound('IdentityRole', missing);
    if (!wanted.length) return 0;
    const rows = await tx
      .insert(organizationUnitRoles)
      .values(wanted.map((roleId) => ({ organizationUnitId: id, roleId, tenantId: caller.tenantId, creatorId: caller.userId })))
      .onConflictDoNothing()
      .returning();
    for (const r of rows) trackLink('role', caller.tenantId, id, r.roleId, true);
    return rows.length;
  });
  // Every member of the unit and of its descendants gains the role.
  if (added) await invalidateUserPermissions(ctx);
}

export async function removeRole(ctx: AppContext, caller: Caller, id: string, roleId: string): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    await findUnit(tx, caller.tenantId, id);
    if (!(await tenantRoleIds(tx, caller.tenantId, [roleId])).size) throw notFound('IdentityRole', roleId);
    const rows = await tx
      .delete(organizationUnitRoles)
      .where(and(eq(organizationUnitRoles.organizationUnitId, id), eq(organizationUnitRoles.roleId, roleId)))
      .returning();
    for (const r of rows) trackLink('role', caller.tenantId, id, r.roleId, false);
    return rows.length > 0;
  });
  if (removed) await invalidateUserPermissions(ctx);
}

/** Moves every member of unit `id` to unit `targetId` (absent: they only leave `id`). */
export async function moveAllMembers(ctx: AppContext, caller: Caller, id: string, targetId: string | undefined): Promise<void> {
  const moved = await ctx.db.transaction(async (tx) => {
    await findUnit(tx, caller.tenantId, id);
    if (targetId) await findUnit(tx, caller.tenantId, targetId);
    if (targetId === id) return [];
    const left = await tx.delete(userOrganizationUnits).where(eq(userOrganizationUnits.organizationUnitId, id)).returning();
    for (const m of left) trackLink('member', caller.tenantId, id, m.userId, false);
    if (targetId && left.length) {
      const joined = await tx
        .insert(userOrganizationUnits)
        .values(left.map((m) => ({ userId: m.userId, organizationUnitId: targetId, tenantId: caller.tenantId, creatorId: caller.userId })))
        .onConflictDoNothing()
        .returning();
      for (const m of joined) trackLink('member', caller.tenantId, targetId, m.userId, true);
    }
    return left.map((m) => m.userId);
  });
  for (const userId of moved) await invalidateUserPermissions(ctx, userId);
}

/**
 * Replaces a user's units with the given ones (IdentityUserCreateDto/UpdateDto.organizationUnitIds),
 * inside the caller's transaction. An id that is not a live unit of the tenant is a 404, as in ABP.
 * Returns whether anything changed (the caller then invalidates the user's permissions).
 */
export async function setUserOrganizationUnits(tx: Tx, caller: Caller, userId: string, unitIds: string[]): Promise<boolean> {
  const wanted = [...new Set(unitIds)];
  if (wanted.length) {
    const found = await tx
      .select({ id: organizationUnits.id })
      .from(organizationUnits)
      .where(and(liveUnits(caller.tenantId), inArray(organizationUnits.id, wanted)));
    const missing = wanted.find((u) => !found.some((f) => f.id === u));
    if (missing) throw unitNotFound(missing);
  }
  const current = await tx
    .select({ unitId: userOrganizationUnits.organizationUnitId })
    .from(userOrganizationUnits)
    .where(eq(userOrganizationUnits.userId, userId));
  const currentIds = new Set(current.map((c) => c.unitId));
  const toRemove = [...currentIds].filter((u) => !wanted.includes(u));
  const toAdd = wanted.filter((u) => !currentIds.has(u));
  if (toRemove.length) {
    await tx
      .delete(userOrganizationUnits)
      .where(and(eq(userOrganizationUnits.userId, userId), inArray(userOrganizationUnits.organizationUnitId, toRemove)));
  }
  if (toAdd.length) {
    await tx
      .insert(userOrganizationUnits)
      .values(toAdd.map((organizationUnitId) => ({ userId, organizationUnitId, tenantId: caller.tenantId, creatorId: caller.userId })));
  }
  for (const unitId of toRemove) trackLink('member', caller.tenantId, unitId, userId, false);
  for (const unitId of toAdd) trackLink('member', caller.tenantId, unitId, userId, true);
  return toRemove.length > 0 || toAdd.length > 0;
}
