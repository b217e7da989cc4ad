// OpenID applications and scopes (ABP OpenIddict Pro, contract 7.8): paged lists with ABP's free-text
// filter, one record, create, update, DELETE with the id in the query string (as ABP's proxies send
// it), a new client secret (answered once), token lifetimes, and every scope for the form's choices.
import type { PagedResult } from '../../contract/common.ts';
import type {
  ApplicationDto,
  ApplicationTokenLifetimeDto,
  ClientSecretDto,
  CreateApplicationInput,
  CreateScopeInput,
  ScopeDto,
  UpdateApplicationInput,
  UpdateApplicationTokenLifetimeInput,
  UpdateScopeInput,
} from '../../contract/openiddict.ts';
import type { Http } from './http.ts';

export type { ApplicationDto, ApplicationTokenLifetimeDto, CreateApplicationInput, ScopeDto, UpdateApplicationInput };

const applications = '/api/openiddict/applications';
const scopes = '/api/openiddict/scopes';
const one = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

export const getApplications = (http: Http, query: Record<string, string | number | boolean>, signal?: AbortSignal) =>
  http<PagedResult<ApplicationDto>>(applications, { query, signal });
export const getApplication = (http: Http, id: string, signal?: AbortSignal) => http<ApplicationDto>(one(applications, id), { signal });
export const createApplication = (http: Http, body: CreateApplicationInput) => http<ApplicationDto>(applications, { method: 'POST', body });
export const updateApplication = (http: Http, id: string, body: UpdateApplicationInput) =>
  http<ApplicationDto>(one(applications, id), { method: 'PUT', body });
export async function deleteApplication(http: Http, id: string): Promise<void> {
  await http(applications, { method: 'DELETE', query: { id } });
}
export const renewClientSecret = (http: Http, id: string) =>
  http<ClientSecretDto>(`${one(applications, id)}/client-secret`, { method: 'PUT', body: {} });
export const getTokenLifetime = (http: Http, id: string, signal?: AbortSignal) =>
  http<ApplicationTokenLifetimeDto>(`${one(applications, id)}/token-lifetime`, { signal });
export const setTokenLifetime = (http: Http, id: string, body: UpdateApplicationTokenLifetimeInput) =>
  http<ApplicationTokenLifetimeDto>(`${one(applications, id)}/token-lifetime`, { method: 'PUT', body });

export const getScopes = (http: Http, query: Record<string, string | number | boolean>, signal?: AbortSignal) =>
  http<PagedResult<ScopeDto>>(scopes, { query, signal });
export const getAllScopes = (http: Http, signal?: AbortSignal) => http<ScopeDto[]>(`${scopes}/all`, { signal });
export const getScope = (http: Http, id: string, signal?: AbortSignal) => http<ScopeDto>(one(scopes, id), { signal });
export const createScope = (http: Http, body: CreateScopeInput) => http<ScopeDto>(scopes, { method: 'POST', body });
export const updateScope = (http: Http, id: string, body: UpdateScopeInput) => http<ScopeDto>(one(scopes, id), { method: 'PUT', body });
export async function deleteScope(http: Http, id: string): Promise<void> {
  await http(scopes, { method: 'DELETE', query: { id } });
}
