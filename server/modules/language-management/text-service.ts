// Language texts of the host or the current tenant (/api/language-management/language-texts, ABP's
// LanguageTextAppService), the missing-translations report and the export/import of one language.
// Rules:
// - the keys of a resource are its English texts (the product's source language); a text's value is
//   the host's or tenant's override in that culture, else the shipped text, else null (missing);
// - base and target cultures must be languages of the host or tenant, the resource one the server
//   holds and the key one of the resource's (400/404 otherwise, nothing changes);
// - a value is checked as a message of its resource's kind (ICU for the product's own, ABP's {0}
//   for ABP's) before it is stored; a malformed one is refused with the position of the error;
// - a value equal to the shipped text stores no override (it removes one); restore removes it;
// - import stores only values that differ from what the language shows now, all in one transaction,
//   after every entry was checked: a bad file or a bad entry changes nothing.
import { and, eq } from 'drizzle-orm';
import type { PagedResult } from '../../../contract/common.ts';
import type {
  ExportLanguageTextsInput,
  GetLanguagesTextsInput,
  ImportLanguageTextsInput,
  ImportLanguageTextsResultDto,
  LanguageTextDto,
  MissingTextsReportDto,
} from '../../../contract/language-management.ts';
import type { AppContext } from '../../context.ts';
import { languageTexts } from '../../db/schema/index.ts';
import { notFound, validationError } from '../../errors.ts';
import { catalogueResourceNames, messageKind, shippedTexts } from '../../localization/catalogue.ts';
import { checkMessage } from '../../localization/message-syntax.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { languageKey } from './language-service.ts';
import { tenantLanguages, textOverrides, textsChanged } from './overrides.ts';
import { readJson, readXliff, type TextFile, TextFileError, writeJson, writeXliff } from './text-files.ts';

const sourceCulture = 'en';

const invalid = (member: string, key: string, ...params: Array<string | number>) =>
  validationError([{ message: { key, params }, members: [member] }]);

/** The culture name of a language of the host or tenant (any case, 'fr-FR' never matches 'fr' here). */
async function languageCulture(ctx: AppContext, tenantId: string | null, member: string, name: string): Promise<string> {
  const all = await tenantLanguages(ctx, tenantId);
  const found = all.find((l) => l.cultureName.toLowerCase() === name.trim().toLowerCase());
  if (!found) throw invalid(member, languageKey('UnknownLanguage'), name);
  return found.cultureName;
}

/** The base culture: a language of the host or tenant; by default English, the source, which always has its texts. */
async function baseCulture(ctx: AppContext, tenantId: string | null, name: string | undefined): Promise<string> {
  const wanted = name?.trim();
  if (!wanted || wanted.toLowerCase() === sourceCulture) return sourceCulture;
  return languageCulture(ctx, tenantId, 'baseCultureName', wanted);
}

function resourceOf(member: string, name: string): string {
  const found = catalogueResourceNames().find((r) => r.toLowerCase() === name.trim().toLowerCase());
  if (!found) throw invalid(member, languageKey('UnknownResource'), name);
  return found;
}

/** What a culture shows for every key of a resource: override, else shipped, else null. */
async function effectiveTexts(ctx: AppContext, tenantId: string | null, resource: string, culture: string) {
  const keys = Object.keys(shippedTexts(resource, sourceCulture));
  const shipped = shippedTexts(resource, culture);
  const overrides = (await textOverrides(ctx, tenantId, culture))[resource] ?? {};
  const values = new Map<string, { value: string | null; isChanged: boolean }>();
  for (const key of keys) {
    const override = overrides[key];
    values.set(key, override !== undefined ? { value: override, isChanged: true } : { value: shipped[key] ?? null, isChanged: false });
  }
  return values;
}

async function textRows(
  ctx: AppContext,
  tenantId: string | null,
  input: Omit<GetLanguagesTextsInput, 'skipCount' | 'maxResultCount' | 'sorting'>,
  currentCulture: string,
): Promise<LanguageTextDto[]> {
  const resources = input.resourceName?.trim() ? [resourceOf('resourceName', input.resourceName)] : catalogueResourceNames();
  const baseCultureName = await baseCulture(ctx, tenantId, input.baseCultureName);
  const cultureName = await languageCulture(ctx, tenantId, 'targetCultureName', input.targetCultureName?.trim() || currentCulture);
  const text = input.filter?.trim().toLowerCase();
  const rows: LanguageTextDto[] = [];
  for (const resourceName of resources) {
    const [base, target] = await Promise.all([
      effectiveTexts(ctx, tenantId, resourceName, baseCultureName),
      effectiveTexts(ctx, tenantId, resourceName, cultureName),
    ]);
    for (const [name, { value, isChanged }] of target) {
      const baseValue = base.get(name)?.value ?? null;
      if (input.getOnlyEmptyValues && value) continue;
      if (text && ![name, baseValue ?? '', value ?? ''].some((v) => v.toLowerCase().includes(text))) continue;
      rows.push({ resourceName, cultureName, baseCultureName, baseValue, name, value, isChanged });
    }
  }
  return rows;
}

