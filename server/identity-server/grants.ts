// Extension grants at /connect/token. Rules:
// - `password` only for clients flagged is_first_party (others: unauthorized_client), with the
//   tenant from the `__tenant` header or parameter (id or name), through the same sign-in check as
//   the login page (rate limits, lockout, security log); it creates an identity session and issues
//   a JWT access token, a refresh token with offline_access and an ID token with openid;
// - `LinkLogin` and `Impersonation` are registered (listed in discovery, allowed for the SPA) but
//   answer unsupported_grant_type until the account area implements them.
import { and, eq } from 'drizzle-orm';
import { errors, type KoaContextWithOIDC, type Provider } from 'oidc-provider';
import type { AppContext, TenantInfo } from '../context.ts';
import { applications } from '../db/schema/index.ts';
import { localize } from '../localization/index.ts';
import { loadAccount } from './account.ts';
import { apiResource, oidcScopes, resourceServerInfo } from './provider-config.ts';
import { createIdentitySession } from './sessions.ts';
import { failureText, isLocalLoginEnabled, signIn } from './sign-in.ts';
import { cultureOfKoa, requestInfo } from './culture.ts';

const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function resolveTenant(ctx: AppContext, value: string | undefined): Promise<TenantInfo | null> {
  const requested = value?.trim();
  if (!requested) return null;
  const tenant = guidPattern.test(requested) ? await ctx.tenants.findById(requested) : await ctx.tenants.findByName(requested);
  if (!tenant?.isActive) throw new errors.InvalidRequest(`tenant '${requested}' is not available`);
  return tenant;
}

function passwordGrant(provider: Provider, ctx: AppContext) {
  return async (koa: KoaContextWithOIDC) => {
    const client = koa.oidc.client!;
    const params = koa.oidc.params as Record<string, string | undefined>;
    const [app] = await ctx.db
      .select({ isFirstParty: applications.isFirstParty })
      .from(applications)
      .where(and(eq(applications.clientId, client.clientId), eq(applications.isDeleted, false)))
      .limit(1);
    if (!app?.isFirstParty) throw new errors.UnauthorizedClient('the password grant is only available to first-party clients');
    if (!params.username || !params.password) throw new errors.InvalidRequest('username and password are required');

    const tenant = await resolveTenant(ctx, koa.get('__tenant') || params.__tenant);
    const culture = cultureOfKoa(koa);
    if (!(await isLocalLoginEnabled(ctx, tenant?.id ?? null))) {
      throw new errors.CustomOIDCProviderError(
        'invalid_grant',
        localize(culture, 'AbpAccount::ThereAreNoLoginSchemesConfiguredForThisClient'),
      );
    }
    const userAgent = koa.get('user-agent') || null;
    const result = await signIn(ctx, {
      tenant,
      userNameOrEmail: params.username,
      password: params.password,
      clientId: client.clientId,
      ip: koa.ip,
      userAgent,
      path: '/connect/token',
      correlationId: requestInfo(koa.req).correlationId ?? null,
    });
    if (!result.ok) {
      const description = localize(culture, failureText[result.reason]);
      if (result.reason === 'TooManyRequests') {
        koa.status = 429;
        koa.set('Retry-After', String(result.retryAfter ?? 60));
        koa.set('Cache-Control', 'no-store');
        koa.body = { error: 'too_many_requests', error_description: description };
        return;
      }
      // InvalidGrant would hide the description; ABP clients show it to the user.
      throw new errors.CustomOIDCProviderError('invalid_grant', description);
    }

    const allowed = new Set(client.scope?.split(' ') ?? []);
    const requested = (params.scope ?? '').split(' ').filter((s) => s && allowed.has(s));
    const scopes = new Set(requested.length ? requested : [apiResource.scope]);
    const oidc = [...scopes].filter((s) => oidcScopes.includes(s) || s === apiResource.scope);
    const resourceScope = [...scopes].filter((s) => resourceServerInfo.scope.split(' ').includes(s)).join(' ');

    const grant = new provider.Grant({ accountId: result.user.id, clientId: client.clientId });
    if (oidc.length) grant.addOIDCScope(oidc.join(' '));
    if (resourceScope) grant.addResourceScope(apiResource.indicator, resourceScope);
    const grantId = await grant.save();
    await createIdentitySession(ctx, {
      sessionId: grantId,
      userId: result.user.id,
      tenantId: result.user.tenantId,
      clientId: client.clientId,
      ip: koa.ip,
      userAgent,
      // The password grant has no "remember me" box; offline_access is the client asking to stay in.
      rememberMe: scopes.has('offline_access'),
    });
    const account = await loadAccount(ctx, result.user.id, grantId);
    if (!account) throw new errors.InvalidGrant('account not available');
    koa.oidc.entity('Account', account);
    koa.oidc.entity('Grant', grant);

    const at = new provider.AccessToken({ accountId: account.accountId, client, grantId, gty: 'password', scope: resourceScope });
    at.resourceServer = new provider.ResourceServer(apiResource.indicator, resourceServerInfo);
    koa.oidc.entity('AccessToken', at);
    const accessToken = await at.save();

    let refreshToken: string | undefined;
    if (scopes.has('offline_access') && client.grantTypeAllowed('refresh_token')) {
      const rt = new provider.RefreshToken({
        accountId: account.accountId,
        client,
        grantId,
        gty: 'password',
        scope: [...scopes].join(' '),
        resource: apiResource.indicator,
        rotations: 0,
        expiresWithSession: false,
      });
      koa.oidc.entity('RefreshToken', rt);
      refreshToken = await rt.save();
    }

    let idToken: string | undefined;
    if (scopes.has('openid')) {
      const scope = oidc.filter((s) => s !== apiResource.scope).join(' ');
      const token = new provider.IdToken({ ...(await account.claims('id_token', scope, {}, [])) }, { ctx: koa });
      (token as unknown as { scope: string }).scope = scope;
      idToken = await token.issue({ use: 'idtoken' });
    }

    koa.set('Cache-Control', 'no-store');
    koa.body = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: at.expiration,
      scope: [...scopes].join(' '),
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      ...(idToken ? { id_token: idToken } : {}),
    };
  };
}

function arrivesLater(name: string) {
  return async () => {
    throw new errors.CustomOIDCProviderError(
      'unsupported_grant_type',
      `the ${name} grant is registered but not available yet: it arrives with the account area`,
    );
  };
}

export function registerGrants(provider: Provider, ctx: AppContext): void {
  provider.registerGrantType('password', passwordGrant(provider, ctx), ['username', 'password', 'scope', '__tenant']);
  provider.registerGrantType('LinkLogin', arrivesLater('LinkLogin'), ['LinkUserId', 'LinkTenantId', 'access_token', 'scope']);
  provider.registerGrantType('Impersonation', arrivesLater('Impersonation'), [
    'UserId',
    'TenantId',
    'TenantUserName',
    'UserDelegationId',
    'access_token',
    'scope',
  ]);
}
