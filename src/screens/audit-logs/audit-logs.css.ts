// Styles of the audit logging screen. Rules: theme variables only (contrast is checked on the
// palettes: the changed value uses dangerText, >= 4.5:1 on every surface); logical properties, so
// Arabic (RTL) needs nothing of its own; preformatted blocks wrap instead of widening the modal.
import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/theme.css.ts';

export const filterGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(13rem, 1fr))',
  gap: vars.space.md,
  alignItems: 'end',
});

// Refresh and Export share a row of their own under the fields.
export const filterActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'flex-end' });

export const nativeField = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minInlineSize: 0 });

export const nativeLabel = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, color: vars.color.text });

export const nativeInput = style({
  font: 'inherit',
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  // The design system's control box (src/ui field inputs), so the row of filters lines up.
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.md,
  minBlockSize: '2.25rem',
  inlineSize: '100%',
  minInlineSize: 0,
  // No color-scheme of its own: it inherits the theme's (src/ui/theme), so the picker icon is light in
  // Dark ('light dark' here followed the system's preference instead: a dark icon on a dark field).
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
});

export const requestCell = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'center', minInlineSize: 0 });

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(8rem, max-content) minmax(0, 1fr)',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
});

export const term = style({ fontWeight: vars.fontWeight.medium, color: vars.color.textMuted });

export const definition = style({ margin: 0, overflowWrap: 'anywhere', minInlineSize: 0 });

export const change = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  paddingBlock: vars.space.md,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBlockEnd: 'none' } },
});

export const changeHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  margin: 0,
});

export const changeMeta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.regular });

export const timeButton = style({
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  background: 'none',
  border: 'none',
  padding: 0,
  textDecoration: 'underline dotted',
  cursor: 'help',
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
});

export const propertyTable = style({
  inlineSize: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  tableLayout: 'fixed',
});

export const propertyCell = style({
  textAlign: 'start',
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
  verticalAlign: 'top',
});

export const changedValue = style({ color: vars.color.dangerText, fontWeight: vars.fontWeight.bold });

export const rowButtons = style({ display: 'flex', gap: vars.space.xs });

export const muted = style({ color: vars.color.textMuted });

export const detailRow = style({ display: 'contents' });

export const nowrap = style({ whiteSpace: 'nowrap' });
