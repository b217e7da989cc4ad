// Colour palettes of the three themes, as plain data (no CSS here, so unit tests can check contrast).
// Rules: body text on bg/surface >= 4.5:1, muted text >= 4.5:1, borders of controls >= 3:1 against
// the surface (WCAG 1.4.11), white text on primary/danger >= 4.5:1. Change a value only with the
// contrast test in tests/unit/ui-contrast.test.ts passing.

export type StatusColors = { bg: string; fg: string; border: string };

export type Palette = {
  bg: string;
  surface: string;
  surfaceSunken: string;
  surfaceRaised: string;
  border: string;
  borderStrong: string;
  text: string;
  textMuted: string;
  link: string;
  primary: string;
  primaryHover: string;
  onPrimary: string;
  danger: string;
  dangerHover: string;
  onDanger: string;
  dangerText: string;
  selected: string;
  hover: string;
  focusRing: string;
  overlay: string;
  status: { success: StatusColors; warning: StatusColors; danger: StatusColors; info: StatusColors; light: StatusColors };
};

export const lightPalette: Palette = {
  bg: '#f4f6f9',
  surface: '#ffffff',
  surfaceSunken: '#eef1f5',
  surfaceRaised: '#ffffff',
  border: '#d5dbe3',
  borderStrong: '#6b7686',
  text: '#1b2330',
  textMuted: '#4a5566',
  link: '#1d4ed8',
  primary: '#1d4ed8',
  primaryHover: '#1e40af',
  onPrimary: '#ffffff',
  danger: '#b42318',
  dangerHover: '#912018',
  onDanger: '#ffffff',
  dangerText: '#b42318',
  selected: '#dbe6fd',
  hover: '#eef1f5',
  focusRing: '#1d4ed8',
  overlay: 'rgba(15, 20, 25, 0.55)',
  status: {
    success: { bg: '#dcfce7', fg: '#14532d', border: '#86efac' },
    warning: { bg: '#fef3c7', fg: '#78350f', border: '#fcd34d' },
    danger: { bg: '#fee2e2', fg: '#7f1d1d', border: '#fca5a5' },
    info: { bg: '#dbeafe', fg: '#1e3a8a', border: '#93c5fd' },
    light: { bg: '#eef1f5', fg: '#1b2330', border: '#d5dbe3' },
  },
};

export const darkPalette: Palette = {
  bg: '#0f1419',
  surface: '#171d24',
  surfaceSunken: '#1f2630',
  surfaceRaised: '#222a35',
  border: '#2f3946',
  borderStrong: '#8391a5',
  text: '#e6ebf1',
  textMuted: '#a9b4c2',
  link: '#93c5fd',
  primary: '#2563eb',
  primaryHover: '#1d4ed8',
  onPrimary: '#ffffff',
  danger: '#c81e1e',
  dangerHover: '#a51818',
  onDanger: '#ffffff',
  dangerText: '#fca5a5',
  selected: '#1e3a8a',
  hover: '#263142',
  focusRing: '#93c5fd',
  overlay: 'rgba(0, 0, 0, 0.7)',
  status: {
    success: { bg: '#14532d', fg: '#dcfce7', border: '#22c55e' },
    warning: { bg: '#78350f', fg: '#fef3c7', border: '#f59e0b' },
    danger: { bg: '#7f1d1d', fg: '#fee2e2', border: '#ef4444' },
    info: { bg: '#1e3a8a', fg: '#dbeafe', border: '#3b82f6' },
    light: { bg: '#2f3946', fg: '#e6ebf1', border: '#4b5768' },
  },
};

/** The sidebar/header ("chrome") colours per theme: dim is the light content with dark chrome. */
export type ChromeColors = { bg: string; text: string; textMuted: string; hover: string; active: string; border: string };

export const lightChrome: ChromeColors = {
  bg: '#ffffff',
  text: '#1b2330',
  textMuted: '#4a5566',
  hover: '#eef1f5',
  active: '#dbe6fd',
  border: '#d5dbe3',
};

export const darkChrome: ChromeColors = {
  bg: '#1b2430',
  text: '#e6ebf1',
  textMuted: '#a9b4c2',
  hover: '#263142',
  active: '#1e3a8a',
  border: '#2f3946',
};
