// The security log detail: label and value in two columns, one stacked pair on a narrow screen.
// Logical properties only.
import { style } from '@vanilla-extract/css';
import { mediaUp, vars } from '../../../ui/index.ts';

export const details = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mediaUp('md')]: { gridTemplateColumns: 'minmax(8rem, 12rem) minmax(0, 1fr)' } },
});
export const pair = style({ display: 'contents' });
export const term = style({ fontWeight: 600 });
export const value = style({ margin: 0, overflowWrap: 'anywhere' });
