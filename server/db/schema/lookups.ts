// The lookup catalogue (spec 3, 9; server/modules/lookups): types and their values, reference data
// that every tenant and the host read alike (like claim types), with the product's fixed GUIDs. A
// value's code is unique within its type. References to a lookup value from other tables follow an
// id change (ON UPDATE CASCADE), so importing an authoritative id mapping keeps them intact.
import { integer, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

export const lookupTypes = pgTable('lookup_types', {
  id: uuid('id').primaryKey(),
  name: varchar('name', { length: 128 }).notNull().unique(),
  displayOrder: integer('display_order').notNull(),
});

export const lookupValues = pgTable(
  'lookup_values',
  {
    id: uuid('id').primaryKey(),
    typeId: uuid('type_id')
      .notNull()
      .references(() => lookupTypes.id, { onUpdate: 'cascade', onDelete: 'restrict' }),
    code: varchar('code', { length: 128 }).notNull(),
    name: varchar('name', { length: 256 }).notNull().default(''),
    displayOrder: integer('display_order').notNull(),
  },
  (t) => [uniqueIndex('lookup_values_type_code_idx').on(t.typeId, t.code)],
);
