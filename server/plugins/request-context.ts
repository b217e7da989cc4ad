// Per-request context, resolved in a fixed order by onRequest hooks:
//   culture (query culture/ui-culture, culture cookie, Accept-Language; once the tenant is known, the
//   first of them that is an enabled language of the tenant or host, else its default language) ->
//   caller (Bearer access token verified, its session still live, the user active; or a client's
//   own client-credentials token, its application still allowed that flow with the same secret) ->
//   tenant (token claim, then __tenant query, header, cookie; id or name; unknown/inactive -> 404) ->
//   access (the route's declared permission / authentication / feature; a client passes only a
//   permission it holds as provider C, never a route that needs a signed-in user; ADR 0023).
// Routes declare their access in `config.auth`; a route without it is refused by the route-table test.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, CurrentClient, CurrentUser, TenantInfo } from '../context.ts';
import { identitySessions, users } from '../db/schema/index.ts';
import { forbidden, tenantResolveError, unauthenticated } from '../errors.ts';
import { findApplication, secretStamp } from '../modules/openiddict/application-store.ts';
import { TtlCache } from '../cache.ts';
import { hotStatement } from './hot-statement.ts';
import { cultureFromAcceptLanguage, defaultCulture, findLanguage, localizeWith, type TextOverrides } from '../localization/index.ts';
import type { LocalizableText } from '../errors.ts';
import { requestCultureOf, textOverridesNow } from '../modules/language-management/overrides.ts';

export type RouteAccess =
  | { anonymous: true }
  | { authenticated: true }
  /** Any one of the names grants access (ABP's `A || B` menu guards); `all` requires every name. */
  | { permission: string | string[]; all?: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAccess;
    /** A feature that must be enabled for the current tenant (e.g. 'AuditLogging.Enable'). */
    feature?: string;
    /** The request is validated by an embedded component instead of a route schema (oidc-provider). */
    validatedBy?: string;
  }
  interface FastifyRequest {
    culture: string;
    currentUser: CurrentUser | null;
    /** The OAuth client of a client-credentials token (currentUser is then null). */
    currentClient: CurrentClient | null;
    tenant: TenantInfo | null;
    /** Why a presented Bearer token was not accepted (for WWW-Authenticate). */
    tokenError: string | null;
    /** The host's or tenant's edited texts in the request's culture (language management), loaded with the culture. */
    textOverrides: TextOverrides | null;
    t(text: LocalizableText | string, ...params: Array<string | number>): string;
  }
}

const tenantKey = '__tenant';
const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The culture the request asks for, or undefined when it names none. */
function requestedCulture(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = findLanguage(String(query?.['ui-culture'] ?? query?.culture ?? ''));
  if (fromQuery) return fromQuery.cultureName;
  const cookie = request.cookies?.['.AspNetCore.Culture'];
  const fromCookie = cookie ? findLanguage(/uic=([^|]+)/.exec(cookie)?.[1] ?? /c=([^|]+)/.exec(cookie)?.[1]) : undefined;
  if (fromCookie) return fromCookie.cultureName;
  return cultureFromAcceptLanguage(request.headers['accept-language']);
}

/** Every culture tag the request names, in its order of preference (query, cookie, Accept-Language by quality). */
function requestedCultureTags(request: FastifyRequest): string[] {
  const query = request.query as Record<string, unknown> | undefined;
  const tags: string[] = [];
  const fromQuery = query?.['ui-culture'] ?? query?.culture;
  if (typeof fromQuery === 'string' && fromQuery) tags.push(fromQuery);
  const cookie = request.cookies?.['.AspNetCore.Culture'];
  const fromCookie = cookie ? (/uic=([^|]+)/.exec(cookie)?.[1] ?? /c=([^|]+)/.exec(cookie)?.[1]) : undefined;
  if (fromCookie) tags.push(fromCookie);
  const ranked = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((p) => p.tag && p.tag !== '*' && p.q > 0)
    .sort((a, b) => b.q - a.q);
  return [...tags, ...ranked.map((p) => p.tag)];
}

const claimString = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const claimList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];

