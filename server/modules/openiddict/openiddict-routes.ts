// /api/openiddict/applications and /api/openiddict/scopes (ABP contract 7.8, OpenIddict Pro's
// ApplicationController and ScopeController). Rules:
// - permissions OpenIddictPro.Application (+ .Create, .Update, .Delete) and OpenIddictPro.Scope
//   (+ .Create, .Update, .Delete), both host-side: a tenant's caller is refused (403);
// - DELETE takes the id in the query string, as ABP's proxies send it; void actions answer 204;
// - PUT /applications/{id}/client-secret (ours, beside ABP's surface) generates a new secret and
//   answers it once.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '../../../contract/common.ts';
import {
  ApplicationDto,
  ApplicationPagedResult,
  ApplicationTokenLifetimeDto,
  ClientSecretDto,
  CreateApplicationInput,
  CreateScopeInput,
  DeleteByIdQuery,
  GetApplicationListInput,
  GetScopeListInput,
  ScopeDto,
  ScopeList,
  ScopePagedResult,
  UpdateApplicationInput,
  UpdateApplicationTokenLifetimeInput,
  UpdateScopeInput,
} from '../../../contract/openiddict.ts';
import type { AppContext } from '../../context.ts';
import {
  createApplication,
  deleteApplication,
  getApplication,
  getTokenLifetime,
  listApplications,
  regenerateClientSecret,
  setTokenLifetime,
  updateApplication,
} from './application-service.ts';
import { allScopes, createScope, deleteScope, getScope, listScopes, updateScope } from './scope-service.ts';

const applicationsPath = '/api/openiddict/applications';
const scopesPath = '/api/openiddict/scopes';
const tags = ['OpenIddict'];
const permission = (name: string) => ({ auth: { permission: name } });

export async function openIddictRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const userIdOf = (request: { currentUser: { id: string } | null }) => request.currentUser?.id ?? null;

  app.get(
    applicationsPath,
    {
      schema: { tags, querystring: GetApplicationListInput, response: { 200: ApplicationPagedResult } },
      config: permission('OpenIddictPro.Application'),
    },
    (request) => listApplications(ctx, request.query),
  );
  app.get(
    `${applicationsPath}/:id`,
    { schema: { tags, params: IdParams, response: { 200: ApplicationDto } }, config: permission('OpenIddictPro.Application') },
    (request) => getApplication(ctx, request.params.id),
  );
  app.post(
    applicationsPath,
    {
      schema: { tags, body: CreateApplicationInput, response: { 200: ApplicationDto } },
      config: permission('OpenIddictPro.Application.Create'),
    },
    (request) => createApplication(ctx, userIdOf(request), request.body),
  );
  app.put(
    `${applicationsPath}/:id`,
    {
      schema: { tags, params: IdParams, body: UpdateApplicationInput, response: { 200: ApplicationDto } },
      config: permission('OpenIddictPro.Application.Update'),
    },
    (request) => updateApplication(ctx, userIdOf(request), request.params.id, request.body),
  );
  app.put(
    `${applicationsPath}/:id/client-secret`,
    {
      schema: { tags, params: IdParams, body: Type.Object({}), response: { 200: ClientSecretDto } },
      config: permission('OpenIddictPro.Application.Update'),
    },
    (request) => regenerateClientSecret(ctx, request.params.id),
  );
  app.delete(
    applicationsPath,
    {
      schema: { tags, querystring: DeleteByIdQuery, response: { 204: Type.Null() } },
      config: permission('OpenIddictPro.Application.Delete'),
    },
    async (request, reply) => {
      await deleteApplication(ctx, request.query.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    `${applicationsPath}/:id/token-lifetime`,
    {
      schema: { tags, params: IdParams, response: { 200: ApplicationTokenLifetimeDto } },
      config: permission('OpenIddictPro.Application'),
    },
    (request) => getTokenLifetime(ctx, request.params.id),
  );
  app.put(
    `${applicationsPath}/:id/token-lifetime`,
    {
      schema: { tags, params: IdParams, body: UpdateApplicationTokenLifetimeInput, response: { 200: ApplicationTokenLifetimeDto } },
      config: permission('OpenIddictPro.Application.Update'),
    },
    (request) => setTokenLifetime(ctx, request.params.id, request.body),
  );

  app.get(
    scopesPath,
    { schema: { tags, querystring: GetScopeListInput, response: { 200: ScopePagedResult } }, config: permission('OpenIddictPro.Scope') },
    (request) => listScopes(ctx, request.query),
  );
  app.get(`${scopesPath}/all`, { schema: { tags, response: { 200: ScopeList } }, config: permission('OpenIddictPro.Scope') }, () =>
    allScopes(ctx),
  );
  app.get(
    `${scopesPath}/:id`,
    { schema: { tags, params: IdParams, response: { 200: ScopeDto } }, config: permission('OpenIddictPro.Scope') },
    (request) => getScope(ctx, request.params.id),
  );
  app.post(
    scopesPath,
    { schema: { tags, body: CreateScopeInput, response: { 200: ScopeDto } }, config: permission('OpenIddictPro.Scope.Create') },
    (request) => createScope(ctx, userIdOf(request), request.body),
  );
  app.put(
    `${scopesPath}/:id`,
    {
      schema: { tags, params: IdParams, body: UpdateScopeInput, response: { 200: ScopeDto } },
      config: permission('OpenIddictPro.Scope.Update'),
    },
    (request) => updateScope(ctx, userIdOf(request), request.params.id, request.body),
  );
  app.delete(
    scopesPath,
    { schema: { tags, querystring: DeleteByIdQuery, response: { 204: Type.Null() } }, config: permission('OpenIddictPro.Scope.Delete') },
    async (request, reply) => {
      await deleteScope(ctx, request.query.id);
      return reply.code(204).send(null);
    },
  );
}
