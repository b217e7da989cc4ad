// Checkbox, switch and radio looks. Rules: the box/track border is borderStrong (>= 3:1); checked
// state is shown by a mark, not colour alone; the focus ring sits on the box.
import { style } from '@vanilla-extract/css';
import { focusRing, vars } from '../theme/theme.css.ts';

export const choice = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  cursor: 'pointer',
  color: vars.color.text,
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 } },
});

export const box = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  inlineSize: '1.125rem',
  blockSize: '1.125rem',
  flexShrink: 0,
  border: `2px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surface,
  color: vars.color.onPrimary,
  selectors: {
    [`${choice}[data-selected] &, ${choice}[data-indeterminate] &`]: {
      backgroundColor: vars.color.primary,
      borderColor: vars.color.primary,
    },
    [`${choice}[data-focus-visible] &`]: focusRing,
    [`${choice}[data-invalid] &`]: { borderColor: vars.color.dangerText },
  },
});

// A checkbox with its description: the text sits under the label, past the box.
export const described = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });
export const choiceDescription = style({
  margin: 0,
  paddingInlineStart: `calc(1.125rem + ${vars.space.sm})`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const radio = style([box, { borderRadius: vars.radius.full }]);
export const radioDot = style({
  inlineSize: '0.5rem',
  blockSize: '0.5rem',
  borderRadius: vars.radius.full,
  backgroundColor: 'transparent',
  selectors: { [`${choice}[data-selected] &`]: { backgroundColor: vars.color.onPrimary } },
});

export const track = style({
  position: 'relative',
  display: 'inline-block',
  inlineSize: '2.25rem',
  blockSize: '1.25rem',
  flexShrink: 0,
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  transition: 'background-color 120ms',
  selectors: {
    [`${choice}[data-selected] &`]: { backgroundColor: vars.color.primary, borderColor: vars.color.primary },
    [`${choice}[data-focus-visible] &`]: focusRing,
  },
});

export const thumb = style({
  position: 'absolute',
  insetBlockStart: '2px',
  insetInlineStart: '2px',
  inlineSize: '0.75rem',
  blockSize: '0.75rem',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.borderStrong,
  transition: 'inset-inline-start 120ms',
  selectors: { [`${choice}[data-selected] &`]: { insetInlineStart: 'calc(100% - 0.75rem - 2px)', backgroundColor: vars.color.onPrimary } },
});

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, border: 'none', padding: 0, margin: 0 });
export const groupItems = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const groupItemsRow = style({ flexDirection: 'row', flexWrap: 'wrap', columnGap: vars.space.lg });
