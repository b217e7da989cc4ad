// The idle warning's own looks: the large countdown and the text only screen readers hear.
import { style } from '@vanilla-extract/css';

export const countdown = style({ fontSize: '2rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums', margin: 0 });

export const visuallyHidden = style({
  position: 'absolute',
  inlineSize: '1px',
  blockSize: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
