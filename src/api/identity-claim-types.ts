// Claim types (spec 7.13; ABP Identity Pro's ClaimTypeDto): the paged list with ABP's free-text
// filter, one record, create, update with its concurrency stamp (a stale stamp answers 409), delete.
import type { PagedResult } from '../../contract/common.ts';
import type { ClaimTypeDto, CreateClaimTypeDto, UpdateClaimTypeDto } from '../../contract/identity-claims.ts';
import type { Http } from './http.ts';

export type { ClaimTypeDto, CreateClaimTypeDto, UpdateClaimTypeDto };

const base = '/api/identity/claim-types';

export function getClaimTypes(http: Http, query: Record<string, string | number | boolean>, signal?: AbortSignal) {
  return http<PagedResult<ClaimTypeDto>>(base, { query, signal });
}

export function getClaimType(http: Http, id: string, signal?: AbortSignal) {
  return http<ClaimTypeDto>(`${base}/${encodeURIComponent(id)}`, { signal });
}

export function createClaimType(http: Http, body: CreateClaimTypeDto) {
  return http<ClaimTypeDto>(base, { method: 'POST', body });
}

export function updateClaimType(http: Http, id: string, body: UpdateClaimTypeDto) {
  return http<ClaimTypeDto>(`${base}/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export async function deleteClaimType(http: Http, id: string): Promise<void> {
  await http(`${base}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
