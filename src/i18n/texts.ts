// Bundled texts of the shell in English, Arabic, French and Armenian (the server's languages). Rules:
// - English is the source: its keys type every other language (a missing key is a compile error in
//   the English set only; other languages fall back to English, never to the raw key).
// - These modules are the source the server serves as resource Finance.Shell; the build keeps only
//   English in the SPA (scripts/texts-plugin.ts), the texts of the culture come from the server
//   (server-texts.ts) with overrides applied.
// - Texts are ICU messages formatted by the one formatter (intl.ts); no text is built by
//   concatenation in JSX.
import { type AreaTexts, translator } from './define-texts.ts';
import type { MessageValues } from './format-text.ts';
import { shellResourceName } from './resource-names.ts';
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

export const shellTextSets: AreaTexts<TextKey> = { en, ar, fr, hy };

/** The texts of a culture ('fr-FR' → fr), English for anything unknown. */
export function textsFor(
  culture: string,
  timeZone?: string,
): (key: TextKey, ...args: Array<string | number> | [values: MessageValues]) => string {
  return translator(shellResourceName, shellTextSets, culture, timeZone);
}
