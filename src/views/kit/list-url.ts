// A resource list's view in the URL (issue 9 kit; as the audit-log screen does, issue 5): a filtered
// view can be shared and a reload restores it. Rules:
// - The query holds the spec's filters that have a value, under their API names (`filter` for the
//   free text), `sorting` as "field asc|desc" and `page` (1-based, left out for 1).
// - Reading is defensive: an unknown parameter, a boolean other than true/false, a date that is not
//   yyyy-mm-dd, a select value that is not one of its options (when the options are known) or a sort
//   on a column that is not sortable is dropped, so a hand-edited address shows a working list.
// - A multi-select travels as one comma-separated value; a date range as its two names.
import type { FilterValue, ListFilters, ListSorting } from '../../../machines/generic/paged-list.machine.ts';
import type { FilterSpec } from './resource-spec.ts';

export interface KitListState {
  filters: ListFilters;
  sorting: ListSorting;
  page: number;
}

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** Each URL parameter a filter uses, with how its value is read. */
export function filterParameters(filters: readonly FilterSpec[]): Array<{ name: string; kind: 'text' | 'boolean' | 'date' }> {
  const result: Array<{ name: string; kind: 'text' | 'boolean' | 'date' }> = [{ name: 'filter', kind: 'text' }];
  for (const filter of filters) {
    if (filter.kind === 'dateRange') {
      result.push({ name: filter.from, kind: 'date' }, { name: filter.to, kind: 'date' });
    } else result.push({ name: filter.name, kind: filter.kind === 'boolean' ? 'boolean' : 'text' });
  }
  return result;
}

function readValue(kind: 'text' | 'boolean' | 'date', raw: string): FilterValue {
  const value = raw.trim();
  if (value === '') return undefined;
  if (kind === 'boolean') return value === 'true' ? true : value === 'false' ? false : undefined;
  if (kind === 'date') return datePattern.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
  return value.slice(0, 256);
}

export function readKitListState(search: string, filters: readonly FilterSpec[], sortFields: readonly string[]): KitListState {
  const params = new URLSearchParams(search);
  const result: ListFilters = {};
  for (const { name, kind } of filterParameters(filters)) {
    const raw = params.get(name);
    const value = raw === null ? undefined : readValue(kind, raw);
    if (value !== undefined) result[name] = value;
  }
  return { filters: result, ...readSortingAndPage(params, sortFields) };
}

/** A list query's `sorting` (dropped unless on one of `sortFields`) and `page` (1 unless a whole number from 1). */
export function readSortingAndPage(params: URLSearchParams, sortFields: readonly string[]): Omit<KitListState, 'filters'> {
  const [field, direction] = (params.get('sorting') ?? '').trim().split(/\s+/);
  const sorting: ListSorting =
    field && sortFields.includes(field) ? { id: field, direction: direction?.toLowerCase() === 'desc' ? 'desc' : 'asc' } : null;
  const page = Number(params.get('page'));
  return { sorting, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

/**
 * The query string (with '?', or '' when there is nothing to keep): after what `params` already holds,
 * the filters that have a value, `sorting` and `page`.
 */
export function writeKitListState(state: KitListState, params = new URLSearchParams()): string {
  for (const [name, value] of Object.entries(state.filters)) {
    if (value === null || value === undefined || value === '') continue;
    params.set(name, String(value));
  }
  if (state.sorting) params.set('sorting', `${state.sorting.id} ${state.sorting.direction}`);
  if (state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** A yyyy-mm-dd day as the ISO instant of its local start (from) or end (to); null when invalid. */
export function dayToInstant(day: unknown, edge: 'from' | 'to'): string | null {
  if (typeof day !== 'string' || !datePattern.test(day)) return null;
  const date = new Date(`${day}T${edge === 'from' ? '00:00:00.000' : '23:59:59.999'}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
