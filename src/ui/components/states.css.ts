// Spinner and the loading / empty / error panels every list shows. Rules: the spinner stops
// spinning under reduced motion (global rule) but stays visible; panels centre their content.
import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  display: 'inline-block',
  borderRadius: vars.radius.full,
  border: '2px solid currentColor',
  borderInlineEndColor: 'transparent',
  animation: `${spin} 0.8s linear infinite`,
  flexShrink: 0,
});

export const spinnerSize = styleVariants({
  sm: { inlineSize: '1em', blockSize: '1em' },
  md: { inlineSize: '1.5rem', blockSize: '1.5rem' },
  lg: { inlineSize: '2.5rem', blockSize: '2.5rem', borderWidth: '3px' },
});

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.xxl,
  paddingInline: vars.space.lg,
  textAlign: 'center',
  color: vars.color.textMuted,
});

export const panelIcon = style({ color: vars.color.textMuted });
export const errorIcon = style({ color: vars.color.dangerText });

export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold, color: vars.color.text });
export const panelText = style({ margin: 0, maxInlineSize: '40rem' });
export const panelActions = style({ display: 'flex', gap: vars.space.sm, marginBlockStart: vars.space.sm });

export const progress = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, inlineSize: '100%' });
export const progressLabel = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm, fontSize: vars.fontSize.sm });
export const progressTrack = style({
  blockSize: '0.5rem',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surfaceSunken,
  border: `1px solid ${vars.color.borderStrong}`,
  overflow: 'hidden',
});
export const progressFill = style({
  display: 'block',
  blockSize: '100%',
  backgroundColor: vars.color.primary,
  transition: 'inline-size 200ms',
});
