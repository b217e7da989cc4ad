// Global styles: box-sizing, body font and colours from the theme, visible keyboard focus everywhere,
// and reduced motion. Rules: only element selectors here; component looks live in their own files.
import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  fontFamily: vars.font.body,
  fontSize: '100%',
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  backgroundColor: vars.color.bg,
  WebkitTextSizeAdjust: '100%',
});

globalStyle('body', { margin: 0, minBlockSize: '100vh' });

globalStyle('h1, h2, h3, h4, h5, h6', { lineHeight: vars.lineHeight.tight, marginBlock: 0 });

globalStyle('a', { color: vars.color.link });

// A fallback for plain elements; react-aria components draw their own ring from data-focus-visible.
globalStyle(':focus-visible', {
  outline: `${vars.focus.width} solid ${vars.color.focusRing}`,
  outlineOffset: vars.focus.offset,
});

globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto',
    },
  },
});

// Visually hidden but read by screen readers (labels of icon-only places, live regions).
globalStyle('.visually-hidden', {
  position: 'absolute',
  inlineSize: '1px',
  blockSize: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
