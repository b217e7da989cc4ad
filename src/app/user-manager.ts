// The code flow's redirects (authorize with PKCE, callback, end session) through oidc-client-ts,
// loaded only when one of them runs: a page that neither signs in nor out (most loads, with a stored
// session) never downloads it. Its silent renew and session monitoring stay off: the auth machine
// renews.
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';

export function createUserManager(origin: string, storage: Storage, clientId: string, scope: string): UserManager {
  return new UserManager({
    authority: `${origin}/`,
    client_id: clientId,
    redirect_uri: `${origin}/`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope,
    // oidc-client-ts keeps only the redirect state (PKCE verifier, nonce); the tokens move to the
    // token store after the callback (auth-actors.ts).
    userStore: new WebStorageStateStore({ store: storage }),
    stateStore: new WebStorageStateStore({ store: storage }),
    // RFC 7009 2.2: a revocation answer's body is ignored; oidc-provider answers 200 with an empty
    // text/plain body, which oidc-client-ts would otherwise reject as a non-JSON content type.
    revokeTokenAdditionalContentTypes: ['text/plain'],
    automaticSilentRenew: false,
    monitorSession: false,
  });
}
