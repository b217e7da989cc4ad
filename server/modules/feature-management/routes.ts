// /api/feature-management/features (ABP contract 4.2). Rules: the routes only need an authenticated
// caller at the route level because the permission that guards them depends on providerName and
// providerKey; service.resolveTarget checks it before anything is read or written.
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { FeatureProviderQuery, GetFeatureListResultDto, UpdateFeaturesDto } from '../../../contract/feature-management.ts';
import type { AppContext } from '../../context.ts';
import { getFeatures, resetFeatures, resolveTarget, updateFeatures } from './service.ts';

export async function featureManagementRoutes(app: FastifyInstance, ctx: AppContext) {
  const path = '/api/feature-management/features';
  const tags = ['FeatureManagement'];
  app.get(
    path,
    {
      schema: { tags, querystring: FeatureProviderQuery, response: { 200: GetFeatureListResultDto } },
      config: { auth: { authenticated: true } },
    },
    async (request) => {
      const { providerName, providerKey } = request.query as FeatureProviderQuery;
      return getFeatures(ctx, request, await resolveTarget(ctx, request, providerName, providerKey));
    },
  );
  app.put(
    path,
    {
      schema: { tags, querystring: FeatureProviderQuery, body: UpdateFeaturesDto, response: { 204: Type.Null() } },
      config: { auth: { authenticated: true } },
    },
    async (request, reply) => {
      const { providerName, providerKey } = request.query as FeatureProviderQuery;
      await updateFeatures(ctx, await resolveTarget(ctx, request, providerName, providerKey), (request.body as UpdateFeaturesDto).features);
      return reply.code(204).send(null);
    },
  );
  app.delete(
    path,
    { schema: { tags, querystring: FeatureProviderQuery, response: { 204: Type.Null() } }, config: { auth: { authenticated: true } } },
    async (request, reply) => {
      const { providerName, providerKey } = request.query as FeatureProviderQuery;
      await resetFeatures(ctx, await resolveTarget(ctx, request, providerName, providerKey));
      return reply.code(204).send(null);
    },
  );
}
