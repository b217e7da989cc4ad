// Text template contents edited through text template management (ABP's TextTemplateContent): one
// row per owner (host: tenant_id null; or a tenant), template name and culture ('' is the
// inline-localized content that serves every culture). A template without a row renders its
// default content, which lives in code (server/modules/text-templates/definitions.ts).
import { pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrencyStamp, id, tenantId, tenantKey } from './columns.ts';

export const textTemplateContents = pgTable(
  'text_template_contents',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 128 }).notNull(),
    /** '' for the inline-localized content (every culture), else the culture it serves. */
    cultureName: varchar('culture_name', { length: 10 }).notNull().default(''),
    content: text('content').notNull(),
    concurrencyStamp: concurrencyStamp(),
    ...audited(),
  },
  (t) => [uniqueIndex('text_template_contents_key').on(tenantKey(t.tenantId), t.name, t.cultureName)],
);
