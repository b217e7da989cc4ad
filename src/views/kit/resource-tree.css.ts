// The kit's tree screen layout (resource-tree.tsx): the tree beside the selected node's panel
// (stacked on a narrow screen), tree rows indented by their level. Logical properties only (right
// to left needs nothing else).
import { style } from '@vanilla-extract/css';
import { focusRing, mediaUp, vars } from '../../ui/index.ts';

export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mediaUp('lg')]: { gridTemplateColumns: 'minmax(16rem, 2fr) minmax(0, 3fr)' } },
});
export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const tree = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.xs,
  minHeight: '6rem',
  outline: 'none',
  selectors: { '&[data-focus-visible]': focusRing, '&[data-drop-target]': { background: vars.color.hover } },
});
export const item = style({
  paddingInlineStart: `calc((var(--tree-item-level, 1) - 1) * 1.25rem)`,
  borderRadius: vars.radius.sm,
  cursor: 'default',
  outline: 'none',
  selectors: {
    '&[data-selected]': { background: vars.color.selected },
    '&[data-hovered]:not([data-selected])': { background: vars.color.hover },
    '&[data-focus-visible]': { ...focusRing, outlineOffset: '-2px' },
    '&[data-drop-target]': { outline: `2px solid ${vars.color.primary}`, outlineOffset: '-2px' },
    '&[data-dragging]': { opacity: 0.6 },
  },
});
export const itemRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  paddingBlock: vars.space.xs,
  paddingInlineEnd: vars.space.sm,
});
export const itemName = style({ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' });
export const chevron = style({
  display: 'inline-flex',
  background: 'none',
  border: 'none',
  color: 'inherit',
  padding: 0,
  width: '1.5rem',
  height: '1.5rem',
  alignItems: 'center',
  justifyContent: 'center',
  cursor: 'pointer',
});
export const chevronIcon = style({ selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } });
export const chevronSpace = style({ display: 'inline-block', width: '1.5rem', flex: 'none' });
export const dropIndicator = style({
  selectors: { '&[data-drop-target]': { outline: `1px solid ${vars.color.primary}`, height: 0 } },
});
export const status = style({ minHeight: '1.5rem', margin: 0 });
