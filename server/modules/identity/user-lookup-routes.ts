// /api/identity/users/lookup/* (ABP contract 7.1): the small UserData record other modules and the
// SPA's pickers read. Rules: permission AbpIdentity.UserLookup; tenant-scoped like every identity
// read; only live users; the same paging limits and sorting allow-list as the user list.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '../../../contract/common.ts';
import { UserDataListResult, UserLookupCountInput, UserLookupSearchInput, UserData as UserDataSchema } from '../../../contract/identity.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { normalizeName } from '../saas/tenant-store.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import { findUser, toUserData, userListFilter, userListOrder } from './user-repository.ts';
import { userNotFound } from './user-service.ts';

const base = '/api/identity/users/lookup';
const tags = ['Identity'];

export async function userLookupRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { auth: { permission: 'AbpIdentity.UserLookup' } };

  app.get(
    `${base}/search`,
    { schema: { tags, querystring: UserLookupSearchInput, response: { 200: UserDataListResult } }, config },
    async (request) => {
      const { skipCount = 0, maxResultCount = 10, sorting, filter } = request.query;
      const rows = await ctx.db
        .select()
        .from(users)
        .where(userListFilter(tenantIdOf(request), { filter }))
        .orderBy(...userListOrder(sorting))
        .offset(skipCount)
        .limit(maxResultCount);
      return { items: rows.map(toUserData) };
    },
  );

  app.get(
    `${base}/count`,
    { schema: { tags, querystring: UserLookupCountInput, response: { 200: Type.Integer() } }, config },
    async (request) => {
      const [row] = await ctx.db
        .select({ value: count() })
        .from(users)
        .where(userListFilter(tenantIdOf(request), { filter: request.query.filter }));
      return Number(row?.value ?? 0);
    },
  );

  app.get(
    `${base}/by-username/:userName`,
    {
      schema: {
        tags,
        params: Type.Object({ userName: Type.String({ minLength: 1, maxLength: 256 }) }, { additionalProperties: false }),
        response: { 200: UserDataSchema },
      },
      config,
    },
    async (request) => {
      const row = await findUser(ctx.db, tenantIdOf(request), eq(users.normalizedUserName, normalizeName(request.params.userName)));
      if (!row) throw userNotFound(request.params.userName);
      return toUserData(row);
    },
  );

  app.get(`${base}/:id`, { schema: { tags, params: IdParams, response: { 200: UserDataSchema } }, config }, async (request) => {
    const row = await findUser(ctx.db, tenantIdOf(request), eq(users.id, request.params.id));
    if (!row) throw userNotFound(request.params.id);
    return toUserData(row);
  });
}
