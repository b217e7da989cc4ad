// The identity server: oidc-provider mounted inside the Fastify app. Rules:
// - oidc-provider's endpoints are Fastify routes (anonymous, hidden from OpenAPI, validated by
//   oidc-provider) that hand the raw request to provider.callback(); their scope has a content
//   parser that leaves the body unread, so oidc-provider parses it itself;
// - headers Fastify already decided (CORS, correlation id, security headers) are copied onto the
//   raw response before it is handed over; culture and correlation id travel on the raw request;
// - /connect/userinfo and the login interaction are ordinary Fastify routes (userinfo.ts,
//   interactions.ts); sign-outs are logged from oidc-provider's end_session.success event;
// - oidc-provider's answers are compressed by its first middleware (compression.ts), as Fastify's
//   are by @fastify/compress, which a hijacked reply bypasses;
// - close() stops the pruning job.
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import type { AccessTokenVerifier, AppContext } from '../context.ts';
import { startOidcPruneJob } from '../jobs/oidc-prune.ts';
import { loadAccount } from './account.ts';
import { createAdapterFactory } from './adapter.ts';
import { identityCompression } from './compression.ts';
import { frontChannelLogout } from './front-channel-logout.ts';
import { registerGrants } from './grants.ts';
import { interactionRoutes } from './interactions.ts';
import { loadSigningKeys } from './keys.ts';
import { buildConfiguration, endpointPaths } from './provider-config.ts';
import { SecurityLogActions, securityLogIdentity } from './sign-in.ts';
import { userinfoRoutes } from './userinfo.ts';
import { createTokenVerifier } from './verifier.ts';
import { verifyClientSecret } from '../modules/openiddict/application-store.ts';
import { changesState } from '../plugins/request-context.ts';

export interface IdentityServer {
  tokens: AccessTokenVerifier;
  plugin: FastifyPluginAsync;
  close(): Promise<void>;
  provider: Provider;
}

/** Paths served by oidc-provider itself (userinfo is ours). */
const providerPaths = [
  '/.well-known/openid-configuration',
  endpointPaths.jwks,
  endpointPaths.authorization,
  `${endpointPaths.authorization}/:uid`,
  endpointPaths.token,
  endpointPaths.revocation,
  endpointPaths.introspection,
  endpointPaths.end_session,
  `${endpointPaths.end_session}/confirm`,
  `${endpointPaths.end_session}/success`,
];

/**
 * oidc-provider drops offline_access from an authorization request unless it says prompt=consent
 * (OIDC Core 11). ABP clients never send it and expect a refresh token, so a request asking for
 * offline_access without any prompt gets prompt=consent; consent is implicit (interactions.ts
 * grants it without a page), so the user sees nothing more.
 */
