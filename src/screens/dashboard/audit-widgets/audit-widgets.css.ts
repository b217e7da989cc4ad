// Layout of the audit-log widgets: two cards of the dashboard's grid, each as tall as its row, the
// chart centred in its card (273x136, spec 9) with the pie's own legend beside it (the built-in one is
// off, see apex-stylesheet.ts) and its colour swatches.
import { style } from '@vanilla-extract/css';
// The theme contract itself: a .css.ts file is evaluated at build time, without the components.
import { vars } from '../../../ui/theme/theme.css.ts';

export const cell = style({ display: 'grid', minInlineSize: 0 });

export const card = style({ blockSize: '100%' });

export const chart = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.lg,
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