const sortKeys: Record<string, (row: LanguageTextDto) => string> = {
  name: (r) => r.name.toLowerCase(),
  resourcename: (r) => r.resourceName.toLowerCase(),
  basevalue: (r) => (r.baseValue ?? '').toLowerCase(),
  value: (r) => (r.value ?? '').toLowerCase(),
};

function sortTexts(rows: LanguageTextDto[], sorting: string | undefined): LanguageTextDto[] {
  const terms = (sorting?.trim() ? sorting.split(',') : ['resourceName asc', 'name asc']).map((part) => {
    const [field = '', direction = 'asc', ...rest] = part.trim().split(/\s+/);
    const key = sortKeys[field.toLowerCase()];
    const dir = direction.toLowerCase();
    if (!key || rest.length || (dir !== 'asc' && dir !== 'desc'))
      throw invalid('sorting', 'AbpValidation::The field {0} is invalid.', 'sorting');
    return { key, sign: dir === 'desc' ? -1 : 1 };
  });
  const unique = (r: LanguageTextDto) => `${r.resourceName}\u0000${r.name}`;
  return [...rows].sort((a, b) => {
    for (const { key, sign } of terms) {
      const x = key(a);
      const y = key(b);
      if (x < y) return -sign;
      if (x > y) return sign;
    }
    return unique(a) < unique(b) ? -1 : unique(a) > unique(b) ? 1 : 0;
  });
}

export async function listTexts(
  ctx: AppContext,
  tenantId: string | null,
  input: GetLanguagesTextsInput,
  currentCulture: string,
): Promise<PagedResult<LanguageTextDto>> {
  const rows = sortTexts(await textRows(ctx, tenantId, input, currentCulture), input.sorting);
  const offset = input.skipCount ?? 0;
  const limit = input.maxResultCount ?? 10;
  return { totalCount: rows.length, items: rows.slice(offset, offset + limit) };
}

interface TextAddress {
  resourceName: string;
  cultureName: string;
  name: string;
}

async function addressOf(ctx: AppContext, tenantId: string | null, params: TextAddress): Promise<TextAddress> {
  const resourceName = resourceOf('resourceName', params.resourceName);
  const cultureName = await languageCulture(ctx, tenantId, 'cultureName', params.cultureName);
  if (!(params.name in shippedTexts(resourceName, sourceCulture))) throw notFound('LanguageText', `${resourceName}:${params.name}`);
  return { resourceName, cultureName, name: params.name };
}

export async function getText(
  ctx: AppContext,
  tenantId: string | null,
  params: TextAddress,
  baseCultureName: string | undefined,
): Promise<LanguageTextDto> {
  const address = await addressOf(ctx, tenantId, params);
  const base = await baseCulture(ctx, tenantId, baseCultureName);
  const [target, source] = await Promise.all([
    effectiveTexts(ctx, tenantId, address.resourceName, address.cultureName),
    effectiveTexts(ctx, tenantId, address.resourceName, base),
  ]);
  const own = target.get(address.name)!;
  return {
    ...address,
    baseCultureName: base,
    baseValue: source.get(address.name)?.value ?? null,
    value: own.value,
    isChanged: own.isChanged,
  };
}

function checkValue(resourceName: string, value: string, member = 'value'): void {
  const check = checkMessage(value, messageKind(resourceName));
  if (!check.ok) throw invalid(member, languageKey('MalformedText'), check.offset + 1, check.message);
}

export async function updateText(
  ctx: AppContext,
  tenantId: string | null,
  userId: string | null,
  params: TextAddress,
  value: string | undefined,
): Promise<void> {
  const address = await addressOf(ctx, tenantId, params);
  if (value === undefined || value.trim() === '') throw invalid('value', 'AbpValidation::The {0} field is required.', 'value');
  checkValue(address.resourceName, value);
  await storeValues(ctx, tenantId, userId, address.cultureName, [{ resourceName: address.resourceName, name: address.name, value }]);
}

export async function restoreText(ctx: AppContext, tenantId: string | null, params: TextAddress): Promise<void> {
  const address = await addressOf(ctx, tenantId, params);
  await ctx.db
    .delete(languageTexts)
    .where(
      and(
        sameTenant(languageTexts.tenantId, tenantId),
        eq(languageTexts.resourceName, address.resourceName),
        eq(languageTexts.cultureName, address.cultureName),
        eq(languageTexts.name, address.name),
      ),
    );
  await textsChanged(ctx, tenantId, address.cultureName);
}

