// Kernel service nodes of a tenant (finance-domain.md "Kernel"; contract/kernel.ts). Rules:
// - a tree per tenant; the node type is a ServiceNodeType lookup value: a CategoryNode holds any
//   node, a ServiceNode only ProductNodes, a ProductNode nothing (it may name an inventory product
//   of the tenant); the root holds any node;
// - the code is unique per tenant and fixed once created; the type is fixed too;
// - a node never moves under itself or its subtree (403 MoveIntoOwnSubtree);
// - delete only when unused: not seeded (isSystem), no children, no ledger transfer names it; its
//   service permissions go with it;
// - a stale concurrency stamp answers 409; every change is audited as an entity change.
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { iso, type PagedResult } from '../../../contract/common.ts';
import type { CreateServiceNodeDto, GetServiceNodesInput, ServiceNodeDto, UpdateServiceNodeDto } from '../../../contract/kernel.ts';
import { trackEntityChange } from '../../audit/scope.ts';
import type { AppContext } from '../../context.ts';
import { ledgerTransfers, products, serviceNodes, servicePermissions } from '../../db/schema/index.ts';
import { notFound, staleConcurrencyStamp } from '../../errors.ts';
import type { Executor } from '../identity/user-repository.ts';
import { ledgerErrors } from '../ledger/errors.ts';
import { lookupValuesOf } from '../lookups/lookup-values.ts';
import { likePattern, orderBy, pageOf } from '../shared/paging.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { isInSubtree, treeOrder } from '../shared/tree.ts';
import { kernelErrors } from './errors.ts';

export interface KernelCaller {
  tenantId: string | null;
  userId: string | null;
}

type NodeRow = typeof serviceNodes.$inferSelect;
export type NodeKind = 'CategoryNode' | 'ServiceNode' | 'ProductNode';

const newStamp = () => crypto.randomUUID().replaceAll('-', '');

const toDto = (row: NodeRow, permissionCount: number): ServiceNodeDto => ({
  id: row.id,
  parentId: row.parentId,
  code: row.code,
  name: row.name,
  description: row.description,
  nodeTypeId: row.nodeTypeId,
  productId: row.productId,
  isActive: row.isActive,
  isSystem: row.isSystem,
  permissionCount,
  concurrencyStamp: row.concurrencyStamp,
  creationTime: iso(row.creationTime)!,
  creatorId: row.creatorId,
  lastModificationTime: iso(row.lastModificationTime),
  lastModifierId: row.lastModifierId,
});

const track = (before: ServiceNodeDto | null, after: ServiceNodeDto | null, tenantId: string | null) =>
  trackEntityChange(before, after, {
    entityTypeFullName: 'Finance.Kernel.ServiceNode',
    entityId: (after ?? before)!.id,
    entityTenantId: tenantId,
    ignore: ['concurrencyStamp', 'permissionCount'],
  });

/** The node type's code (CategoryNode, ServiceNode, ProductNode) by its current lookup id. */
export async function nodeKinds(db: Executor): Promise<Map<string, NodeKind>> {
  return new Map((await lookupValuesOf(db, 'ServiceNodeType')).map((value) => [value.id, value.code as NodeKind]));
}

async function permissionCounts(db: Executor, tenantId: string | null): Promise<Map<string, number>> {
  const rows = await db
    .select({ serviceId: servicePermissions.serviceId, value: count() })
    .from(servicePermissions)
    .where(sameTenant(servicePermissions.tenantId, tenantId))
    .groupBy(servicePermissions.serviceId);
  return new Map(rows.map((row) => [row.serviceId, Number(row.value)]));
}

const allNodes = (db: Executor, tenantId: string | null) =>
  db.select().from(serviceNodes).where(sameTenant(serviceNodes.tenantId, tenantId)).orderBy(asc(serviceNodes.code));

/** Every node of the tenant, parents before children, siblings by code. */
export async function listAllServiceNodes(ctx: AppContext, tenantId: string | null): Promise<{ items: ServiceNodeDto[] }> {
  const [rows, counts] = await Promise.all([allNodes(ctx.db, tenantId), permissionCounts(ctx.db, tenantId)]);
  return { items: treeOrder(rows).map((row) => toDto(row, counts.get(row.id) ?? 0)) };
}

