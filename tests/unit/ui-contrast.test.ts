// WCAG contrast of the theme palettes: text 4.5:1 (1.4.3), control borders and focus ring 3:1
// (1.4.11). Checked on the data in palettes.ts, so a colour change that breaks contrast fails here
// before axe sees a screen.
import { describe, expect, it } from 'vitest';
import { darkChrome, darkPalette, lightChrome, lightPalette, type Palette } from '../../src/ui/theme/palettes.ts';

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const palettes: [string, Palette][] = [
  ['light', lightPalette],
  ['dark', darkPalette],
];

describe.each(palettes)('%s palette', (_name, p) => {
  const backgrounds = [p.bg, p.surface, p.surfaceSunken, p.surfaceRaised, p.hover];
  it('text and muted text reach 4.5:1 on every background', () => {
    for (const bg of backgrounds) {
      expect(contrast(p.text, bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(p.textMuted, bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(p.link, bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(p.dangerText, bg)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(p.text, p.selected)).toBeGreaterThanOrEqual(4.5);
  });
  it('button labels reach 4.5:1, hovered too', () => {
    for (const bg of [p.primary, p.primaryHover]) expect(contrast(p.onPrimary, bg)).toBeGreaterThanOrEqual(4.5);
    for (const bg of [p.danger, p.dangerHover]) expect(contrast(p.onDanger, bg)).toBeGreaterThanOrEqual(4.5);
  });
  it('badges reach 4.5:1', () => {
    for (const s of Object.values(p.status)) expect(contrast(s.fg, s.bg)).toBeGreaterThanOrEqual(4.5);
  });
  it('control borders and the focus ring reach 3:1', () => {
    for (const bg of [p.bg, p.surface]) {
      expect(contrast(p.borderStrong, bg)).toBeGreaterThanOrEqual(3);
      expect(contrast(p.focusRing, bg)).toBeGreaterThanOrEqual(3);
    }
  });
});

describe.each([
  ['light', lightChrome],
  ['dark', darkChrome],
])('%s chrome', (_name, c) => {
  it('text reaches 4.5:1 on the sidebar, hovered and active', () => {
    for (const bg of [c.bg, c.hover, c.active]) {
      expect(contrast(c.text, bg)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(c.textMuted, c.bg)).toBeGreaterThanOrEqual(4.5);
  });
});
