// Arithmetic of the pager, pure so it is tested once: "x–y of n" bounds and whether the previous and
// next buttons are usable. Pages are zero-based like skipCount / maxResultCount.
// An estimated total (the server's large lists, ADR 0006) is no bound: it may fall short of the real
// count, so the page index is not clamped to it, "x–y" comes from the rows the page holds, and a full
// page may have a next one (a short page ends the list; the server then counts exactly anyway).
// There is no page count to show for an estimate (pageCount is null): no "page 9,999 of" guess.

export type PageRange = {
  from: number;
  to: number;
  total: number;
  pageCount: number | null;
  hasPrevious: boolean;
  hasNext: boolean;
  isEstimate: boolean;
};

/** A page of a list whose total is an estimate: `itemCount` is the rows the page holds. */
export function estimatedPageRange(pageIndex: number, pageSize: number, totalCount: number, itemCount: number): PageRange {
  const size = Math.max(1, Math.floor(pageSize));
  const index = Math.max(0, Math.floor(pageIndex));
  const rows = Math.min(size, Math.max(0, Math.floor(itemCount)));
  const from = rows === 0 ? 0 : index * size + 1;
  const to = rows === 0 ? 0 : index * size + rows;
  const total = Math.max(to, Math.floor(totalCount));
  return { from, to, total, pageCount: null, hasPrevious: index > 0, hasNext: rows === size, isEstimate: true };
}

export function pageRange(pageIndex: number, pageSize: number, totalCount: number): PageRange {
  const size = Math.max(1, Math.floor(pageSize));
  const total = Math.max(0, Math.floor(totalCount));
  const pageCount = Math.max(1, Math.ceil(total / size));
  const index = Math.min(Math.max(0, Math.floor(pageIndex)), pageCount - 1);
  const from = total === 0 ? 0 : index * size + 1;
  const to = Math.min(total, (index + 1) * size);
  return { from, to, total, pageCount, hasPrevious: index > 0, hasNext: index < pageCount - 1, isEstimate: false };
}
