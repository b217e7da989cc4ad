// Popover, menu, tooltip, modal looks. Rules: overlays sit on surfaceRaised with a border (visible in
// every theme); menus show keyboard focus inside the item; modal sizes md/lg/xl cap the inline size;
// below md (a phone) every modal fills the screen, its header and footer fixed and its body scrolling.
import { style, styleVariants } from '@vanilla-extract/css';
import { mediaDown } from '../theme/breakpoints.ts';
import { vars } from '../theme/theme.css.ts';

const phone = mediaDown('md');
// The overlay's padding on both sides: the most a modal may take of the viewport above md.
const modalMaxBlockSize = `calc(100dvh - 2 * ${vars.space.lg})`;

export const popover = style({
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  minInlineSize: 'var(--trigger-width)',
  maxInlineSize: 'min(24rem, calc(100vw - 1rem))',
  outline: 'none',
  overflow: 'auto',
});

export const popoverDialog = style({ padding: vars.space.md, outline: 'none' });

export const menu = style({ outline: 'none', padding: vars.space.xs, minInlineSize: '12rem' });

export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingInline: vars.space.sm,
  paddingBlock: vars.space.xs,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused]': { backgroundColor: vars.color.hover },
    '&[data-focus-visible]': { outline: `${vars.focus.width} solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
    '&[data-disabled]': { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});

export const menuItemDanger = style({ color: vars.color.dangerText });

export const menuCheck = style({
  inlineSize: '18px',
  flexShrink: 0,
  visibility: 'hidden',
  selectors: { '[data-selected] > &': { visibility: 'visible' } },
});

export const menuHeader = style({
  paddingInline: vars.space.sm,
  paddingBlock: vars.space.xs,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
});

export const menuRichHeader = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingInline: vars.space.sm,
  paddingBlock: vars.space.sm,
  color: vars.color.text,
});

export const separator = style({ blockSize: '1px', border: 'none', backgroundColor: vars.color.border, marginBlock: vars.space.xs });

export const tooltip = style({
  backgroundColor: vars.color.text,
  color: vars.color.surface,
  fontSize: vars.fontSize.sm,
  paddingInline: vars.space.sm,
  paddingBlock: vars.space.xxs,
  borderRadius: vars.radius.sm,
  maxInlineSize: '20rem',
});

export const modalOverlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  padding: vars.space.lg,
  overflowY: 'auto',
  backgroundColor: vars.color.overlay,
  '@media': { [phone]: { padding: 0 } },
});

export const modal = style({
  inlineSize: '100%',
  minInlineSize: 0,
  marginBlock: 'auto',
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  outline: 'none',
  '@media': { [phone]: { marginBlock: 0, borderRadius: 0, boxShadow: 'none' } },
});

// Each size lets go of its cap on a phone (in the variant itself: same specificity, later rule).
export const modalSize = styleVariants({ sm: '24rem', md: '32rem', lg: '50rem', xl: '71rem' }, (maxInlineSize) => ({
  maxInlineSize,
  '@media': { [phone]: { maxInlineSize: 'none' } },
}));

export const dialog = style({
  outline: 'none',
  display: 'flex',
  flexDirection: 'column',
  maxBlockSize: modalMaxBlockSize,
  '@media': { [phone]: { blockSize: '100dvh', maxBlockSize: '100dvh' } },
});

/** A modal whose content changes (tabs): as tall as it may be, so it does not jump between them. */
export const dialogFullHeight = style({ blockSize: modalMaxBlockSize, '@media': { [phone]: { blockSize: '100dvh' } } });

export const dialogHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  paddingInline: vars.space.xl,
  paddingBlock: vars.space.lg,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  '@media': { [phone]: { paddingInline: vars.space.lg, paddingBlock: vars.space.md } },
});

export const dialogTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold, margin: 0 });

export const dialogBody = style({
  flex: '1 1 auto',
  minBlockSize: 0,
  minInlineSize: 0,
  paddingInline: vars.space.xl,
  paddingBlock: vars.space.lg,
  overflowY: 'auto',
  '@media': { [phone]: { paddingInline: vars.space.lg } },
});

export const dialogFooter = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  paddingInline: vars.space.xl,
  paddingBlock: vars.space.md,
  borderBlockStart: `1px solid ${vars.color.border}`,
  '@media': { [phone]: { paddingInline: vars.space.lg } },
});

export const confirmBody = style({ display: 'flex', gap: vars.space.md, alignItems: 'flex-start' });
export const confirmIcon = style({
  color: vars.color.status.warning.fg,
  backgroundColor: vars.color.status.warning.bg,
  borderRadius: vars.radius.full,
  padding: vars.space.sm,
  flexShrink: 0,
});
