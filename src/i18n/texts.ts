// Bundled texts of the shell in English, Arabic, French and Armenian (the server's languages). Rules:
// - English is the source: its keys type every other language (a missing key is a compile error in
//   the English set only; other languages fall back to English, never to the raw key).
// - `{0}`-style placeholders are filled by `format`; no text is built by concatenation in JSX.
// - Kept in one module so the initial chunk needs no extra request; the cookie and privacy policy
//   bodies live with their screen (their own chunk).
import { ar } from './texts-ar.ts';
import { en } from './texts-en.ts';
import { fr } from './texts-fr.ts';
import { hy } from './texts-hy.ts';

export type TextKey = keyof typeof en;
export type Texts = Partial<Record<TextKey, string>>;

export const bundledLanguages = [
  { cultureName: 'en', displayName: 'English' },
  { cultureName: 'ar', displayName: 'العربية' },
  { cultureName: 'fr', displayName: 'Français' },
  { cultureName: 'hy', displayName: 'Հայերեն' },
] as const;

const byLanguage: Record<string, Texts> = { en, ar, fr, hy };

/** The texts of a culture ('fr-FR' → fr), English for anything unknown. */
export function textsFor(culture: string): (key: TextKey, ...args: Array<string | number>) => string {
  const language = culture.split(/[-_]/)[0]!.toLowerCase();
  const chosen = byLanguage[language] ?? en;
  return (key, ...args) => format(chosen[key] ?? en[key], args);
}

export function format(text: string, args: ReadonlyArray<string | number>): string {
  return text.replace(/\{(\d+)\}/g, (match, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? match : String(value);
  });
}