const sortable = {
  code: serviceNodes.code,
  name: serviceNodes.name,
  isActive: serviceNodes.isActive,
  creationTime: serviceNodes.creationTime,
};

export async function listServiceNodes(
  ctx: AppContext,
  tenantId: string | null,
  input: GetServiceNodesInput,
): Promise<PagedResult<ServiceNodeDto>> {
  const conditions: SQL[] = [sameTenant(serviceNodes.tenantId, tenantId)];
  const filter = input.filter?.trim();
  if (filter) conditions.push(or(ilike(serviceNodes.code, likePattern(filter)), ilike(serviceNodes.name, likePattern(filter)))!);
  if (input.nodeTypeId) conditions.push(eq(serviceNodes.nodeTypeId, input.nodeTypeId));
  if (input.isActive !== undefined) conditions.push(eq(serviceNodes.isActive, input.isActive));
  const where = and(...conditions);
  const { offset, limit } = pageOf(input);
  const [total, rows, counts] = await Promise.all([
    ctx.db.select({ value: count() }).from(serviceNodes).where(where),
    ctx.db
      .select()
      .from(serviceNodes)
      .where(where)
      .orderBy(...orderBy(input.sorting, sortable, [asc(serviceNodes.code)], serviceNodes.id))
      .offset(offset)
      .limit(limit),
    permissionCounts(ctx.db, tenantId),
  ]);
  return { totalCount: Number(total[0]?.value ?? 0), items: rows.map((row) => toDto(row, counts.get(row.id) ?? 0)) };
}

export async function findServiceNode(db: Executor, tenantId: string | null, id: string): Promise<NodeRow> {
  const [row] = await db
    .select()
    .from(serviceNodes)
    .where(and(eq(serviceNodes.id, id), sameTenant(serviceNodes.tenantId, tenantId)));
  if (!row) throw notFound('ServiceNode', id);
  return row;
}

async function dtoOf(db: Executor, row: NodeRow): Promise<ServiceNodeDto> {
  const [counted] = await db.select({ value: count() }).from(servicePermissions).where(eq(servicePermissions.serviceId, row.id));
  return toDto(row, Number(counted?.value ?? 0));
}

export const getServiceNode = async (ctx: AppContext, tenantId: string | null, id: string) =>
  dtoOf(ctx.db, await findServiceNode(ctx.db, tenantId, id));

/** A parent may hold a child of this kind: the root and a CategoryNode anything, a ServiceNode only ProductNodes. */
export const mayHold = (parent: NodeKind | null, child: NodeKind) =>
  parent === null || parent === 'CategoryNode' || (parent === 'ServiceNode' && child === 'ProductNode');

async function assertParent(
  db: Executor,
  tenantId: string | null,
  parentId: string | null,
  child: NodeRow | { name: string; nodeTypeId: string },
) {
  if (parentId === null) return;
  const parent = await findServiceNode(db, tenantId, parentId).catch(() => {
    throw ledgerErrors.invalidLookup('parentId', parentId, 'ServiceNode');
  });
  const kinds = await nodeKinds(db);
  if (!mayHold(kinds.get(parent.nodeTypeId) ?? null, kinds.get(child.nodeTypeId)!)) throw kernelErrors.parentType(child.name, parent.name);
}

async function assertProduct(db: Executor, tenantId: string | null, kind: NodeKind, productId: string | null | undefined) {
  if (!productId) return;
  if (kind !== 'ProductNode') throw kernelErrors.productOnlyOnProductNode();
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), sameTenant(products.tenantId, tenantId)));
  if (!row) throw ledgerErrors.invalidLookup('productId', productId, 'Product');
}

