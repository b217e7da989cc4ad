// Pure view rules of the audit log Detail and entity change modals (spec 2.6), shared by the
// screen and its unit test. Rules:
// - tenant impersonator: shown only when an impersonator tenant id exists, as its name or else the id;
// - user impersonator: 'name (id)', or just the id when there is no name; only when an id exists;
// - an Updated change marks a property whose new value differs from the original (shown in red,
//   with a visually hidden 'changed' text so colour is not the only cue);
// - extra properties are shown as indented JSON ('{}' when none).
import type { AuditLogDto, EntityChangeDto, EntityPropertyChangeDto } from '../../../contract/audit-logging.ts';

export const changeTypeNames = ['Created', 'Updated', 'Deleted'] as const;
export type ChangeTypeName = (typeof changeTypeNames)[number];

/** Badge colour of a change type: Created success, Updated warning, Deleted danger. */
export function changeTypeVariant(changeType: number): 'success' | 'warning' | 'danger' | 'light' {
  return changeType === 0 ? 'success' : changeType === 1 ? 'warning' : changeType === 2 ? 'danger' : 'light';
}

export function changeTypeName(changeType: number): ChangeTypeName | null {
  return changeTypeNames[changeType] ?? null;
}

type Impersonation = Pick<AuditLogDto, 'impersonatorTenantId' | 'impersonatorTenantName' | 'impersonatorUserId' | 'impersonatorUserName'>;

export function tenantImpersonator(log: Impersonation): string | null {
  if (!log.impersonatorTenantId) return null;
  return log.impersonatorTenantName || log.impersonatorTenantId;
}

export function userImpersonator(log: Impersonation): string | null {
  if (!log.impersonatorUserId) return null;
  return log.impersonatorUserName ? `${log.impersonatorUserName} (${log.impersonatorUserId})` : log.impersonatorUserId;
}

export function isChangedValue(
  change: Pick<EntityChangeDto, 'changeType'>,
  property: Pick<EntityPropertyChangeDto, 'originalValue' | 'newValue'>,
): boolean {
  return change.changeType === 1 && (property.originalValue ?? null) !== (property.newValue ?? null);
}

export function extraPropertiesJson(extraProperties: Record<string, unknown> | null | undefined): string {
  return JSON.stringify(extraProperties ?? {}, null, 2);
}

/** A JSON text (exceptions, action parameters) indented like the extra properties; other text as it is. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
