// Tenants and editions. A tenant name is unique case-insensitively (normalized_name is upper-cased);
// an inactive tenant (activation_state Passive, or ActiveWithLimitedTime past its end) cannot be used.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { concurrencyStamp, extraProperties, fullAudited, id } from './columns.ts';

export const editions = pgTable(
  'editions',
  {
    id: id(),
    displayName: varchar('display_name', { length: 256 }).notNull(),
    planId: uuid('plan_id'),
    ...fullAudited(),
    concurrencyStamp: concurrencyStamp(),
    extraProperties: extraProperties(),
  },
  (t) => [uniqueIndex('editions_display_name_key').on(t.displayName).where(sql`${t.isDeleted} = false`)],
);

export const tenants = pgTable(
  'tenants',
  {
    id: id(),
    name: varchar('name', { length: 64 }).notNull(),
    normalizedName: varchar('normalized_name', { length: 64 }).notNull(),
    editionId: uuid('edition_id').references(() => editions.id),
    editionEndDateUtc: timestamp('edition_end_date_utc', { withTimezone: true, mode: 'date' }),
    /** 0 Active, 1 ActiveWithLimitedTime, 2 Passive */
    activationState: smallint('activation_state').notNull().default(0),
    activationEndDate: timestamp('activation_end_date', { withTimezone: true, mode: 'date' }),
    entityVersion: integer('entity_version').notNull().default(0),
    ...fullAudited(),
    concurrencyStamp: concurrencyStamp(),
    extraProperties: extraProperties(),
  },
  (t) => [
    uniqueIndex('tenants_normalized_name_key').on(t.normalizedName).where(sql`${t.isDeleted} = false`),
    index('tenants_edition_id_idx').on(t.editionId),
  ],
);
