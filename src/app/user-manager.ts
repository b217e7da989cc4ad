// The code flow's redirects (authorize with PKCE, callback, end session) through oidc-client-ts,
// loaded only when one of them runs: a page that neither signs in nor out (most loads, with a stored
// session) never downloads it. Its silent renew and session monitoring stay off: the auth machine
// renews.
// The discovery document read before the sign-in redirect is kept for the tab (sessionStorage, 10
// minutes), so the callback page exchanges its code without reading it again: one round trip less
// between the login form's submit and the first screen (issue 18).
import { type OidcMetadata, type SigninRedirectArgs, UserManager, type UserManagerSettings, WebStorageStateStore } from 'oidc-client-ts';

const metadataKey = 'finance-admin.oidc-metadata';
/** Long enough for a user to fill the login form; a later sign-in or sign-out reads the document again. */
const metadataLifetimeMs = 10 * 60_000;

/** The discovery document this tab read before its sign-in redirect, while it is recent; else undefined. */
export function keptMetadata(tab: Storage | null, authority: string, now = Date.now()): Partial<OidcMetadata> | undefined {
  try {
    const kept = JSON.parse(tab?.getItem(metadataKey) ?? 'null') as { authority?: unknown; at?: unknown; metadata?: unknown } | null;
    if (!kept || kept.authority !== authority || typeof kept.at !== 'number' || now - kept.at > metadataLifetimeMs || now < kept.at)
      return undefined;
    return typeof kept.metadata === 'object' && kept.metadata !== null ? (kept.metadata as Partial<OidcMetadata>) : undefined;
  } catch {
    return undefined;
  }
}

/** UserManager whose sign-in redirect keeps the discovery document it read for the callback page. */
class TabUserManager extends UserManager {
  private readonly tab: Storage | null;

  constructor(settings: UserManagerSettings, tab: Storage | null) {
    super(settings);
    this.tab = tab;
  }

  override async signinRedirect(args?: SigninRedirectArgs): Promise<void> {
    // Read once here (oidc-client-ts keeps it in memory, so the redirect below does not read it again).
    const metadata = await this.metadataService.getMetadata();
    try {
      this.tab?.setItem(metadataKey, JSON.stringify({ authority: this.settings.authority, at: Date.now(), metadata }));
    } catch {
      // Storage full or refused: the callback reads the document itself.
    }
    return super.signinRedirect(args);
  }
}

export function createUserManager(
  origin: string,
  storage: Storage,
  clientId: string,
  scope: string,
  tab: Storage | null = null,
): UserManager {
  const authority = `${origin}/`;
  return new TabUserManager(
    {
      authority,
      metadata: keptMetadata(tab, authority),
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
    },
    tab,
  );
}
