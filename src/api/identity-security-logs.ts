// Every user's security logs for administrators (spec 7.13): the paged list with spec 3's security
// log filter (clientIpAddress included, admin only) and one log.
import type { PagedResult } from '../../contract/common.ts';
import type { IdentitySecurityLogDto } from '../../contract/identity-users.ts';
import type { Http } from './http.ts';

export type { IdentitySecurityLogDto };

const base = '/api/identity/security-logs';

export function getSecurityLogs(http: Http, query: Record<string, string | number | boolean>, signal?: AbortSignal) {
  return http<PagedResult<IdentitySecurityLogDto>>(base, { query, signal });
}

export function getSecurityLog(http: Http, id: string, signal?: AbortSignal) {
  return http<IdentitySecurityLogDto>(`${base}/${encodeURIComponent(id)}`, { signal });
}
