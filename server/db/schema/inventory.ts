// Inventory (finance-domain.md "Inventory"; server/modules/inventory). Rules:
// - every row is tenant-owned (host rows: null tenant);
// - categories form a tree (parent in the same tenant; a category with children or products is not
//   deleted); a product's SKU is unique per tenant;
// - a price is integer minor units of its currency (bigint, never a float), one per product, price
//   level (lookup PriceLevel) and currency; the product's type (ProductType) and tax target
//   (TaxTarget) are lookup values (ON UPDATE CASCADE: an import of authoritative ids keeps them);
// - a product that something references (a kernel ProductNode, later invoice lines) is never
//   deleted, only deactivated (the foreign keys restrict).
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, index, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrencyStamp, id, tenantId, tenantKey } from './columns.ts';
import { lookupValues } from './lookups.ts';

const lookupRef = (name: string) => uuid(name).references(() => lookupValues.id, { onUpdate: 'cascade', onDelete: 'restrict' });

export const categories = pgTable(
  'categories',
  {
    id: id(),
    tenantId: tenantId(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 128 }).notNull(),
    description: varchar('description', { length: 512 }).notNull().default(''),
    concurrencyStamp: concurrencyStamp(),
    ...audited(),
  },
  (t) => [index('categories_tenant_idx').on(t.tenantId), index('categories_parent_idx').on(t.parentId)],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    tenantId: tenantId(),
    sku: varchar('sku', { length: 64 }).notNull(),
    name: varchar('name', { length: 256 }).notNull(),
    description: varchar('description', { length: 1024 }).notNull().default(''),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    productTypeId: lookupRef('product_type_id').notNull(),
    taxTargetId: lookupRef('tax_target_id'),
    isActive: boolean('is_active').notNull().default(true),
    concurrencyStamp: concurrencyStamp(),
    ...audited(),
  },
  (t) => [
    index('products_tenant_idx').on(t.tenantId),
    uniqueIndex('products_tenant_sku_idx').on(tenantKey(t.tenantId), t.sku),
    index('products_category_idx').on(t.categoryId),
  ],
);

export const productPrices = pgTable(
  'product_prices',
  {
    id: id(),
    tenantId: tenantId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    priceLevelId: lookupRef('price_level_id').notNull(),
    currencyCode: varchar('currency_code', { length: 8 }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    index('product_prices_tenant_idx').on(t.tenantId),
    uniqueIndex('product_prices_product_level_currency_idx').on(t.productId, t.priceLevelId, t.currencyCode),
    check('product_prices_amount_not_negative', sql`${t.amount} >= 0`),
  ],
);
