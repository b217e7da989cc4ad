// Arithmetic of the pager, pure so it is tested once: "x–y of n" bounds and whether the previous and
// next buttons are usable. Pages are zero-based like skipCount / maxResultCount.

export type PageRange = { from: number; to: number; total: number; pageCount: number; hasPrevious: boolean; hasNext: boolean };

export function pageRange(pageIndex: number, pageSize: number, totalCount: number): PageRange {
  const size = Math.max(1, Math.floor(pageSize));
  const total = Math.max(0, Math.floor(totalCount));
  const pageCount = Math.max(1, Math.ceil(total / size));
  const index = Math.min(Math.max(0, Math.floor(pageIndex)), pageCount - 1);
  const from = total === 0 ? 0 : index * size + 1;
  const to = Math.min(total, (index + 1) * size);
  return { from, to, total, pageCount, hasPrevious: index > 0, hasNext: index < pageCount - 1 };
}
