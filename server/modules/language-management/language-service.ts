// Languages of the host or the current tenant (/api/language-management/languages, ABP's
// LanguageAppService). Rules:
// - a culture appears once per host or tenant; culture and UI culture must be cultures ICU knows
//   (canonicalized, 'pt-br' -> 'pt-BR') and cannot change after creation (ABP's update has neither);
// - the default language cannot be deleted or disabled, and a disabled language cannot become the
//   default (business errors, nothing changes);
// - set-as-default stores Abp.Localization.DefaultLanguage for the tenant (T) or the host (G) as ABP
//   does ("culture;uiCulture"); it applies to visitors whose request names no enabled language;
// - deleting a language also deletes its overridden texts; every change drops the caches everywhere.
import { and, eq } from 'drizzle-orm';
import type { PagedResult } from '../../../contract/common.ts';
import type { CreateLanguageDto, GetLanguagesTextsInput, LanguageDto, UpdateLanguageDto } from '../../../contract/language-management.ts';
import { trackEntityChange } from '../../audit/scope.ts';
import type { AppContext } from '../../context.ts';
import { languages, languageTexts } from '../../db/schema/index.ts';
import { businessError, notFound, staleConcurrencyStamp, validationError } from '../../errors.ts';
import { setSettingValue, tenantOrGlobal } from '../setting-management/store.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { canonicalCulture, isRightToLeftCulture } from './cultures.ts';
import {
  defaultCultureOf,
  defaultLanguageSetting,
  type LanguageRow,
  languagesChanged,
  tenantLanguages,
  textsChanged,
} from './overrides.ts';

export const languageKey = (name: string) => `LanguageManagement::${name}`;
const entityType = 'Volo.Abp.LanguageManagement.Language';
const newStamp = () => crypto.randomUUID().replaceAll('-', '');

export const toLanguageDto = (row: LanguageRow, defaultCulture: string): LanguageDto => ({
  id: row.id,
  cultureName: row.cultureName,
  uiCultureName: row.uiCultureName,
  displayName: row.displayName,
  flagIcon: row.flagIcon,
  isEnabled: row.isEnabled,
  isDefaultLanguage: row.cultureName === defaultCulture,
  isRightToLeft: isRightToLeftCulture(row.cultureName),
  creationTime: row.creationTime.toISOString(),
  creatorId: row.creatorId,
  concurrencyStamp: row.concurrencyStamp,
  extraProperties: row.extraProperties ?? {},
});

const sortKeys: Record<string, (row: LanguageRow) => string | number> = {
  displayname: (r) => r.displayName.toLowerCase(),
  culturename: (r) => r.cultureName.toLowerCase(),
  uiculturename: (r) => r.uiCultureName.toLowerCase(),
  isenabled: (r) => (r.isEnabled ? 1 : 0),
  creationtime: (r) => r.creationTime.getTime(),
};

