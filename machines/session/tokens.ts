// The token rules of the session, as pure functions the auth machine's guards and assigns call
// (spec 3, 4.1, 9). Rules:
// - expires_at = the time the token was stored + expires_in × 1000 ms;
// - remember_me is read from the access token (a JWT claim, 'True'/'true'); an unreadable token
//   counts as not remembered;
// - an OAuth error clears the tokens unless an error filter matches; the 'Impersonation' grant is
//   exempt by default (ABP registers it as a filter);
// - the client id the tokens were issued to is kept beside them: another client id means the stored
//   tokens belong to another app configuration and are cleared.

/** A token endpoint answer (RFC 6749 5.1 plus ABP's tenant_domain). */
export interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in?: number;
  tenant_domain?: string;
}

/** What the session keeps of the signed-in user's tokens. */
export interface AuthSession {
  accessToken: string;
  idToken: string | null;
  refreshToken?: string | null;
  /** access_token_stored_at (ms since epoch). */
  storedAt?: number;
  /** expires_at (ms since epoch); null or absent when the server gave no lifetime. */
  expiresAt?: number | null;
  rememberMe?: boolean;
  /** The client id the tokens were issued to (absent: stored before this rule existed). */
  clientId?: string;
  /** When the session was read or received (ms since epoch): the machine's "now" for its rules. */
  observedAt?: number;
}

export interface OAuthErrorInfo {
  /** The grant that failed ('refresh_token', 'password', 'LinkLogin', 'Impersonation', …). */
  grantType: string;
  /** The OAuth error code ('invalid_grant', …). */
  error: string;
}

/** A filter that keeps the tokens when it matches an OAuth error (every given field must match). */
export interface OAuthErrorFilter {
  grantType?: string;
  error?: string;
}

export const defaultOAuthErrorFilters: readonly OAuthErrorFilter[] = [{ grantType: 'Impersonation' }];

export function expiresAtOf(storedAt: number, expiresIn: number | undefined): number | null {
  return typeof expiresIn === 'number' && Number.isFinite(expiresIn) ? storedAt + expiresIn * 1000 : null;
}

/** The JWT payload's remember_me claim; false for an opaque or unreadable token. */
export function rememberMeOf(accessToken: string): boolean {
  const payload = accessToken.split('.')[1];
  if (!payload) return false;
  try {
    const json = JSON.parse(decodeBase64Url(payload)) as { remember_me?: unknown };
    return json.remember_me === true || json.remember_me === 'True' || json.remember_me === 'true';
  } catch {
    return false;
  }
}

function decodeBase64Url(value: string): string {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** The session a token answer makes, received at `receivedAt` by the client `clientId`. */
export function sessionFromTokens(tokens: TokenResponse, receivedAt: number, clientId: string, previous?: AuthSession | null): AuthSession {
  return {
    accessToken: tokens.access_token,
    // A refresh answer may omit what did not change (RFC 6749 6): keep the previous values then.
    idToken: tokens.id_token ?? previous?.idToken ?? null,
    refreshToken: tokens.refresh_token ?? previous?.refreshToken ?? null,
    storedAt: receivedAt,
    expiresAt: expiresAtOf(receivedAt, tokens.expires_in),
    rememberMe: rememberMeOf(tokens.access_token),
    clientId,
    observedAt: receivedAt,
  };
}

export function isExpired(session: AuthSession): boolean {
  return typeof session.expiresAt === 'number' && typeof session.observedAt === 'number' && session.expiresAt <= session.observedAt;
}

export function hasRefreshToken(session: AuthSession | null): boolean {
  return Boolean(session?.refreshToken);
}

export function isOtherClient(session: AuthSession, clientId: string): boolean {
  return session.clientId !== undefined && session.clientId !== clientId;
}

export function matchesErrorFilter(error: OAuthErrorInfo, filters: readonly OAuthErrorFilter[]): boolean {
  return filters.some(
    (filter) =>
      (filter.grantType !== undefined || filter.error !== undefined) &&
      (filter.grantType === undefined || filter.grantType === error.grantType) &&
      (filter.error === undefined || filter.error === error.error),
  );
}

/**
 * How long until the session should be renewed (ms from when it was observed): 30 s before it
 * expires, or at half its remaining life when that is shorter; null when it never expires.
 */
export function renewalDelay(session: AuthSession): number | null {
  if (typeof session.expiresAt !== 'number') return null;
  const remaining = Math.max(0, session.expiresAt - (session.observedAt ?? session.storedAt ?? session.expiresAt));
  return remaining > 60_000 ? remaining - 30_000 : Math.floor(remaining / 2);
}

/** The page asks for link login (spec 2.4): handler=linkLogin with linkUserId or token. */
export interface LinkLoginRequest {
  linkUserId: string | null;
  linkTenantId: string | null;
  /** The token answer as JSON, when another tenant's domain sent the browser here. */
  token: string | null;
}

export function linkLoginRequestOf(location: string): LinkLoginRequest | null {
  const query = new URL(location).searchParams;
  if (query.get('handler') !== 'linkLogin') return null;
  const request = { linkUserId: query.get('linkUserId'), linkTenantId: query.get('linkTenantId'), token: query.get('token') };
  return request.linkUserId || request.token ? request : null;
}

/** The address without the link-login parameters (handler, linkUserId, linkTenantId, token). */
export function withoutLinkLoginQuery(location: string): string {
  const url = new URL(location);
  for (const name of ['handler', 'linkUserId', 'linkTenantId', 'token']) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}
