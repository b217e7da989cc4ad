// The auth machine's types and its pure address rules (kept apart so the machine file holds the
// chart): input, context, events, emitted effects, the two-factor challenge, and the same-origin
// returnUrl rule (no open redirect).
import type { ApplicationConfiguration } from '../../src/api/application-configuration.ts';
import type { AuthSession, OAuthErrorFilter, OAuthErrorInfo, TokenResponse } from './tokens.ts';

export type { AuthSession } from './tokens.ts';

export type AuthFlow = 'code' | 'password';

export type AuthError =
  | 'callbackFailed'
  | 'loadUserFailed'
  | 'configurationFailed'
  | 'notAuthenticated'
  | 'redirectFailed'
  | 'signOutFailed'
  | 'logoutRedirectFailed';

/** The password grant asked for a second factor (ABP: invalid_grant 'RequiresTwoFactor'). */
export interface TwoFactorChallenge {
  userId: string;
  twoFactorToken: string;
  userName: string;
  password: string;
  rememberMe: boolean;
  tenantId: string | null;
  returnUrl: string | null;
}

export interface AuthInput {
  /** The page address when the app starts (the callback carries code and state). */
  location: string;
  /** The UI culture before the configuration has been read (the browser's language). */
  culture: string;
  flow?: AuthFlow;
  clientId?: string;
  errorFilters?: readonly OAuthErrorFilter[];
}

export interface AuthContext {
  location: string;
  culture: string;
  flow: AuthFlow;
  clientId: string;
  errorFilters: readonly OAuthErrorFilter[];
  session: AuthSession | null;
  configuration: ApplicationConfiguration | null;
  error: AuthError | null;
  /** Where the pending sign-in should come back to (a same-origin path), if anywhere. */
  returnUrl: string | null;
  twoFactor: TwoFactorChallenge | null;
}

export type AuthEvent =
  | { type: 'auth.signIn'; returnUrl?: string }
  | { type: 'auth.signOut' }
  | { type: 'auth.tokensReceived'; tokens: TokenResponse; receivedAt: number; returnUrl?: string | null }
  | { type: 'auth.twoFactorRequired'; challenge: TwoFactorChallenge }
  | { type: 'auth.reloadConfiguration' }
  | { type: 'auth.oauthError'; error: OAuthErrorInfo }
  /** Sign in as another user of the tenant (AbpIdentity.Users.Impersonation); userId null: back to the impersonator. */
  | { type: 'auth.impersonate'; userId: string | null; tenantId?: string | null }
  | { type: 'session.expiring' };

/** What the callback gives back: the session and the returnUrl the sign-in started with. */
export type CallbackResult = AuthSession & { returnUrl?: string | null };

export type AuthEmitted =
  | { type: 'navigation.replace'; url: string }
  | { type: 'navigation.push'; url: string }
  | { type: 'tokens.store'; session: AuthSession }
  | { type: 'tokens.clear' }
  | { type: 'toast.error'; description: string | null };

/** What the Impersonation grant is asked for: the current session, and whom to become. */
export interface ImpersonateInput {
  session: AuthSession;
  userId: string | null;
  tenantId: string | null;
}

/** The address without the authorization response parameters, keeping everything else. */
export function withoutAuthorizationResponse(location: string): string {
  const url = new URL(location);
  for (const name of ['code', 'state', 'session_state', 'iss', 'error', 'error_description']) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A same-origin path ('/dashboard?x=1'), or null for anything else. */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** The password flow's login page, carrying where to go afterwards. */
export function loginPageUrl(returnUrl: string | null): string {
  return returnUrl && returnUrl !== '/' ? `/account/login?returnUrl=${encodeURIComponent(returnUrl)}` : '/account/login';
}

export function pathOf(location: string): string {
  const url = new URL(location);
  return `${url.pathname}${url.search}`;
}
