// Extension grants at /connect/token. Rules:
// - `password` only for clients flagged is_first_party or confidential clients (they authenticated
//   with their secret; an administrator allowed them the flow; others: unauthorized_client), with the
//   tenant from the `__tenant` header or parameter (id or name), through the same sign-in check as
//   the login page (rate limits, lockout, confirmed e-mail/phone, security log). With
//   Abp.Account.Captcha.UseCaptchaOnLogin the `captchaResponse` parameter must verify first. When a
//   second factor is required the answer is ABP's: 400 invalid_grant, error_description
//   'RequiresTwoFactor', userId and twoFactorToken; the retry carries the password again plus
//   TwoFactorProvider + TwoFactorCode (+ RememberBrowser=true: the remember-browser cookie is set,
//   and a request carrying it for that user skips the second factor), or RecoveryCode. A wrong code
//   counts towards lockout and the sign-in rate limit;
// - `LinkLogin` (contract 6.3): the presented access_token (signature, expiry and a live session)
//   signs in as LinkUserId (of LinkTenantId) when a user_links row joins the two users, either way
//   round. There is no tenant-by-domain resolution in this server, so tenant_domain never appears;
// - `Impersonation`: with UserDelegationId, an Active delegation (start < now < end) whose target is
//   the caller signs in as its source; with UserId (+TenantId) a caller holding
//   AbpIdentity.Users.Impersonation signs in as another user of its tenant; with TenantId (+
//   TenantUserName, default 'admin') a host caller holding Saas.Tenants.Impersonation signs in as
//   that tenant's user; without parameters an impersonated token goes back to its impersonator.
//   Impersonated tokens carry impersonator_userid/tenantid/username/tenantname;
// - every grant creates an identity session and issues a JWT access token, a refresh token with
//   offline_access and an ID token with openid; errors answer invalid_grant with an error_description in the
//   request's culture with the owner's text edits (localizeKoa), and every outcome writes a security log row.
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import { type Client, errors, type KoaContextWithOIDC, type Provider } from 'oidc-provider';
import type { AppContext, TenantInfo } from '../context.ts';
import { identitySessions, userDelegations, userLinks, users } from '../db/schema/index.ts';
import {
  createTwoFactorToken,
  isBrowserRemembered,
  isRememberBrowserEnabled,
  redeemRecoveryCode,
  rememberBrowserCookie,
  rememberBrowserLifetimeMs,
  rememberBrowserValue,
  signInProviders,
  verifyTwoFactorCode,
} from '../modules/account/two-factor.ts';
import { captchaRequired, verifyCaptcha } from '../modules/account/captcha.ts';
import { AppError } from '../errors.ts';
import { currentUserFromRow } from '../plugins/request-context.ts';
import { loadAccount } from './account.ts';
import { isFirstPartyClient } from './first-party.ts';
import { localizeKoa, requestInfo } from './culture.ts';
import { apiResource, oidcScopes, resourceServerInfo } from './provider-config.ts';
import { recordFailure, rateLimitKeys } from './rate-limit.ts';
import { createIdentitySession } from './sessions.ts';
import {
  completeSignIn,
  failureText,
  isLocalLoginEnabled,
  registerAccessFailure,
  SecurityLogActions,
  type SignInLogContext,
  signIn,
  type UserRow,
  writeSignInLog,
} from './sign-in.ts';

