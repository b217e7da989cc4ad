// Users (spec 7.13; ABP Identity Pro's IdentityUserDto and calls): the paged list with the spec 3
// filters, one user, create, update with its concurrency stamp, delete; the user's roles and
// organization units and the choices for them; claims; lock until / unlock; two-factor; set password;
// sessions (list by user, revoke); bulk actions over ids or the list filter; export and import
// through download tokens (the file calls are browser navigations: the token is the credential).
import type { PagedResult } from '../../contract/common.ts';
import type { IdentityRoleDto, IdentityUserCreateDto, IdentityUserDto, IdentityUserUpdateDto } from '../../contract/identity.ts';
import type { ClaimTypeDto, IdentityUserClaimDto } from '../../contract/identity-claims.ts';
import type { OrganizationUnitDto } from '../../contract/identity-organization.ts';
import type {
  BulkActionReport,
  IdentitySessionDto,
  ImportUsersFromFileOutput,
  ImportUsersFromFileType,
} from '../../contract/identity-users.ts';
import type { Http } from './http.ts';

export type { IdentitySessionDto, IdentityUserDto, ImportUsersFromFileOutput };

const base = '/api/identity/users';
const at = (id: string) => `${base}/${encodeURIComponent(id)}`;
type Query = Record<string, string | number | boolean>;

export function getUsers(http: Http, query: Query, signal?: AbortSignal) {
  return http<PagedResult<IdentityUserDto>>(base, { query, signal });
}

export function getUser(http: Http, id: string, signal?: AbortSignal) {
  return http<IdentityUserDto>(at(id), { signal });
}

export function createUser(http: Http, body: IdentityUserCreateDto) {
  return http<IdentityUserDto>(base, { method: 'POST', body });
}

export function updateUser(http: Http, id: string, body: IdentityUserUpdateDto) {
  return http<IdentityUserDto>(at(id), { method: 'PUT', body });
}

export async function deleteUser(http: Http, id: string): Promise<void> {
  await http(at(id), { method: 'DELETE' });
}

export async function getUserRoles(http: Http, id: string, signal?: AbortSignal): Promise<IdentityRoleDto[]> {
  return (await http<{ items: IdentityRoleDto[] }>(`${at(id)}/roles`, { signal })).items;
}

export async function getAssignableRoles(http: Http, signal?: AbortSignal): Promise<IdentityRoleDto[]> {
  return (await http<{ items: IdentityRoleDto[] }>(`${base}/assignable-roles`, { signal })).items;
}

export function getUserOrganizationUnits(http: Http, id: string, signal?: AbortSignal) {
  return http<OrganizationUnitDto[]>(`${at(id)}/organization-units`, { signal });
}

export async function getAvailableOrganizationUnits(http: Http, signal?: AbortSignal): Promise<OrganizationUnitDto[]> {
  return (await http<{ items: OrganizationUnitDto[] }>(`${base}/available-organization-units`, { signal })).items;
}

export function getRoleLookup(http: Http, signal?: AbortSignal) {
  return http<Array<{ id: string; name: string }>>(`${base}/lookup/roles`, { signal });
}

export function getOrganizationUnitLookup(http: Http, signal?: AbortSignal) {
  return http<Array<{ id: string; displayName: string }>>(`${base}/lookup/organization-units`, { signal });
}

export function getUserClaims(http: Http, id: string, signal?: AbortSignal) {
  return http<IdentityUserClaimDto[]>(`${at(id)}/claims`, { signal });
}

export async function updateUserClaims(http: Http, id: string, claims: Array<{ claimType: string; claimValue: string }>): Promise<void> {
  await http(`${at(id)}/claims`, { method: 'PUT', body: claims });
}

export function getUserClaimTypes(http: Http, signal?: AbortSignal) {
  return http<ClaimTypeDto[]>(`${base}/all-claim-types`, { signal });
}

/** Locks the user until `lockoutEnd` (an ISO instant). */
export async function lockUser(http: Http, id: string, lockoutEnd: string): Promise<void> {
  await http(`${at(id)}/lock/${encodeURIComponent(lockoutEnd)}`, { method: 'PUT' });
}

export async function unlockUser(http: Http, id: string): Promise<void> {
  await http(`${at(id)}/unlock`, { method: 'PUT' });
}

export async function setTwoFactor(http: Http, id: string, enabled: boolean): Promise<void> {
  await http(`${at(id)}/two-factor/${enabled}`, { method: 'PUT' });
}

export async function setUserPassword(http: Http, id: string, newPassword: string): Promise<void> {
  await http(`${at(id)}/change-password`, { method: 'PUT', body: { newPassword } });
}

export function getUserSessions(http: Http, query: Query, signal?: AbortSignal) {
  return http<PagedResult<IdentitySessionDto>>('/api/identity/sessions', { query, signal });
}

export async function revokeSession(http: Http, id: string): Promise<void> {
  await http(`/api/identity/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export type BulkUserAction = 'lock' | 'unlock' | 'activate' | 'deactivate' | 'delete';

export function runBulkUserAction(http: Http, action: BulkUserAction, body: object, signal?: AbortSignal) {
  return http<BulkActionReport>(`${base}/bulk/${action}`, { method: 'POST', body, signal });
}

export async function getDownloadToken(http: Http, signal?: AbortSignal): Promise<string> {
  return (await http<{ token: string }>(`${base}/download-token`, { signal })).token;
}

/** The address of a file call (a browser navigation carrying the token). */
export function userFileUrl(
  path: 'export-as-csv' | 'export-as-excel' | 'import-users-sample-file' | 'download-import-invalid-users-file',
  query: Query,
): string {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return `${base}/${path}?${params.toString()}`;
}

export function importUsersFromFile(http: Http, file: File, fileType: ImportUsersFromFileType, signal?: AbortSignal) {
  const body = new FormData();
  body.append('file', file);
  return http<ImportUsersFromFileOutput>(`${base}/import-users-from-file`, { method: 'POST', query: { fileType }, body, signal });
}
