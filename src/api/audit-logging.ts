// Audit logging reads (spec 7.14): the audit log list and one log with its actions and entity
// changes, the entity change list, one change with its user name and an entity's full history.
// Rules: list queries carry only the filters that have a value (the lists' machine leaves empties
// out), the sorting as ABP's "field direction" string and skipCount / maxResultCount; every call
// takes the caller's AbortSignal, so a newer request cancels the one it replaces.
import type {
  AuditLogActionDto,
  AuditLogDto,
  EntityChangeDto,
  EntityChangeWithUsernameDto,
  GetAuditLogListQuery,
  GetEntityChangesQuery,
} from '../../contract/audit-logging.ts';
import type { PagedResult } from '../../contract/common.ts';
import type { Http } from './http.ts';

export type { AuditLogActionDto, AuditLogDto, EntityChangeDto, EntityChangeWithUsernameDto };

/** The audit log list's path (a screen's first request names it, src/app/route-data.ts). */
export const auditLogsPath = '/api/audit-logging/audit-logs';
const base = auditLogsPath;

type Query = Record<string, string | number | boolean>;

export function getAuditLogs(http: Http, query: GetAuditLogListQuery, signal?: AbortSignal): Promise<PagedResult<AuditLogDto>> {
  return http<PagedResult<AuditLogDto>>(base, { query: query as Query, signal });
}

export function getAuditLog(http: Http, id: string, signal?: AbortSignal): Promise<AuditLogDto> {
  return http<AuditLogDto>(`${base}/${encodeURIComponent(id)}`, { signal });
}

export function getEntityChanges(http: Http, query: GetEntityChangesQuery, signal?: AbortSignal): Promise<PagedResult<EntityChangeDto>> {
  return http<PagedResult<EntityChangeDto>>(`${base}/entity-changes`, { query: query as Query, signal });
}

export function getEntityChangeWithUsername(http: Http, id: string, signal?: AbortSignal): Promise<EntityChangeWithUsernameDto> {
  return http<EntityChangeWithUsernameDto>(`${base}/entity-change-with-username/${encodeURIComponent(id)}`, { signal });
}

export async function getEntityChangesWithUsername(
  http: Http,
  entity: { entityId: string; entityTypeFullName: string },
  signal?: AbortSignal,
): Promise<EntityChangeWithUsernameDto[]> {
  // ABP answers a bare list; a {items} envelope is read too, so the modal does not depend on it.
  const answer = await http<EntityChangeWithUsernameDto[] | { items: EntityChangeWithUsernameDto[] }>(
    `${base}/entity-changes-with-username`,
    { query: entity, signal },
  );
  return Array.isArray(answer) ? answer : answer.items;
}
