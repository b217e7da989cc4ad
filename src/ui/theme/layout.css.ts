// Container width classes (spec 9: boxed order 0, full order 1 default, fixed 'Fluid' order 2).
// Boxed caps the content width and centres it; Full Width spans the viewport with gutters; Fluid
// (fixed) spans edge to edge with the smallest gutters. Logical properties, so RTL needs nothing.
import { style } from '@vanilla-extract/css';
import { mediaUp } from './breakpoints.ts';
import type { ContainerWidth } from './theme-names.ts';
import { vars } from './theme.css.ts';

const gutters = {
  paddingInline: vars.space.lg,
  '@media': { [mediaUp('lg')]: { paddingInline: vars.space.xl } },
} as const;

export const containerClass: Record<ContainerWidth, string> = {
  boxed: style({ ...gutters, inlineSize: '100%', maxInlineSize: '1320px', marginInline: 'auto' }),
  full: style({ ...gutters, inlineSize: '100%' }),
  fixed: style({ inlineSize: '100%', paddingInline: vars.space.sm }),
};

/** Vertical rhythm for forms and pages: children spaced evenly, no margins needed. */
export const stackClass = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minInlineSize: 0 });

/** A wrapping row (toolbars, filter bars, button groups). */
export const clusterClass = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.sm });

/** Form fields in one column on phones, two from md up. */
export const formGridClass = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
  '@media': { [mediaUp('md')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

/** Save / cancel row at the end of a form, aligned to the inline end. */
export const formActionsClass = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: vars.space.sm });
