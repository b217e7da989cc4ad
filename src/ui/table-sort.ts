// Sorting rules of the data table, pure so they are tested once. Rules: a new column sorts
// ascending first; clicking the sorted column flips it (never back to unsorted, lists always have a
// sort); aria-sort is set only on sortable headers. `toSorting` gives ABP's "field asc" string.

export type SortDirection = 'asc' | 'desc';
export type SortState = { id: string; direction: SortDirection } | null;

export function nextSort(current: SortState, columnId: string): SortState {
  if (!current || current.id !== columnId) return { id: columnId, direction: 'asc' };
  return { id: columnId, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

export function ariaSort(current: SortState, columnId: string): 'ascending' | 'descending' | 'none' {
  if (!current || current.id !== columnId) return 'none';
  return current.direction === 'asc' ? 'ascending' : 'descending';
}

/** The `sorting` query value of ABP list endpoints ("name asc"), or undefined for none. */
export function toSorting(sort: SortState): string | undefined {
  return sort ? `${sort.id} ${sort.direction}` : undefined;
}
