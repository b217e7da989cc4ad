// Button and link looks. Rules: colours from the theme only; the keyboard focus ring comes from
// react-aria's data-focus-visible; disabled is dimmed but keeps its text contrast readable.
import { recipe } from '@vanilla-extract/recipes';
import { style } from '@vanilla-extract/css';
import { focusRing, vars } from '../theme/theme.css.ts';

export const button = recipe({
  base: {
    display: 'inline-flex',
    verticalAlign: 'middle',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    minBlockSize: '2.25rem',
    paddingInline: vars.space.lg,
    paddingBlock: vars.space.xs,
    border: '1px solid transparent',
    borderRadius: vars.radius.md,
    font: 'inherit',
    fontWeight: vars.fontWeight.medium,
    lineHeight: vars.lineHeight.tight,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    transition: 'background-color 120ms, border-color 120ms',
    selectors: {
      '&[data-focus-visible]': focusRing,
      '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.55 },
      '&[data-pending]': { cursor: 'progress' },
    },
  },
  variants: {
    variant: {
      primary: {
        backgroundColor: vars.color.primary,
        color: vars.color.onPrimary,
        selectors: { '&[data-hovered], &[data-pressed]': { backgroundColor: vars.color.primaryHover } },
      },
      secondary: {
        backgroundColor: vars.color.surface,
        color: vars.color.text,
        borderColor: vars.color.borderStrong,
        selectors: { '&[data-hovered], &[data-pressed]': { backgroundColor: vars.color.hover } },
      },
      danger: {
        backgroundColor: vars.color.danger,
        color: vars.color.onDanger,
        selectors: { '&[data-hovered], &[data-pressed]': { backgroundColor: vars.color.dangerHover } },
      },
      ghost: {
        backgroundColor: 'transparent',
        color: 'inherit',
        selectors: { '&[data-hovered], &[data-pressed]': { backgroundColor: vars.color.hover } },
      },
      icon: {
        backgroundColor: 'transparent',
        color: 'inherit',
        paddingInline: vars.space.xs,
        minInlineSize: '2.25rem',
        selectors: { '&[data-hovered], &[data-pressed]': { backgroundColor: vars.color.hover } },
      },
    },
    size: {
      sm: { minBlockSize: '1.875rem', fontSize: vars.fontSize.sm, paddingInline: vars.space.md },
      md: {},
    },
  },
  compoundVariants: [{ variants: { variant: 'icon', size: 'sm' }, style: { minInlineSize: '1.875rem', paddingInline: vars.space.xxs } }],
  defaultVariants: { variant: 'primary', size: 'md' },
});

export const link = style({
  color: vars.color.link,
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  selectors: {
    '&[data-hovered]': { textDecorationThickness: '2px' },
    '&[data-focus-visible]': focusRing,
    '&[data-disabled]': { color: vars.color.textMuted, cursor: 'not-allowed', textDecoration: 'none' },
    '&[data-current]': { color: 'inherit', textDecoration: 'none', cursor: 'default' },
  },
});

/** A link that looks like a button (e.g. "Back to list" navigating to a route). */
export const linkButton = button;
