// Roles (spec 7.13; ABP Identity's IdentityRoleDto): the paged list with ABP's free-text filter, all
// roles, one role, create, update with its concurrency stamp, delete (the server refuses a static
// role), the role's claims (the whole set replaced), the claim types, and moving all users of a role
// to another role (PUT .../move-all-users?roleId=; absent: the users only lose this role).
import type { PagedResult } from '../../contract/common.ts';
import type { IdentityRoleCreateDto, IdentityRoleDto, IdentityRoleUpdateDto } from '../../contract/identity.ts';
import type { ClaimTypeDto, IdentityRoleClaimDto } from '../../contract/identity-claims.ts';
import type { Http } from './http.ts';

export type { IdentityRoleDto };

const base = '/api/identity/roles';
const at = (id: string) => `${base}/${encodeURIComponent(id)}`;

export function getRoles(http: Http, query: Record<string, string | number | boolean>, signal?: AbortSignal) {
  return http<PagedResult<IdentityRoleDto>>(base, { query, signal });
}

export async function getAllRoles(http: Http, signal?: AbortSignal): Promise<IdentityRoleDto[]> {
  return (await http<{ items: IdentityRoleDto[] }>(`${base}/all`, { signal })).items;
}

export function getRole(http: Http, id: string, signal?: AbortSignal) {
  return http<IdentityRoleDto>(at(id), { signal });
}

export function createRole(http: Http, body: IdentityRoleCreateDto) {
  return http<IdentityRoleDto>(base, { method: 'POST', body });
}

export function updateRole(http: Http, id: string, body: IdentityRoleUpdateDto) {
  return http<IdentityRoleDto>(at(id), { method: 'PUT', body });
}

export async function deleteRole(http: Http, id: string): Promise<void> {
  await http(at(id), { method: 'DELETE' });
}

export function getRoleClaims(http: Http, id: string, signal?: AbortSignal) {
  return http<IdentityRoleClaimDto[]>(`${at(id)}/claims`, { signal });
}

export async function updateRoleClaims(http: Http, id: string, claims: Array<{ claimType: string; claimValue: string }>): Promise<void> {
  await http(`${at(id)}/claims`, { method: 'PUT', body: claims });
}

export function getRoleClaimTypes(http: Http, signal?: AbortSignal) {
  return http<ClaimTypeDto[]>(`${base}/all-claim-types`, { signal });
}

export async function moveAllUsersOfRole(http: Http, id: string, targetRoleId: string | null): Promise<void> {
  await http(`${at(id)}/move-all-users`, { method: 'PUT', query: targetRoleId ? { roleId: targetRoleId } : {} });
}
