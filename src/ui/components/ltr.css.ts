// Left-to-right data (URLs, JSON, ids, IP addresses, user agents, e-mail addresses, code) keeps its
// own direction and alignment inside right-to-left pages.
import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const ltrText = style({ overflowWrap: 'anywhere', unicodeBidi: 'isolate', textAlign: 'left' });

export const ltrBlock = style({
  margin: 0,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  textAlign: 'left',
  backgroundColor: vars.color.surfaceSunken,
  color: vars.color.text,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  // Wraps and never scrolls on its own: a scrolling block would need a keyboard stop of its own
  // (axe's scrollable-region-focusable, met in a phone's narrow column); the page or modal scrolls.
});