/** A row of the live-session check. */
interface LiveCallerRow {
  user: Pick<
    typeof users.$inferSelect,
    | 'id'
    | 'tenantId'
    | 'userName'
    | 'name'
    | 'surname'
    | 'email'
    | 'emailConfirmed'
    | 'phoneNumber'
    | 'phoneNumberConfirmed'
    | 'isActive'
    | 'isDeleted'
    | 'lockoutEnd'
  >;
  sessionRowId: string;
  lastAccessed: Date | null;
}

/**
 * The live-session check as prepared statements, built once per app (on PostgreSQL named, so each
 * connection parses and plans them once; run on the driver without Drizzle's per-request work,
 * hot-statement.ts): the session joined with its user, or the user alone for a token without a
 * session. One round trip either way, and none while the answer is cached (`callers` below).
 */
function liveCallerQueries(ctx: AppContext) {
  // Only what the checks and CurrentUser need: the password hash and the rest stay in the database.
  const user = {
    id: users.id,
    tenantId: users.tenantId,
    userName: users.userName,
    name: users.name,
    surname: users.surname,
    email: users.email,
    emailConfirmed: users.emailConfirmed,
    phoneNumber: users.phoneNumber,
    phoneNumberConfirmed: users.phoneNumberConfirmed,
    isActive: users.isActive,
    isDeleted: users.isDeleted,
    lockoutEnd: users.lockoutEnd,
  };
  const bySessionSelection = {
    user,
    sessionRowId: identitySessions.id,
    lastAccessed: identitySessions.lastAccessed,
  };
  const bySession = hotStatement<LiveCallerRow>(
    ctx.database,
    'live_caller_by_session',
    bySessionSelection,
    ctx.db
      .select(bySessionSelection)
      .from(identitySessions)
      .innerJoin(users, eq(users.id, identitySessions.userId))
      .where(and(eq(identitySessions.sessionId, sql.placeholder('sessionId')), eq(users.id, sql.placeholder('userId'))))
      .limit(1),
  );
  const byUserSelection = { user, sessionRowId: users.id, lastAccessed: users.lastModificationTime };
  const byUser = hotStatement<LiveCallerRow>(
    ctx.database,
    'live_caller_by_user',
    byUserSelection,
    ctx.db
      .select(byUserSelection)
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1),
  );
  // The answers for sessions and users that exist, kept until the database says the session was
  // deleted or the user changed (migration 0028's triggers, delivered by the cache bus; ADR 0028).
  // The lifetime only bounds memory and a notification lost without the listener noticing.
  const callers = new TtlCache<LiveCallerRow | undefined>(60_000);
  ctx.cache.subscribe(callerTopic, (userId) =>
    userId === undefined ? callers.delete(undefined) : callers.deleteWhere((key) => key.endsWith(`|${userId}`)),
  );
  return {
    find: (userId: string, sessionId: string | null) =>
      // Lower case, as the triggers name the user: a token's GUID in capitals must not escape them.
      callers.getOrLoad(`${sessionId ?? ''}|${userId.toLowerCase()}`, async () => {
        const [row] = await (sessionId ? bySession.execute({ sessionId, userId }) : byUser.execute({ userId }));
        return row;
      }),
  };
}

/** The cache bus topic of the triggers that notify a changed user or a deleted session (key: the user id). */
const callerTopic = 'caller';

type LiveCallerQueries = ReturnType<typeof liveCallerQueries>;

