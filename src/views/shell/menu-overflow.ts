// The top-menu bar keeps one row: the entries that do not fit go under a last 'More' entry.
/** How many of the bar's entries fit beside a 'More' entry (all of them when they fit alone). */
export function entriesThatFit(widths: readonly number[], moreWidth: number, available: number, gap: number): number {
  const total = (count: number) => widths.slice(0, count).reduce((sum, width) => sum + width, 0) + gap * Math.max(0, count - 1);
  if (total(widths.length) <= available) return widths.length;
  let count = widths.length - 1;
  while (count > 0 && total(count) + gap + moreWidth > available) count -= 1;
  return count;
}
