// Inventory products of a tenant (finance-domain.md "Inventory"; contract/inventory.ts). Rules:
// - the SKU is unique per tenant (403 DuplicateSku) and fixed once created; the category is one of
//   the tenant's; the type a ProductType and the tax target a TaxTarget lookup value (400 naming
//   the field otherwise);
// - prices: one per price level (PriceLevel) and currency (an active currency of the tenant), as
//   decimal strings with at most the currency's decimals, kept in minor units (bigint), answered
//   with exactly the currency's decimals; an update replaces the whole price list;
// - a product something references (a kernel ProductNode now, invoice lines later) is not deleted
//   (403 ProductInUse): deactivate it instead;
// - a stale concurrency stamp answers 409; every change is audited as an entity change.
import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { iso, type PagedResult } from '../../../contract/common.ts';
import type { CreateProductDto, GetProductsInput, ProductDto, ProductPriceInput, UpdateProductDto } from '../../../contract/inventory.ts';
import { trackEntityChange } from '../../audit/scope.ts';
import type { AppContext } from '../../context.ts';
import { categories, currencies, productPrices, products, serviceNodes } from '../../db/schema/index.ts';
import { notFound, staleConcurrencyStamp } from '../../errors.ts';
import type { Executor } from '../identity/user-repository.ts';
import { assertLookupValue } from '../ledger/currency-service.ts';
import { ledgerErrors } from '../ledger/errors.ts';
import { formatMoney, parseMoney } from '../ledger/money.ts';
import { inventoryErrors } from '../kernel/errors.ts';
import type { KernelCaller } from '../kernel/service-nodes.ts';
import { likePattern, orderBy, pageOf } from '../shared/paging.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { assertCategory } from './categories.ts';

type ProductRow = typeof products.$inferSelect;
type PriceRow = typeof productPrices.$inferSelect;

const newStamp = () => crypto.randomUUID().replaceAll('-', '');

async function decimalsOf(db: Executor, tenantId: string | null) {
  const rows = await db
    .select({ code: currencies.code, decimals: currencies.decimals, isActive: currencies.isActive })
    .from(currencies)
    .where(sameTenant(currencies.tenantId, tenantId));
  return new Map(rows.map((row) => [row.code, row]));
}

/** The products with their category names and prices, as answered. */
async function dtos(db: Executor, tenantId: string | null, rows: ProductRow[]): Promise<ProductDto[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const [prices, names, decimals] = await Promise.all([
    db.select().from(productPrices).where(inArray(productPrices.productId, ids)),
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(inArray(categories.id, [...new Set(rows.map((row) => row.categoryId))])),
    decimalsOf(db, tenantId),
  ]);
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  const pricesOf = (id: string) =>
    prices
      .filter((price) => price.productId === id)
      .sort((a, b) => a.priceLevelId.localeCompare(b.priceLevelId) || a.currencyCode.localeCompare(b.currencyCode))
      .map((price: PriceRow) => ({
        priceLevelId: price.priceLevelId,
        currencyCode: price.currencyCode,
        amount: formatMoney(price.amount, decimals.get(price.currencyCode)?.decimals ?? 0),
      }));
  return rows.map((row) => ({
    id: row.id,
    sku: row.sku,
    name: row.name,
    description: row.description,
    categoryId: row.categoryId,
    categoryName: nameOf.get(row.categoryId) ?? '',
    productTypeId: row.productTypeId,
    taxTargetId: row.taxTargetId,
    isActive: row.isActive,
    prices: pricesOf(row.id),
    concurrencyStamp: row.concurrencyStamp,
    creationTime: iso(row.creationTime)!,
    creatorId: row.creatorId,
    lastModificationTime: iso(row.lastModificationTime),
    lastModifierId: row.lastModifierId,
  }));
}

const track = (before: ProductDto | null, after: ProductDto | null, tenantId: string | null) =>
  trackEntityChange(before, after, {
    entityTypeFullName: 'Finance.Inventory.Product',
    entityId: (after ?? before)!.id,
    entityTenantId: tenantId,
    ignore: ['concurrencyStamp', 'categoryName'],
  });

const sortable = {
  sku: products.sku,
  name: products.name,
  isActive: products.isActive,
  creationTime: products.creationTime,
};

export function productConditions(tenantId: string | null, input: Omit<GetProductsInput, 'skipCount' | 'maxResultCount' | 'sorting'>): SQL {
  const conditions: SQL[] = [sameTenant(products.tenantId, tenantId)];
  const filter = input.filter?.trim();
  if (filter) conditions.push(or(ilike(products.sku, likePattern(filter)), ilike(products.name, likePattern(filter)))!);
  if (input.categoryId) conditions.push(eq(products.categoryId, input.categoryId));
  if (input.productTypeId) conditions.push(eq(products.productTypeId, input.productTypeId));
  if (input.isActive !== undefined) conditions.push(eq(products.isActive, input.isActive));
  return and(...conditions)!;
}

export const productOrder = (sorting: string | undefined) => orderBy(sorting, sortable, [asc(products.sku)], products.id);

export async function listProducts(ctx: AppContext, tenantId: string | null, input: GetProductsInput): Promise<PagedResult<ProductDto>> {
  const where = productConditions(tenantId, input);
  const { offset, limit } = pageOf(input);
  const [total, rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(products).where(where),
    ctx.db
      .select()
      .from(products)
      .where(where)
      .orderBy(...productOrder(input.sorting))
      .offset(offset)
      .limit(limit),
  ]);
  return { totalCount: Number(total[0]?.value ?? 0), items: await dtos(ctx.db, tenantId, rows) };
}

