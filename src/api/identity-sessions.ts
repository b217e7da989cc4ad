// Every user's sessions for administrators (spec 7.13): the paged list filtered by user, device and
// client id, one session, and revoke (the server ends it; the session's next request answers 401).
import type { PagedResult } from '../../contract/common.ts';
import type { IdentitySessionDto } from '../../contract/identity-users.ts';
import type { Http } from './http.ts';

export type { IdentitySessionDto };

const base = '/api/identity/sessions';

export function getSessions(http: Http, query: Record<string, string | number | boolean>, signal?: AbortSignal) {
  return http<PagedResult<IdentitySessionDto>>(base, { query, signal });
}

export function getSession(http: Http, id: string, signal?: AbortSignal) {
  return http<IdentitySessionDto>(`${base}/${encodeURIComponent(id)}`, { signal });
}

export async function revokeSession(http: Http, id: string): Promise<void> {
  await http(`${base}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The users a session filter can choose from (the user lookup), by user name. */
export async function lookupSessionUsers(http: Http, signal?: AbortSignal): Promise<Array<{ id: string; userName: string }>> {
  const page = await http<PagedResult<{ id: string; userName: string }>>('/api/identity/users', {
    query: { sorting: 'userName asc', skipCount: 0, maxResultCount: 1000 },
    signal,
  });
  return page.items.map((user) => ({ id: user.id, userName: user.userName }));
}
