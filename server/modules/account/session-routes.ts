// Sign-in support (spec 7.9): two-factor sign-in codes, my sessions, my security logs. Rules:
// - two-factor-providers and send-two-factor-code are anonymous but need the twoFactorToken of a
//   RequiresTwoFactor answer (it proves the password step; a bad pair is one 403 for every case, so
//   the endpoint does not reveal which user ids exist); send-two-factor-code mails a code only for
//   the Email provider and is limited per user and IP like sign-in attempts;
// - sessions and security logs are the caller's own, in the caller's tenant; another user's
//   session answers 404; a session is named by its id or by its sessionId;
// - revoking a session ends its tokens on the very next request, and its refresh and browser
//   sign-in too (revokeIdentitySession), and writes a SessionRevoked log row; revoke-others (our
//   extension) does that for every session of the caller but the request's own, which stays;
// - text filters of security logs match case-insensitively anywhere in the value.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, eq, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  GetMySecurityLogsInput,
  GetMySessionsInput,
  GetTwoFactorProvidersInput,
  IdentitySecurityLogPagedResult,
  IdentitySessionDto,
  IdentitySessionPagedResult,
  RevokeOtherSessionsResult,
  SendTwoFactorCodeInput,
  TwoFactorProviderList,
} from '../../../contract/account-sign-in.ts';
import type { AppContext } from '../../context.ts';
import { identitySessions, type securityLogs, users } from '../../db/schema/index.ts';
import { businessError, invalidField, notFound } from '../../errors.ts';
import { normalizeGuid } from '../../identity-server/grants.ts';
import { checkRateLimit, rateLimitKeys, recordFailure } from '../../identity-server/rate-limit.ts';
import { revokeIdentitySession } from '../../identity-server/sessions.ts';
import { SecurityLogActions, signInLogContext, writeSignInLog } from '../../identity-server/sign-in.ts';
import { listSecurityLogs } from '../identity/security-log-repository.ts';
import { listSessions, type SessionRow, sessionDto } from '../identity/session-repository.ts';
import type { RouteModule } from '../index.ts';
import { sendEmailSecurityCode, signInProviders, TwoFactorProvider, verifyTwoFactorToken } from './two-factor.ts';

const base = '/api/account';
const tags = ['Account'];
const anonymous = { auth: { anonymous: true as const } };
const signedIn = { auth: { authenticated: true as const } };

const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SessionParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);

const invalidToken = () => businessError('Volo.Account:InvalidTwoFactorToken', 'AbpAccount::InvalidTwoFactorToken');

const sameTenant = (column: typeof identitySessions.tenantId | typeof securityLogs.tenantId, tenantId: string | null): SQL =>
  tenantId ? eq(column, tenantId) : isNull(column);

