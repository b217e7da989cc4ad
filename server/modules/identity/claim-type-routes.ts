// /api/identity/claim-types (ABP contract 7.2, Identity Pro's ClaimTypeController). Rules:
// - permissions: AbpIdentity.ClaimTypes reads, .Create, .Update, .Delete; claim types are host-wide,
//   so the permission is a host-side one (a tenant cannot change every tenant's definitions);
// - a static claim type answers 403 to PUT and DELETE; an unknown id 404; void actions 204.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '../../../contract/common.ts';
import {
  ClaimTypeDto,
  ClaimTypePagedResult,
  CreateClaimTypeDto,
  GetIdentityClaimTypesInput,
  UpdateClaimTypeDto,
} from '../../../contract/identity-claims.ts';
import type { AppContext } from '../../context.ts';
import { createClaimType, deleteClaimType, getClaimType, listClaimTypes, updateClaimType } from './claim-service.ts';
import { callerOf } from './user-routes.ts';

const base = '/api/identity/claim-types';
const tags = ['Identity'];
const permission = (name: string) => ({ auth: { permission: name } });

export async function claimTypeRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const read = permission('AbpIdentity.ClaimTypes');

  app.get(
    base,
    { schema: { tags, querystring: GetIdentityClaimTypesInput, response: { 200: ClaimTypePagedResult } }, config: read },
    (request) => listClaimTypes(ctx, request.query),
  );

  app.get(`${base}/:id`, { schema: { tags, params: IdParams, response: { 200: ClaimTypeDto } }, config: read }, (request) =>
    getClaimType(ctx.db, request.params.id),
  );

  app.post(
    base,
    { schema: { tags, body: CreateClaimTypeDto, response: { 200: ClaimTypeDto } }, config: permission('AbpIdentity.ClaimTypes.Create') },
    (request) => createClaimType(ctx, callerOf(request), request.body),
  );

  app.put(
    `${base}/:id`,
    {
      schema: { tags, params: IdParams, body: UpdateClaimTypeDto, response: { 200: ClaimTypeDto } },
      config: permission('AbpIdentity.ClaimTypes.Update'),
    },
    (request) => updateClaimType(ctx, request.params.id, request.body),
  );

  app.delete(
    `${base}/:id`,
    { schema: { tags, params: IdParams, response: { 204: Type.Null() } }, config: permission('AbpIdentity.ClaimTypes.Delete') },
    async (request, reply) => {
      await deleteClaimType(ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
