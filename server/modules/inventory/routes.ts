// /api/app/category and /api/app/product (contract/inventory.ts). Rules:
// - every call needs Finance.Inventory (the Inventory menu's permission, spec 6); categories are
//   read with it alone (a product form picks one) and written with Finance.Category.Create/Update/
//   Delete; products are read with Finance.Product and written with its Create/Update/Delete;
// - GET /api/app/product/export: the list as a CSV or XLSX file (exports.ts), with the list's permissions;
// - every row is the caller's tenant's (the host's own when it has none); another tenant's id is 404.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '../../../contract/common.ts';
import {
  CategoryDto,
  CategoryListResult,
  CreateCategoryDto,
  CreateProductDto,
  GetProductsInput,
  ProductDto,
  ProductPagedResult,
  UpdateCategoryDto,
  UpdateProductDto,
} from '../../../contract/inventory.ts';
import { exportQuery } from '../../../contract/exports.ts';
import { MoveNodeDto } from '../../../contract/kernel.ts';
import type { AppContext } from '../../context.ts';
import { exportRoute } from '../export/routes.ts';
import type { KernelCaller } from '../kernel/service-nodes.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import { createCategory, deleteCategory, getCategory, listAllCategories, moveCategory, updateCategory } from './categories.ts';
import { productListExport } from './exports.ts';
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from './products.ts';

const tags = ['Inventory'];
const inventory = (name?: string) => ({ auth: { permission: name ? ['Finance.Inventory', name] : 'Finance.Inventory', all: true } });
const callerOf = (request: FastifyRequest): KernelCaller => ({ tenantId: tenantIdOf(request), userId: request.currentUser?.id ?? null });

export async function inventoryRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  const category = '/api/app/category';
  app.get(`${category}/all`, { schema: { tags, response: { 200: CategoryListResult } }, config: inventory() }, (request) =>
    listAllCategories(ctx, tenantIdOf(request)),
  );
  app.get(`${category}/:id`, { schema: { tags, params: IdParams, response: { 200: CategoryDto } }, config: inventory() }, (request) =>
    getCategory(ctx, tenantIdOf(request), request.params.id),
  );
  app.post(
    category,
    { schema: { tags, body: CreateCategoryDto, response: { 200: CategoryDto } }, config: inventory('Finance.Category.Create') },
    (request) => createCategory(ctx, callerOf(request), request.body),
  );
  app.put(
    `${category}/:id`,
    {
      schema: { tags, params: IdParams, body: UpdateCategoryDto, response: { 200: CategoryDto } },
      config: inventory('Finance.Category.Update'),
    },
    (request) => updateCategory(ctx, callerOf(request), request.params.id, request.body),
  );
  app.put(
    `${category}/:id/move`,
    { schema: { tags, params: IdParams, body: MoveNodeDto, response: { 200: CategoryDto } }, config: inventory('Finance.Category.Update') },
    (request) => moveCategory(ctx, callerOf(request), request.params.id, request.body.parentId),
  );
  app.delete(
    `${category}/:id`,
    { schema: { tags, params: IdParams, response: { 204: Type.Null() } }, config: inventory('Finance.Category.Delete') },
    async (request, reply) => {
      await deleteCategory(ctx, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  const product = '/api/app/product';
  app.get(
    product,
    { schema: { tags, querystring: GetProductsInput, response: { 200: ProductPagedResult } }, config: inventory('Finance.Product') },
    (request) => listProducts(ctx, tenantIdOf(request), request.query),
  );
  exportRoute(app, ctx, { url: `${product}/export`, tags, querystring: exportQuery(GetProductsInput), definition: productListExport });
  app.get(
    `${product}/:id`,
    { schema: { tags, params: IdParams, response: { 200: ProductDto } }, config: inventory('Finance.Product') },
    (request) => getProduct(ctx, tenantIdOf(request), request.params.id),
  );
  app.post(
    product,
    { schema: { tags, body: CreateProductDto, response: { 200: ProductDto } }, config: inventory('Finance.Product.Create') },
    (request) => createProduct(ctx, callerOf(request), request.body),
  );
  app.put(
    `${product}/:id`,
    {
      schema: { tags, params: IdParams, body: UpdateProductDto, response: { 200: ProductDto } },
      config: inventory('Finance.Product.Update'),
    },
    (request) => updateProduct(ctx, callerOf(request), request.params.id, request.body),
  );
  app.delete(
    `${product}/:id`,
    { schema: { tags, params: IdParams, response: { 204: Type.Null() } }, config: inventory('Finance.Product.Delete') },
    async (request, reply) => {
      await deleteProduct(ctx, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