export const accountSessionRoutes: RouteModule = async (fastify: FastifyInstance, ctx: AppContext) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  /** The user behind a (userId, twoFactorToken) pair, or a 403. */
  async function pendingUser(userId: string, token: string) {
    const id = normalizeGuid(userId);
    const [user] = id
      ? await ctx.db
          .select()
          .from(users)
          .where(and(eq(users.id, id), eq(users.isDeleted, false)))
          .limit(1)
      : [];
    if (!user?.isActive || !verifyTwoFactorToken(ctx, user, token)) throw invalidToken();
    return user;
  }

  app.get(
    `${base}/two-factor-providers`,
    { schema: { tags, querystring: GetTwoFactorProvidersInput, response: { 200: TwoFactorProviderList } }, config: anonymous },
    async (request) => {
      const user = await pendingUser(request.query.userId, request.query.token);
      return (await signInProviders(ctx, user)) ?? [];
    },
  );

  app.post(
    `${base}/send-two-factor-code`,
    { schema: { tags, body: SendTwoFactorCodeInput, response: { 204: Type.Null() } }, config: anonymous },
    async (request, reply) => {
      const user = await pendingUser(request.body.userId, request.body.token);
      const providers = (await signInProviders(ctx, user)) ?? [];
      if (!providers.some((p) => p === request.body.provider)) {
        throw invalidField('provider', 'AbpAccount::TwoFactorProviderNotAvailable');
      }
      if (request.body.provider === TwoFactorProvider.Email) {
        // Every send counts like a failed attempt: mail cannot be used to flood an inbox.
        const keys = rateLimitKeys(request.ip, '/api/account/send-two-factor-code', user.tenantId, user.id);
        const retryAfter = await checkRateLimit(ctx, keys);
        if (retryAfter !== null) {
          throw businessError('Volo.Account:TooManyRequests', 'AbpAccount::TooManyLoginAttempts');
        }
        await recordFailure(ctx, keys);
        await sendEmailSecurityCode(ctx, user, { culture: request.culture });
      }
      return reply.status(204).send(null);
    },
  );

  // ---- my sessions ----------------------------------------------------------------------------

  const viewOf = (request: FastifyRequest) => ({
    currentSessionId: request.currentUser?.sessionId ?? null,
    tenantName: request.tenant?.name ?? null,
  });
  const sessionDtoOf = (request: FastifyRequest, row: SessionRow) =>
    sessionDto(row, request.currentUser?.userName ?? null, viewOf(request));

  const mine = (request: FastifyRequest) =>
    and(eq(identitySessions.userId, request.currentUser!.id), sameTenant(identitySessions.tenantId, request.currentUser!.tenantId));

  /** By the row id (IdentitySessionDto.id) or by the sessionId (the tokens' session_id claim). */
  async function mySession(request: FastifyRequest, id: string) {
    const byId = guidPattern.test(id) ? eq(identitySessions.id, id.toLowerCase()) : undefined;
    const [row] = await ctx.db
      .select()
      .from(identitySessions)
      .where(and(byId ? or(byId, eq(identitySessions.sessionId, id)) : eq(identitySessions.sessionId, id), mine(request)))
      .limit(1);
    if (!row) throw notFound('IdentitySession', id);
    return row;
  }

  app.get(
    `${base}/sessions`,
    { schema: { tags, querystring: GetMySessionsInput, response: { 200: IdentitySessionPagedResult } }, config: signedIn },
    async (request) => {
      // Scoped to the caller's tenant and, here, to the caller: the administration's query narrowed to one user.
      const user = request.currentUser!;
      return listSessions(ctx.db, user.tenantId, { ...request.query, userId: user.id }, viewOf(request));
    },
  );

  app.get(
    `${base}/sessions/:id`,
    { schema: { tags, params: SessionParams, response: { 200: IdentitySessionDto } }, config: signedIn },
    async (request) => sessionDtoOf(request, await mySession(request, request.params.id)),
  );

  /** Ends one of the caller's sessions everywhere and logs it. */
  async function revokeMine(request: FastifyRequest, row: SessionRow) {
    await revokeIdentitySession(ctx, row.sessionId);
    await writeSignInLog(
      ctx,
      signInLogContext(request, request.tenant, request.currentUser!.clientId),
      SecurityLogActions.SessionRevoked,
      { id: request.currentUser!.id, userName: request.currentUser!.userName, tenantId: request.currentUser!.tenantId },
      { sessionId: row.sessionId, device: row.device, clientId: row.clientId },
    );
  }

  app.delete(
    `${base}/sessions/:id`,
    { schema: { tags, params: SessionParams, response: { 204: Type.Null() } }, config: signedIn },
    async (request, reply) => {
      await revokeMine(request, await mySession(request, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${base}/sessions/revoke-others`,
    { schema: { tags, body: Type.Optional(Type.Null()), response: { 200: RevokeOtherSessionsResult } }, config: signedIn },
    async (request) => {
      const current = request.currentUser!.sessionId;
      const others = await ctx.db
        .select()
        .from(identitySessions)
        .where(and(mine(request), current ? ne(identitySessions.sessionId, current) : undefined));
      for (const row of others) await revokeMine(request, row);
      return { revokedCount: others.length };
    },
  );

  // ---- my security logs -----------------------------------------------------------------------

  app.get(
    `${base}/security-logs`,
    { schema: { tags, querystring: GetMySecurityLogsInput, response: { 200: IdentitySecurityLogPagedResult } }, config: signedIn },
    async (request) => {
      const user = request.currentUser!;
      return listSecurityLogs(ctx.db, { tenantId: user.tenantId, userId: user.id }, request.query);
    },
  );
};
