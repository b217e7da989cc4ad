// The filter form of a paged list: on a phone its fields fold behind 'Filters (n)' (n: the filters in
// force), so the rows are not pushed a screen down; on wider screens they are always shown and the
// toggle is not. Refresh and the screen's actions stay in view either way.
import { globalStyle, style } from '@vanilla-extract/css';
import { mediaUp, vars } from '../../ui/index.ts';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const fold = style({});

export const foldToggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  inlineSize: 'fit-content',
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  '@media': { [mediaUp('md')]: { display: 'none' } },
});

// Shown, folded or not, from the md breakpoint on.
globalStyle(`${fold}::details-content`, {
  '@media': { [mediaUp('md')]: { contentVisibility: 'visible', blockSize: 'auto' } },
});
globalStyle(`${fold}[open] > summary`, { marginBlockEnd: vars.space.md });
