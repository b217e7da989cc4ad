// The Identity Pro additions to /api/identity/users about claims, organization units and the
// role/unit pickers (ABP contract 7.2). Rules:
// - permissions: AbpIdentity.Users reads, .Update writes a user's claims;
// - the static paths (all-claim-types, available-organization-units, lookup/roles,
//   lookup/organization-units) win over /users/:id and /users/lookup/:id (find-my-way prefers a
//   static segment to a parameter), so they no longer answer "The field id is invalid";
// - claims are checked against their claim types (regex, value type, required): a bad value is a 400
//   naming the claim, and nothing is saved;
// - everything is scoped to the caller's tenant: another tenant's user id answers 404.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '../../../contract/common.ts';
import { ClaimTypeList, IdentityUserClaimList } from '../../../contract/identity-claims.ts';
import {
  IdentityRoleLookupDto,
  OrganizationUnitDto,
  OrganizationUnitListResult,
  OrganizationUnitLookupDto,
} from '../../../contract/identity-organization.ts';
import type { AppContext } from '../../context.ts';
import { roles, users } from '../../db/schema/index.ts';
import { sameTenant, tenantIdOf } from '../shared/tenancy.ts';
import { allClaimTypes, getUserClaims, updateUserClaims } from './claim-service.ts';
import { allUnits, unitLookup, unitsOfUser } from './organization-unit-service.ts';
import { findUser } from './user-repository.ts';
import { callerOf } from './user-routes.ts';
import { userNotFound } from './user-service.ts';

const base = '/api/identity/users';
const tags = ['Identity'];

export async function userRelationRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const read = { auth: { permission: 'AbpIdentity.Users' } };

  app.get(`${base}/all-claim-types`, { schema: { tags, response: { 200: ClaimTypeList } }, config: read }, () => allClaimTypes(ctx.db));

  app.get(
    `${base}/available-organization-units`,
    { schema: { tags, response: { 200: OrganizationUnitListResult } }, config: read },
    async (request) => ({ items: await allUnits(ctx.db, tenantIdOf(request)) }),
  );

  app.get(`${base}/lookup/roles`, { schema: { tags, response: { 200: Type.Array(IdentityRoleLookupDto) } }, config: read }, (request) =>
    ctx.db
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(sameTenant(roles.tenantId, tenantIdOf(request)))
      .orderBy(asc(roles.name), asc(roles.id)),
  );

  app.get(
    `${base}/lookup/organization-units`,
    { schema: { tags, response: { 200: Type.Array(OrganizationUnitLookupDto) } }, config: read },
    (request) => unitLookup(ctx.db, tenantIdOf(request)),
  );

  app.get(
    `${base}/:id/organization-units`,
    { schema: { tags, params: IdParams, response: { 200: Type.Array(OrganizationUnitDto) } }, config: read },
    async (request) => {
      const tenantId = tenantIdOf(request);
      if (!(await findUser(ctx.db, tenantId, eq(users.id, request.params.id)))) throw userNotFound(request.params.id);
      return unitsOfUser(ctx.db, tenantId, request.params.id);
    },
  );

  app.get(`${base}/:id/claims`, { schema: { tags, params: IdParams, response: { 200: IdentityUserClaimList } }, config: read }, (request) =>
    getUserClaims(ctx.db, tenantIdOf(request), request.params.id),
  );

  app.put(
    `${base}/:id/claims`,
    {
      schema: { tags, params: IdParams, body: IdentityUserClaimList, response: { 204: Type.Null() } },
      config: { auth: { permission: 'AbpIdentity.Users.Update' } },
    },
    async (request, reply) => {
      await updateUserClaims(ctx, callerOf(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );
}