async function resolveCaller(ctx: AppContext, queries: LiveCallerQueries, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return;
  const claims = await ctx.tokens.verify(header.slice(7).trim());
  if (!claims) {
    request.tokenError = 'invalid_token';
    return;
  }
  const userId = claimString(claims.sub);
  const sessionId = claimString(claims.session_id);
  const tokenClient = claimString(claims.client_id);
  // oidc-provider gives a client-credentials token the client id as its subject (no account).
  if (!sessionId && userId && userId === tokenClient) {
    await resolveClient(ctx, request, tokenClient, claims);
    return;
  }
  if (!userId || !guidPattern.test(userId)) {
    request.tokenError = 'invalid_token';
    return;
  }
  // A signed-out or revoked session, or a disabled or deleted user, stops working here on the next
  // request rather than when the token expires: the answer is cached only until the database says
  // otherwise, and the request that changed it waited for every instance to hear so (fence).
  const row = await queries.find(userId, sessionId);
  if (!row?.user.isActive || row.user.isDeleted || (row.user.lockoutEnd && row.user.lockoutEnd > new Date())) {
    request.tokenError = 'invalid_token';
    return;
  }
  request.currentUser = currentUserFromRow(row.user, {
    roles: claimList(claims.role),
    sessionId,
    clientId: claimString(claims.client_id) ?? claimString(claims.azp),
    rememberMe: claims.remember_me === true || claims.remember_me === 'True' || claims.remember_me === 'true',
    impersonatorUserId: claimString(claims.impersonator_userid),
    impersonatorTenantId: claimString(claims.impersonator_tenantid),
    impersonatorUserName: claimString(claims.impersonator_username),
    impersonatorTenantName: claimString(claims.impersonator_tenantname),
  });
  if (sessionId && (!row.lastAccessed || Date.now() - row.lastAccessed.getTime() > 60_000)) {
    // Last activity is informational: written at most once a minute, never blocking the request.
    row.lastAccessed = new Date();
    void ctx.db
      .update(identitySessions)
      .set({ lastAccessed: new Date() })
      .where(eq(identitySessions.id, row.sessionRowId))
      .catch((error: unknown) => request.log.warn({ err: error }, 'could not record session activity'));
  }
}

/**
 * A client-credentials token is accepted while its application exists, is confidential, still
 * allows the client-credentials flow and has the secret the token was issued against: deleting the
 * client, withdrawing the flow or regenerating the secret stops its tokens on the next request. The
 * row is the one the identity server keeps (findApplication), dropped in every instance when any
 * application changes (migration 0034's trigger, and the changing request's fence; ADR 0023).
 */
async function resolveClient(ctx: AppContext, request: FastifyRequest, clientId: string, claims: Record<string, unknown>): Promise<void> {
  const row = await findApplication(ctx, clientId);
  const live =
    row?.clientType === 'confidential' &&
    row.grantTypes.includes('client_credentials') &&
    claimString(claims.client_secret_stamp) === secretStamp(row.clientSecret);
  if (!live) {
    request.tokenError = 'invalid_token';
    return;
  }
  request.currentClient = { clientId };
}

function requestedTenant(request: FastifyRequest): { value: string; fromCookie: boolean } | null {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.[tenantKey];
  if (typeof fromQuery === 'string' && fromQuery.trim()) return { value: fromQuery.trim(), fromCookie: false };
  const fromHeader = request.headers[tenantKey];
  if (typeof fromHeader === 'string' && fromHeader.trim()) return { value: fromHeader.trim(), fromCookie: false };
  const fromCookie = request.cookies?.[tenantKey];
  if (fromCookie?.trim()) return { value: fromCookie.trim(), fromCookie: true };
  return null;
}

async function resolveTenant(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  // The token's tenant always wins: a caller cannot reach another tenant by sending a header.
  if (request.currentUser) {
    request.tenant = request.currentUser.tenantId ? await ctx.tenants.findById(request.currentUser.tenantId) : null;
    return;
  }
  const requested = requestedTenant(request);
  if (!requested) return;
  const tenant = guidPattern.test(requested.value)
    ? await ctx.tenants.findById(requested.value)
    : await ctx.tenants.findByName(requested.value);
  if (!tenant?.isActive) {
    const error = tenantResolveError(tenant ? 'NotActive' : 'NotFound', requested.value);
    if (requested.fromCookie) reply.clearCookie(tenantKey, { path: '/' });
    const message = request.t(error.detailsText ?? error.text);
    error.headers['Abp-Tenant-Resolve-Error'] = message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    throw error;
  }
  request.tenant = tenant;
}

