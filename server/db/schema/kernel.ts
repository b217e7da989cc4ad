// Kernel services and their permissions (finance-domain.md "Kernel"; server/modules/kernel). Rules:
// - every row is tenant-owned (host rows: null tenant);
// - service nodes form a tree (lookup ServiceNodeType: CategoryNode, ServiceNode, ProductNode); the
//   code is unique per tenant and fixed once created (documents name a service by it); a seeded
//   (system) node is never deleted; a node with children, or named by a ledger transfer, is not
//   deleted; a ProductNode may name an inventory product (which then cannot be deleted);
// - a service permission lets one grantee (a role, a user, or a party type: lookup PersonType) use
//   one service, optionally within limits (one transfer's amount, a day's total) in one currency,
//   stored in its minor units; deleting the node deletes its permissions.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, index, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrencyStamp, id, tenantId, tenantKey } from './columns.ts';
import { products } from './inventory.ts';
import { lookupValues } from './lookups.ts';

export const serviceNodes = pgTable(
  'service_nodes',
  {
    id: id(),
    tenantId: tenantId(),
    parentId: uuid('parent_id').references((): AnyPgColumn => serviceNodes.id, { onDelete: 'restrict' }),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    description: varchar('description', { length: 512 }).notNull().default(''),
    nodeTypeId: uuid('node_type_id')
      .notNull()
      .references(() => lookupValues.id, { onUpdate: 'cascade', onDelete: 'restrict' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'restrict' }),
    isActive: boolean('is_active').notNull().default(true),
    isSystem: boolean('is_system').notNull().default(false),
    concurrencyStamp: concurrencyStamp(),
    ...audited(),
  },
  (t) => [
    index('service_nodes_tenant_idx').on(t.tenantId),
    uniqueIndex('service_nodes_tenant_code_idx').on(tenantKey(t.tenantId), t.code),
    index('service_nodes_parent_idx').on(t.parentId),
    index('service_nodes_product_idx').on(t.productId),
  ],
);

export const serviceGranteeTypes = ['Role', 'User', 'PartyType'] as const;
export type ServiceGranteeType = (typeof serviceGranteeTypes)[number];

export const servicePermissions = pgTable(
  'service_permissions',
  {
    id: id(),
    tenantId: tenantId(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => serviceNodes.id, { onDelete: 'cascade' }),
    granteeType: varchar('grantee_type', { length: 16 }).$type<ServiceGranteeType>().notNull(),
    granteeId: uuid('grantee_id').notNull(),
    currencyCode: varchar('currency_code', { length: 8 }),
    maxAmount: bigint('max_amount', { mode: 'bigint' }),
    dailyLimit: bigint('daily_limit', { mode: 'bigint' }),
    concurrencyStamp: concurrencyStamp(),
    ...audited(),
  },
  (t) => [
    index('service_permissions_tenant_idx').on(t.tenantId),
    uniqueIndex('service_permissions_grantee_idx').on(tenantKey(t.tenantId), t.serviceId, t.granteeType, t.granteeId),
    check('service_permissions_grantee_type', sql`${t.granteeType} in ('Role', 'User', 'PartyType')`),
    check('service_permissions_limits', sql`(${t.maxAmount} is null and ${t.dailyLimit} is null) or ${t.currencyCode} is not null`),
    check('service_permissions_limits_positive', sql`coalesce(${t.maxAmount}, 1) > 0 and coalesce(${t.dailyLimit}, 1) > 0`),
  ],
);
