// /api/app/service and /api/app/service-permission (contract/kernel.ts). Rules:
// - the Kernel menu has no policy (spec 2.2): any signed-in user of the tenant reads the service
//   tree (documents pick a service from it); writes need Finance.Services.Create/Update/Delete;
//   service permissions (who may do what) are read with Finance.Services and written with its
//   Create/Update/Delete;
// - every row is the caller's tenant's (the host's own when it has none); another tenant's id is 404.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '../../../contract/common.ts';
import {
  CreateServiceNodeDto,
  CreateServicePermissionDto,
  GetServiceNodesInput,
  GetServicePermissionsInput,
  MoveNodeDto,
  ServiceNodeDto,
  ServiceNodeListResult,
  ServiceNodePagedResult,
  ServicePermissionDto,
  ServicePermissionPagedResult,
  UpdateServiceNodeDto,
  UpdateServicePermissionDto,
} from '../../../contract/kernel.ts';
import type { AppContext } from '../../context.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import {
  createServiceNode,
  deleteServiceNode,
  getServiceNode,
  type KernelCaller,
  listAllServiceNodes,
  listServiceNodes,
  moveServiceNode,
  updateServiceNode,
} from './service-nodes.ts';
import {
  createServicePermission,
  deleteServicePermission,
  getServicePermission,
  listServicePermissions,
  updateServicePermission,
} from './service-permissions.ts';

const tags = ['Kernel'];
const permission = (name: string) => ({ auth: { permission: name } });
const signedIn = { auth: { authenticated: true as const } };
const callerOf = (request: FastifyRequest): KernelCaller => ({ tenantId: tenantIdOf(request), userId: request.currentUser?.id ?? null });

export async function kernelRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  const service = '/api/app/service';
  app.get(
    service,
    { schema: { tags, querystring: GetServiceNodesInput, response: { 200: ServiceNodePagedResult } }, config: signedIn },
    (request) => listServiceNodes(ctx, tenantIdOf(request), request.query),
  );
  app.get(`${service}/all`, { schema: { tags, response: { 200: ServiceNodeListResult } }, config: signedIn }, (request) =>
    listAllServiceNodes(ctx, tenantIdOf(request)),
  );
  app.get(`${service}/:id`, { schema: { tags, params: IdParams, response: { 200: ServiceNodeDto } }, config: signedIn }, (request) =>
    getServiceNode(ctx, tenantIdOf(request), request.params.id),
  );
  app.post(
    service,
    { schema: { tags, body: CreateServiceNodeDto, response: { 200: ServiceNodeDto } }, config: permission('Finance.Services.Create') },
    (request) => createServiceNode(ctx, callerOf(request), request.body),
  );
  app.put(
    `${service}/:id`,
    {
      schema: { tags, params: IdParams, body: UpdateServiceNodeDto, response: { 200: ServiceNodeDto } },
      config: permission('Finance.Services.Update'),
    },
    (request) => updateServiceNode(ctx, callerOf(request), request.params.id, request.body),
  );
  app.put(
    `${service}/:id/move`,
    {
      schema: { tags, params: IdParams, body: MoveNodeDto, response: { 200: ServiceNodeDto } },
      config: permission('Finance.Services.Update'),
    },
    (request) => moveServiceNode(ctx, callerOf(request), request.params.id, request.body.parentId),
  );
  app.delete(
    `${service}/:id`,
    { schema: { tags, params: IdParams, response: { 204: Type.Null() } }, config: permission('Finance.Services.Delete') },
    async (request, reply) => {
      await deleteServiceNode(ctx, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  const grant = '/api/app/service-permission';
  app.get(
    grant,
    {
      schema: { tags, querystring: GetServicePermissionsInput, response: { 200: ServicePermissionPagedResult } },
      config: permission('Finance.Services'),
    },
    (request) => listServicePermissions(ctx, tenantIdOf(request), request.query),
  );
  app.get(
    `${grant}/:id`,
    { schema: { tags, params: IdParams, response: { 200: ServicePermissionDto } }, config: permission('Finance.Services') },
    (request) => getServicePermission(ctx, tenantIdOf(request), request.params.id),
  );
  app.post(
    grant,
    {
      schema: { tags, body: CreateServicePermissionDto, response: { 200: ServicePermissionDto } },
      config: permission('Finance.Services.Create'),
    },
    (request) => createServicePermission(ctx, callerOf(request), request.body),
  );
  app.put(
    `${grant}/:id`,
    {
      schema: { tags, params: IdParams, body: UpdateServicePermissionDto, response: { 200: ServicePermissionDto } },
      config: permission('Finance.Services.Update'),
    },
    (request) => updateServicePermission(ctx, callerOf(request), request.params.id, request.body),
  );
  app.delete(
    `${grant}/:id`,
    { schema: { tags, params: IdParams, response: { 204: Type.Null() } }, config: permission('Finance.Services.Delete') },
    async (request, reply) => {
      await deleteServicePermission(ctx, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
