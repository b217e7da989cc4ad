// Data table and pager looks. Rules: header buttons fill their cell so the whole header is the
// target; zebra-free rows with a hover tint; numeric columns align to the inline end; the table
// scrolls inside its wrapper on small screens instead of the page.
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { focusRing, vars } from '../theme/theme.css.ts';

export const wrapper = style({ position: 'relative', overflowX: 'auto', minInlineSize: 0 });

export const table = style({ inlineSize: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

export const busy = style({ opacity: 0.6 });

export const th = style({
  paddingInline: vars.space.md,
  paddingBlock: vars.space.sm,
  textAlign: 'start',
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  backgroundColor: vars.color.surfaceSunken,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  verticalAlign: 'middle',
});

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: 0,
  border: 'none',
  background: 'none',
  font: 'inherit',
  fontWeight: 'inherit',
  color: 'inherit',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  selectors: { '&[data-focus-visible]': focusRing, '&[data-hovered]': { textDecoration: 'underline' } },
});

export const sortIcon = style({ color: vars.color.textMuted });
export const sortIconActive = style({ color: vars.color.text });

export const td = style({
  paddingInline: vars.space.md,
  paddingBlock: vars.space.sm,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  verticalAlign: 'middle',
  overflowWrap: 'anywhere',
});

export const row = style({ selectors: { '&:hover': { backgroundColor: vars.color.hover } } });

export const align = styleVariants({ start: { textAlign: 'start' }, center: { textAlign: 'center' }, end: { textAlign: 'end' } });

export const actionsCell = style({ inlineSize: '3.5rem', textAlign: 'end' });

export const stateCell = style({ padding: 0 });

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.md,
  paddingInline: vars.space.md,
  paddingBlock: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
});

export const pageSize = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const pageSizeSelect = style({ flexDirection: 'row', alignItems: 'center', gap: vars.space.sm });
globalStyle(`${pageSizeSelect} > label`, { whiteSpace: 'nowrap' });
globalStyle(`${pageSizeSelect} > button`, { inlineSize: 'auto', minInlineSize: '4.5rem' });
export const pagerButtons = style({ display: 'flex', gap: vars.space.xs });
