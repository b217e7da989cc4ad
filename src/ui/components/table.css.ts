// Data table and pager looks. Rules: header buttons fill their cell so the whole header is the
// target; zebra-free rows with a hover tint; numeric columns align to the inline end. Where the
// table's container is narrow (a phone, a narrow dialog), each row becomes a card: its cells one
// under the other, each named by its column (data-label), the row's actions pinned to the card's
// top corner, and the header keeps only its controls (sort buttons, the page checkbox); nothing
// scrolls sideways. Elsewhere a table too wide for its place scrolls inside its wrapper.
import { createContainer, globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { focusRing, vars } from '../theme/theme.css.ts';

const tableContainer = createContainer();
const narrow = `${tableContainer} (max-width: 36rem)`;

export const wrapper = style({
  position: 'relative',
  overflowX: 'auto',
  minInlineSize: 0,
  containerName: tableContainer,
  containerType: 'inline-size',
});

export const table = style({ inlineSize: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

export const busy = style({ opacity: 0.6 });

export const th = style({
  paddingInline: vars.space.md,
  paddingBlock: vars.space.sm,
  textAlign: 'start',
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  backgroundColor: vars.color.surfaceSunken,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  verticalAlign: 'middle',
});

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: 0,
  border: 'none',
  background: 'none',
  font: 'inherit',
  fontWeight: 'inherit',
  color: 'inherit',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  selectors: { '&[data-focus-visible]': focusRing, '&[data-hovered]': { textDecoration: 'underline' } },
});

export const sortIcon = style({ color: vars.color.textMuted });
export const sortIconActive = style({ color: vars.color.text });

export const td = style({
  paddingInline: vars.space.md,
  paddingBlock: vars.space.sm,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  verticalAlign: 'middle',
  // Words wrap between words; only a token longer than its line (a URL, an id) breaks inside. The
  // left-to-right data helper (LtrText) breaks anywhere, so such tokens never widen a column.
  overflowWrap: 'break-word',
});

export const row = style({ selectors: { '&:hover': { backgroundColor: vars.color.hover } } });

export const align = styleVariants({ start: { textAlign: 'start' }, center: { textAlign: 'center' }, end: { textAlign: 'end' } });

export const actionsCell = style({ inlineSize: '3.5rem', textAlign: 'end' });

export const stateCell = style({ padding: 0 });

// The card layout of a narrow container.
globalStyle(`${table}, ${table} > thead, ${table} > tbody`, { '@container': { [narrow]: { display: 'block' } } });
globalStyle(`${table} > thead > tr`, {
  '@container': { [narrow]: { display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, paddingBlockEnd: vars.space.sm } },
});
globalStyle(`${table} > thead th`, {
  '@container': { [narrow]: { display: 'block', inlineSize: 'auto', maxInlineSize: 'none', borderRadius: vars.radius.sm } },
});
// A header without a control has nothing to show above cards whose cells name their column; it stays
// for assistive technology (the cells' column headers), out of sight.
globalStyle(`${table} > thead th:not(:has(button, input))`, {
  '@container': {
    [narrow]: { position: 'absolute', inlineSize: '1px', blockSize: '1px', padding: 0, overflow: 'hidden', clipPath: 'inset(50%)' },
  },
});
globalStyle(`${table} > tbody > tr`, {
  '@container': {
    [narrow]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 1fr) auto',
      columnGap: vars.space.sm,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.md,
      marginBlockEnd: vars.space.sm,
      paddingBlock: vars.space.xs,
    },
  },
});
globalStyle(`${table} > tbody > tr > th, ${table} > tbody > tr > td`, {
  '@container': {
    [narrow]: {
      display: 'grid',
      gridColumn: '1',
      gridTemplateColumns: 'minmax(6rem, 38%) minmax(0, 1fr)',
      gap: vars.space.sm,
      borderBlockEnd: 'none',
      paddingBlock: vars.space.xs,
      textAlign: 'start',
    },
  },
});
globalStyle(`${table} > tbody > tr > [data-label]::before`, {
  '@container': { [narrow]: { content: 'attr(data-label)', color: vars.color.textMuted, fontWeight: vars.fontWeight.medium } },
});
globalStyle(`${table} > tbody > tr > :not([data-label])`, { '@container': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' } } });
globalStyle(`${table} > tbody > tr > ${actionsCell}`, {
  '@container': { [narrow]: { display: 'block', gridColumn: '2', gridRow: '1 / span 99', alignSelf: 'start', inlineSize: 'auto' } },
});
globalStyle(`${table} > tbody > tr > ${stateCell}`, { '@container': { [narrow]: { display: 'block', gridColumn: '1 / span 2' } } });
globalStyle(`${table} > tbody > tr:has(> ${stateCell})`, { '@container': { [narrow]: { border: 'none' } } });

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.md,
  paddingInline: vars.space.md,
  paddingBlock: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
});

export const pageSize = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const pageSizeSelect = style({ flexDirection: 'row', alignItems: 'center', gap: vars.space.sm });
globalStyle(`${pageSizeSelect} > label`, { whiteSpace: 'nowrap' });
globalStyle(`${pageSizeSelect} > button`, { inlineSize: 'auto', minInlineSize: '4.5rem' });
export const pagerButtons = style({ display: 'flex', gap: vars.space.xs });
