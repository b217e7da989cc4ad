// The test model of the auth machine: its starting situations and the actor results that steer it.
// Shared by tests/machines/auth.machine.test.ts and the generated docs/machines/auth.md. Rules: one
// result per guard outcome (a session or none, expired with or without remember_me and a refresh
// token, another client's tokens, an authenticated configuration or an anonymous one) and one
// failure per actor, so the generated paths reach every transition; both flows are scenarios.
import type { EventObject } from 'xstate';
import type { ApplicationConfiguration } from '../../src/api/application-configuration.ts';
import type { MachineModel } from '../testing/model-paths.ts';
import { type AuthEvent, type AuthSession, authMachine } from './auth.machine.ts';

const now = 1_800_000_000_000;
export const storedSession: AuthSession = { accessToken: 'stored-access-token', idToken: 'stored-id-token' };
export const callbackSession: AuthSession = { accessToken: 'fresh-access-token', idToken: 'fresh-id-token' };
export const renewedSession: AuthSession = {
  accessToken: 'renewed-access-token',
  idToken: 'stored-id-token',
  refreshToken: 'renewed-refresh-token',
  storedAt: now,
  expiresAt: now + 3_600_000,
  rememberMe: true,
  clientId: 'Finance_App',
  observedAt: now,
};
const expired = { storedAt: now - 7_200_000, expiresAt: now - 3_600_000, observedAt: now, clientId: 'Finance_App' };
export const expiredRememberedSession: AuthSession = {
  ...storedSession,
  ...expired,
  refreshToken: 'stored-refresh-token',
  rememberMe: true,
};
export const expiredForgottenSession: AuthSession = {
  ...storedSession,
  ...expired,
  refreshToken: 'stored-refresh-token',
  rememberMe: false,
};
export const expiredWithoutRefreshSession: AuthSession = { ...storedSession, ...expired, refreshToken: null, rememberMe: true };
export const otherClientSession: AuthSession = { ...storedSession, clientId: 'Other_App' };

export function configuration(userName: string | null, cultureName = 'en', id: string | null = null): ApplicationConfiguration {
  return {
    currentUser: {
      isAuthenticated: userName !== null,
      id: userName ? (id ?? '3a1f0000-0000-0000-0000-000000000001') : null,
      tenantId: null,
      userName,
      name: userName,
      surName: null,
      email: userName ? `${userName}@abp.io` : null,
      roles: userName ? ['admin'] : [],
      impersonatorUserId: null,
    },
    currentTenant: { id: null, name: null, isAvailable: false },
    localization: { currentCulture: { cultureName, isRightToLeft: cultureName === 'ar' } },
    auth: { grantedPolicies: {} },
    features: { values: {} },
  };
}

/** Authenticated, yet the user has no id: its tokens are cleared (spec 5). */
export const configurationWithoutUserId: ApplicationConfiguration = (() => {
  const config = configuration('ghost');
  config.currentUser.id = null;
  return config;
})();

/** The session the Impersonation grant answers (another user, the impersonator in its claims). */
export const impersonatedSession: AuthSession = { ...storedSession, accessToken: 'impersonated-access-token', refreshToken: null };
export const impersonationRefusal = { error: 'invalid_grant', error_description: 'You are not allowed to impersonate this user.' };

export const passwordTokens = { access_token: 'password-access-token', refresh_token: 'password-refresh-token', expires_in: 3600 };

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
const failed = (id: string): EventObject => ({ type: `xstate.error.actor.${id}`, error: `${id} failed` }) as EventObject;

const userEvents: AuthEvent[] = [
  { type: 'auth.tokensReceived', tokens: passwordTokens, receivedAt: now, returnUrl: '/dashboard' },
  {
    type: 'auth.twoFactorRequired',
    challenge: {
      userId: 'u-1',
      twoFactorToken: 'tf-1',
      userName: 'admin',
      password: 'secret',
      rememberMe: false,
      tenantId: null,
      returnUrl: null,
    },
  },
  { type: 'auth.oauthError', error: { grantType: 'refresh_token', error: 'invalid_grant' } },
  { type: 'auth.oauthError', error: { grantType: 'Impersonation', error: 'invalid_grant' } },
  { type: 'auth.reloadConfiguration' },
  { type: 'auth.impersonate', userId: 'u-2' },
];

