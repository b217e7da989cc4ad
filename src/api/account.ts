// The identity server's token and revocation endpoints (ABP contract 6.2, 6.3) and the anonymous
// account calls of the account pages (spec 7.5, 7.9). Rules:
// - Token requests are form posts (RFC 6749); a refusal rejects with the server's JSON answer
//   ({error, error_description, …extra fields such as userId and twoFactorToken}) as an OAuthFailure;
// - the password grant carries the tenant in the `__tenant` header (ABP's client does the same);
// - revocation (RFC 7009) answers 200 with an ignorable body; `unsupported_token_type` is not an error
//   for the caller (the server cannot revoke that kind; ending the session stops it);
// - the account calls go through the app's HTTP client (culture, tenant, X-Requested-With), and their
//   failures carry the ABP error envelope (see `abpErrorOf`).
import type { TokenResponse } from '../../machines/session/tokens.ts';
import type { Http } from './http.ts';

export interface OAuthFailure {
  error: string;
  error_description?: string;
  [extra: string]: unknown;
}

export interface OidcEndpoints {
  token_endpoint: string;
  revocation_endpoint?: string;
  end_session_endpoint?: string;
}

const discoveries = new Map<string, Promise<OidcEndpoints>>();

/** The discovery document's endpoints, fetched once per issuer. */
export function discover(issuer: string): Promise<OidcEndpoints> {
  let found = discoveries.get(issuer);
  if (!found) {
    found = fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`).then((response) => {
      if (!response.ok) throw new Error(`discovery failed: ${response.status}`);
      return response.json() as Promise<OidcEndpoints>;
    });
    found.catch(() => discoveries.delete(issuer));
    discoveries.set(issuer, found);
  }
  return found;
}

async function postForm(url: string, fields: Record<string, string | null | undefined>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== null && value !== undefined && value !== '') body.set(name, value);
  return fetch(url, { method: 'POST', body, headers: { Accept: 'application/json', ...headers } });
}

/** POST to the token endpoint; resolves with the token answer or rejects with an OAuthFailure. */
export async function requestTokens(
  issuer: string,
  fields: Record<string, string | null | undefined>,
  headers: Record<string, string> = {},
): Promise<TokenResponse> {
  const { token_endpoint } = await discover(issuer);
  const response = await postForm(token_endpoint, fields, headers);
  const answer = (await response.json().catch(() => null)) as (TokenResponse & Partial<OAuthFailure>) | null;
  if (!response.ok || !answer?.access_token) {
    const failure: OAuthFailure = {
      ...(answer ?? {}),
      error: typeof answer?.error === 'string' ? answer.error : `http_${response.status}`,
    };
    throw failure;
  }
  return answer;
}

export interface PasswordGrant {
  clientId: string;
  scope: string;
  userName: string;
  password: string;
  tenantId: string | null;
  culture: string;
  /** Account Pro's extra parameters: TwoFactorProvider + TwoFactorCode, or RecoveryCode. */
  extra?: Record<string, string>;
}

export function passwordGrant(issuer: string, grant: PasswordGrant): Promise<TokenResponse> {
  const headers: Record<string, string> = { 'Accept-Language': grant.culture };
  if (grant.tenantId) headers.__tenant = grant.tenantId;
  return requestTokens(
    issuer,
    {
      grant_type: 'password',
      client_id: grant.clientId,
      username: grant.userName,
      password: grant.password,
      scope: grant.scope,
      ...grant.extra,
    },
    headers,
  );
}

/** Revokes one token (RFC 7009); `unsupported_token_type` counts as done. */
export async function revokeToken(issuer: string, clientId: string, token: string, hint: 'access_token' | 'refresh_token'): Promise<void> {
  const { revocation_endpoint } = await discover(issuer);
  if (!revocation_endpoint) return;
  const response = await postForm(revocation_endpoint, { client_id: clientId, token, token_type_hint: hint });
  if (response.ok) return;
  const answer = (await response.json().catch(() => null)) as Partial<OAuthFailure> | null;
  if (answer?.error === 'unsupported_token_type') return;
  throw { ...(answer ?? {}), error: answer?.error ?? `http_${response.status}` } satisfies OAuthFailure;
}

// ---- Anonymous account calls (spec 7.5, 7.9) ----

export interface FindTenantResult {
  success: boolean;
  tenantId: string | null;
  name: string | null;
  isActive: boolean;
}

export function findTenantByName(http: Http, name: string): Promise<FindTenantResult> {
  return http<FindTenantResult>(`/api/abp/multi-tenancy/tenants/by-name/${encodeURIComponent(name)}`);
}

export interface RegisterInput {
  userName: string;
  emailAddress: string;
  password: string;
  appName: string;
  returnUrl?: string;
  captchaResponse?: string;
}

export function register(http: Http, body: RegisterInput): Promise<{ id: string; userName: string; email: string }> {
  return http('/api/account/register', { method: 'POST', body });
}

export function sendPasswordResetCode(http: Http, body: { email: string; appName: string; returnUrl?: string }): Promise<void> {
  return http('/api/account/send-password-reset-code', { method: 'POST', body });
}

export function verifyPasswordResetToken(http: Http, body: { userId: string; resetToken: string }): Promise<boolean> {
  return http('/api/account/verify-password-reset-token', { method: 'POST', body });
}

export function resetPassword(http: Http, body: { userId: string; resetToken: string; password: string }): Promise<void> {
  return http('/api/account/reset-password', { method: 'POST', body });
}

export function confirmEmail(http: Http, body: { userId: string; token: string; tenantId?: string | null }): Promise<void> {
  return http('/api/account/confirm-email', { method: 'POST', body });
}

export function sendEmailConfirmationToken(
  http: Http,
  body: { appName: string; userId: string; returnUrl?: string; returnUrlHash?: string },
): Promise<void> {
  return http('/api/account/send-email-confirmation-token', { method: 'POST', body });
}

export function getTwoFactorProviders(http: Http, query: { userId: string; token: string }): Promise<string[]> {
  return http('/api/account/two-factor-providers', { query });
}

export function sendTwoFactorCode(http: Http, body: { userId: string; token: string; provider: string }): Promise<void> {
  return http('/api/account/send-two-factor-code', { method: 'POST', body });
}

/** An ABP error envelope's message and field errors (contract 3.1), from a rejected call. */
export interface AbpError {
  message: string;
  details: string | null;
  validationErrors: Array<{ message: string; members: string[] }>;
}

export function abpErrorOf(error: unknown): AbpError | null {
  const data = (error as { data?: { error?: Partial<AbpError> } } | null)?.data?.error;
  if (!data || typeof data.message !== 'string') return null;
  return {
    message: data.message,
    details: typeof data.details === 'string' ? data.details : null,
    validationErrors: Array.isArray(data.validationErrors) ? data.validationErrors : [],
  };
}
