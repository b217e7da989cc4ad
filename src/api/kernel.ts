// Kernel services and service permissions (finance-domain.md "Kernel"; contract/kernel.ts): the
// whole service tree, one node, create, update with its concurrency stamp, move, delete (a node in
// use answers 403 with the reason); the paged permissions of a service, create, update, delete.
import type { PagedResult } from '../../contract/common.ts';
import type {
  CreateServiceNodeDto,
  CreateServicePermissionDto,
  ServiceNodeDto,
  ServicePermissionDto,
  UpdateServiceNodeDto,
  UpdateServicePermissionDto,
} from '../../contract/kernel.ts';
import type { Http } from './http.ts';

export type {
  CreateServiceNodeDto,
  CreateServicePermissionDto,
  ServiceNodeDto,
  ServicePermissionDto,
  UpdateServiceNodeDto,
  UpdateServicePermissionDto,
};

const service = '/api/app/service';
const grant = '/api/app/service-permission';
const at = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

export async function getAllServices(http: Http, signal?: AbortSignal): Promise<ServiceNodeDto[]> {
  return (await http<{ items: ServiceNodeDto[] }>(`${service}/all`, { signal })).items;
}

export const getService = (http: Http, id: string, signal?: AbortSignal) => http<ServiceNodeDto>(at(service, id), { signal });
export const createService = (http: Http, body: CreateServiceNodeDto) => http<ServiceNodeDto>(service, { method: 'POST', body });
export const updateService = (http: Http, id: string, body: UpdateServiceNodeDto) =>
  http<ServiceNodeDto>(at(service, id), { method: 'PUT', body });
export const moveService = (http: Http, id: string, parentId: string | null) =>
  http<ServiceNodeDto>(`${at(service, id)}/move`, { method: 'PUT', body: { parentId } });
export async function deleteService(http: Http, id: string): Promise<void> {
  await http(at(service, id), { method: 'DELETE' });
}

export function getServicePermissions(http: Http, query: Record<string, string | number | boolean>, signal?: AbortSignal) {
  return http<PagedResult<ServicePermissionDto>>(grant, { query, signal });
}
export const getServicePermission = (http: Http, id: string, signal?: AbortSignal) => http<ServicePermissionDto>(at(grant, id), { signal });
export const createServicePermission = (http: Http, body: CreateServicePermissionDto) =>
  http<ServicePermissionDto>(grant, { method: 'POST', body });
export const updateServicePermission = (http: Http, id: string, body: UpdateServicePermissionDto) =>
  http<ServicePermissionDto>(at(grant, id), { method: 'PUT', body });
export async function deleteServicePermission(http: Http, id: string): Promise<void> {
  await http(at(grant, id), { method: 'DELETE' });
}
