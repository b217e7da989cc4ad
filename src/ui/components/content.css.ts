// Tabs, badges, cards and breadcrumbs. Rules: the selected tab is marked by an underline and weight
// (not colour alone); tabs keep their whole label and a list wider than its place scrolls sideways
// (never cut off or wrapped); badge text on its own background is >= 4.5:1 in every theme.
import { style, styleVariants } from '@vanilla-extract/css';
import type { BadgeVariant } from '../status.ts';
import { focusRing, vars } from '../theme/theme.css.ts';

export const tabs = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minInlineSize: 0 });

export const tabList = style({
  display: 'flex',
  gap: vars.space.xs,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  minInlineSize: 0,
  maxInlineSize: '100%',
  overflowX: 'auto',
  overflowY: 'hidden',
  overscrollBehaviorInline: 'contain',
  scrollbarWidth: 'thin',
});

export const tab = style({
  flexShrink: 0,
  // A tab reached by keyboard scrolls into view with some of its neighbour showing.
  scrollMarginInline: vars.space.xl,
  paddingInline: vars.space.md,
  paddingBlock: vars.space.sm,
  marginBlockEnd: '-1px',
  borderBlockEnd: '2px solid transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { color: vars.color.text },
    '&[data-selected]': { color: vars.color.text, borderBlockEndColor: vars.color.primary, fontWeight: vars.fontWeight.bold },
    '&[data-focus-visible]': { ...focusRing, outlineOffset: '-2px' },
    '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

export const tabPanel = style({ outline: 'none', selectors: { '&[data-focus-visible]': focusRing } });

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  paddingInline: vars.space.sm,
  paddingBlock: '0.0625rem',
  borderRadius: vars.radius.full,
  border: '1px solid transparent',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.normal,
  whiteSpace: 'nowrap',
});

export const badgeVariant: Record<BadgeVariant, string> = styleVariants(vars.color.status, (c) => ({
  backgroundColor: c.bg,
  color: c.fg,
  borderColor: c.border,
}));

export const card = style({
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  minInlineSize: 0,
});

export const cardHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  paddingInline: vars.space.lg,
  paddingBlock: vars.space.md,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });
export const cardActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const cardBody = style({ padding: vars.space.lg });
export const cardBodyFlush = style({ padding: 0 });

export const breadcrumbs = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  listStyle: 'none',
  margin: 0,
  padding: 0,
  fontSize: vars.fontSize.sm,
});

export const breadcrumb = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, color: vars.color.textMuted });

export const breadcrumbSeparator = style({ marginInline: vars.space.xs, color: vars.color.textMuted });
export const breadcrumbCurrent = style({ color: vars.color.text, fontWeight: vars.fontWeight.medium });