async function findProduct(db: Executor, tenantId: string | null, id: string): Promise<ProductRow> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), sameTenant(products.tenantId, tenantId)));
  if (!row) throw notFound('Product', id);
  return row;
}

export const getProduct = async (ctx: AppContext, tenantId: string | null, id: string) =>
  (await dtos(ctx.db, tenantId, [await findProduct(ctx.db, tenantId, id)]))[0]!;

/** Checks the lookups, the category and the prices; answers the price rows in minor units. */
async function checked(db: Executor, tenantId: string | null, input: UpdateProductDto) {
  await assertCategory(db, tenantId, 'categoryId', input.categoryId);
  await assertLookupValue(db, 'productTypeId', input.productTypeId, 'ProductType');
  if (input.taxTargetId) await assertLookupValue(db, 'taxTargetId', input.taxTargetId, 'TaxTarget');
  const decimals = await decimalsOf(db, tenantId);
  const seen = new Set<string>();
  const prices = (input.prices ?? []).map((price: ProductPriceInput, index) => {
    const currency = decimals.get(price.currencyCode);
    if (!currency?.isActive) throw ledgerErrors.unknownCurrency(`prices[${index}].currencyCode`, price.currencyCode);
    const amount = parseMoney(price.amount, currency.decimals);
    if (amount === null) throw ledgerErrors.tooManyDecimals(`prices[${index}].amount`, price.currencyCode, currency.decimals, price.amount);
    const key = `${price.priceLevelId}/${price.currencyCode}`;
    if (seen.has(key)) throw inventoryErrors.duplicatePrice(index, price.currencyCode);
    seen.add(key);
    return { priceLevelId: price.priceLevelId, currencyCode: price.currencyCode, amount };
  });
  for (const [index, price] of prices.entries())
    await assertLookupValue(db, `prices[${index}].priceLevelId`, price.priceLevelId, 'PriceLevel');
  return prices;
}

async function replacePrices(
  db: Executor,
  tenantId: string | null,
  productId: string,
  prices: Array<{ priceLevelId: string; currencyCode: string; amount: bigint }>,
) {
  await db.delete(productPrices).where(eq(productPrices.productId, productId));
  if (prices.length) await db.insert(productPrices).values(prices.map((price) => ({ tenantId, productId, ...price })));
}

export async function createProduct(ctx: AppContext, caller: KernelCaller, input: CreateProductDto): Promise<ProductDto> {
  return ctx.db.transaction(async (tx) => {
    const prices = await checked(tx, caller.tenantId, input);
    const [existing] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(sameTenant(products.tenantId, caller.tenantId), eq(products.sku, input.sku)));
    if (existing) throw inventoryErrors.duplicateSku(input.sku);
    const [row] = await tx
      .insert(products)
      .values({
        tenantId: caller.tenantId,
        sku: input.sku,
        name: input.name.trim(),
        description: input.description ?? '',
        categoryId: input.categoryId,
        productTypeId: input.productTypeId,
        taxTargetId: input.taxTargetId ?? null,
        isActive: input.isActive ?? true,
        creatorId: caller.userId,
      })
      .returning();
    await replacePrices(tx, caller.tenantId, row!.id, prices);
    const [dto] = await dtos(tx, caller.tenantId, [row!]);
    track(null, dto!, caller.tenantId);
    return dto!;
  });
}

export async function updateProduct(ctx: AppContext, caller: KernelCaller, id: string, input: UpdateProductDto): Promise<ProductDto> {
  return ctx.db.transaction(async (tx) => {
    const before = await findProduct(tx, caller.tenantId, id);
    if (input.concurrencyStamp && input.concurrencyStamp !== before.concurrencyStamp) throw staleConcurrencyStamp();
    const [beforeDto] = await dtos(tx, caller.tenantId, [before]);
    const prices = await checked(tx, caller.tenantId, input);
    const [row] = await tx
      .update(products)
      .set({
        name: input.name.trim(),
        description: input.description ?? before.description,
        categoryId: input.categoryId,
        productTypeId: input.productTypeId,
        taxTargetId: input.taxTargetId === undefined ? before.taxTargetId : input.taxTargetId,
        isActive: input.isActive ?? before.isActive,
        concurrencyStamp: newStamp(),
        lastModificationTime: new Date(),
        lastModifierId: caller.userId,
      })
      .where(eq(products.id, id))
      .returning();
    if (input.prices !== undefined) await replacePrices(tx, caller.tenantId, id, prices);
    const [dto] = await dtos(tx, caller.tenantId, [row!]);
    track(beforeDto!, dto!, caller.tenantId);
    return dto!;
  });
}

export async function deleteProduct(ctx: AppContext, caller: KernelCaller, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await findProduct(tx, caller.tenantId, id);
    const [node] = await tx.select({ id: serviceNodes.id }).from(serviceNodes).where(eq(serviceNodes.productId, id)).limit(1);
    if (node) throw inventoryErrors.productInUse(before.sku);
    const [dto] = await dtos(tx, caller.tenantId, [before]);
    await tx.delete(products).where(eq(products.id, id));
    track(dto!, null, caller.tenantId);
  });
}
