// Language management (ABP's Language and LanguageText): the languages of the host and of each
// tenant, and the texts an administrator changed. Rules:
// - languages are per host (null tenant) and per tenant; a culture appears once per tenant;
// - a language text row is an override of the shipped text of one resource key in one culture, for
//   the host or one tenant; restoring the default deletes the row.
import { boolean, index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrencyStamp, creationAudited, extraProperties, id, tenantId, tenantKey } from './columns.ts';

export const languages = pgTable(
  'languages',
  {
    id: id(),
    tenantId: tenantId(),
    cultureName: varchar('culture_name', { length: 10 }).notNull(),
    uiCultureName: varchar('ui_culture_name', { length: 10 }).notNull(),
    displayName: varchar('display_name', { length: 32 }).notNull(),
    flagIcon: varchar('flag_icon', { length: 48 }),
    isEnabled: boolean('is_enabled').notNull().default(true),
    ...creationAudited(),
    concurrencyStamp: concurrencyStamp(),
    extraProperties: extraProperties(),
  },
  (t) => [uniqueIndex('languages_culture_key').on(tenantKey(t.tenantId), t.cultureName)],
);

export const languageTexts = pgTable(
  'language_texts',
  {
    id: id(),
    tenantId: tenantId(),
    resourceName: varchar('resource_name', { length: 128 }).notNull(),
    cultureName: varchar('culture_name', { length: 10 }).notNull(),
    name: varchar('name', { length: 512 }).notNull(),
    value: text('value').notNull(),
    ...audited(),
  },
  (t) => [
    uniqueIndex('language_texts_key').on(tenantKey(t.tenantId), t.resourceName, t.cultureName, t.name),
    index('language_texts_culture_idx').on(t.tenantId, t.cultureName),
  ],
);
