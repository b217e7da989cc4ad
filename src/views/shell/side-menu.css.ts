// The top-menu bar's overflow: the hidden copy it is measured on (one row, out of sight and out of
// the way), and its last 'More' group, whose lists open towards the start (it sits at the bar's end,
// so opening towards the end would leave the screen). Logical properties: right to left needs nothing.
import { globalStyle, style } from '@vanilla-extract/css';

export const measure = style({
  position: 'absolute',
  visibility: 'hidden',
  blockSize: 0,
  overflow: 'hidden',
  display: 'flex',
  gap: '0.25rem',
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
});

export const more = style({});
globalStyle(`.main-menu-top .menu-list ${more} > div`, { insetInlineStart: 'auto', insetInlineEnd: 0 });
globalStyle(`.main-menu-top .menu-list ${more} .menu-list .menu-group > div`, { insetInlineStart: 'auto', insetInlineEnd: '100%' });
