// Currencies of a tenant (finance-domain.md "Reference data"; server/modules/ledger/currency-service.ts).
// Rules: the code is unique per tenant (host rows: null tenant) and never changes; decimals 0-4 fix
// the minor unit of every amount in that currency, so they cannot change once an account uses it;
// a currency in use is never deleted, only deactivated; the type is a CurrencyType lookup value
// (ON UPDATE CASCADE: an import of authoritative lookup ids keeps the reference).
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, smallint, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrencyStamp, id, tenantId, tenantKey } from './columns.ts';
import { lookupValues } from './lookups.ts';

export const currencies = pgTable(
  'currencies',
  {
    id: id(),
    tenantId: tenantId(),
    code: varchar('code', { length: 8 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    symbol: varchar('symbol', { length: 8 }).notNull().default(''),
    decimals: smallint('decimals').notNull(),
    currencyTypeId: uuid('currency_type_id')
      .notNull()
      .references(() => lookupValues.id, { onUpdate: 'cascade', onDelete: 'restrict' }),
    isActive: boolean('is_active').notNull().default(true),
    concurrencyStamp: concurrencyStamp(),
    ...audited(),
  },
  (t) => [
    index('currencies_tenant_idx').on(t.tenantId),
    uniqueIndex('currencies_tenant_code_idx').on(tenantKey(t.tenantId), t.code),
    check('currencies_decimals_range', sql`${t.decimals} between 0 and 4`),
  ],
);
