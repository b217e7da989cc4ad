// /api/identity/sessions: every user's sign-in sessions for administrators (spec 7.13, ABP Identity
// Pro 7.2). Rules: AbpIdentity.Sessions; the caller's tenant only (another tenant's session id
// answers 404); filters userId, device, clientId; paged and sortable. Revoking ends the session as
// the account area's revoke does (revokeIdentitySession: its tokens are refused on the very next
// request, its refresh and browser sign-in end too) and writes a SessionRevoked security log row
// for the session's user, naming the administrator who revoked it.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { IdentitySessionDto } from '../../../contract/account-sign-in.ts';
import { IdParams } from '../../../contract/common.ts';
import { GetIdentitySessionListInput, IdentitySessionPagedResult } from '../../../contract/identity-users.ts';
import type { AppContext } from '../../context.ts';
import { identitySessions } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { revokeIdentitySession } from '../../identity-server/sessions.ts';
import { SecurityLogActions, signInLogContext, writeSignInLog } from '../../identity-server/sign-in.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import { findSession, listSessions, type SessionView, sessionDto } from './session-repository.ts';

const base = '/api/identity/sessions';
const tags = ['Identity'];
const access = { auth: { permission: 'AbpIdentity.Sessions' } };

const viewOf = (request: FastifyRequest): SessionView => ({
  currentSessionId: request.currentUser?.sessionId ?? null,
  tenantName: request.tenant?.name ?? null,
});

export async function sessionAdminRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  async function sessionOf(request: FastifyRequest, id: string) {
    const found = await findSession(ctx.db, tenantIdOf(request), eq(identitySessions.id, id));
    if (!found) throw notFound('IdentitySession', id);
    return found;
  }

  app.get(
    base,
    { schema: { tags, querystring: GetIdentitySessionListInput, response: { 200: IdentitySessionPagedResult } }, config: access },
    (request) => listSessions(ctx.db, tenantIdOf(request), request.query, viewOf(request)),
  );

  app.get(`${base}/:id`, { schema: { tags, params: IdParams, response: { 200: IdentitySessionDto } }, config: access }, async (request) => {
    const { session, userName } = await sessionOf(request, request.params.id);
    return sessionDto(session, userName, viewOf(request));
  });

  app.delete(
    `${base}/:id`,
    { schema: { tags, params: IdParams, response: { 204: Type.Null() } }, config: access },
    async (request, reply) => {
      const { session, userName } = await sessionOf(request, request.params.id);
      await revokeIdentitySession(ctx, session.sessionId);
      await writeSignInLog(
        ctx,
        signInLogContext(request, request.tenant, request.currentUser?.clientId ?? request.currentClient?.clientId ?? null),
        SecurityLogActions.SessionRevoked,
        { id: session.userId, userName, tenantId: session.tenantId },
        { sessionId: session.sessionId, device: session.device, clientId: session.clientId, revokedBy: request.currentUser?.id ?? null },
      );
      return reply.status(204).send(null);
    },
  );
}
