// Reading and writing the grants of one provider (role, user or OAuth client) in the caller's tenant.
// Rules:
// - managing R needs AbpIdentity.Roles.ManagePermissions, U AbpIdentity.Users.ManagePermissions and
//   C OpenIddictPro.Application.ManagePermissions; the permission depends on a query value, so the
//   routes declare {authenticated:true} and this module checks it (401 before 403 stays intact);
// - a role or user must exist in the caller's tenant (another tenant's id is a 404, like a missing one),
//   and a client (C) must be a registered OpenID application;
// - only permissions the provider may hold on this side, with their feature enabled, are listed or
//   accepted; anything else in a PUT is a 400 and nothing is written;
// - a PUT is one transaction followed by one cache-bus invalidation for that provider.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { GetPermissionListResultDto, PermissionGroupDto } from '../../../contract/permission-management.ts';
import { trackPermissionGrant } from '../../audit/entities.ts';
import type { AppContext } from '../../context.ts';
import { applications, permissionGrants, roles, users } from '../../db/schema/index.ts';
import { forbidden, invalidField, notFound, type ValidationErrorItem, validationError } from '../../errors.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { invalidatePermissionGrants, loadGrantedNames, loadUserRoleNames } from './checker.ts';
import { findPermission, type PermissionDefinition, permissionGroups, sideAllows } from './definitions.ts';

const managePolicy: Record<string, string> = {
  R: 'AbpIdentity.Roles.ManagePermissions',
  U: 'AbpIdentity.Users.ManagePermissions',
  C: 'OpenIddictPro.Application.ManagePermissions',
};

const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ProviderTarget {
  tenantId: string | null;
  providerName: string;
  providerKey: string;
  /** Shown as entityDisplayName (the role name, the user name, the client id). */
  displayName: string;
}

/** Checks the caller may manage this provider's permissions and that the provider exists here. */
export async function resolveTarget(
  ctx: AppContext,
  request: FastifyRequest,
  providerName: string,
  providerKey: string,
): Promise<ProviderTarget> {
  const policy = managePolicy[providerName];
  if (!policy) throw invalidField('providerName', 'AbpPermissionManagement::UnknownProviderName', providerName);
  const tenantId = request.tenant?.id ?? null;
  if (!(await ctx.permissions.isGranted(request.currentUser, tenantId, policy))) throw forbidden();
  if (providerName === 'R') {
    const [role] = await ctx.db
      .select({ name: roles.name })
      .from(roles)
      .where(and(eq(roles.name, providerKey), sameTenant(roles.tenantId, tenantId)))
      .limit(1);
    if (!role) throw notFound('IdentityRole', providerKey);
    return { tenantId, providerName, providerKey, displayName: role.name };
  }
  if (providerName === 'U') {
    const [user] = guidPattern.test(providerKey)
      ? await ctx.db
          .select({ userName: users.userName })
          .from(users)
          .where(and(eq(users.id, providerKey), sameTenant(users.tenantId, tenantId), eq(users.isDeleted, false)))
          .limit(1)
      : [];
    if (!user) throw notFound('IdentityUser', providerKey);
    return { tenantId, providerName, providerKey, displayName: user.userName };
  }
  // C: an OpenID application of the identity server (host-wide), by client id.
  const [application] = await ctx.db
    .select({ clientId: applications.clientId })
    .from(applications)
    .where(and(eq(applications.clientId, providerKey), eq(applications.isDeleted, false)))
    .limit(1);
  if (!application) throw notFound('OpenIddictApplication', providerKey);
  return { tenantId, providerName, providerKey, displayName: application.clientId };
}

/** Whether the provider may hold the permission here: side, allowed providers and required feature. */
async function isAvailable(ctx: AppContext, definition: PermissionDefinition, target: ProviderTarget): Promise<boolean> {
  if (!sideAllows(definition, target.tenantId) || !definition.allowedProviders.includes(target.providerName)) return false;
  return !definition.requiredFeature || ctx.features.isEnabled(target.tenantId, definition.requiredFeature);
}

