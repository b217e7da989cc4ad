// Composition root: the one place where machines meet their real effects (design: machines name
// their actors, system.ts supplies them with .provide()). Rules: the identity server is this
// server (authority = the page's origin), the SPA is the public client Finance_App using the code
// flow with PKCE; refresh, silent renew and session monitoring stay off until their own machines
// exist, so nothing here starts timers behind the machines' back.
import { ErrorResponse, type User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { fromPromise } from 'xstate';
import { type AuthSession, authMachine } from '../../machines/session/auth.machine.ts';
import { type ApplicationConfiguration, getApplicationConfiguration } from '../api/application-configuration.ts';
import { createHttp } from '../api/http.ts';

export const clientId = 'Finance_App';
export const scope = 'openid profile email phone roles offline_access Finance';

export function createUserManager(origin: string, storage: Storage): UserManager {
  return new UserManager({
    authority: `${origin}/`,
    client_id: clientId,
    redirect_uri: `${origin}/`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope,
    // Like ABP's Angular client, the session lives in localStorage: it survives a reload and is
    // shared by the tabs of the app. Logout revokes it on the server, which is what ends it.
    userStore: new WebStorageStateStore({ store: storage }),
    stateStore: new WebStorageStateStore({ store: storage }),
    // RFC 7009 2.2: a revocation answer's body is ignored; oidc-provider answers 200 with an empty
    // text/plain body, which oidc-client-ts would otherwise reject as a non-JSON content type.
    revokeTokenAdditionalContentTypes: ['text/plain'],
    automaticSilentRenew: false,
    monitorSession: false,
  });
}

function toSession(user: User): AuthSession {
  return { accessToken: user.access_token, idToken: user.id_token ?? null };
}

/** ABP reads the culture from these two query parameters on the identity server's pages. */
function cultureParams(culture: string): Record<string, string> {
  return { culture, 'ui-culture': culture };
}

export function createAuthLogic(userManager: UserManager) {
  return authMachine.provide({
    actors: {
      loadUser: fromPromise<AuthSession | null>(async () => {
        const user = await userManager.getUser();
        if (!user || user.expired) return null;
        return toSession(user);
      }),
      handleCallback: fromPromise<AuthSession, { location: string }>(async ({ input }) =>
        toSession(await userManager.signinRedirectCallback(input.location)),
      ),
      startSignIn: fromPromise<void, { culture: string }>(async ({ input }) => {
        await userManager.signinRedirect({ extraQueryParams: cultureParams(input.culture) });
      }),
      signOut: fromPromise<void, { session: AuthSession; culture: string }>(async ({ input }) => {
        // Revoke first: the tokens must stop working at once, not when they expire (quality bar).
        // The long-lived refresh token goes first, so it is dead even if the second call fails.
        await userManager.revokeTokens(['refresh_token']);
        try {
          await userManager.revokeTokens(['access_token']);
        } catch (error) {
          // RFC 7009 2.2.1: `unsupported_token_type` means this server cannot revoke access tokens
          // (oidc-provider refuses JWT ones); ending the session below is what stops them then.
          // Any other failure keeps the user signed in, so they can retry.
          if (!(error instanceof ErrorResponse && error.error === 'unsupported_token_type')) throw error;
        }
        await userManager.signoutRedirect({
          id_token_hint: input.session.idToken ?? undefined,
          extraQueryParams: cultureParams(input.culture),
        });
      }),
      loadConfiguration: fromPromise<ApplicationConfiguration, { accessToken: string; culture: string }>(({ input }) =>
        getApplicationConfiguration(createHttp({ accessToken: () => input.accessToken, culture: () => input.culture, tenant: () => null })),
      ),
    },
  });
}
