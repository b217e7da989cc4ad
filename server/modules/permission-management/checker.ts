// Permission checks, read from permission_grants with a short cache. Rules:
// - a user holds a permission when it is granted to the user (U, user id) or to one of the user's
//   roles (R, role name), within the current tenant; roles come from the database, never the token,
//   and include the roles of the user's organization units and of their ancestor units;
// - an OAuth client calling with its client-credentials token holds what was granted to it (C,
//   client id), read on the host as ABP's ClientPermissionValueProvider does (an application serves
//   every tenant), and only where the definition allows provider C (ADR 0023);
// - the definition's side must allow the tenant, its required feature must be enabled, and its
//   parent (recursively) must be held too;
// - every grant change and every change of a user's roles publishes on the cache bus, so all
//   instances drop the cached entries at once and a revocation blocks the very next request.
import { and, eq, isNull, like, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TtlCache } from '../../cache.ts';
import type { AppContext, CurrentUser, PermissionChecker } from '../../context.ts';
import {
  organizationUnitRoles,
  organizationUnits,
  permissionGrants,
  roles,
  userOrganizationUnits,
  userRoles,
} from '../../db/schema/index.ts';
import { allPermissions, findPermission, type PermissionDefinition, sideAllows } from './definitions.ts';

export const grantsTopic = 'permission-grants';
export const userRolesTopic = 'user-roles';

const tenantPart = (tenantId: string | null) => tenantId ?? '';
export const grantCacheKey = (tenantId: string | null, providerName: string, providerKey: string) =>
  `${tenantPart(tenantId)}|${providerName}|${providerKey}`;

/** Drops cached grants of one provider (or all of them) in every instance. */
export async function invalidatePermissionGrants(
  ctx: AppContext,
  target?: { tenantId: string | null; providerName: string; providerKey: string },
): Promise<void> {
  await ctx.cache.publish(grantsTopic, target ? grantCacheKey(target.tenantId, target.providerName, target.providerKey) : undefined);
}

/**
 * The identity module calls this whenever a user's roles change (or a role is renamed or deleted, or
 * an organization unit's roles or place in the tree change: no id, every user).
 */
export async function invalidateUserPermissions(ctx: AppContext, userId?: string): Promise<void> {
  await ctx.cache.publish(userRolesTopic, userId);
}

/** Names granted directly to one provider in one tenant (no inheritance, no side or feature checks). */
export async function loadGrantedNames(ctx: AppContext, tenantId: string | null, providerName: string, providerKey: string) {
  const rows = await ctx.db
    .select({ name: permissionGrants.name })
    .from(permissionGrants)
    .where(
      and(
        tenantId ? eq(permissionGrants.tenantId, tenantId) : isNull(permissionGrants.tenantId),
        eq(permissionGrants.providerName, providerName),
        eq(permissionGrants.providerKey, providerKey),
      ),
    );
  return new Set(rows.map((r) => r.name));
}

const memberUnit = alias(organizationUnits, 'member_unit');
const ancestorUnit = alias(organizationUnits, 'ancestor_unit');

/**
 * Role names of a user, read from the database (the token's role claim may be stale): the user's own
 * roles, plus the roles of every organization unit the user belongs to and of each of its ancestors
 * (a unit's ancestors are the live units of the same tenant whose code prefixes its code).
 */
export async function loadUserRoleNames(ctx: AppContext, userId: string): Promise<string[]> {
  const [own, inherited] = await Promise.all([
    ctx.db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId)),
    ctx.db
      .selectDistinct({ name: roles.name })
      .from(userOrganizationUnits)
      .innerJoin(memberUnit, and(eq(memberUnit.id, userOrganizationUnits.organizationUnitId), eq(memberUnit.isDeleted, false)))
      .innerJoin(
        ancestorUnit,
        and(
          eq(ancestorUnit.isDeleted, false),
          sql`${ancestorUnit.tenantId} is not distinct from ${memberUnit.tenantId}`,
          or(eq(ancestorUnit.code, memberUnit.code), like(memberUnit.code, sql`${ancestorUnit.code} || '.%'`)),
        ),
      )
      .innerJoin(organizationUnitRoles, eq(organizationUnitRoles.organizationUnitId, ancestorUnit.id))
      .innerJoin(roles, eq(roles.id, organizationUnitRoles.roleId))
      .where(eq(userOrganizationUnits.userId, userId)),
  ]);
  return [...new Set([...own, ...inherited].map((r) => r.name))];
}