export async function createServiceNode(ctx: AppContext, caller: KernelCaller, input: CreateServiceNodeDto): Promise<ServiceNodeDto> {
  const kinds = await nodeKinds(ctx.db);
  const kind = kinds.get(input.nodeTypeId);
  if (!kind) throw ledgerErrors.invalidLookup('nodeTypeId', input.nodeTypeId, 'ServiceNodeType');
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: serviceNodes.id })
      .from(serviceNodes)
      .where(and(sameTenant(serviceNodes.tenantId, caller.tenantId), eq(serviceNodes.code, input.code)));
    if (existing) throw kernelErrors.duplicateCode(input.code);
    await assertParent(tx, caller.tenantId, input.parentId ?? null, { name: input.name, nodeTypeId: input.nodeTypeId });
    await assertProduct(tx, caller.tenantId, kind, input.productId);
    const [row] = await tx
      .insert(serviceNodes)
      .values({
        tenantId: caller.tenantId,
        parentId: input.parentId ?? null,
        code: input.code,
        name: input.name.trim(),
        description: input.description ?? '',
        nodeTypeId: input.nodeTypeId,
        productId: input.productId ?? null,
        isActive: input.isActive ?? true,
        creatorId: caller.userId,
      })
      .returning();
    const dto = toDto(row!, 0);
    track(null, dto, caller.tenantId);
    return dto;
  });
}

export async function updateServiceNode(
  ctx: AppContext,
  caller: KernelCaller,
  id: string,
  input: UpdateServiceNodeDto,
): Promise<ServiceNodeDto> {
  return ctx.db.transaction(async (tx) => {
    const before = await findServiceNode(tx, caller.tenantId, id);
    if (input.concurrencyStamp && input.concurrencyStamp !== before.concurrencyStamp) throw staleConcurrencyStamp();
    const kind = (await nodeKinds(tx)).get(before.nodeTypeId)!;
    await assertProduct(tx, caller.tenantId, kind, input.productId);
    const [row] = await tx
      .update(serviceNodes)
      .set({
        name: input.name.trim(),
        description: input.description ?? before.description,
        productId: input.productId === undefined ? before.productId : input.productId,
        isActive: input.isActive ?? before.isActive,
        concurrencyStamp: newStamp(),
        lastModificationTime: new Date(),
        lastModifierId: caller.userId,
      })
      .where(eq(serviceNodes.id, before.id))
      .returning();
    const dto = await dtoOf(tx, row!);
    track(await dtoOf(tx, before), dto, caller.tenantId);
    return dto;
  });
}

export async function moveServiceNode(ctx: AppContext, caller: KernelCaller, id: string, parentId: string | null): Promise<ServiceNodeDto> {
  return ctx.db.transaction(async (tx) => {
    const before = await findServiceNode(tx, caller.tenantId, id);
    const rows = await allNodes(tx, caller.tenantId);
    if (isInSubtree(rows, id, parentId)) throw kernelErrors.moveIntoSubtree(before.name);
    await assertParent(tx, caller.tenantId, parentId, before);
    const [row] = await tx
      .update(serviceNodes)
      .set({ parentId, concurrencyStamp: newStamp(), lastModificationTime: new Date(), lastModifierId: caller.userId })
      .where(eq(serviceNodes.id, before.id))
      .returning();
    const dto = await dtoOf(tx, row!);
    track(await dtoOf(tx, before), dto, caller.tenantId);
    return dto;
  });
}

export async function deleteServiceNode(ctx: AppContext, caller: KernelCaller, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await findServiceNode(tx, caller.tenantId, id);
    if (before.isSystem) throw kernelErrors.systemNode(before.name);
    const [child] = await tx.select({ id: serviceNodes.id }).from(serviceNodes).where(eq(serviceNodes.parentId, id)).limit(1);
    if (child) throw kernelErrors.hasChildren(before.name);
    const [transfer] = await tx
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(and(sameTenant(ledgerTransfers.tenantId, caller.tenantId), eq(ledgerTransfers.serviceId, id)))
      .limit(1);
    if (transfer) throw kernelErrors.inUse(before.name);
    const dto = await dtoOf(tx, before);
    await tx.delete(serviceNodes).where(eq(serviceNodes.id, id));
    track(dto, null, caller.tenantId);
  });
}
