// oidc-provider configuration, ABP-shaped (contract section 6). Rules:
// - endpoints at ABP's paths (/connect/*, /.well-known/jwks); development interactions off; the
//   login interaction is /Account/Login (interactions.ts);
// - PKCE with S256 is required for every authorization request of a public client, and of a
//   confidential one registered with forcePkce (ApplicationDto.forcePkce; the default);
// - a client's token lifetimes (PUT /api/openiddict/applications/{id}/token-lifetime) replace the
//   defaults below for its access, ID and refresh tokens and codes;
// - client credentials are enabled for confidential clients allowed that flow;
// - a client without the end-session permission (allowEndSessionEndpoint) cannot end a sign-in at
//   /connect/endsession, nor be sent back to after one;
// - front-channel logout (oidc-provider 9 has none) is a page rendered after the end-session
//   confirmation (front-channel-logout.ts, ADR 0027); a client that requires the session gets sid
//   in its ID tokens (includeSid, index.ts);
// - the sign-out confirmation's form may post where its answer redirects: the client's post-logout
//   URI (Chromium applies form-action to the redirect that ends a form post);

// - refresh tokens rotate on every use; reusing a rotated one revokes the whole grant (oidc-provider);
// - every access token is a JWT for the resource 'Finance' (audience 'Finance', typ at+jwt) carrying
//   ABP's claims; ID tokens carry the claims of the granted scopes.
// Lifetimes (seconds):
//   access token 3600 · ID token 3600 · authorization code 300 · interaction 3600
//   refresh token 14 days when "remember me" was ticked (or offline_access on the password grant),
//   1 day otherwise; a rotated refresh token keeps the remaining lifetime of the one it replaces,
//   so a sign-in never lasts longer than that · grant and browser session 14 days.
import { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { AppContext } from '../context.ts';
import { accessTokenClaims, createFindAccount, type FinanceAccount } from './account.ts';
import { cultureOfKoa, localizeKoa } from './culture.ts';
import { secretStamp } from '../modules/openiddict/application-store.ts';
import { isFirstPartyClient } from './first-party.ts';
import { escapeHtml, logoutScriptPath, renderMessagePage } from './login-page.ts';

const day = 24 * 60 * 60;

export const lifetimes = {
  accessToken: 3600,
  idToken: 3600,
  authorizationCode: 300,
  interaction: 3600,
  refreshTokenRemembered: 14 * day,
  refreshToken: day,
  grant: 14 * day,
  session: 14 * day,
} as const;

/** The product's API as a resource server: ABP's API scope `Finance` whose resource is the audience. */
export const apiResource = { indicator: 'urn:abp:api:Finance', audience: 'Finance', scope: 'Finance' } as const;

/** OpenID scopes; `role` is accepted as an alias of `roles` (ABP Angular templates ask for `role`). */
export const oidcScopes = ['openid', 'offline_access', 'profile', 'email', 'phone', 'roles', 'role', 'address'];

export const resourceServerInfo = {
  // The OIDC scope names are listed too so the access token's `scope` claim reads like ABP's.
  scope: [apiResource.scope, ...oidcScopes].join(' '),
  audience: apiResource.audience,
  accessTokenTTL: lifetimes.accessToken,
  accessTokenFormat: 'jwt' as const,
  jwt: { sign: { alg: 'RS256' as const } },
};

export const endpointPaths = {
  authorization: '/connect/authorize',
  token: '/connect/token',
  revocation: '/connect/revocat',
  end_session: '/connect/endsession',
  userinfo: '/connect/userinfo',
  introspection: '/connect/introspect',
  jwks: '/.well-known/jwks',
} as const;

export const loginPath = '/Account/Login';

type AnyToken = { kind?: string; remainingTTL?: number };

function refreshTokenTtl(koa: KoaContextWithOIDC): number {
  const rotated = koa?.oidc?.entities.RotatedRefreshToken as AnyToken | undefined;
  if (rotated) return Math.max(1, rotated.remainingTTL ?? 1);
  const account = koa?.oidc?.entities.Account as FinanceAccount | undefined;
  return account?.session?.rememberMe ? lifetimes.refreshTokenRemembered : lifetimes.refreshToken;
}

type ClientExtra = {
  force_pkce?: boolean;
  token_lifetimes?: Record<string, number | null>;
  allow_end_session?: boolean;
  consent_type?: string;
};
const clientExtra = (client: unknown): ClientExtra => (client ?? {}) as ClientExtra;
/** A lifetime (seconds) set on the client's application row, or undefined for the default. */
function lifetimeOf(client: unknown, name: string): number | undefined {
  const value = clientExtra(client).token_lifetimes?.[name];
  return typeof value === 'number' && value > 0 ? value : undefined;
}

/** The sign-out form's answer redirects to the client's post-logout URI: its origin joins form-action. */
function allowFormActionToKoa(koa: KoaContextWithOIDC, uri: unknown): void {
  const origin = typeof uri === 'string' ? URL.parse(uri)?.origin : undefined;
  const csp = koa.response.get('content-security-policy');
  if (!origin || origin === 'null' || typeof csp !== 'string' || !csp) return;
  koa.set(
    'content-security-policy',
    csp.replace(/form-action ([^;]*)/, (_all, list: string) => `form-action ${list} ${origin}`),
  );
}

export function buildConfiguration(ctx: AppContext, jwks: { keys: object[] }, adapter: Configuration['adapter']): Configuration {
  return {
    adapter,
    findAccount: createFindAccount(ctx) as Configuration['findAccount'],
    jwks: jwks as Configuration['jwks'],
    cookies: {
      keys: [ctx.secrets.derive('oidc-cookies').toString('base64url')],
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      // The interaction cookie's path would be the login page's (/Account/Login), which a browser does
      // not send to the two-factor pages (/Account/SendSecurityCode, ...): they would answer "invalid
      // login request". The short options' path wins over it; the resume cookie sets its own path after.
      short: { signed: true, httpOnly: true, sameSite: 'lax', path: '/Account' },
    },
    // The API scope is listed too: clients are registered with it in their allowed scopes.
    scopes: [...oidcScopes, apiResource.scope],
    claims: {
      openid: ['sub'],
      profile: ['preferred_username', 'unique_name', 'given_name', 'family_name', 'tenantid'],
      email: ['email', 'email_verified'],
      phone: ['phone_number', 'phone_number_verified'],
      roles: ['role'],
      role: ['role'],
      address: ['address'],
    },
    // ID tokens carry the claims of every granted scope, as OpenIddict issues them for ABP.
    conformIdTokenClaims: false,
    extraParams: ['culture', 'ui-culture', '__tenant', 'returnUrl'],
    responseTypes: ['code'],
    pkce: { required: (_koa, client) => client.tokenEndpointAuthMethod === 'none' || clientExtra(client).force_pkce !== false },
    extraClientMetadata: {
      properties: ['force_pkce', 'token_lifetimes', 'allow_end_session', 'consent_type', 'front_channel_session_required'],
    },
    // A systematic-consent client is asked at every authorization: no earlier grant counts, only
    // the one its consent page just gave (consent.ts).
    async loadExistingGrant(koa) {
      const grantId =
        koa.oidc.result?.consent?.grantId ||
        (clientExtra(koa.oidc.client).consent_type === 'systematic' ? undefined : koa.oidc.session?.grantIdFor(koa.oidc.client!.clientId));
      return grantId ? koa.oidc.provider.Grant.find(grantId) : undefined;
    },
    rotateRefreshToken: true,
    // Browser sign-ins end at sign-out, offline_access or not (ABP's behaviour): tokens are bound
    // to the browser session, so /connect/endsession revokes the grant (and the identity session).
    expiresWithSession: async () => true,
    routes: endpointPaths,
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      // A client may revoke or introspect only its own tokens.
      revocation: { enabled: true, allowedPolicy: async (_koa, client, token) => token.clientId === client.clientId },
      introspection: {
        enabled: true,
        allowedPolicy: async (_koa: unknown, client: { clientId: string }, token: { clientId?: string }) =>
          token.clientId === client.clientId,
      } as never,
      userinfo: { enabled: true },
      clientCredentials: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // One click on Logout in a first-party app ends the identity server's session too: with a
        // valid id_token_hint of the signed-in user, the confirmation form submits itself (a script
        // of ours; without script, its one button). Any other request (no hint, another user's
        // hint, a third-party client) still asks, since a link alone must not sign anyone out, and
        // its Cancel is a plain link back that submits nothing: no grant is revoked, the app that
        // sent the user here is still signed in.
        async logoutSource(koa: KoaContextWithOIDC, form: string) {
          const culture = cultureOfKoa(koa);
          const text = (key: string) => localizeKoa(koa, `AbpAccount::${key}`);
          // An application registered without the end-session permission (allowEndSessionEndpoint
          // false, OpenIddict's ept:end_session) cannot end a sign-in: refused before any form is
          // shown, so nothing can be confirmed (its post-logout URIs are withheld too, adapter.ts).
          if (koa.oidc.client && clientExtra(koa.oidc.client).allow_end_session === false) {
            throw new errors.UnauthorizedClient('this client is not allowed to use the end session endpoint');
          }
          koa.type = 'html';
          allowFormActionToKoa(koa, koa.oidc.params?.post_logout_redirect_uri);
          const hint = koa.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
          const client = koa.oidc.client;
          const hintOfThisUser = hint?.payload?.sub !== undefined && hint.payload.sub === koa.oidc.session?.accountId;
          if (hintOfThisUser && client && (await isFirstPartyClient(ctx, client.clientId))) {
            koa.body = renderMessagePage(culture, {
              title: text('Logout'),
              message: text('SigningOut'),
              rawForm: form.replace(
                '</form>',
                `<input type="hidden" name="logout" value="yes"/><noscript><button type="submit" class="primary">${escapeHtml(text('Logout'))}</button></noscript></form>`,
              ),
              scriptSrc: logoutScriptPath,
            });
            return;
          }
          const back = koa.oidc.params?.post_logout_redirect_uri;
          koa.body = renderMessagePage(culture, {
            title: text('Logout'),
            message: text('LogoutConfirmation'),
            rawForm: form,
            actions: [{ label: text('Logout'), name: 'logout', value: 'yes', form: 'op.logoutForm', primary: true }],
            links: [{ label: text('Cancel'), href: typeof back === 'string' ? back : ctx.config.issuer }],
          });
        },
        async postLogoutSuccessSource(koa: KoaContextWithOIDC) {
          koa.type = 'html';
          koa.body = renderMessagePage(cultureOfKoa(koa), {
            title: localizeKoa(koa, 'AbpAccount::LoggedOut'),
            message: localizeKoa(koa, 'AbpAccount::LoggedOutMessage'),
          });
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => apiResource.indicator,
        // Code and refresh token redemptions reuse the resource granted at authorization.
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_koa, indicator, client) => {
          if (indicator !== apiResource.indicator) throw new errors.InvalidTarget();
          const ttl = lifetimeOf(client, 'accessTokenLifetime');
          return ttl ? { ...resourceServerInfo, accessTokenTTL: ttl } : resourceServerInfo;
        },
      },
    },
    extraTokenClaims: async (koa, token) => {
      // A client's own token (no user) carries the stamp of the secret it authenticated with, so
      // regenerating the secret retires it at the API (ADR 0023).
      if ((token as AnyToken).kind === 'ClientCredentials') {
        const stamp = secretStamp(koa.oidc.client?.clientSecret);
        return stamp ? { client_secret_stamp: stamp } : undefined;
      }
      const account = koa.oidc.entities.Account as FinanceAccount | undefined;
      if ((token as AnyToken).kind !== 'AccessToken' || !account?.user) return undefined;
      return accessTokenClaims(account);
    },
    ttl: {
      AccessToken: (_koa, _token, client) => lifetimeOf(client, 'accessTokenLifetime') ?? lifetimes.accessToken,
      ClientCredentials: (_koa, _token, client) => lifetimeOf(client, 'accessTokenLifetime') ?? lifetimes.accessToken,
      IdToken: (_koa, _token, client) => lifetimeOf(client, 'identityTokenLifetime') ?? lifetimes.idToken,
      AuthorizationCode: (_koa, _token, client) => lifetimeOf(client, 'authorizationCodeLifetime') ?? lifetimes.authorizationCode,
      Interaction: lifetimes.interaction,
      Grant: lifetimes.grant,
      Session: lifetimes.session,
      RefreshToken: (koa, _token, client) => {
        const own = lifetimeOf(client, 'refreshTokenLifetime');
        const rotated = koa?.oidc?.entities.RotatedRefreshToken as AnyToken | undefined;
        return own && !rotated ? own : refreshTokenTtl(koa);
      },
    },
    interactions: { url: async (_koa, interaction) => `${loginPath}?uid=${encodeURIComponent(interaction.uid)}` },
    clientBasedCORS: (_koa, origin, client) =>
      ctx.config.corsOrigins.includes(origin) || client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) === true,
    async renderError(koa, out) {
      const culture = cultureOfKoa(koa);
      koa.type = 'html';
      koa.body = renderMessagePage(culture, {
        title: localizeKoa(koa, 'AbpAccount::InvalidLoginRequest'),
        message: `${out.error}${out.error_description ? `: ${out.error_description}` : ''}`,
        alert: true,
      });
    },
  };
}
