// The text templates editor's values (text-templates-screen.tsx): one tab per content (the inline
// one for every language, then each language's own), the contents as loaded, and what a save sends.
/** The tabs of the editor: the inline content (every language), then each language's own. */
export const templateCultures = [
  { key: 'inline', cultureName: null, label: null },
  { key: 'en', cultureName: 'en', label: 'English' },
  { key: 'ar', cultureName: 'ar', label: 'العربية' },
  { key: 'fr', cultureName: 'fr', label: 'Français' },
  { key: 'hy', cultureName: 'hy', label: 'Հայերեն' },
] as const;

export const contentField = (key: string) => `content_${key}`;
export const loadedKey = '__loaded';
export const nameKey = '__name';

/** The contents a save sends: the tabs whose text differs from what was loaded. */
export function changedContents(values: Readonly<Record<string, unknown>>) {
  const loaded = (values[loadedKey] ?? {}) as Record<string, string>;
  return templateCultures
    .filter((culture) => typeof values[contentField(culture.key)] === 'string')
    .filter((culture) => values[contentField(culture.key)] !== loaded[culture.key])
    .map((culture) => ({ key: culture.key, cultureName: culture.cultureName, content: String(values[contentField(culture.key)]) }));
}
