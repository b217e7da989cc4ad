// The Identity Pro additions to /api/identity/roles (ABP contract 7.2): claim types, a role's claims
// and moving every user of a role to another. Rules:
// - permissions: AbpIdentity.Roles reads, .Update writes claims and moves users;
// - all-claim-types is a static path and wins over /roles/:id;
// - move-all-users takes the target role in the query string (absent: the users just leave the
//   role); both roles must be in the caller's tenant (404 otherwise); the users' permission caches
//   are dropped, so the change holds on their next request.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '../../../contract/common.ts';
import { ClaimTypeList, IdentityRoleClaimList, MoveAllUsersToRoleInput } from '../../../contract/identity-claims.ts';
import type { AppContext } from '../../context.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import { allClaimTypes, getRoleClaims, updateRoleClaims } from './claim-service.ts';
import { moveAllUsersOfRole } from './role-service.ts';
import { callerOf } from './user-routes.ts';

const base = '/api/identity/roles';
const tags = ['Identity'];
const NoContent = { 204: Type.Null() };

export async function roleRelationRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const read = { auth: { permission: 'AbpIdentity.Roles' } };
  const update = { auth: { permission: 'AbpIdentity.Roles.Update' } };

  app.get(`${base}/all-claim-types`, { schema: { tags, response: { 200: ClaimTypeList } }, config: read }, () => allClaimTypes(ctx.db));

  app.get(`${base}/:id/claims`, { schema: { tags, params: IdParams, response: { 200: IdentityRoleClaimList } }, config: read }, (request) =>
    getRoleClaims(ctx.db, tenantIdOf(request), request.params.id),
  );

  app.put(
    `${base}/:id/claims`,
    { schema: { tags, params: IdParams, body: IdentityRoleClaimList, response: NoContent }, config: update },
    async (request, reply) => {
      await updateRoleClaims(ctx, callerOf(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.put(
    `${base}/:id/move-all-users`,
    {
      schema: { tags, params: IdParams, querystring: MoveAllUsersToRoleInput, body: Type.Optional(Type.Null()), response: NoContent },
      config: update,
    },
    async (request, reply) => {
      await moveAllUsersOfRole(ctx, callerOf(request), request.params.id, request.query.roleId);
      return reply.code(204).send(null);
    },
  );
}