/** Stores values in one transaction: an override per value, none where it equals the shipped text. */
async function storeValues(
  ctx: AppContext,
  tenantId: string | null,
  userId: string | null,
  cultureName: string,
  values: Array<{ resourceName: string; name: string; value: string }>,
): Promise<void> {
  if (!values.length) return;
  await ctx.db.transaction(async (tx) => {
    for (const { resourceName, name, value } of values) {
      const where = and(
        sameTenant(languageTexts.tenantId, tenantId),
        eq(languageTexts.resourceName, resourceName),
        eq(languageTexts.cultureName, cultureName),
        eq(languageTexts.name, name),
      );
      if (shippedTexts(resourceName, cultureName)[name] === value) {
        await tx.delete(languageTexts).where(where);
        continue;
      }
      const updated = await tx
        .update(languageTexts)
        .set({ value, lastModificationTime: new Date(), lastModifierId: userId })
        .where(where)
        .returning({ id: languageTexts.id });
      if (!updated.length) await tx.insert(languageTexts).values({ tenantId, resourceName, cultureName, name, value, creatorId: userId });
    }
  });
  await textsChanged(ctx, tenantId, cultureName);
}

export async function missingTexts(ctx: AppContext, tenantId: string | null, cultureName: string): Promise<MissingTextsReportDto> {
  const culture = await languageCulture(ctx, tenantId, 'cultureName', cultureName);
  const resources: MissingTextsReportDto['resources'] = [];
  for (const resourceName of catalogueResourceNames()) {
    const values = await effectiveTexts(ctx, tenantId, resourceName, culture);
    const missingKeys = [...values].filter(([, v]) => !v.value).map(([key]) => key);
    resources.push({ resourceName, totalCount: values.size, missingCount: missingKeys.length, missingKeys });
  }
  return {
    cultureName: culture,
    totalCount: resources.reduce((sum, r) => sum + r.totalCount, 0),
    missingCount: resources.reduce((sum, r) => sum + r.missingCount, 0),
    resources,
  };
}

export async function exportTexts(
  ctx: AppContext,
  tenantId: string | null,
  input: ExportLanguageTextsInput,
  currentCulture: string,
): Promise<{ fileName: string; contentType: string; content: string }> {
  const rows = sortTexts(await textRows(ctx, tenantId, input, currentCulture), undefined);
  const cultureName =
    rows[0]?.cultureName ?? (await languageCulture(ctx, tenantId, 'targetCultureName', input.targetCultureName || currentCulture));
  const baseCultureName = rows[0]?.baseCultureName ?? sourceCulture;
  const file: TextFile = {
    cultureName,
    baseCultureName,
    entries: rows.map((r) => ({ resourceName: r.resourceName, name: r.name, source: r.baseValue, value: r.value })),
  };
  const format = input.format ?? 'json';
  return format === 'xliff'
    ? { fileName: `texts-${cultureName}.xlf`, contentType: 'application/xliff+xml; charset=utf-8', content: writeXliff(file) }
    : { fileName: `texts-${cultureName}.json`, contentType: 'application/json; charset=utf-8', content: writeJson(file) };
}

export async function importTexts(
  ctx: AppContext,
  tenantId: string | null,
  userId: string | null,
  input: ImportLanguageTextsInput,
): Promise<ImportLanguageTextsResultDto> {
  let file: TextFile;
  try {
    file = input.format === 'xliff' ? readXliff(input.content) : readJson(input.content);
  } catch (error) {
    if (error instanceof TextFileError) {
      throw invalid('content', languageKey('ImportFileInvalid'), input.format === 'xliff' ? 'XLIFF 2' : 'JSON', error.message);
    }
    throw error;
  }
  const cultureName = await languageCulture(ctx, tenantId, 'cultureName', input.cultureName ?? file.cultureName);
  if (file.cultureName.toLowerCase() !== cultureName.toLowerCase()) {
    throw invalid('content', languageKey('ImportCultureMismatch'), file.cultureName, cultureName);
  }
  const resources = new Map(catalogueResourceNames().map((r) => [r, r]));
  const current = new Map<string, Map<string, { value: string | null }>>();
  const unknownKeys: string[] = [];
  const changed: Array<{ resourceName: string; name: string; value: string }> = [];
  let unchangedCount = 0;
  for (const entry of file.entries) {
    const resourceName = resources.get(entry.resourceName);
    if (!resourceName || !(entry.name in shippedTexts(resourceName, sourceCulture))) {
      unknownKeys.push(`${entry.resourceName}:${entry.name}`);
      continue;
    }
    if (!current.has(resourceName)) current.set(resourceName, await effectiveTexts(ctx, tenantId, resourceName, cultureName));
    const value = entry.value ?? '';
    // An empty target is an untranslated entry: it changes nothing.
    if (value === '' || current.get(resourceName)!.get(entry.name)?.value === value) {
      unchangedCount += 1;
      continue;
    }
    const check = checkMessage(value, messageKind(resourceName));
    if (!check.ok) throw invalid('content', languageKey('ImportMalformedText'), entry.name, resourceName, check.offset + 1, check.message);
    changed.push({ resourceName, name: entry.name, value });
  }
  await storeValues(ctx, tenantId, userId, cultureName, changed);
  return {
    cultureName,
    totalCount: file.entries.length,
    changedCount: changed.length,
    unchangedCount,
    unknownKeys,
    changed: changed.map(({ resourceName, name }) => ({ resourceName, name })),
  };
}
