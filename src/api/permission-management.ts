// Permission management (spec 7, ABP contract 4.1): the permission tree of a provider and the PUT
// of the changed entries. Rules: providerName R (role name), U (user id), C (client id) goes in the
// query for both calls, as ABP's client sends it.
import type { GetPermissionListResultDto, UpdatePermissionsDto } from '../../contract/permission-management.ts';
import type { Http } from './http.ts';

const base = '/api/permission-management/permissions';

export function getPermissions(
  http: Http,
  provider: { providerName: string; providerKey: string },
  signal?: AbortSignal,
): Promise<GetPermissionListResultDto> {
  return http<GetPermissionListResultDto>(base, { query: provider, signal });
}

export async function updatePermissions(
  http: Http,
  provider: { providerName: string; providerKey: string },
  body: UpdatePermissionsDto,
): Promise<void> {
  await http(base, { method: 'PUT', query: { providerName: provider.providerName, providerKey: provider.providerKey }, body });
}
