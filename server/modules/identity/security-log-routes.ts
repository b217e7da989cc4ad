// /api/identity/security-logs: every user's security logs for administrators (spec 7.13, ABP
// Identity Pro 7.2). Rules: AbpIdentity.SecurityLogs; the caller's tenant only (another tenant's
// log id answers 404); the filters of spec 3 including clientIpAddress; paged and sortable. The
// query is the one the account area's my-security-logs uses (security-log-repository.ts).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { IdentitySecurityLogDto } from '../../../contract/account-sign-in.ts';
import { IdParams } from '../../../contract/common.ts';
import { GetIdentitySecurityLogListInput, IdentitySecurityLogPagedResult } from '../../../contract/identity-users.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import { findSecurityLog, listSecurityLogs } from './security-log-repository.ts';

const base = '/api/identity/security-logs';
const tags = ['Identity'];
const access = { auth: { permission: 'AbpIdentity.SecurityLogs' } };

export async function securityLogRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    base,
    { schema: { tags, querystring: GetIdentitySecurityLogListInput, response: { 200: IdentitySecurityLogPagedResult } }, config: access },
    (request) => listSecurityLogs(ctx.db, { tenantId: tenantIdOf(request) }, request.query),
  );

  app.get(
    `${base}/:id`,
    { schema: { tags, params: IdParams, response: { 200: IdentitySecurityLogDto } }, config: access },
    async (request) => {
      const log = await findSecurityLog(ctx.db, tenantIdOf(request), request.params.id);
      if (!log) throw notFound('IdentitySecurityLog', request.params.id);
      return log;
    },
  );
}