const guidPattern = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
/** Accepts a GUID with or without dashes ("N" format, as ABP sends userId) and answers the dashed form. */
export function normalizeGuid(value: string | undefined | null): string | null {
  const text = value?.trim() ?? '';
  if (!guidPattern.test(text)) return null;
  const hex = text.replaceAll('-', '').toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type Params = Record<string, string | undefined>;

/** One cookie of the request (the token endpoint has no cookie parser of its own). */
function cookieOf(koa: KoaContextWithOIDC, name: string): string | undefined {
  for (const part of (koa.get('cookie') || '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return undefined;
}

async function resolveTenant(ctx: AppContext, value: string | undefined): Promise<TenantInfo | null> {
  const requested = value?.trim();
  if (!requested) return null;
  const id = normalizeGuid(requested);
  const tenant = id ? await ctx.tenants.findById(id) : await ctx.tenants.findByName(requested);
  if (!tenant?.isActive) throw new errors.InvalidRequest(`tenant '${requested}' is not available`);
  return tenant;
}

/** invalid_grant with a description the client shows (InvalidGrant would hide it). */
const invalidGrant = (koa: KoaContextWithOIDC, key: string, ...params: Array<string | number>) =>
  new errors.CustomOIDCProviderError('invalid_grant', localizeKoa(koa, `AbpAccount::${key}`, ...params));

function logContext(koa: KoaContextWithOIDC, tenant: TenantInfo | null): SignInLogContext {
  return {
    tenant,
    clientId: koa.oidc.client?.clientId ?? null,
    ip: koa.ip,
    userAgent: koa.get('user-agent') || null,
    correlationId: requestInfo(koa.req).correlationId ?? null,
  };
}

interface IssueInit {
  user: UserRow;
  gty: string;
  /** Requested scope string; limited to the client's scopes, default the API scope. */
  scope: string | undefined;
  rememberMe?: boolean;
  /** Stored on the identity session; impersonator_* keys become access-token claims. */
  sessionExtra?: Record<string, unknown>;
}

/** Creates the grant and identity session of a sign-in and writes the token response. */
async function issueTokens(provider: Provider, ctx: AppContext, koa: KoaContextWithOIDC, init: IssueInit): Promise<void> {
  const client = koa.oidc.client as Client;
  const allowed = new Set(client.scope?.split(' ') ?? []);
  const requested = (init.scope ?? '').split(' ').filter((s) => s && allowed.has(s));
  const scopes = new Set(requested.length ? requested : [apiResource.scope]);
  const oidc = [...scopes].filter((s) => oidcScopes.includes(s) || s === apiResource.scope);
  const resourceScope = [...scopes].filter((s) => resourceServerInfo.scope.split(' ').includes(s)).join(' ');

  const grant = new provider.Grant({ accountId: init.user.id, clientId: client.clientId });
  if (oidc.length) grant.addOIDCScope(oidc.join(' '));
  if (resourceScope) grant.addResourceScope(apiResource.indicator, resourceScope);
  const grantId = await grant.save();
  await createIdentitySession(ctx, {
    sessionId: grantId,
    userId: init.user.id,
    tenantId: init.user.tenantId,
    clientId: client.clientId,
    ip: koa.ip,
    userAgent: koa.get('user-agent') || null,
    // The token endpoint has no "remember me" box; offline_access is the client asking to stay in.
    rememberMe: init.rememberMe ?? scopes.has('offline_access'),
    extraProperties: init.sessionExtra,
  });
  const account = await loadAccount(ctx, init.user.id, grantId);
  if (!account) throw new errors.InvalidGrant('account not available');
  koa.oidc.entity('Account', account);
  koa.oidc.entity('Grant', grant);

  const at = new provider.AccessToken({ accountId: account.accountId, client, grantId, gty: init.gty, scope: resourceScope });
  at.resourceServer = new provider.ResourceServer(apiResource.indicator, resourceServerInfo);
  koa.oidc.entity('AccessToken', at);
  const accessToken = await at.save();

  let refreshToken: string | undefined;
  if (scopes.has('offline_access') && client.grantTypeAllowed('refresh_token')) {
    const rt = new provider.RefreshToken({
      accountId: account.accountId,
      client,
      grantId,
      gty: init.gty,
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
}

function passwordGrant(provider: Provider, ctx: AppContext) {
  return async (koa: KoaContextWithOIDC) => {
    const client = koa.oidc.client!;
    const params = koa.oidc.params as Params;
    const confidential = client.tokenEndpointAuthMethod !== 'none';
    if (!confidential && !(await isFirstPartyClient(ctx, client.clientId)))
      throw new errors.UnauthorizedClient('the password grant is only available to first-party and confidential clients');
    if (!params.username || !params.password) throw new errors.InvalidRequest('username and password are required');

    const tenant = await resolveTenant(ctx, koa.get('__tenant') || params.__tenant);
    const at = logContext(koa, tenant);
    if (!(await isLocalLoginEnabled(ctx, tenant?.id ?? null))) throw invalidGrant(koa, 'ThereAreNoLoginSchemesConfiguredForThisClient');
    if (await captchaRequired(ctx, tenant?.id ?? null, 'Login')) {
      try {
        await verifyCaptcha(ctx, tenant?.id ?? null, params.captchaResponse, koa.ip);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await writeSignInLog(ctx, at, SecurityLogActions.LoginCaptchaFailed, { id: null, userName: params.username.slice(0, 256) });
        throw new errors.CustomOIDCProviderError('invalid_grant', localizeKoa(koa, error.text));
      }
    }
    const result = await signIn(ctx, {
      ...at,
      userNameOrEmail: params.username,
      password: params.password,
      path: '/connect/token',
    });
    if (!result.ok) {
      const description = localizeKoa(koa, failureText[result.reason]);
      if (result.reason === 'TooManyRequests') {
        koa.status = 429;
        koa.set('Retry-After', String(result.retryAfter ?? 60));
        koa.set('Cache-Control', 'no-store');
        koa.body = { error: 'too_many_requests', error_description: description };
        return;
      }
      throw new errors.CustomOIDCProviderError('invalid_grant', description);
    }

    const user = result.user;
    const providers = await signInProviders(ctx, user);
    let secondFactor: Record<string, unknown> | undefined;
    // The SPA is served from this origin, so its token requests carry the remember-browser cookie.
    const remembered = providers && isBrowserRemembered(ctx, user, cookieOf(koa, rememberBrowserCookie));
    if (providers && remembered) {
      secondFactor = { twoFactorProvider: 'RememberedBrowser' };
    } else if (providers) {
      const wrongCode = async (action: string, text: string, extra?: Record<string, unknown>) => {
        // Counts for lockout and for the sign-in rate limit (users without lockout cannot guess forever).
        await recordFailure(ctx, rateLimitKeys(koa.ip, '/connect/token', tenant?.id ?? null, params.username!));
        const locked = await registerAccessFailure(ctx, user, (locked) =>
          writeSignInLog(ctx, at, locked ? SecurityLogActions.LoginLockedout : action, user, extra),
        );
        return invalidGrant(koa, locked ? 'UserLockedOutMessage' : text);
      };
      if (params.RecoveryCode) {
        if (!(await redeemRecoveryCode(ctx, user.id, params.RecoveryCode))) {
          throw await wrongCode(SecurityLogActions.LoginRecoveryCodeFailed, 'InvalidRecoveryCode');
        }
        await writeSignInLog(ctx, at, SecurityLogActions.LoginWithRecoveryCode, user);
        secondFactor = { twoFactorProvider: 'RecoveryCode' };
      } else if (params.TwoFactorProvider && params.TwoFactorCode) {
        if (!(await verifyTwoFactorCode(ctx, user, params.TwoFactorProvider, params.TwoFactorCode))) {
          throw await wrongCode(SecurityLogActions.LoginTwoFactorFailed, 'InvalidTwoFactorCode', {
            twoFactorProvider: params.TwoFactorProvider,
          });
        }
        secondFactor = { twoFactorProvider: params.TwoFactorProvider };
        if (params.RememberBrowser?.toLowerCase() === 'true' && (await isRememberBrowserEnabled(ctx, user.tenantId))) {
          koa.append(
            'Set-Cookie',
            `${rememberBrowserCookie}=${rememberBrowserValue(ctx, user)}; Path=/; Max-Age=${rememberBrowserLifetimeMs / 1000}; HttpOnly; SameSite=Lax${
              ctx.config.issuer.startsWith('https:') ? '; Secure' : ''
            }`,
          );
        }
      } else {
        await writeSignInLog(ctx, at, SecurityLogActions.LoginRequiresTwoFactor, user, { providers });
        koa.status = 400;
        koa.set('Cache-Control', 'no-store');
        koa.body = {
          error: 'invalid_grant',
          error_description: 'RequiresTwoFactor',
          userId: user.id,
          twoFactorToken: createTwoFactorToken(ctx, user),
        };
        return;
      }
    }
    await completeSignIn(ctx, at, user, secondFactor);
    await issueTokens(provider, ctx, koa, { user, gty: 'password', scope: params.scope });
  };
}

// ---- the caller behind a presented access token ------------------------------------------------

interface Caller {
  user: UserRow;
  tenant: TenantInfo | null;
  claims: Record<string, unknown>;
}

/** The user of a valid access token whose session is live; null otherwise. */
async function callerOf(ctx: AppContext, token: string | undefined): Promise<Caller | null> {
  if (!token) return null;
  const claims = await ctx.tokens.verify(token);
  const userId = typeof claims?.sub === 'string' ? claims.sub : null;
  const sessionId = typeof claims?.session_id === 'string' ? claims.session_id : null;
  if (!claims || !userId || !sessionId) return null;
  const [row] = await ctx.db
    .select({ user: users })
    .from(identitySessions)
    .innerJoin(users, eq(users.id, identitySessions.userId))
    .where(and(eq(identitySessions.sessionId, sessionId), eq(users.id, userId), eq(users.isDeleted, false)))
    .limit(1);
  if (!row?.user.isActive) return null;
  const tenant = row.user.tenantId ? await ctx.tenants.findById(row.user.tenantId) : null;
  return { user: row.user, tenant, claims };
}

// biome-ignore lint/suspicious/noExplicitAny: any nullable uuid column of these tables
const sameTenant = (column: any, tenantId: string | null): SQL => (tenantId ? eq(column, tenantId) : isNull(column));

async function activeUser(ctx: AppContext, id: string, tenantId: string | null): Promise<UserRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), sameTenant(users.tenantId, tenantId), eq(users.isDeleted, false)))
    .limit(1);
  return row?.isActive ? row : undefined;
}

function linkLoginGrant(provider: Provider, ctx: AppContext) {
  return async (koa: KoaContextWithOIDC) => {
    const params = koa.oidc.params as Params;
    const caller = await callerOf(ctx, params.access_token);
    const at = logContext(koa, caller?.tenant ?? null);
    const fail = async (key: string, user: UserRow | null = caller?.user ?? null) => {
      await writeSignInLog(ctx, at, SecurityLogActions.LinkLoginFailed, user, { linkUserId: params.LinkUserId ?? null });
      return invalidGrant(koa, key);
    };
    if (!caller) throw await fail('InvalidAccessTokenForGrant', null);
    const targetId = normalizeGuid(params.LinkUserId);
    if (!targetId) throw await fail('LinkUserIdIsRequired');
    let targetTenant: TenantInfo | null = null;
    if (params.LinkTenantId?.trim()) {
      const tenantId = normalizeGuid(params.LinkTenantId);
      targetTenant = tenantId ? await ctx.tenants.findById(tenantId) : null;
      if (!targetTenant?.isActive) throw await fail('UserIsNotLinked');
    }
    const me = { id: caller.user.id, tenantId: caller.user.tenantId };
    const other = { id: targetId, tenantId: targetTenant?.id ?? null };
    const direction = (a: typeof me, b: typeof me) =>
      and(
        eq(userLinks.sourceUserId, a.id),
        sameTenant(userLinks.sourceTenantId, a.tenantId),
        eq(userLinks.targetUserId, b.id),
        sameTenant(userLinks.targetTenantId, b.tenantId),
      );
    const [link] = await ctx.db
      .select({ id: userLinks.id })
      .from(userLinks)
      .where(or(direction(me, other), direction(other, me)))
      .limit(1);
    const target = link ? await activeUser(ctx, targetId, other.tenantId) : undefined;
    if (!target) throw await fail('UserIsNotLinked');
    const targetAt = logContext(koa, targetTenant);
    await writeSignInLog(ctx, targetAt, SecurityLogActions.LinkLogin, target, {
      sourceUserId: caller.user.id,
      sourceTenantId: caller.user.tenantId,
    });
    await issueTokens(provider, ctx, koa, { user: target, gty: 'LinkLogin', scope: params.scope, rememberMe: false });
  };
}

function impersonationGrant(provider: Provider, ctx: AppContext) {
  return async (koa: KoaContextWithOIDC) => {
    const params = koa.oidc.params as Params;
    const caller = await callerOf(ctx, params.access_token);
    const at = logContext(koa, caller?.tenant ?? null);
    const fail = async (key: string, extra: Record<string, unknown> = {}) => {
      await writeSignInLog(ctx, at, SecurityLogActions.ImpersonationFailed, caller?.user ?? null, extra);
      return invalidGrant(koa, key);
    };
    if (!caller) throw await fail('InvalidAccessTokenForGrant');
    const impersonatorId = typeof caller.claims.impersonator_userid === 'string' ? caller.claims.impersonator_userid : null;

    let target: UserRow | undefined;
    let kind: string;
    if (params.UserDelegationId) {
      kind = 'Delegation';
      const delegationId = normalizeGuid(params.UserDelegationId);
      const [delegation] = delegationId
        ? await ctx.db.select().from(userDelegations).where(eq(userDelegations.id, delegationId)).limit(1)
        : [];
      const now = new Date();
      if (!delegation || delegation.targetUserId !== caller.user.id || (delegation.tenantId ?? null) !== (caller.user.tenantId ?? null)) {
        throw await fail('DelegationNotFound', { userDelegationId: params.UserDelegationId });
      }
      if (!(delegation.startTime < now && now < delegation.endTime)) {
        throw await fail('DelegationIsNotActive', { userDelegationId: delegation.id });
      }
      target = await activeUser(ctx, delegation.sourceUserId, delegation.tenantId);
    } else if (params.UserId) {
      kind = 'User';
      const userId = normalizeGuid(params.UserId);
      const tenantId = params.TenantId?.trim() ? normalizeGuid(params.TenantId) : null;
      if (!userId || (tenantId ?? null) !== (caller.user.tenantId ?? null))
        throw await fail('ImpersonationNotAllowed', { userId: params.UserId });
      if (!(await ctx.permissions.isGranted(currentUserFromRow(caller.user), caller.user.tenantId, 'AbpIdentity.Users.Impersonation'))) {
        throw await fail('ImpersonationNotAllowed', { userId });
      }
      if (userId === caller.user.id || impersonatorId) throw await fail('ImpersonationNotAllowed', { userId });
      target = await activeUser(ctx, userId, caller.user.tenantId);
    } else if (params.TenantId) {
      kind = 'Tenant';
      const tenantId = normalizeGuid(params.TenantId);
      const tenant = tenantId ? await ctx.tenants.findById(tenantId) : null;
      if (caller.user.tenantId !== null || impersonatorId || !tenant?.isActive)
        throw await fail('ImpersonationNotAllowed', { tenantId: params.TenantId });
      if (!(await ctx.permissions.isGranted(currentUserFromRow(caller.user), null, 'Saas.Tenants.Impersonation'))) {
        throw await fail('ImpersonationNotAllowed', { tenantId });
      }
      const userName = (params.TenantUserName?.trim() || 'admin').toUpperCase();
      const [row] = await ctx.db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, tenant.id), eq(users.normalizedUserName, userName), eq(users.isDeleted, false)))
        .limit(1);
      target = row?.isActive ? row : undefined;
    } else {
      // Back to the impersonator: the presented token names them.
      kind = 'BackToImpersonator';
      const tenantClaim = typeof caller.claims.impersonator_tenantid === 'string' ? caller.claims.impersonator_tenantid : null;
      if (!impersonatorId) throw await fail('ImpersonationNotAllowed');
      target = await activeUser(ctx, impersonatorId, tenantClaim);
      if (target) {
        await writeSignInLog(
          ctx,
          logContext(koa, target.tenantId ? await ctx.tenants.findById(target.tenantId) : null),
          SecurityLogActions.Impersonation,
          target,
          {
            kind,
            fromUserId: caller.user.id,
          },
        );
        await issueTokens(provider, ctx, koa, { user: target, gty: 'Impersonation', scope: params.scope, rememberMe: false });
        return;
      }
    }
    if (!target) throw await fail('ImpersonationNotAllowed', { kind });
    const targetTenant = target.tenantId ? await ctx.tenants.findById(target.tenantId) : null;
    const impersonator: Record<string, string> = {
      impersonator_userid: caller.user.id,
      impersonator_username: caller.user.userName,
      ...(caller.user.tenantId ? { impersonator_tenantid: caller.user.tenantId } : {}),
      ...(caller.tenant ? { impersonator_tenantname: caller.tenant.name } : {}),
    };
    await writeSignInLog(ctx, logContext(koa, targetTenant), SecurityLogActions.Impersonation, target, {
      kind,
      impersonatorUserId: caller.user.id,
      impersonatorTenantId: caller.user.tenantId,
    });
    await issueTokens(provider, ctx, koa, {
      user: target,
      gty: 'Impersonation',
      scope: params.scope,
      rememberMe: false,
      sessionExtra: impersonator,
    });
  };
}

export function registerGrants(provider: Provider, ctx: AppContext): void {
  provider.registerGrantType('password', passwordGrant(provider, ctx), [
    'username',
    'password',
    'scope',
    '__tenant',
    'captchaResponse',
    'TwoFactorProvider',
    'TwoFactorCode',
    'RecoveryCode',
    'RememberBrowser',
  ]);
  provider.registerGrantType('LinkLogin', linkLoginGrant(provider, ctx), ['LinkUserId', 'LinkTenantId', 'access_token', 'scope']);
  provider.registerGrantType('Impersonation', impersonationGrant(provider, ctx), [
    'UserId',
    'TenantId',
    'TenantUserName',
    'UserDelegationId',
    'access_token',
    'scope',
  ]);
}
