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
