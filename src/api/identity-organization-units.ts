// Organization units (spec 7.13; ABP Identity Pro's OrganizationUnitAppService): the whole tree in
// code order, create under a parent (or at the root), rename with the concurrency stamp (a stale
// stamp answers 409), delete a unit with its subtree, move under another parent, and the unit's
// members and roles with their paged "available" lookups.
import type { PagedResult } from '../../contract/common.ts';
import type { IdentityRoleDto, IdentityUserDto } from '../../contract/identity.ts';
import type { OrganizationUnitWithDetailsDto } from '../../contract/identity-organization.ts';
import type { Http } from './http.ts';

export type { IdentityRoleDto, IdentityUserDto, OrganizationUnitWithDetailsDto };

const base = '/api/identity/organization-units';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
type Query = Record<string, string | number | boolean>;

export async function getAllOrganizationUnits(http: Http, signal?: AbortSignal): Promise<OrganizationUnitWithDetailsDto[]> {
  return (await http<{ items: OrganizationUnitWithDetailsDto[] }>(`${base}/all`, { signal })).items;
}

export function getOrganizationUnit(http: Http, id: string, signal?: AbortSignal) {
  return http<OrganizationUnitWithDetailsDto>(one(id), { signal });
}

export function createOrganizationUnit(http: Http, body: { displayName: string; parentId: string | null }) {
  return http<OrganizationUnitWithDetailsDto>(base, { method: 'POST', body });
}

export function updateOrganizationUnit(http: Http, id: string, body: { displayName: string; concurrencyStamp: string }) {
  return http<OrganizationUnitWithDetailsDto>(one(id), { method: 'PUT', body });
}

/** Deletes the unit and every unit under it. */
export async function deleteOrganizationUnit(http: Http, id: string): Promise<void> {
  await http(base, { method: 'DELETE', query: { id } });
}

/** newParentId null: to the root. */
export async function moveOrganizationUnit(http: Http, id: string, newParentId: string | null): Promise<void> {
  await http(`${one(id)}/move`, { method: 'PUT', body: { newParentId } });
}

export function getUnitMembers(http: Http, id: string, query: Query, signal?: AbortSignal) {
  return http<PagedResult<IdentityUserDto>>(`${one(id)}/members`, { query, signal });
}

export async function addUnitMembers(http: Http, id: string, userIds: string[]): Promise<void> {
  await http(`${one(id)}/members`, { method: 'PUT', body: { userIds } });
}

export async function removeUnitMember(http: Http, id: string, memberId: string): Promise<void> {
  await http(`${one(id)}/members/${encodeURIComponent(memberId)}`, { method: 'DELETE' });
}

export function getUnitRoles(http: Http, id: string, query: Query, signal?: AbortSignal) {
  return http<PagedResult<IdentityRoleDto>>(`${one(id)}/roles`, { query, signal });
}

export async function addUnitRoles(http: Http, id: string, roleIds: string[]): Promise<void> {
  await http(`${one(id)}/roles`, { method: 'PUT', body: { roleIds } });
}

export async function removeUnitRole(http: Http, id: string, roleId: string): Promise<void> {
  await http(`${one(id)}/roles/${encodeURIComponent(roleId)}`, { method: 'DELETE' });
}

/** Users not yet in unit `id` (query: filter, id, paging). */
export function getAvailableUsers(http: Http, query: Query, signal?: AbortSignal) {
  return http<PagedResult<IdentityUserDto>>(`${base}/available-users`, { query, signal });
}

/** Roles not yet in unit `id` (query: filter, id, paging). */
export function getAvailableRoles(http: Http, query: Query, signal?: AbortSignal) {
  return http<PagedResult<IdentityRoleDto>>(`${base}/available-roles`, { query, signal });
}

/** Every member of unit `id` goes to `organizationId` (and leaves `id`). */
export async function moveAllUnitUsers(http: Http, id: string, organizationId: string): Promise<void> {
  await http(`${one(id)}/move-all-users`, { method: 'PUT', query: { organizationId } });
}
