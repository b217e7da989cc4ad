// Shell pieces: skip link, avatar, and side-navigation items. Rules: navigation colours come from
// the chrome tokens (dark sidebar in dim/dark); the current page is marked by aria-current, styled
// with a bar on the inline-start edge plus weight, not colour alone; nesting indents logically.
import { style } from '@vanilla-extract/css';
import { focusRing, vars } from '../theme/theme.css.ts';

export const skipLink = style({
  position: 'absolute',
  insetInlineStart: vars.space.sm,
  insetBlockStart: '-100px',
  zIndex: vars.zIndex.toast,
  paddingInline: vars.space.lg,
  paddingBlock: vars.space.sm,
  backgroundColor: vars.color.primary,
  color: vars.color.onPrimary,
  borderRadius: vars.radius.md,
  textDecoration: 'none',
  selectors: { '&:focus, &:focus-visible': { insetBlockStart: vars.space.sm, ...focusRing } },
});

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: vars.fontWeight.bold,
  overflow: 'hidden',
  userSelect: 'none',
  selectors: { '&[data-initials]::before': { content: 'attr(data-initials)' } },
});

export const avatarImage = style({ inlineSize: '100%', blockSize: '100%', objectFit: 'cover' });

export const navList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xxs });

export const navNested = style({ paddingInlineStart: vars.space.lg });

export const navItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  inlineSize: '100%',
  paddingInline: vars.space.md,
  paddingBlock: vars.space.sm,
  border: 'none',
  borderInlineStart: '3px solid transparent',
  borderRadius: vars.radius.md,
  background: 'none',
  font: 'inherit',
  textAlign: 'start',
  textDecoration: 'none',
  color: vars.chrome.text,
  cursor: 'pointer',
  selectors: {
    '&:hover, &[data-hovered]': { backgroundColor: vars.chrome.hover },
    '&:focus-visible, &[data-focus-visible]': { ...focusRing, outlineOffset: '-2px' },
    '&[aria-current="page"], &[data-current]': {
      backgroundColor: vars.chrome.active,
      borderInlineStartColor: vars.color.focusRing,
      fontWeight: vars.fontWeight.bold,
    },
  },
});

export const navItemLabel = style({ flex: 1, minInlineSize: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

/** The chevron of a group button turns when the group is open (aria-expanded). */
export const navChevron = style({
  transition: 'transform 120ms',
  selectors: { '[aria-expanded="true"] > &': { transform: 'rotate(180deg)' } },
});