function withOfflineAccessConsent(url: string): string {
  if (!url.startsWith(`${endpointPaths.authorization}?`)) return url;
  const parsed = new URL(url, 'http://localhost');
  const scopes = parsed.searchParams.get('scope')?.split(' ') ?? [];
  if (!scopes.includes('offline_access') || parsed.searchParams.has('prompt')) return url;
  parsed.searchParams.set('prompt', 'consent');
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * Our access tokens are JWTs bound to their sign-in (session_id = grant id); oidc-provider refuses
 * to revoke structured tokens (unsupported_token_type), yet ABP clients revoke the access token at
 * sign-out and expect success. So a revocation of a valid access token of the calling client
 * revokes its whole grant (the identity session with it), and any other JWT answers 200 as RFC 7009
 * asks for invalid tokens.
 */
function revokeStructuredTokens(provider: Provider, ctx: AppContext) {
  return async (koa: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    const body = koa.body as { error?: string } | undefined;
    if (koa.oidc?.route !== 'revocation' || koa.status !== 400 || body?.error !== 'unsupported_token_type') return;
    const claims = await ctx.tokens.verify(String(koa.oidc.params?.token ?? ''));
    const grantId = typeof claims?.session_id === 'string' ? claims.session_id : null;
    if (grantId && claims?.client_id === koa.oidc.client?.clientId) {
      const grants = provider.Grant as unknown as { adapter: { destroy(id: string): Promise<void> } };
      await Promise.all([
        provider.RefreshToken.revokeByGrantId(grantId),
        provider.AuthorizationCode.revokeByGrantId(grantId),
        grants.adapter.destroy(grantId),
      ]);
    }
    koa.status = 200;
    koa.body = '';
  };
}

function logSignOut(ctx: AppContext, koa: KoaContextWithOIDC): void {
  const accountId = koa.oidc.session?.accountId;
  if (!accountId) return;
  void (async () => {
    const account = await loadAccount(ctx, accountId);
    await ctx.securityLog.write({
      tenantId: account?.user.tenantId ?? null,
      identity: securityLogIdentity,
      action: SecurityLogActions.Logout,
      userId: accountId,
      userName: account?.user.userName ?? null,
      clientId: koa.oidc.client?.clientId ?? null,
      clientIpAddress: koa.ip,
      browserInfo: koa.get('user-agent') || null,
    });
  })().catch((error: unknown) => ctx.log.warn({ err: error }, 'could not log sign-out'));
}

export async function createIdentityServer(ctx: AppContext): Promise<IdentityServer> {
  const keys = await loadSigningKeys(ctx);
  const provider = new Provider(ctx.config.issuer, buildConfiguration(ctx, { keys: keys.privateKeys }, createAdapterFactory(ctx)));
  provider.proxy = ctx.config.trustProxy;
  registerGrants(provider, ctx);
  // Client secrets are stored hashed (application-store.ts): compare against the hash.
  Object.defineProperty(provider.Client.prototype, 'compareClientSecret', {
    value(this: { clientSecret?: string }, actual: string) {
      return verifyClientSecret(ctx, this.clientSecret, actual);
    },
  });
  // ID tokens carry sid for a client whose front-channel logout requires the session, as for back-channel.
  const includeSid = provider.Client.prototype.includeSid as (this: object) => boolean;
  Object.defineProperty(provider.Client.prototype, 'includeSid', {
    value(this: { front_channel_session_required?: boolean }) {
      return includeSid.call(this) || this.front_channel_session_required === true;
    },
  });
  // Outermost: a token, revocation or sign-out answers only when every instance has heard what it
  // changed (the cache bus's fence, as for the API's own writes in request-context.ts). When the
  // fence cannot run (the database away): an error answer stays the answer; a redirect carries the
  // browser on (its change is committed, and the other instances hear of it with their listeners);
  // any other success becomes OAuth's server_error, which a client tries again.
  provider.use(async (koa, next) => {
    await next();
    if (!changesState(koa.method)) return;
    try {
      await ctx.cache.fence();
    } catch (error) {
      ctx.log.warn({ err: error }, 'cache fence failed');
      if (koa.status >= 300) return;
      koa.remove('Content-Encoding');
      koa.set('Cache-Control', 'no-store');
      koa.status = 500;
      koa.body = { error: 'server_error', error_description: 'The change could not be confirmed to every server; please try again.' };
    }
  });
  // Next, so that it compresses the body the other middleware and oidc-provider leave.
  provider.use(identityCompression());
  provider.use(revokeStructuredTokens(provider, ctx));
  provider.use(frontChannelLogout(ctx));
  provider.on('end_session.success', (koa: KoaContextWithOIDC) => logSignOut(ctx, koa));
  provider.on('server_error', (_koa: KoaContextWithOIDC, error: Error) => ctx.log.error({ err: error }, 'oidc-provider error'));
  const prune = startOidcPruneJob(ctx);
  const callback = provider.callback();

  const handOver = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value as string | string[] | number);
    }
    reply.raw.setHeader('x-correlation-id', request.id);
    Object.assign(request.raw, { culture: request.culture, correlationId: request.id, textOverrides: request.textOverrides });
    request.raw.url = withOfflineAccessConsent(request.raw.url ?? '/');
    void callback(request.raw, reply.raw);
  };

  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      // oidc-provider reads the body itself: Fastify must leave the stream untouched.
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      for (const url of providerPaths) {
        scope.route({
          method: ['GET', 'POST', 'OPTIONS'],
          url,
          config: { auth: { anonymous: true }, validatedBy: 'oidc-provider' },
          schema: { hide: true },
          // The end-session URL carries an ID token (id_token_hint): keep it out of the access log.
          ...(url.startsWith(endpointPaths.end_session) ? { logLevel: 'warn' } : {}),
          handler: handOver,
        });
      }
    });
    await app.register(async (scope) => {
      await interactionRoutes(provider, ctx)(scope);
      await userinfoRoutes(ctx)(scope);
    });
  };

  return {
    tokens: createTokenVerifier(ctx.config.issuer, keys.publicKeys),
    plugin,
    provider,
    close: () => prune.stop(),
  };
}
