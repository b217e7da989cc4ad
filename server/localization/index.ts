// Texts the server sends (errors, login page, e-mails, the application-localization endpoint) come
// from the catalogue (catalogue.ts): ABP's and the server's resources/<Resource>/<culture>.json files
// and the SPA's areas. English is the default and the fallback for every missing key; a key missing
// everywhere renders as the key itself.
import type { LocalizableText } from '../errors.ts';
import { catalogueResourceNames, shippedTexts } from './catalogue.ts';

export interface Language {
  cultureName: string;
  uiCultureName: string;
  displayName: string;
  twoLetterISOLanguageName: string;
  flagIcon: string | null;
  isRightToLeft: boolean;
  englishName: string;
}

export const languages: readonly Language[] = [
  {
    cultureName: 'en',
    uiCultureName: 'en',
    displayName: 'English',
    englishName: 'English',
    twoLetterISOLanguageName: 'en',
    flagIcon: null,
    isRightToLeft: false,
  },
  {
    cultureName: 'ar',
    uiCultureName: 'ar',
    displayName: 'العربية',
    englishName: 'Arabic',
    twoLetterISOLanguageName: 'ar',
    flagIcon: null,
    isRightToLeft: true,
  },
  {
    cultureName: 'fr',
    uiCultureName: 'fr',
    displayName: 'Français',
    englishName: 'French',
    twoLetterISOLanguageName: 'fr',
    flagIcon: null,
    isRightToLeft: false,
  },
  {
    cultureName: 'hy',
    uiCultureName: 'hy',
    displayName: 'Հայերեն',
    englishName: 'Armenian',
    twoLetterISOLanguageName: 'hy',
    flagIcon: null,
    isRightToLeft: false,
  },
];

export const defaultCulture = 'en';

type Resources = Record<string, Record<string, string>>;

// Every resource of the catalogue (ABP's, the server's own, the SPA's areas) by culture.
function loadResources(): Map<string, Resources> {
  const byCulture = new Map<string, Resources>(languages.map((l) => [l.cultureName, {}]));
  for (const resource of catalogueResourceNames()) {
    for (const language of languages) {
      byCulture.get(language.cultureName)![resource] = shippedTexts(resource, language.cultureName);
    }
  }
  return byCulture;
}

const resources = loadResources();

export function findLanguage(culture: string | undefined | null): Language | undefined {
  if (!culture) return undefined;
  const lower = culture.toLowerCase();
  return languages.find((l) => l.cultureName === lower) ?? languages.find((l) => l.cultureName === lower.split(/[-_]/)[0]);
}

/** Picks the first supported culture of an Accept-Language header (quality order). */
export function cultureFromAcceptLanguage(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((p) => p.tag && p.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const found = findLanguage(tag);
    if (found) return found.cultureName;
  }
  return undefined;
}

/**
 * Resource texts for one culture with English underneath, as the application-localization endpoint
 * serves them; computed once per culture and frozen (copy before applying overrides).
 */
const mergedByCulture = new Map<string, Resources>();

export function resourceTexts(culture: string, onlyDynamics = false): Record<string, Record<string, string>> {
  if (onlyDynamics) return {};
  const cached = mergedByCulture.get(culture);
  if (cached) return cached;
  const base = resources.get(defaultCulture) ?? {};
  const own = resources.get(culture) ?? {};
  const merged: Resources = {};
  for (const name of new Set([...Object.keys(base), ...Object.keys(own)])) {
    merged[name] = Object.freeze({ ...(base[name] ?? {}), ...(own[name] ?? {}) });
  }
  Object.freeze(merged);
  mergedByCulture.set(culture, merged);
  return merged;
}

/** The texts an owner (host or tenant) changed in one culture through language management: resource -> key -> value. */
export type TextOverrides = Readonly<Record<string, Readonly<Record<string, string>>>>;

function lookup(culture: string, resource: string, key: string, overrides?: TextOverrides | null): string | undefined {
  return overrides?.[resource]?.[key] ?? resources.get(culture)?.[resource]?.[key] ?? resources.get(defaultCulture)?.[resource]?.[key];
}

/** Formats "{0} {1}" placeholders. */
export function formatText(template: string, params: ReadonlyArray<string | number> = []): string {
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = params[Number(index)];
    return value === undefined ? whole : String(value);
  });
}

/** Localizes "Resource::Key" (or a LocalizableText) into the given culture, as shipped (no owner's edits). */
export function localize(culture: string, text: LocalizableText | string, ...params: Array<string | number>): string {
  return localizeWith(null, culture, text, ...params);
}

/**
 * The one override-aware look-up every server-produced text goes through: "Resource::Key" (or a
 * LocalizableText) in the culture, the owner's edit of that culture first (language management's
 * textOverrides, loaded for the request in the request pipeline), else the shipped text of the
 * culture, else English, else the key itself.
 */
export function localizeWith(
  overrides: TextOverrides | null | undefined,
  culture: string,
  text: LocalizableText | string,
  ...params: Array<string | number>
): string {
  const { key, params: own } = typeof text === 'string' ? { key: text, params } : text;
  const [resource, name] = key.includes('::') ? (key.split('::', 2) as [string, string]) : ['Finance', key];
  const template = lookup(culture, resource, name, overrides) ?? name;
  return formatText(template, own ?? params);
}
