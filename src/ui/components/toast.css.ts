// Toasts: a fixed stack at the bottom inline-end corner (logical, so RTL flips it), each with a
// coloured inline-start stripe plus an icon, so the kind is not told by colour alone.
import { style, styleVariants } from '@vanilla-extract/css';
import { focusRing, vars } from '../theme/theme.css.ts';

export const region = style({
  position: 'fixed',
  insetBlockEnd: vars.space.lg,
  insetInlineEnd: vars.space.lg,
  zIndex: vars.zIndex.toast,
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space.sm,
  maxInlineSize: 'min(26rem, calc(100vw - 2rem))',
  outline: 'none',
  selectors: { '&[data-focus-visible]': focusRing },
});

export const toast = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: vars.space.md,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderInlineStartWidth: '4px',
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  outline: 'none',
  selectors: { '&[data-focus-visible]': focusRing },
});

export const toastKind = styleVariants({
  success: { borderInlineStartColor: vars.color.status.success.border },
  error: { borderInlineStartColor: vars.color.status.danger.border },
  warning: { borderInlineStartColor: vars.color.status.warning.border },
  info: { borderInlineStartColor: vars.color.status.info.border },
});

export const toastIcon = styleVariants({
  success: { color: vars.color.status.success.fg, backgroundColor: vars.color.status.success.bg, borderRadius: vars.radius.full },
  error: { color: vars.color.status.danger.fg, backgroundColor: vars.color.status.danger.bg, borderRadius: vars.radius.full },
  warning: { color: vars.color.status.warning.fg, backgroundColor: vars.color.status.warning.bg, borderRadius: vars.radius.full },
  info: { color: vars.color.status.info.fg, backgroundColor: vars.color.status.info.bg, borderRadius: vars.radius.full },
});

export const toastContent = style({ flex: 1, minInlineSize: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xxs });
export const toastTitle = style({ fontWeight: vars.fontWeight.bold });
export const toastDescription = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
