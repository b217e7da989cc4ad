// Form field looks shared by text, number, search and select fields. Rules: every input has a
// visible label above it; borders are borderStrong (>= 3:1 against the surface, WCAG 1.4.11);
// invalid fields show a red border and an error text, not colour alone.
import { globalStyle, style } from '@vanilla-extract/css';
import { focusRing, vars } from '../theme/theme.css.ts';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minInlineSize: 0 });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, color: vars.color.text });

export const required = style({ color: vars.color.dangerText, marginInlineStart: vars.space.xxs });

export const description = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const error = style({ fontSize: vars.fontSize.sm, color: vars.color.dangerText });

const controlBox = {
  minBlockSize: '2.25rem',
  paddingInline: vars.space.md,
  paddingBlock: vars.space.xs,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
} as const;

export const input = style({
  ...controlBox,
  inlineSize: '100%',
  minInlineSize: 0,
  selectors: {
    '&[data-focus-visible], &[data-focused]': focusRing,
    '&[data-invalid]': { borderColor: vars.color.dangerText },
    '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&::-webkit-search-cancel-button': { display: 'none' },
  },
});

/** An input with buttons beside it (number steppers, search clear). */
export const group = style({ display: 'flex', alignItems: 'stretch', gap: vars.space.xs });

export const searchBox = style({ position: 'relative', display: 'flex', alignItems: 'center' });
export const searchIcon = style({
  position: 'absolute',
  insetInlineStart: vars.space.sm,
  color: vars.color.textMuted,
  pointerEvents: 'none',
});
export const searchInput = style({ paddingInlineStart: '2rem', paddingInlineEnd: '2.5rem' });
export const searchClear = style({
  position: 'absolute',
  insetInlineEnd: vars.space.xxs,
  selectors: { '[data-empty] &': { display: 'none' } },
});

export const selectButton = style({
  ...controlBox,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  inlineSize: '100%',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&[data-focus-visible]': focusRing,
    '[data-invalid] &': { borderColor: vars.color.dangerText },
    '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

export const selectValue = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: { '&[data-placeholder]': { color: vars.color.textMuted } },
});

// SelectValue repeats the chosen option's content; its check mark belongs in the list only.
globalStyle(`${selectValue} svg`, { display: 'none' });

export const listBox = style({ outline: 'none', maxBlockSize: 'inherit', overflow: 'auto', padding: vars.space.xs });

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingInline: vars.space.sm,
  paddingBlock: vars.space.xs,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  color: vars.color.text,
  outline: 'none',
  selectors: {
    '&[data-focused]': { backgroundColor: vars.color.hover },
    '&[data-focus-visible]': { outline: `${vars.focus.width} solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
    '&[data-selected]': { fontWeight: vars.fontWeight.bold },
    '&[data-disabled]': { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});

export const optionCheck = style({
  inlineSize: '18px',
  flexShrink: 0,
  visibility: 'hidden',
  selectors: { '[data-selected] > &': { visibility: 'visible' } },
});
