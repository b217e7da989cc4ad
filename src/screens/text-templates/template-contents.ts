// The text templates editor's values (text-templates-screen.tsx): one tab per content (the inline
// one for every language, then each enabled language's own), the contents as loaded, and what a
// save sends.

/** One tab of the editor: `cultureName` null is the inline content, for every language. */
export type TemplateCulture = { key: string; cultureName: string | null; label: string | null };

/**
 * The tabs of the editor: the inline content (every language) first, then one per language the owner
 * has enabled (the configuration's languages, language management), labelled with its display name.
 */
export function templateCultures(languages: ReadonlyArray<{ cultureName: string; displayName: string }>): TemplateCulture[] {
  return [
    { key: 'inline', cultureName: null, label: null },
    ...languages.map((language) => ({
      // A field name holds letters, digits and underscores: `en-GB` is the key `en_GB`.
      key: language.cultureName.replace(/[^A-Za-z0-9]/g, '_'),
      cultureName: language.cultureName,
      label: language.displayName,
    })),
  ];
}

export const contentField = (key: string) => `content_${key}`;
export const loadedKey = '__loaded';
export const nameKey = '__name';

/** The contents a save sends: the tabs whose text differs from what was loaded. */
export function changedContents(values: Readonly<Record<string, unknown>>, cultures: readonly TemplateCulture[]) {
  const loaded = (values[loadedKey] ?? {}) as Record<string, string>;
  return cultures
    .filter((culture) => typeof values[contentField(culture.key)] === 'string')
    .filter((culture) => values[contentField(culture.key)] !== loaded[culture.key])
    .map((culture) => ({ key: culture.key, cultureName: culture.cultureName, content: String(values[contentField(culture.key)]) }));
}
