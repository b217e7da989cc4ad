// Texts of one feature area (account, audit logs, settings…), kept beside its screens so they load
// with the area's chunk instead of growing the shell's initial bundle. Same rules as the shell texts
// (texts.ts): English is the source and types the keys; other languages fall back to English, never
// to the raw key; `{0}` placeholders are filled by `format`.
import { format } from './texts.ts';

export type AreaTexts<Keys extends string> = {
  en: Record<Keys, string>;
  ar: Partial<Record<Keys, string>>;
  fr: Partial<Record<Keys, string>>;
  hy: Partial<Record<Keys, string>>;
};

/** An area's texts with every language complete (no fallback to English): a missing key is a type error. */
export type CompleteAreaTexts<Keys extends string> = { [Language in keyof AreaTexts<Keys>]: Record<Keys, string> };

export type AreaTranslate<Keys extends string> = (key: Keys, ...args: Array<string | number>) => string;

/** Returns the translator factory of an area: `const t = areaTexts(culture)`. */
export function defineTexts<Keys extends string>(sets: AreaTexts<Keys>): (culture: string) => AreaTranslate<Keys> {
  const byLanguage: Record<string, Partial<Record<Keys, string>>> = sets;
  return (culture) => {
    const chosen = byLanguage[culture.split(/[-_]/)[0]!.toLowerCase()] ?? sets.en;
    return (key, ...args) => format(chosen[key] ?? sets.en[key], args);
  };
}
