// Inventory categories of a tenant (finance-domain.md "Inventory"; contract/inventory.ts). Rules:
// - a tree per tenant (parent in the same tenant); answered parents before children, siblings by name;
// - a category never moves under itself or its subtree (403 MoveIntoOwnSubtree);
// - delete only an empty leaf: no children (403 CategoryHasChildren), no products (403
//   CategoryHasProducts, naming how many);
// - a stale concurrency stamp answers 409; every change is audited as an entity change.
import { and, asc, count, eq } from 'drizzle-orm';
import { iso } from '../../../contract/common.ts';
import type { CategoryDto, CreateCategoryDto, UpdateCategoryDto } from '../../../contract/inventory.ts';
import { trackEntityChange } from '../../audit/scope.ts';
import type { AppContext } from '../../context.ts';
import { categories, products } from '../../db/schema/index.ts';
import { notFound, staleConcurrencyStamp } from '../../errors.ts';
import type { Executor } from '../identity/user-repository.ts';
import { ledgerErrors } from '../ledger/errors.ts';
import { inventoryErrors } from '../kernel/errors.ts';
import type { KernelCaller } from '../kernel/service-nodes.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { isInSubtree, treeOrder } from '../shared/tree.ts';

type CategoryRow = typeof categories.$inferSelect;

const newStamp = () => crypto.randomUUID().replaceAll('-', '');

const toDto = (row: CategoryRow, productCount: number): CategoryDto => ({
  id: row.id,
  parentId: row.parentId,
  name: row.name,
  description: row.description,
  productCount,
  concurrencyStamp: row.concurrencyStamp,
  creationTime: iso(row.creationTime)!,
  creatorId: row.creatorId,
  lastModificationTime: iso(row.lastModificationTime),
  lastModifierId: row.lastModifierId,
});

const track = (before: CategoryDto | null, after: CategoryDto | null, tenantId: string | null) =>
  trackEntityChange(before, after, {
    entityTypeFullName: 'Finance.Inventory.Category',
    entityId: (after ?? before)!.id,
    entityTenantId: tenantId,
    ignore: ['concurrencyStamp', 'productCount'],
  });

const allCategories = (db: Executor, tenantId: string | null) =>
  db.select().from(categories).where(sameTenant(categories.tenantId, tenantId)).orderBy(asc(categories.name), asc(categories.id));

async function productCount(db: Executor, id: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(products).where(eq(products.categoryId, id));
  return Number(row?.value ?? 0);
}

export async function listAllCategories(ctx: AppContext, tenantId: string | null): Promise<{ items: CategoryDto[] }> {
  const [rows, counts] = await Promise.all([
    allCategories(ctx.db, tenantId),
    ctx.db
      .select({ id: products.categoryId, value: count() })
      .from(products)
      .where(sameTenant(products.tenantId, tenantId))
      .groupBy(products.categoryId),
  ]);
  const countOf = new Map(counts.map((row) => [row.id, Number(row.value)]));
  return { items: treeOrder(rows).map((row) => toDto(row, countOf.get(row.id) ?? 0)) };
}

export async function findCategory(db: Executor, tenantId: string | null, id: string): Promise<CategoryRow> {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), sameTenant(categories.tenantId, tenantId)));
  if (!row) throw notFound('Category', id);
  return row;
}

/** A category id sent in a body: the tenant's, or a 400 naming the field. */
export async function assertCategory(db: Executor, tenantId: string | null, member: string, id: string): Promise<CategoryRow> {
  return findCategory(db, tenantId, id).catch(() => {
    throw ledgerErrors.invalidLookup(member, id, 'Category');
  });
}

export const getCategory = async (ctx: AppContext, tenantId: string | null, id: string) => {
  const row = await findCategory(ctx.db, tenantId, id);
  return toDto(row, await productCount(ctx.db, id));
};

export async function createCategory(ctx: AppContext, caller: KernelCaller, input: CreateCategoryDto): Promise<CategoryDto> {
  return ctx.db.transaction(async (tx) => {
    if (input.parentId) await assertCategory(tx, caller.tenantId, 'parentId', input.parentId);
    const [row] = await tx
      .insert(categories)
      .values({
        tenantId: caller.tenantId,
        parentId: input.parentId ?? null,
        name: input.name.trim(),
        description: input.description ?? '',
        creatorId: caller.userId,
      })
      .returning();
    const dto = toDto(row!, 0);
    track(null, dto, caller.tenantId);
    return dto;
  });
}

export async function updateCategory(ctx: AppContext, caller: KernelCaller, id: string, input: UpdateCategoryDto): Promise<CategoryDto> {
  return ctx.db.transaction(async (tx) => {
    const before = await findCategory(tx, caller.tenantId, id);
    if (input.concurrencyStamp && input.concurrencyStamp !== before.concurrencyStamp) throw staleConcurrencyStamp();
    const [row] = await tx
      .update(categories)
      .set({
        name: input.name.trim(),
        description: input.description ?? before.description,
        concurrencyStamp: newStamp(),
        lastModificationTime: new Date(),
        lastModifierId: caller.userId,
      })
      .where(eq(categories.id, id))
      .returning();
    const products = await productCount(tx, id);
    const dto = toDto(row!, products);
    track(toDto(before, products), dto, caller.tenantId);
    return dto;
  });
}

export async function moveCategory(ctx: AppContext, caller: KernelCaller, id: string, parentId: string | null): Promise<CategoryDto> {
  return ctx.db.transaction(async (tx) => {
    const before = await findCategory(tx, caller.tenantId, id);
    if (parentId !== null) await assertCategory(tx, caller.tenantId, 'parentId', parentId);
    if (isInSubtree(await allCategories(tx, caller.tenantId), id, parentId)) throw inventoryErrors.moveIntoSubtree(before.name);
    const [row] = await tx
      .update(categories)
      .set({ parentId, concurrencyStamp: newStamp(), lastModificationTime: new Date(), lastModifierId: caller.userId })
      .where(eq(categories.id, id))
      .returning();
    const products = await productCount(tx, id);
    const dto = toDto(row!, products);
    track(toDto(before, products), dto, caller.tenantId);
    return dto;
  });
}

export async function deleteCategory(ctx: AppContext, caller: KernelCaller, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await findCategory(tx, caller.tenantId, id);
    const [child] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id)).limit(1);
    if (child) throw inventoryErrors.categoryHasChildren(before.name);
    const used = await productCount(tx, id);
    if (used) throw inventoryErrors.categoryHasProducts(before.name, used);
    await tx.delete(categories).where(eq(categories.id, id));
    track(toDto(before, 0), null, caller.tenantId);
  });
}
