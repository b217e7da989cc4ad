// The entity-change calls the repositories make, one per tracked entity type, so that each write
// site adds a single line. Bookkeeping columns (normalized names, stamps, versions) are left out of
// the property changes; secrets are masked by scope.ts.
import { EntityChangeType } from '../../contract/audit-logging.ts';
import { entityTypes, trackEntityChange } from './scope.ts';

type Row = Record<string, unknown> & { id?: string; tenantId?: string | null };

const bookkeeping = ['normalizedUserName', 'normalizedEmail', 'normalizedName', 'concurrencyStamp', 'entityVersion'] as const;

/** A user row before and after a write (null before = created, null after = hard-deleted). */
export function trackUser(before: Row | null, after: Row | null, changeType?: EntityChangeType): void {
  const row = (after ?? before)!;
  trackEntityChange(before, after, {
    entityTypeFullName: entityTypes.user,
    entityId: row.id ?? null,
    entityTenantId: row.tenantId ?? null,
    ignore: bookkeeping,
    changeType,
  });
}

/** A user soft-deleted: recorded as Deleted with the soft-delete fields that changed. */
export const trackUserSoftDeleted = (before: Row, after: Row) => trackUser(before, after, EntityChangeType.Deleted);

export function trackRole(before: Row | null, after: Row | null): void {
  const row = (after ?? before)!;
  trackEntityChange(before, after, {
    entityTypeFullName: entityTypes.role,
    entityId: row.id ?? null,
    entityTenantId: row.tenantId ?? null,
    ignore: [...bookkeeping, 'userCount'],
  });
}

/** A user joined (added) or left (removed) a role. */
export function trackUserRole(tenantId: string | null, userId: string, roleId: string, added: boolean): void {
  const row = { userId, roleId, tenantId };
  trackEntityChange(added ? null : row, added ? row : null, {
    entityTypeFullName: entityTypes.userRole,
    entityId: `${userId},${roleId}`,
    entityTenantId: tenantId,
  });
}

/** A stored setting value: null before = created, null after = removed; encrypted values masked. */
export function trackSetting(
  target: { providerName: string; providerKey: string },
  name: string,
  before: string | null,
  after: string | null,
  encrypted: boolean,
): void {
  const row = (value: string | null) =>
    value === null ? null : { name, value, providerName: target.providerName, providerKey: target.providerKey };
  trackEntityChange(row(before), row(after), {
    entityTypeFullName: entityTypes.setting,
    entityId: `${target.providerName}:${target.providerKey}:${name}`,
    entityTenantId: target.providerName === 'T' ? target.providerKey : null,
    // Encrypted settings, and any whose name says it holds a secret, never show their value.
    secret: encrypted || /password|secret|token|connectionstring|privatekey|apikey/i.test(name) ? ['value'] : [],
  });
}

/** A permission granted (a grant row created) or revoked (deleted). */
export function trackPermissionGrant(
  grant: { id?: string; tenantId: string | null; name: string; providerName: string; providerKey: string },
  granted: boolean,
): void {
  const row = { name: grant.name, providerName: grant.providerName, providerKey: grant.providerKey, tenantId: grant.tenantId };
  trackEntityChange(granted ? null : row, granted ? row : null, {
    entityTypeFullName: entityTypes.permissionGrant,
    entityId: grant.id ?? `${grant.providerName}:${grant.providerKey}:${grant.name}`,
    entityTenantId: grant.tenantId,
  });
}

/** A feature value stored, changed or removed for a provider (E edition, T tenant or host). */
export function trackFeatureValue(
  target: { providerName: string; providerKey: string },
  name: string,
  before: string | null,
  after: string | null,
): void {
  const row = (value: string | null) =>
    value === null ? null : { name, value, providerName: target.providerName, providerKey: target.providerKey };
  trackEntityChange(row(before), row(after), {
    entityTypeFullName: entityTypes.featureValue,
    entityId: `${target.providerName}:${target.providerKey}:${name}`,
    entityTenantId: target.providerName === 'T' && target.providerKey ? target.providerKey : null,
  });
}