/** "field [asc|desc], ..." over the language fields; an unknown one is a 400 naming sorting. */
function sortRows(rows: LanguageRow[], sorting: string | undefined): LanguageRow[] {
  const terms = (sorting?.trim() ? sorting.split(',') : ['displayName asc']).map((part) => {
    const [field = '', direction = 'asc', ...rest] = part.trim().split(/\s+/);
    const key = sortKeys[field.toLowerCase()];
    const dir = direction.toLowerCase();
    if (!key || rest.length || (dir !== 'asc' && dir !== 'desc')) {
      throw validationError([{ message: { key: 'AbpValidation::The field {0} is invalid.', params: ['sorting'] }, members: ['sorting'] }]);
    }
    return { key, sign: dir === 'desc' ? -1 : 1 };
  });
  return [...rows].sort((a, b) => {
    for (const { key, sign } of terms) {
      const x = key(a);
      const y = key(b);
      if (x < y) return -sign;
      if (x > y) return sign;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

export async function listLanguages(
  ctx: AppContext,
  tenantId: string | null,
  input: GetLanguagesTextsInput,
): Promise<PagedResult<LanguageDto>> {
  const [rows, defaultCulture] = await Promise.all([tenantLanguages(ctx, tenantId), defaultCultureOf(ctx, tenantId)]);
  const text = input.filter?.trim().toLowerCase();
  const matching = text
    ? rows.filter((r) => [r.displayName, r.cultureName, r.uiCultureName].some((v) => v.toLowerCase().includes(text)))
    : rows;
  const sorted = sortRows(matching, input.sorting);
  const offset = input.skipCount ?? 0;
  const limit = input.maxResultCount ?? 10;
  return { totalCount: matching.length, items: sorted.slice(offset, offset + limit).map((r) => toLanguageDto(r, defaultCulture)) };
}

export async function allLanguages(ctx: AppContext, tenantId: string | null): Promise<{ items: LanguageDto[] }> {
  const [rows, defaultCulture] = await Promise.all([tenantLanguages(ctx, tenantId), defaultCultureOf(ctx, tenantId)]);
  return { items: sortRows(rows, undefined).map((r) => toLanguageDto(r, defaultCulture)) };
}

async function findRow(ctx: AppContext, tenantId: string | null, id: string): Promise<LanguageRow> {
  const [row] = await ctx.db
    .select()
    .from(languages)
    .where(and(eq(languages.id, id), sameTenant(languages.tenantId, tenantId)))
    .limit(1);
  if (!row) throw notFound('Language', id);
  return row;
}

export async function getLanguage(ctx: AppContext, tenantId: string | null, id: string): Promise<LanguageDto> {
  const [row, defaultCulture] = await Promise.all([findRow(ctx, tenantId, id), defaultCultureOf(ctx, tenantId)]);
  return toLanguageDto(row, defaultCulture);
}

const track = (tenantId: string | null, before: LanguageRow | null, after: LanguageRow | null) =>
  trackEntityChange(before, after, {
    entityTypeFullName: entityType,
    entityId: (after ?? before)!.id,
    entityTenantId: tenantId,
    ignore: ['concurrencyStamp'],
  });

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';

const unknownCulture = (member: string, name: string) =>
  validationError([{ message: { key: languageKey('UnknownCulture'), params: [name] }, members: [member] }]);
const duplicateCulture = (name: string) =>
  validationError([{ message: { key: languageKey('DuplicateCultureName'), params: [name] }, members: ['cultureName'] }]);

export async function createLanguage(
  ctx: AppContext,
  tenantId: string | null,
  creatorId: string | null,
  input: CreateLanguageDto,
): Promise<LanguageDto> {
  const cultureName = canonicalCulture(input.cultureName);
  if (!cultureName) throw unknownCulture('cultureName', input.cultureName);
  const uiCultureName = canonicalCulture(input.uiCultureName);
  if (!uiCultureName) throw unknownCulture('uiCultureName', input.uiCultureName);
  const existing = await tenantLanguages(ctx, tenantId);
  if (existing.some((l) => l.cultureName.toLowerCase() === cultureName.toLowerCase())) throw duplicateCulture(cultureName);
  let row: LanguageRow;
  try {
    [row] = (await ctx.db
      .insert(languages)
      .values({
        tenantId,
        cultureName,
        uiCultureName,
        displayName: input.displayName.trim(),
        flagIcon: input.flagIcon?.trim() || null,
        isEnabled: input.isEnabled,
        creatorId,
        extraProperties: input.extraProperties ?? {},
      })
      .returning()) as [LanguageRow];
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateCulture(cultureName);
    throw error;
  }
  track(tenantId, null, row);
  await languagesChanged(ctx, tenantId);
  return toLanguageDto(row, await defaultCultureOf(ctx, tenantId));
}

export async function updateLanguage(ctx: AppContext, tenantId: string | null, id: string, input: UpdateLanguageDto): Promise<LanguageDto> {
  const existing = await findRow(ctx, tenantId, id);
  if (input.concurrencyStamp && input.concurrencyStamp !== existing.concurrencyStamp) throw staleConcurrencyStamp();
  const defaultCulture = await defaultCultureOf(ctx, tenantId);
  if (!input.isEnabled && existing.cultureName === defaultCulture) {
    throw businessError('Volo.Abp.LanguageManagement:DefaultLanguageCannotBeDisabled', languageKey('DefaultLanguageCannotBeDisabled'));
  }
  const [row] = await ctx.db
    .update(languages)
    .set({
      displayName: input.displayName.trim(),
      flagIcon: input.flagIcon?.trim() || null,
      isEnabled: input.isEnabled,
      extraProperties: input.extraProperties ?? existing.extraProperties,
      concurrencyStamp: newStamp(),
    })
    .where(and(eq(languages.id, id), eq(languages.concurrencyStamp, existing.concurrencyStamp)))
    .returning();
  if (!row) throw staleConcurrencyStamp();
  track(tenantId, existing, row);
  await languagesChanged(ctx, tenantId);
  return toLanguageDto(row, defaultCulture);
}

export async function deleteLanguage(ctx: AppContext, tenantId: string | null, id: string): Promise<void> {
  const existing = await findRow(ctx, tenantId, id);
  if (existing.cultureName === (await defaultCultureOf(ctx, tenantId))) {
    throw businessError('Volo.Abp.LanguageManagement:DefaultLanguageCannotBeDeleted', languageKey('DefaultLanguageCannotBeDeleted'));
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(languages).where(eq(languages.id, id));
    await tx
      .delete(languageTexts)
      .where(and(sameTenant(languageTexts.tenantId, tenantId), eq(languageTexts.cultureName, existing.cultureName)));
  });
  track(tenantId, existing, null);
  await languagesChanged(ctx, tenantId);
  await textsChanged(ctx, tenantId, existing.cultureName);
}

export async function setDefaultLanguage(ctx: AppContext, tenantId: string | null, id: string): Promise<void> {
  const existing = await findRow(ctx, tenantId, id);
  if (!existing.isEnabled) {
    throw businessError('Volo.Abp.LanguageManagement:DisabledLanguageCannotBeDefault', languageKey('DisabledLanguageCannotBeDefault'));
  }
  await setSettingValue(ctx, defaultLanguageSetting, `${existing.cultureName};${existing.uiCultureName}`, tenantOrGlobal(tenantId));
}
