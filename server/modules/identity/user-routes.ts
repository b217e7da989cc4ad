// /api/identity/users (ABP contract 7.1, Identity Pro list filters and DTO fields from 7.2). Rules:
// - permissions: AbpIdentity.Users reads, .Create, .Update, .Update.ManageRoles (roles PUT, and roleNames
//   in a create/update body, which is ignored without it), .Delete;
// - everything is scoped to the caller's tenant: another tenant's id answers 404;
// - void actions answer 204, as ABP does.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '../../../contract/common.ts';
import {
  GetIdentityUsersInput,
  IdentityRoleListResult,
  IdentityUserCreateDto,
  IdentityUserDto,
  IdentityUserPagedResult,
  IdentityUserUpdateDto,
  IdentityUserUpdateRolesDto,
} from '../../../contract/identity.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { normalizeName } from '../saas/tenant-store.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import { allRoles, rolesOfUser } from './role-service.ts';
import { findUser, listUsers, userDto } from './user-repository.ts';
import { type Caller, createUser, deleteUser, type RoleRights, updateUser, updateUserRoles, userNotFound } from './user-service.ts';

const base = '/api/identity/users';
const tags = ['Identity'];
const NoContent = { 204: Type.Null() };

export const callerOf = (request: FastifyRequest): Caller => ({ tenantId: tenantIdOf(request), userId: request.currentUser?.id ?? null });

export async function userRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const roleRightsOf = async (request: FastifyRequest): Promise<RoleRights> => ({
    manageRoles: await ctx.permissions.isGranted(request.currentUser, tenantIdOf(request), 'AbpIdentity.Users.Update.ManageRoles'),
  });
  const read = { auth: { permission: 'AbpIdentity.Users' } };

  app.get(
    base,
    { schema: { tags, querystring: GetIdentityUsersInput, response: { 200: IdentityUserPagedResult } }, config: read },
    (request) => listUsers(ctx, tenantIdOf(request), request.query),
  );

  app.get(`${base}/assignable-roles`, { schema: { tags, response: { 200: IdentityRoleListResult } }, config: read }, async (request) => ({
    items: await allRoles(ctx.db, tenantIdOf(request)),
  }));

  app.get(
    `${base}/by-username/:userName`,
    {
      schema: {
        tags,
        params: Type.Object({ userName: Type.String({ minLength: 1, maxLength: 256 }) }, { additionalProperties: false }),
        response: { 200: IdentityUserDto },
      },
      config: read,
    },
    async (request) => {
      const row = await findUser(ctx.db, tenantIdOf(request), eq(users.normalizedUserName, normalizeName(request.params.userName)));
      if (!row) throw userNotFound(request.params.userName);
      return userDto(ctx.db, row);
    },
  );

  app.get(
    `${base}/by-email/:email`,
    {
      schema: {
        tags,
        params: Type.Object({ email: Type.String({ minLength: 1, maxLength: 256 }) }, { additionalProperties: false }),
        response: { 200: IdentityUserDto },
      },
      config: read,
    },
    async (request) => {
      const row = await findUser(ctx.db, tenantIdOf(request), eq(users.normalizedEmail, normalizeName(request.params.email)));
      if (!row) throw userNotFound(request.params.email);
      return userDto(ctx.db, row);
    },
  );

  app.get(`${base}/:id`, { schema: { tags, params: IdParams, response: { 200: IdentityUserDto } }, config: read }, async (request) => {
    const row = await findUser(ctx.db, tenantIdOf(request), eq(users.id, request.params.id));
    if (!row) throw userNotFound(request.params.id);
    return userDto(ctx.db, row);
  });

  app.get(
    `${base}/:id/roles`,
    { schema: { tags, params: IdParams, response: { 200: IdentityRoleListResult } }, config: read },
    async (request) => {
      const tenantId = tenantIdOf(request);
      if (!(await findUser(ctx.db, tenantId, eq(users.id, request.params.id)))) throw userNotFound(request.params.id);
      return { items: await rolesOfUser(ctx.db, tenantId, request.params.id) };
    },
  );

  app.post(
    base,
    {
      schema: { tags, body: IdentityUserCreateDto, response: { 200: IdentityUserDto } },
      config: { auth: { permission: 'AbpIdentity.Users.Create' } },
    },
    async (request) => createUser(ctx, callerOf(request), request.body, await roleRightsOf(request)),
  );

  app.put(
    `${base}/:id`,
    {
      schema: { tags, params: IdParams, body: IdentityUserUpdateDto, response: { 200: IdentityUserDto } },
      config: { auth: { permission: 'AbpIdentity.Users.Update' } },
    },
    async (request) => updateUser(ctx, callerOf(request), request.params.id, request.body, await roleRightsOf(request)),
  );

  app.put(
    `${base}/:id/roles`,
    {
      schema: { tags, params: IdParams, body: IdentityUserUpdateRolesDto, response: NoContent },
      config: { auth: { permission: 'AbpIdentity.Users.Update.ManageRoles' } },
    },
    async (request, reply) => {
      await updateUserRoles(ctx, callerOf(request), request.params.id, request.body.roleNames);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    `${base}/:id`,
    { schema: { tags, params: IdParams, response: NoContent }, config: { auth: { permission: 'AbpIdentity.Users.Delete' } } },
    async (request, reply) => {
      await deleteUser(ctx, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
