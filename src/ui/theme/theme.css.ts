// The theme contract and the three themes. Rules: components read colours only through `vars`,
// never literal colours, so a theme class on <html> (themeClass.light|dim|dark) restyles everything;
// :root carries the light values so a page without a class is still readable. Dim ("Semi-Dark") is
// the light palette with dark chrome: elements marked with `chromeClass` (sidebar, header) switch
// the whole palette to dark there, so any component inside them stays legible.
import { assignVars, createGlobalTheme, createTheme, createThemeContract, globalStyle, style } from '@vanilla-extract/css';
import type { ThemeName } from './theme-names.ts';
import { type ChromeColors, darkChrome, darkPalette, lightChrome, lightPalette, type Palette } from './palettes.ts';

const statusShape = { bg: null, fg: null, border: null };

const colorShape = {
  bg: null,
  surface: null,
  surfaceSunken: null,
  surfaceRaised: null,
  border: null,
  borderStrong: null,
  text: null,
  textMuted: null,
  link: null,
  primary: null,
  primaryHover: null,
  onPrimary: null,
  danger: null,
  dangerHover: null,
  onDanger: null,
  dangerText: null,
  selected: null,
  hover: null,
  focusRing: null,
  overlay: null,
  status: { success: statusShape, warning: statusShape, danger: statusShape, info: statusShape, light: statusShape },
};

export const vars = createThemeContract({
  color: colorShape,
  chrome: { bg: null, text: null, textMuted: null, hover: null, active: null, border: null },
  space: { none: null, xxs: null, xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  radius: { sm: null, md: null, lg: null, full: null },
  font: { body: null, mono: null },
  fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  fontWeight: { regular: null, medium: null, bold: null },
  lineHeight: { tight: null, normal: null },
  shadow: { sm: null, md: null, lg: null },
  focus: { width: null, offset: null },
  zIndex: { sticky: null, overlay: null, toast: null },
});

// Everything but colours is the same in every theme.
const shared = {
  space: { none: '0', xxs: '0.125rem', xs: '0.25rem', sm: '0.5rem', md: '0.75rem', lg: '1rem', xl: '1.5rem', xxl: '2rem' },
  radius: { sm: '0.25rem', md: '0.375rem', lg: '0.5rem', full: '9999px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  },
  fontSize: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.375rem', xxl: '1.75rem' },
  fontWeight: { regular: '400', medium: '500', bold: '600' },
  lineHeight: { tight: '1.25', normal: '1.5' },
  focus: { width: '2px', offset: '2px' },
  zIndex: { sticky: '10', overlay: '100', toast: '200' },
};

function tokens(color: Palette, chrome: ChromeColors, shadowAlpha: number) {
  const shadow = {
    sm: `0 1px 2px rgba(0, 0, 0, ${shadowAlpha})`,
    md: `0 4px 12px rgba(0, 0, 0, ${shadowAlpha * 1.5})`,
    lg: `0 12px 32px rgba(0, 0, 0, ${shadowAlpha * 2})`,
  };
  return { ...shared, color, chrome, shadow };
}

const lightTokens = tokens(lightPalette, lightChrome, 0.08);
const dimTokens = tokens(lightPalette, darkChrome, 0.08);
const darkTokens = tokens(darkPalette, darkChrome, 0.3);

// Declared first: the theme classes below come later in the file and win on <html>.
createGlobalTheme(':root', vars, lightTokens);

export const themeClass: Record<ThemeName, string> = {
  light: createTheme(vars, lightTokens, 'light'),
  dim: createTheme(vars, dimTokens, 'dim'),
  dark: createTheme(vars, darkTokens, 'dark'),
};

// Native controls (scrollbars, date pickers) follow the page.
globalStyle(`:root, .${themeClass.light}, .${themeClass.dim}`, { colorScheme: 'light' });
globalStyle(`.${themeClass.dark}`, { colorScheme: 'dark' });

/** Put on the sidebar and the header: dark there in the dim and dark themes. */
export const chromeClass = style({
  backgroundColor: vars.chrome.bg,
  color: vars.chrome.text,
  selectors: {
    [`.${themeClass.dim} &`]: { vars: assignVars(vars.color, darkPalette), colorScheme: 'dark' },
  },
});

/** The outline every focusable element shows when focused by keyboard. */
export const focusRing = {
  outline: `${vars.focus.width} solid ${vars.color.focusRing}`,
  outlineOffset: vars.focus.offset,
} as const;
