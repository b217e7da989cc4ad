// Layout of the audit-log widgets: the two chart cards side by side when they fit, the pie's own
// legend (the built-in one is off, see apex-stylesheet.ts) with its colour swatches.
import { style } from '@vanilla-extract/css';
// The theme contract itself: a .css.ts file is evaluated at build time, without the components.
import { vars } from '../../../ui/theme/theme.css.ts';

export const widgets = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'flex-start' });

export const range = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  border: 0,
  padding: 0,
  margin: 0,
  marginBlockEnd: vars.space.md,
});

export const legend = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs, fontSize: vars.fontSize.sm });

export const swatch = style({
  display: 'inline-block',
  inlineSize: '0.75rem',
  blockSize: '0.75rem',
  borderRadius: '2px',
  marginInlineEnd: vars.space.xs,
  verticalAlign: 'middle',
});
