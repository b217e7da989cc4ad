// Layout of the dashboard: the title with the page's period beside it (below it when narrow), then a
// grid of widget cards that fills the row (as many columns as fit, every card as wide as its column).
import { style } from '@vanilla-extract/css';
import { stackClass } from '../../ui/theme/layout.css.ts';
import { vars } from '../../ui/theme/theme.css.ts';

export const page = style([stackClass]);

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const title = style({ margin: 0 });

/** Holds the period fields' place while they load, so the grid below does not move when they come. */
export const periodPending = style({ minBlockSize: '3.75rem' });

export const period = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, border: 0, padding: 0, margin: 0, minInlineSize: 0 });

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 24rem), 1fr))',
  gap: vars.space.lg,
  alignItems: 'stretch',
});

/** A state of the whole grid (loading, failed, nothing to show) spans every column. */
export const fullRow = style({ gridColumn: '1 / -1' });
