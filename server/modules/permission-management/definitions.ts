// Permission definitions: groups of permissions with their parent, display name, the side that may
// hold them (host, tenant or both), the providers that may grant them and an optional required
// feature. SKELETON: the permission-management module completes the list (spec section 6).

export type MultiTenancySide = 'host' | 'tenant' | 'both';

export interface PermissionDefinition {
  name: string;
  displayName: string;
  parentName: string | null;
  side: MultiTenancySide;
  allowedProviders: string[];
  requiredFeature?: string;
}

export interface PermissionGroupDefinition {
  name: string;
  displayName: string;
  permissions: PermissionDefinition[];
}

/** The product's own permission prefix (documented in README "Permissions"). */
export const productPrefix = 'Finance';

export const permissionGroups: PermissionGroupDefinition[] = [];

export const allPermissions = (): PermissionDefinition[] => permissionGroups.flatMap((g) => g.permissions);

/** Every permission that may be granted on the given side (the seeder grants them all to 'admin'). */
export function permissionNamesFor(side: 'host' | 'tenant'): string[] {
  return allPermissions()
    .filter((p) => p.side === 'both' || p.side === side)
    .map((p) => p.name);
}
