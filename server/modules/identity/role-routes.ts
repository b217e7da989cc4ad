// /api/identity/roles (ABP contract 7.1, with Identity Pro's userCount and creationTime). Rules:
// - permissions: AbpIdentity.Roles reads, .Create, .Update, .Delete;
// - everything is scoped to the caller's tenant: another tenant's id answers 404.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '../../../contract/common.ts';
import {
  GetIdentityRolesInput,
  IdentityRoleCreateDto,
  IdentityRoleDto,
  IdentityRoleListResult,
  IdentityRolePagedResult,
  IdentityRoleUpdateDto,
} from '../../../contract/identity.ts';
import type { AppContext } from '../../context.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import { allRoles, createRole, deleteRole, getRole, listRoles, updateRole } from './role-service.ts';
import { callerOf } from './user-routes.ts';

const base = '/api/identity/roles';
const tags = ['Identity'];

export async function roleRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const read = { auth: { permission: 'AbpIdentity.Roles' } };

  app.get(
    base,
    { schema: { tags, querystring: GetIdentityRolesInput, response: { 200: IdentityRolePagedResult } }, config: read },
    (request) => listRoles(ctx, tenantIdOf(request), request.query),
  );

  app.get(`${base}/all`, { schema: { tags, response: { 200: IdentityRoleListResult } }, config: read }, async (request) => ({
    items: await allRoles(ctx.db, tenantIdOf(request)),
  }));

  app.get(`${base}/:id`, { schema: { tags, params: IdParams, response: { 200: IdentityRoleDto } }, config: read }, (request) =>
    getRole(ctx.db, tenantIdOf(request), request.params.id),
  );

  app.post(
    base,
    {
      schema: { tags, body: IdentityRoleCreateDto, response: { 200: IdentityRoleDto } },
      config: { auth: { permission: 'AbpIdentity.Roles.Create' } },
    },
    (request) => createRole(ctx, callerOf(request), request.body),
  );

  app.put(
    `${base}/:id`,
    {
      schema: { tags, params: IdParams, body: IdentityRoleUpdateDto, response: { 200: IdentityRoleDto } },
      config: { auth: { permission: 'AbpIdentity.Roles.Update' } },
    },
    (request) => updateRole(ctx, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    `${base}/:id`,
    { schema: { tags, params: IdParams, response: { 204: Type.Null() } }, config: { auth: { permission: 'AbpIdentity.Roles.Delete' } } },
    async (request, reply) => {
      await deleteRole(ctx, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
