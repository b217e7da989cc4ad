// Pager under a list: page size select, "x–y of n", previous / next. Rules: pages are zero-based
// (skipCount = pageIndex * pageSize); the buttons disable at the ends rather than disappear so focus
// does not jump; every text comes in `texts` (range is a function so the app formats numbers). An
// estimated total (`totalCountIsEstimate`) shows as "x–y of about n" (`rangeEstimate`) and follows
// the page's rows, not the estimate (pagination.ts).
import { estimatedPageRange, pageRange } from '../pagination.ts';
import { IconButton } from './button.tsx';
import { Select } from './select.tsx';
import * as styles from './table.css.ts';

export type PagerTexts = {
  /** Name of the pager navigation, e.g. "Pagination". */
  navigation: string;
  pageSize: string;
  previous: string;
  next: string;
  range: (from: number, to: number, total: number) => string;
  /** "x–y of about n", for an estimated total. */
  rangeEstimate: (from: number, to: number, total: number) => string;
};

export type PagerProps = {
  pageIndex: number;
  pageSize: number;
  totalCount: number;
  /** The total is an estimate: the pager follows the page's rows (`itemCount`). */
  totalCountIsEstimate?: boolean;
  /** Rows on the page shown (needed for an estimated total). */
  itemCount?: number;
  pageSizeOptions?: readonly number[];
  onPageChange: (pageIndex: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  texts: PagerTexts;
  isDisabled?: boolean;
};

export function Pager({
  pageIndex,
  pageSize,
  totalCount,
  totalCountIsEstimate = false,
  itemCount = 0,
  pageSizeOptions = [10, 25, 50, 100],
  onPageChange,
  onPageSizeChange,
  texts,
  isDisabled,
}: PagerProps) {
  const range = totalCountIsEstimate
    ? estimatedPageRange(pageIndex, pageSize, totalCount, itemCount)
    : pageRange(pageIndex, pageSize, totalCount);
  const sizes = pageSizeOptions.includes(pageSize) ? pageSizeOptions : [...pageSizeOptions, pageSize].sort((a, b) => a - b);
  return (
    <nav aria-label={texts.navigation} className={styles.pager}>
      {onPageSizeChange && (
        <Select
          label={texts.pageSize}
          className={styles.pageSizeSelect}
          options={sizes.map((n) => ({ id: n, label: String(n) }))}
          value={pageSize}
          isDisabled={isDisabled}
          onChange={(key) => {
            if (key != null) onPageSizeChange(Number(key));
          }}
        />
      )}
      <span aria-live="polite">{(range.isEstimate ? texts.rangeEstimate : texts.range)(range.from, range.to, range.total)}</span>
      <span className={styles.pagerButtons}>
        <IconButton
          icon="chevron-left"
          aria-label={texts.previous}
          isDisabled={isDisabled || !range.hasPrevious}
          onPress={() => onPageChange(pageIndex - 1)}
        />
        <IconButton
          icon="chevron-right"
          aria-label={texts.next}
          isDisabled={isDisabled || !range.hasNext}
          onPress={() => onPageChange(pageIndex + 1)}
        />
      </span>
    </nav>
  );
}
