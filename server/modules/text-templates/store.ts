// The contents of text templates per owner (host or one tenant) and culture. Rules:
// - an owner's edit applies to that owner's mail only: a tenant reads its own rows, the host its
//   own (tenant_id null); neither sees the other's (as ABP's text template store);
// - the content for a culture: the owner's row for that culture, else the owner's inline row
//   (culture ''), else the definition's default;
// - nothing is cached: mail is rare and every instance reads the database, so an edit is in the
//   very next mail on every instance;
// - a content is checked before it is stored (parse and a trial render with the sample model):
//   a refusal is a 400 naming the line and column, and nothing is written.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { textTemplateContents } from '../../db/schema/index.ts';
import { AppError, invalidField } from '../../errors.ts';
import { findLanguage } from '../../localization/index.ts';
import { tenantLanguages } from '../language-management/overrides.ts';
import { findDefinition, type TemplateDefinition } from './definitions.ts';
import { parseTemplate, positionOf } from './engine.ts';
import { renderDocument } from './render.ts';

type Db = AppContext['db'];

const ownerIs = (tenantId: string | null) =>
  tenantId ? eq(textTemplateContents.tenantId, tenantId) : isNull(textTemplateContents.tenantId);

export function definitionOrNotFound(name: string): TemplateDefinition {
  const definition = findDefinition(name);
  if (!definition) {
    throw new AppError({
      status: 404,
      code: 'Volo.Abp.TextTemplateManagement:TemplateNotFound',
      text: { key: 'TextTemplateManagement::TemplateNotFound', params: [name] },
    });
  }
  return definition;
}

/**
 * '' for the inline content (null, absent or empty), else the culture's name as the owner's
 * languages (language management, enabled or not) or the product's languages spell it; any other
 * culture is a 400 on cultureName.
 */
export async function cultureKey(ctx: AppContext, tenantId: string | null, cultureName: string | null | undefined): Promise<string> {
  if (!cultureName) return '';
  const lower = cultureName.toLowerCase();
  const own = (await tenantLanguages(ctx, tenantId)).find((language) => language.cultureName.toLowerCase() === lower);
  if (own) return own.cultureName;
  const shipped = findLanguage(cultureName);
  if (shipped && shipped.cultureName === lower) return shipped.cultureName;
  throw invalidField('cultureName', 'TextTemplateManagement::CultureNotSupported', cultureName);
}

/** The owner's stored content for exactly this culture key, or null. */
export async function storedContent(db: Db, tenantId: string | null, name: string, key: string): Promise<string | null> {
  const [row] = await db
    .select({ content: textTemplateContents.content })
    .from(textTemplateContents)
    .where(and(ownerIs(tenantId), eq(textTemplateContents.name, name), eq(textTemplateContents.cultureName, key)))
    .limit(1);
  return row?.content ?? null;
}

/** The content that applies to a culture: the owner's culture row, its inline row, the default. */
export async function effectiveContent(db: Db, tenantId: string | null, definition: TemplateDefinition, culture: string | null) {
  const keys = culture ? [culture, ''] : [''];
  const rows = await db
    .select({ cultureName: textTemplateContents.cultureName, content: textTemplateContents.content })
    .from(textTemplateContents)
    .where(and(ownerIs(tenantId), eq(textTemplateContents.name, definition.name), inArray(textTemplateContents.cultureName, keys)));
  for (const key of keys) {
    const row = rows.find((r) => r.cultureName === key);
    if (row) return { content: row.content, isDefault: false };
  }
  return { content: definition.defaultContent, isDefault: true };
}

const syntaxError = (line: number, column: number, message: string) =>
  invalidField('content', 'TextTemplateManagement::TemplateSyntaxError', line, column, message);

/**
 * Refuses a content the engine cannot use: it must parse, and render with the sample model in the
 * culture it serves (English for the inline content). The error names line and column.
 */
export async function checkContent(ctx: AppContext, tenantId: string | null, definition: TemplateDefinition, key: string, content: string) {
  // A NUL character cannot be stored (PostgreSQL text) and has no place in a mail.
  const nul = content.indexOf('\u0000');
  if (nul >= 0) {
    const before = content.slice(0, nul).split('\n');
    throw syntaxError(before.length, before.at(-1)!.length + 1, 'NUL character');
  }
  const parsed = parseTemplate(content);
  if (!parsed.ok) throw syntaxError(parsed.line, parsed.column, parsed.message);
  try {
    await renderDocument(ctx, tenantId, definition, key || 'en', content, definition.sample);
  } catch (error) {
    const { line, column, message } = positionOf(error);
    throw syntaxError(line, column, message);
  }
}

/** Stores the owner's content for a culture key (insert or replace). */
export async function saveContent(
  ctx: AppContext,
  owner: { tenantId: string | null; userId: string | null },
  definition: TemplateDefinition,
  key: string,
  content: string,
): Promise<void> {
  await checkContent(ctx, owner.tenantId, definition, key, content);
  const now = new Date();
  const where = and(ownerIs(owner.tenantId), eq(textTemplateContents.name, definition.name), eq(textTemplateContents.cultureName, key));
  const update = () =>
    ctx.db
      .update(textTemplateContents)
      .set({ content, lastModificationTime: now, lastModifierId: owner.userId, concurrencyStamp: crypto.randomUUID().replaceAll('-', '') })
      .where(where)
      .returning({ id: textTemplateContents.id });
  if ((await update()).length) return;
  const inserted = await ctx.db
    .insert(textTemplateContents)
    .values({ tenantId: owner.tenantId, name: definition.name, cultureName: key, content, creatorId: owner.userId })
    .onConflictDoNothing()
    .returning({ id: textTemplateContents.id });
  // Another save inserted the row between the two statements: this one replaces it.
  if (!inserted.length) await update();
}

/** Drops the owner's content for a culture key: the next read falls back (inline row, then default). */
export async function restoreToDefault(db: Db, tenantId: string | null, name: string, key: string): Promise<void> {
  await db
    .delete(textTemplateContents)
    .where(and(ownerIs(tenantId), eq(textTemplateContents.name, name), eq(textTemplateContents.cultureName, key)));
}
