// The languages of the host and of each tenant, their default, and the texts an administrator
// changed (overrides), as every other part of the server reads them. Rules:
// - the host and every tenant start with en, ar, fr and hy, enabled (seeded on first read, so a new
//   tenant has them too, without a step of its own in tenant creation);
// - the default language is the Abp.Localization.DefaultLanguage setting of the tenant (else the
//   host's), stored as ABP does ("culture;uiCulture"); when it names no enabled language of the
//   tenant, the first enabled one (English first) is the default;
// - languages and overrides are cached per tenant (and culture) and dropped in every instance on
//   change through the cache bus (topics 'languages' and 'language-texts'), so an edit shows on the
//   next request wherever it lands.
import { and, eq } from 'drizzle-orm';
import { TtlCache } from '../../cache.ts';
import type { AppContext } from '../../context.ts';
import { languages, languageTexts } from '../../db/schema/index.ts';
import { defaultCulture as productDefaultCulture, type TextOverrides } from '../../localization/index.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { isRightToLeftCulture, twoLetterOf } from './cultures.ts';

export type LanguageRow = typeof languages.$inferSelect;

export const languagesTopic = 'languages';
export const languageTextsTopic = 'language-texts';
export const defaultLanguageSetting = 'Abp.Localization.DefaultLanguage';

/** The languages every host and tenant starts with. */
export const seededLanguages = [
  { cultureName: 'en', uiCultureName: 'en', displayName: 'English', flagIcon: 'gb' },
  { cultureName: 'ar', uiCultureName: 'ar', displayName: 'العربية', flagIcon: 'sa' },
  { cultureName: 'fr', uiCultureName: 'fr', displayName: 'Français', flagIcon: 'fr' },
  { cultureName: 'hy', uiCultureName: 'hy', displayName: 'Հայերեն', flagIcon: 'am' },
] as const;

interface Store {
  languages: TtlCache<LanguageRow[]>;
  overrides: TtlCache<Record<string, Record<string, string>>>;
}

const stores = new WeakMap<AppContext, Store>();
const tenantPart = (tenantId: string | null) => tenantId ?? '';

function storeOf(ctx: AppContext): Store {
  let store = stores.get(ctx);
  if (!store) {
    const created: Store = { languages: new TtlCache(60_000), overrides: new TtlCache(60_000, 2_000) };
    ctx.cache.subscribe(languagesTopic, (key) => created.languages.delete(key));
    // A text change drops its tenant's and culture's entry; key undefined drops all.
    ctx.cache.subscribe(languageTextsTopic, (key) => created.overrides.delete(key));
    stores.set(ctx, created);
    store = created;
  }
  return store;
}

async function loadLanguages(ctx: AppContext, tenantId: string | null): Promise<LanguageRow[]> {
  // Oldest first; the seeded ones (created together) in their seeded order: en, ar, fr, hy.
  const seededOrder = (culture: string) => {
    const index = seededLanguages.findIndex((l) => l.cultureName === culture);
    return index < 0 ? seededLanguages.length : index;
  };
  const read = async () =>
    (await ctx.db.select().from(languages).where(sameTenant(languages.tenantId, tenantId))).sort(
      (a, b) =>
        a.creationTime.getTime() - b.creationTime.getTime() ||
        seededOrder(a.cultureName) - seededOrder(b.cultureName) ||
        a.cultureName.localeCompare(b.cultureName),
    );
  const rows = await read();
  if (rows.length > 0) return rows;
  // First read for this host or tenant: seed the four languages (a concurrent seed is harmless).
  await ctx.db
    .insert(languages)
    .values(seededLanguages.map((l) => ({ ...l, tenantId, isEnabled: true })))
    .onConflictDoNothing();
  return read();
}

/** Every language of the host (null) or a tenant, enabled or not, oldest first. */
export const tenantLanguages = (ctx: AppContext, tenantId: string | null): Promise<LanguageRow[]> =>
  storeOf(ctx).languages.getOrLoad(tenantPart(tenantId), () => loadLanguages(ctx, tenantId));

export async function enabledLanguages(ctx: AppContext, tenantId: string | null): Promise<LanguageRow[]> {
  return (await tenantLanguages(ctx, tenantId)).filter((l) => l.isEnabled);
}

/** The culture part of the setting's "culture;uiCulture" (a bare culture is read as well). */
export const cultureOfSetting = (value: string | null | undefined) => (value ?? '').split(';')[0]!.trim();

