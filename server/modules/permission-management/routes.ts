// /api/permission-management/permissions (ABP contract 4.1). Rules: the routes only need an
// authenticated caller at the route level because the permission that guards them depends on the
// providerName query value (R, U or C); service.resolveTarget checks it before anything is read.
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import {
  GetPermissionListResultDto,
  PermissionByGroupQuery,
  PermissionProviderQuery,
  UpdatePermissionsDto,
} from '../../../contract/permission-management.ts';
import type { AppContext } from '../../context.ts';
import { getPermissions, resolveTarget, updatePermissions } from './service.ts';

export async function permissionManagementRoutes(app: FastifyInstance, ctx: AppContext) {
  const base = '/api/permission-management/permissions';
  app.get(
    base,
    {
      schema: { tags: ['PermissionManagement'], querystring: PermissionProviderQuery, response: { 200: GetPermissionListResultDto } },
      config: { auth: { authenticated: true } },
    },
    async (request) => {
      const { providerName, providerKey } = request.query as PermissionProviderQuery;
      return getPermissions(ctx, request, await resolveTarget(ctx, request, providerName, providerKey));
    },
  );
  app.get(
    `${base}/by-group`,
    {
      schema: { tags: ['PermissionManagement'], querystring: PermissionByGroupQuery, response: { 200: GetPermissionListResultDto } },
      config: { auth: { authenticated: true } },
    },
    async (request) => {
      const { groupName, providerName, providerKey } = request.query as PermissionByGroupQuery;
      return getPermissions(ctx, request, await resolveTarget(ctx, request, providerName, providerKey), groupName);
    },
  );
  app.put(
    base,
    {
      schema: {
        tags: ['PermissionManagement'],
        querystring: PermissionProviderQuery,
        body: UpdatePermissionsDto,
        response: { 204: Type.Null() },
      },
      config: { auth: { authenticated: true } },
    },
    async (request, reply) => {
      const { providerName, providerKey } = request.query as PermissionProviderQuery;
      const target = await resolveTarget(ctx, request, providerName, providerKey);
      await updatePermissions(ctx, target, (request.body as UpdatePermissionsDto).permissions);
      return reply.code(204).send(null);
    },
  );
}
