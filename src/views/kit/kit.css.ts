// The kit's few layout styles: toolbar, selection banner, permission tree indentation, report list.
// Logical properties only (right-to-left needs nothing else).
import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/index.ts';

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
export const toolbarEnd = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, marginInlineStart: 'auto' });
export const banner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});
// One column that may shrink below its content (a tab list scrolls instead of widening the dialog).
export const formFields = style({ display: 'grid', gap: vars.space.md, gridTemplateColumns: 'minmax(0, 1fr)' });
export const permissionLayout = style({ display: 'grid', gap: vars.space.md, gridTemplateColumns: 'minmax(10rem, 14rem) 1fr' });
export const groupList = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, listStyle: 'none', margin: 0, padding: 0 });
export const permissionList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const depth = styleVariants({
  0: { paddingInlineStart: 0 },
  1: { paddingInlineStart: vars.space.lg },
  2: { paddingInlineStart: `calc(${vars.space.lg} * 2)` },
  3: { paddingInlineStart: `calc(${vars.space.lg} * 3)` },
});
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const reportList = style({ margin: 0, paddingInlineStart: vars.space.lg });
export const advanced = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
});
// Refresh and Clear filters stand apart from the fields above (more than the fields' own gap).
export const filterActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginBlockStart: vars.space.xl });
export const fieldset = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.sm,
  margin: 0,
  minInlineSize: 0,
});
// From and to side by side while both fit (a date-time input needs about 14rem), else stacked.
export const dateRange = style({
  border: 0,
  padding: 0,
  margin: 0,
  minInlineSize: 0,
  display: 'grid',
  gap: vars.space.xs,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
});
export const claimList = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, listStyle: 'none', margin: 0, padding: 0 });
export const claimRow = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'minmax(8rem, 1fr) minmax(8rem, 2fr) auto',
  alignItems: 'end',
});
export const exportStatus = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' });
// The live preview of a form (live-preview-view.tsx): a framed document, dimmed while stale.
export const preview = style({ display: 'grid', gap: vars.space.xs });
export const previewHeader = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: vars.space.sm });
export const previewError = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, whiteSpace: 'pre-wrap' });
export const previewFrame = style({
  inlineSize: '100%',
  blockSize: '22rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: '#ffffff',
});
export const previewStale = style({ opacity: 0.6 });
