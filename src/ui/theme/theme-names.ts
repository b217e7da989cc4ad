// Names of the appearance choices (spec 3 Appearance, 4.3, 9). Plain data: the theme machine stores
// these under LPX_THEME / LPX_LAYOUT; the CSS classes that realise them live in *.css.ts files.

export const themeNames = ['light', 'dim', 'dark'] as const;
export type ThemeName = (typeof themeNames)[number];
export type ThemeChoice = ThemeName | 'system';

export const containerWidths = ['boxed', 'full', 'fixed'] as const;
export type ContainerWidth = (typeof containerWidths)[number];
/** Full Width is the default unless a saved choice exists (spec 4.3). */
export const defaultContainerWidth: ContainerWidth = 'full';

/** The theme to apply for a choice: System follows the operating system's preference. */
export function resolveTheme(choice: ThemeChoice, prefersDark: boolean): ThemeName {
  if (choice === 'system') return prefersDark ? 'dark' : 'light';
  return choice;
}