export interface PermissionCaches {
  grantsOf(tenantId: string | null, providerName: string, providerKey: string): Promise<Set<string>>;
  rolesOf(userId: string): Promise<string[]>;
}

export function createPermissionCaches(ctx: AppContext): PermissionCaches {
  const grants = new TtlCache<Set<string>>(60_000);
  const userRoleNames = new TtlCache<string[]>(60_000);
  ctx.cache.subscribe(grantsTopic, (key) => grants.delete(key));
  ctx.cache.subscribe(userRolesTopic, (key) => userRoleNames.delete(key));
  return {
    grantsOf: (tenantId, providerName, providerKey) =>
      grants.getOrLoad(grantCacheKey(tenantId, providerName, providerKey), () =>
        loadGrantedNames(ctx, tenantId, providerName, providerKey),
      ),
    rolesOf: (userId) => userRoleNames.getOrLoad(userId, () => loadUserRoleNames(ctx, userId)),
  };
}

export function createPermissionChecker(ctx: AppContext): PermissionChecker {
  const caches = createPermissionCaches(ctx);

  /** The union of what the user and each of their roles were granted, in this tenant. */
  async function grantedToUser(user: CurrentUser, tenantId: string | null): Promise<Set<string>> {
    const roleNames = await caches.rolesOf(user.id);
    const sets = await Promise.all([
      caches.grantsOf(tenantId, 'U', user.id),
      ...roleNames.map((role) => caches.grantsOf(tenantId, 'R', role)),
    ]);
    const all = new Set<string>();
    for (const set of sets) for (const name of set) all.add(name);
    return all;
  }

  /** Side, feature and the whole parent chain, given the set of directly granted names. */
  async function holds(definition: PermissionDefinition, granted: Set<string>, tenantId: string | null): Promise<boolean> {
    if (!granted.has(definition.name) || !sideAllows(definition, tenantId)) return false;
    if (definition.requiredFeature && !(await ctx.features.isEnabled(tenantId, definition.requiredFeature))) return false;
    if (!definition.parentName) return true;
    const parent = findPermission(definition.parentName);
    return parent ? holds(parent, granted, tenantId) : false;
  }

  /** The defined permissions held with these direct grants (for a client: only those allowing C). */
  async function heldNames(granted: Set<string>, tenantId: string | null, provider?: 'C'): Promise<string[]> {
    const names: string[] = [];
    for (const definition of allPermissions()) {
      if (provider && !definition.allowedProviders.includes(provider)) continue;
      if (await holds(definition, granted, tenantId)) names.push(definition.name);
    }
    return names;
  }

  // A token of one tenant never acts in another: the request pipeline already takes the tenant from
  // the token, this guards direct callers.
  const sameTenant = (user: CurrentUser, tenantId: string | null) => (user.tenantId ?? null) === (tenantId ?? null);

  return {
    async isGrantedToClient(client, tenantId, name) {
      const definition = findPermission(name);
      if (!client || !definition?.allowedProviders.includes('C')) return false;
      return holds(definition, await caches.grantsOf(null, 'C', client.clientId), tenantId);
    },
    async isGranted(user, tenantId, name) {
      const definition = findPermission(name);
      if (!user || !definition || !sameTenant(user, tenantId)) return false;
      return holds(definition, await grantedToUser(user, tenantId), tenantId);
    },
    async grantedNames(user, tenantId) {
      if (!user || !sameTenant(user, tenantId)) return [];
      return heldNames(await grantedToUser(user, tenantId), tenantId);
    },
    async grantedNamesToClient(client, tenantId) {
      if (!client) return [];
      return heldNames(await caches.grantsOf(null, 'C', client.clientId), tenantId, 'C');
    },
  };
}
