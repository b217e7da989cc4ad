// Anonymous tenant lookup for the tenant box (ABP contract 2.1). Rules:
// - names match case-insensitively through the tenant store (normalized names);
// - not found (or an id that is not a GUID) is 200 with success:false and empty fields, never 404;
// - an inactive tenant is found (success:true) with isActive:false, so the client can say why.
import type { FastifyInstance } from 'fastify';
import { FindTenantResultDto, TenantByIdParams, TenantByNameParams } from '../../../contract/abp.ts';
import type { AppContext, TenantInfo } from '../../context.ts';

const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const resultOf = (tenant: TenantInfo | null): FindTenantResultDto =>
  tenant
    ? { success: true, tenantId: tenant.id, name: tenant.name, normalizedName: tenant.normalizedName, isActive: tenant.isActive }
    : { success: false, tenantId: null, name: null, normalizedName: null, isActive: false };

export async function tenantLookupRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/abp/multi-tenancy/tenants/by-name/:name',
    {
      schema: { tags: ['Abp'], params: TenantByNameParams, response: { 200: FindTenantResultDto } },
      config: { auth: { anonymous: true } },
    },
    async (request) => resultOf(await ctx.tenants.findByName((request.params as { name: string }).name)),
  );
  app.get(
    '/api/abp/multi-tenancy/tenants/by-id/:id',
    {
      schema: { tags: ['Abp'], params: TenantByIdParams, response: { 200: FindTenantResultDto } },
      config: { auth: { anonymous: true } },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return resultOf(guidPattern.test(id) ? await ctx.tenants.findById(id) : null);
    },
  );
}