export const authModel: MachineModel<typeof authMachine> = {
  machine: authMachine,
  scenarios: [
    { name: 'fresh visit', input: { location: 'https://app.example/', culture: 'en' } },
    { name: 'back from the login page', input: { location: 'https://app.example/?code=c0de&state=s7a7e&iss=x', culture: 'en' } },
    { name: 'password flow', input: { location: 'https://app.example/', culture: 'en', flow: 'password' } },
    { name: 'link login', input: { location: 'https://app.example/?handler=linkLogin&linkUserId=u-2', culture: 'en' } },
    {
      name: 'link login, LinkLogin errors filtered',
      input: {
        location: 'https://app.example/?handler=linkLogin&linkUserId=u-2',
        culture: 'en',
        errorFilters: [{ grantType: 'LinkLogin' }],
      },
    },
  ],
  // Past these the machine only repeats itself: a pending two-factor challenge, or signed out with
  // the anonymous configuration (the same events were explored just before it arrived).
  stopWhen: (snapshot) =>
    snapshot.context.twoFactor !== null ||
    (snapshot.matches('signedOut') && (snapshot.context.configuration !== null || snapshot.context.error !== null)),
  events: [
    done('loadUser', storedSession),
    done('loadUser', null),
    done('loadUser', otherClientSession),
    done('loadUser', expiredRememberedSession),
    done('loadUser', expiredForgottenSession),
    done('loadUser', expiredWithoutRefreshSession),
    failed('loadUser'),
    done('handleCallback', callbackSession),
    // Back to the guarded route that asked for sign-in; a foreign address is never followed.
    done('handleCallback', { ...callbackSession, returnUrl: '/audit-logs?page=2' }),
    done('handleCallback', { ...callbackSession, returnUrl: '//evil.example/' }),
    failed('handleCallback'),
    done('loadConfiguration', configuration('admin')),
    done('loadConfiguration', configuration(null)),
    done('loadConfiguration', configurationWithoutUserId),
    failed('loadConfiguration'),
    failed('startSignIn'),
    done('signOut', undefined),
    failed('signOut'),
    done('refreshToken', renewedSession),
    failed('refreshToken'),
    done('linkLogin', { error: 'invalid_grant', description: 'The link is not valid.' }),
    done('impersonate', impersonatedSession),
    { type: 'xstate.error.actor.impersonate', error: impersonationRefusal } as EventObject,
    ...(userEvents as EventObject[]),
  ],
  describeEvent(event) {
    const [, kind, , id] = event.type.split('.');
    if (kind === 'error') return `${id} fails`;
    if (kind === 'after') return `${event.type.split('.')[2]} elapses`;
    if (event.type === 'auth.oauthError')
      return `OAuth error on ${(event as Extract<AuthEvent, { type: 'auth.oauthError' }>).error.grantType}`;
    if (kind !== 'done') return event.type;
    const output = (event as { output?: unknown }).output;
    if (id === 'loadUser') {
      if (!output) return 'loadUser finds none';
      const session = output as AuthSession;
      if (session.clientId === 'Other_App') return "loadUser finds another client's tokens";
      if (session.expiresAt && session.rememberMe === false) return 'loadUser finds an expired session, remember_me off';
      if (session.expiresAt && !session.refreshToken) return 'loadUser finds an expired session without refresh token';
      if (session.expiresAt) return 'loadUser finds an expired session with refresh token';
      return 'loadUser finds a session';
    }
    if (id === 'loadConfiguration') {
      const config = output as ApplicationConfiguration;
      if (config.currentUser.isAuthenticated && !config.currentUser.id) return 'loadConfiguration: user without id';
      return config.currentUser.isAuthenticated ? 'loadConfiguration: authenticated' : 'loadConfiguration: anonymous';
    }
    if (id === 'linkLogin') return 'link login fails';
    if (id === 'handleCallback') {
      const back = (output as { returnUrl?: string }).returnUrl;
      return back ? `handleCallback succeeds, returnUrl ${back}` : 'handleCallback succeeds';
    }
    return `${id} succeeds`;
  },
};