async function checkAccess(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const { auth, feature } = request.routeOptions.config;
  if (!auth || 'anonymous' in auth) return;
  const { currentUser, currentClient } = request;
  if (!currentUser && !currentClient) throw unauthenticated();
  // A client is authenticated but no user: a route for a signed-in user is not for it (ABP answers
  // such a call from the user's missing id; we refuse it up front).
  if (!currentUser && !('permission' in auth)) throw forbidden();
  const tenantId = request.tenant?.id ?? null;
  if (feature && !(await ctx.features.isEnabled(tenantId, feature))) throw forbidden();
  if ('permission' in auth) {
    const names = Array.isArray(auth.permission) ? auth.permission : [auth.permission];
    const isGranted = (name: string) =>
      currentUser
        ? ctx.permissions.isGranted(currentUser, tenantId, name)
        : ctx.permissions.isGrantedToClient(currentClient, tenantId, name);
    const results = await Promise.all(names.map(isGranted));
    const granted = auth.all ? results.every(Boolean) : results.some(Boolean);
    if (!granted) throw forbidden();
  }
}

export function registerRequestContext(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('culture', defaultCulture);
  app.decorateRequest('currentUser', null);
  app.decorateRequest('currentClient', null);
  app.decorateRequest('tenant', null);
  app.decorateRequest('tokenError', null);
  app.decorateRequest('textOverrides', null);
  // Every text the server produces for a request (errors included) reads the owner's edits (issue 19).
  app.decorateRequest('t', function (this: FastifyRequest, text: LocalizableText | string, ...params: Array<string | number>) {
    return localizeWith(this.textOverrides, this.culture, text, ...params);
  });
  const queries = liveCallerQueries(ctx);
  app.addHook('onRequest', async (request, reply) => {
    // Notifications may be missed while the listener is lost: no cache is trusted until it is back.
    if (!ctx.cache.reliable) ctx.cache.dropAll();
    const requested = requestedCulture(request);
    request.culture = requested ?? defaultCulture;
    try {
      await resolveCaller(ctx, queries, request);
      await resolveTenant(ctx, request, reply);
    } catch (error) {
      // Refused before the tenant is known (bad token, unknown tenant): the host's edits of the named culture.
      const overrides = textOverridesNow(ctx, null, request.culture);
      request.textOverrides = overrides instanceof Promise ? await overrides.catch(() => null) : overrides;
      throw error;
    }
    // The first named culture that is an enabled language of the tenant (or host); else its default
    // language (Abp.Localization.DefaultLanguage), as language management keeps them.
    const tenantId = request.tenant?.id ?? null;
    request.culture = await requestCultureOf(ctx, tenantId, requestedCultureTags(request));
    const overrides = textOverridesNow(ctx, tenantId, request.culture);
    request.textOverrides = overrides instanceof Promise ? await overrides : overrides;
    await checkAccess(ctx, request);
  });
  // A request that may have changed something answers only when every instance has heard of it
  // (server/cache.ts), so the next request, wherever it lands, does not act on a stale cache. A
  // fence that cannot run (the database away) turns a success into a 500, in ABP's envelope: its
  // outcome is told by a retry (an Idempotency-Key's replay) or a read. An error answer stays the
  // answer: the error handler's own answer comes back through this hook, and a second failure
  // here would leave Fastify's bare 500 instead.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!changesState(request.method)) return payload;
    if (reply.statusCode < 400) await ctx.cache.fence();
    else await ctx.cache.fence().catch((error: unknown) => request.log.warn({ err: error }, 'cache fence failed after an error answer'));
    return payload;
  });
}

/** Whether a request of this method may change state (HTTP's unsafe methods). */
export const changesState = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

/** A user row as the caller the permission, feature and audit code sees; a token's claims fill the rest. */
export function currentUserFromRow(
  user: Pick<
    typeof users.$inferSelect,
    'id' | 'tenantId' | 'userName' | 'name' | 'surname' | 'email' | 'emailConfirmed' | 'phoneNumber' | 'phoneNumberConfirmed'
  >,
  fromToken: Partial<CurrentUser> = {},
): CurrentUser {
  return {
    id: user.id,
    tenantId: user.tenantId,
    userName: user.userName,
    name: user.name,
    surName: user.surname,
    email: user.email,
    emailVerified: user.emailConfirmed,
    phoneNumber: user.phoneNumber,
    phoneNumberVerified: user.phoneNumberConfirmed,
    roles: [],
    sessionId: null,
    clientId: null,
    rememberMe: false,
    impersonatorUserId: null,
    impersonatorTenantId: null,
    impersonatorUserName: null,
    impersonatorTenantName: null,
    ...fromToken,
  };
}