/** The culture new visitors of the host or tenant get: its default language when enabled. */
export async function defaultCultureOf(ctx: AppContext, tenantId: string | null): Promise<string> {
  const [enabled, configured] = await Promise.all([
    enabledLanguages(ctx, tenantId),
    ctx.settings.getValue(defaultLanguageSetting, { tenantId }),
  ]);
  const wanted = cultureOfSetting(configured).toLowerCase();
  const match = enabled.find((l) => l.cultureName.toLowerCase() === wanted);
  if (match) return match.cultureName;
  return (enabled.find((l) => l.cultureName === productDefaultCulture) ?? enabled[0])?.cultureName ?? productDefaultCulture;
}

/** The language of `languages` a culture tag names: exactly, else by its language part ('fr-CA' -> fr). */
export function matchLanguage<L extends { cultureName: string }>(candidates: readonly L[], tag: string | null | undefined): L | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase();
  if (!lower) return undefined;
  return (
    candidates.find((l) => l.cultureName.toLowerCase() === lower) ??
    candidates.find((l) => l.cultureName.toLowerCase() === twoLetterOf(lower))
  );
}

/**
 * The culture of a request: the first of the cultures it names (query, cookie, Accept-Language, in
 * that order) that is an enabled language of its host or tenant, else the default language.
 */
export async function requestCultureOf(ctx: AppContext, tenantId: string | null, requested: readonly string[]): Promise<string> {
  const enabled = await enabledLanguages(ctx, tenantId);
  for (const tag of requested) {
    const found = matchLanguage(enabled, tag);
    if (found) return found.cultureName;
  }
  return defaultCultureOf(ctx, tenantId);
}

/** The languages menu of application-configuration: the enabled languages, as ABP's LanguageInfo. */
export async function languageInfos(ctx: AppContext, tenantId: string | null) {
  return (await enabledLanguages(ctx, tenantId)).map((l) => ({
    cultureName: l.cultureName,
    uiCultureName: l.uiCultureName,
    displayName: l.displayName,
    twoLetterISOLanguageName: twoLetterOf(l.cultureName),
    flagIcon: l.flagIcon,
    isRightToLeft: isRightToLeftCulture(l.cultureName),
  }));
}

const overrideKey = (tenantId: string | null, cultureName: string) => `${tenantPart(tenantId)}|${cultureName}`;

/**
 * textOverrides without a promise when they are cached (the request pipeline loads them for every
 * request: a cached hit must cost no await, issue 16).
 */
export function textOverridesNow(ctx: AppContext, tenantId: string | null, cultureName: string): TextOverrides | Promise<TextOverrides> {
  return storeOf(ctx).overrides.get(overrideKey(tenantId, cultureName)) ?? textOverrides(ctx, tenantId, cultureName);
}

/** The texts the host or a tenant changed in one culture: resource -> key -> value. */
export function textOverrides(
  ctx: AppContext,
  tenantId: string | null,
  cultureName: string,
): Promise<Record<string, Record<string, string>>> {
  return storeOf(ctx).overrides.getOrLoad(overrideKey(tenantId, cultureName), async () => {
    const rows = await ctx.db
      .select({ resourceName: languageTexts.resourceName, name: languageTexts.name, value: languageTexts.value })
      .from(languageTexts)
      .where(and(sameTenant(languageTexts.tenantId, tenantId), eq(languageTexts.cultureName, cultureName)));
    const result: Record<string, Record<string, string>> = {};
    for (const row of rows) {
      const values = result[row.resourceName] ?? {};
      values[row.name] = row.value;
      result[row.resourceName] = values;
    }
    return result;
  });
}

/** Resource texts with the host's or tenant's overrides of that culture laid over them (a new object). */
export async function withOverrides(
  ctx: AppContext,
  tenantId: string | null,
  cultureName: string,
  texts: Record<string, Record<string, string>>,
): Promise<Record<string, Record<string, string>>> {
  const overrides = await textOverrides(ctx, tenantId, cultureName);
  const result: Record<string, Record<string, string>> = { ...texts };
  for (const [resource, values] of Object.entries(overrides)) result[resource] = { ...(result[resource] ?? {}), ...values };
  return result;
}

export const languagesChanged = (ctx: AppContext, tenantId: string | null) => ctx.cache.publish(languagesTopic, tenantPart(tenantId));
export const textsChanged = (ctx: AppContext, tenantId: string | null, cultureName: string) =>
  ctx.cache.publish(languageTextsTopic, overrideKey(tenantId, cultureName));