const splitKey = (text: string): [string | null, string | null] => {
  const at = text.indexOf('::');
  return at < 0 ? [null, text] : [text.slice(0, at), text.slice(at + 2)];
};

export async function getPermissions(
  ctx: AppContext,
  request: FastifyRequest,
  target: ProviderTarget,
  groupName?: string,
): Promise<GetPermissionListResultDto> {
  const own = await loadGrantedNames(ctx, target.tenantId, target.providerName, target.providerKey);
  // A user's effective grants include their roles'; each shows as its own granted provider.
  const roleGrants =
    target.providerName === 'U'
      ? await Promise.all(
          (await loadUserRoleNames(ctx, target.providerKey)).map(async (role) => ({
            role,
            names: await loadGrantedNames(ctx, target.tenantId, 'R', role),
          })),
        )
      : [];
  const groups: PermissionGroupDto[] = [];
  for (const group of permissionGroups) {
    if (groupName && group.name !== groupName) continue;
    const permissions: PermissionGroupDto['permissions'] = [];
    for (const definition of group.permissions) {
      if (!(await isAvailable(ctx, definition, target))) continue;
      const grantedProviders = [
        ...(own.has(definition.name) ? [{ providerName: target.providerName, providerKey: target.providerKey }] : []),
        ...roleGrants.filter((r) => r.names.has(definition.name)).map((r) => ({ providerName: 'R', providerKey: r.role })),
      ];
      permissions.push({
        name: definition.name,
        displayName: request.t(definition.displayName),
        parentName: definition.parentName,
        isGranted: grantedProviders.length > 0,
        allowedProviders: definition.allowedProviders,
        grantedProviders,
      });
    }
    if (!permissions.length) continue;
    const [resource, key] = splitKey(group.displayName);
    groups.push({
      name: group.name,
      displayName: request.t(group.displayName),
      displayNameKey: key,
      displayNameResource: resource,
      permissions,
    });
  }
  return { entityDisplayName: target.displayName, groups };
}

export async function updatePermissions(
  ctx: AppContext,
  target: ProviderTarget,
  changes: Array<{ name: string; isGranted: boolean }>,
): Promise<void> {
  const errors: ValidationErrorItem[] = [];
  for (const change of changes) {
    const definition = findPermission(change.name);
    if (!definition) {
      errors.push({ message: { key: 'AbpPermissionManagement::UnknownPermissionName', params: [change.name] }, members: ['permissions'] });
    } else if (change.isGranted && !(await isAvailable(ctx, definition, target))) {
      // Revoking is always allowed, so a grant left over from a disabled feature can still be removed.
      errors.push({
        message: { key: 'AbpPermissionManagement::PermissionNotAllowedForProvider', params: [change.name] },
        members: ['permissions'],
      });
    }
  }
  if (errors.length) throw validationError(errors);
  // The last entry for a name wins, as if the changes were applied one after another.
  const final = new Map(changes.map((c) => [c.name, c.isGranted]));
  const granted = [...final].filter(([, g]) => g).map(([name]) => name);
  const revoked = [...final].filter(([, g]) => !g).map(([name]) => name);
  await ctx.db.transaction(async (tx) => {
    if (revoked.length) {
      const removed = await tx
        .delete(permissionGrants)
        .where(
          and(
            sameTenant(permissionGrants.tenantId, target.tenantId),
            eq(permissionGrants.providerName, target.providerName),
            eq(permissionGrants.providerKey, target.providerKey),
            inArray(permissionGrants.name, revoked),
          ),
        )
        .returning();
      for (const grant of removed) trackPermissionGrant(grant, false);
    }
    if (granted.length) {
      const added = await tx
        .insert(permissionGrants)
        .values(
          granted.map((name) => ({ tenantId: target.tenantId, name, providerName: target.providerName, providerKey: target.providerKey })),
        )
        .onConflictDoNothing()
        .returning();
      for (const grant of added) trackPermissionGrant(grant, true);
    }
  });
  await invalidatePermissionGrants(ctx, target);
}
