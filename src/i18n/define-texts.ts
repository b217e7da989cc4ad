// Texts of one feature area (account, audit logs, settings…), kept beside its screens. Rules:
// - the area's module is the one source of its texts in the repository: the server serves all four
//   languages from it (resource Finance.<Area>, named from the module's path by resource-names.ts),
//   and the build keeps only English in the SPA (scripts/texts-plugin.ts), the offline fallback;
// - a text is looked up in the server's texts of the culture (overrides included), then the bundled
//   set of the culture (tests and development), then English, never the raw key;
// - texts are ICU messages formatted by the one formatter (format-text.ts, intl.ts): `{0}` fills a positional
//   argument, `{count, plural, …}` a named one (`t('selected', { count })`).
import { formatText, type MessageValue, type MessageValues, messageValues } from './format-text.ts';
import { serverText } from './server-texts.ts';

export type AreaTexts<Keys extends string> = {
  en: Record<Keys, string>;
  ar: Partial<Record<Keys, string>>;
  fr: Partial<Record<Keys, string>>;
  hy: Partial<Record<Keys, string>>;
};

/** An area's texts with every language complete (no fallback to English): a missing key is a type error. */
export type CompleteAreaTexts<Keys extends string> = { [Language in keyof AreaTexts<Keys>]: Record<Keys, string> };

export type TextArgs = Array<string | number> | [values: MessageValues];

export type AreaTranslate<Keys extends string> = (key: Keys, ...args: TextArgs) => string;

export interface AreaTextsFactory<Keys extends string> {
  (culture: string, timeZone?: string): AreaTranslate<Keys>;
  /** The sets as written (the server reads all four; the SPA's build keeps English only). */
  readonly sets: AreaTexts<Keys>;
  /** The resource the server serves the area under; set by the build, absent in tests run from source. */
  readonly resource: string | undefined;
}

/** A translator over one resource: server text, then the bundled culture, then English. */
export function translator<Keys extends string>(
  resource: string | undefined,
  sets: AreaTexts<Keys>,
  culture: string,
  timeZone?: string,
): AreaTranslate<Keys> {
  const language = culture.split(/[-_]/)[0]!.toLowerCase();
  const bundled = (sets as Record<string, Partial<Record<Keys, string>>>)[language] ?? sets.en;
  return (key, ...args) => {
    const text = (resource && serverText(resource, language, key)) || bundled[key] || sets.en[key] || key;
    // The formatter is looked up per call: the user's time zone may arrive after the translator is made.
    return formatText(culture, timeZone, key, text, messageValues(args as Array<MessageValue | MessageValues>));
  };
}

/** Returns the translator factory of an area: `const t = areaTexts(culture)`. */
export function defineTexts<Keys extends string>(sets: AreaTexts<Keys>, resource?: string): AreaTextsFactory<Keys> {
  const factory = (culture: string, timeZone?: string) => translator(resource, sets, culture, timeZone);
  return Object.assign(factory, { sets, resource });
}
