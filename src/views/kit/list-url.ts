// A resource list's view in the URL (issue 9 kit; as the audit-log screen does, issue 5): a filtered
// view can be shared and a reload restores it. Rules:
// - The query holds the spec's filters that have a value, under their API names (`filter` for the
//   free text), `sorting` as "field asc|desc" and `page` (1-based, left out for 1).
// - Reading is defensive: an unknown parameter, a boolean other than true/false, a date that is not
//   yyyy-mm-dd, a select value that is not one of its options (when the options are known) or a sort
//   on a column that is not sortable is dropped, so a hand-edited address shows a working list.
// - A multi-select travels as one comma-separated value; a date range as its two names, days as
//   yyyy-mm-dd and date-times as local yyyy-mm-ddThh:mm (sent as instants: abpFilterQuery).
// - A list without free text (`search: false`) has no `filter` parameter.
import type { FilterValue, ListFilters, ListSorting } from '../../../machines/generic/paged-list.machine.ts';
import type { FilterSpec } from './resource-spec.ts';

export interface KitListState {
  filters: ListFilters;
  sorting: ListSorting;
  page: number;
}

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const dateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

type ParameterKind = 'text' | 'boolean' | 'date' | 'dateTime';

/** Each URL parameter a filter uses (`filter` first unless `freeText` is false), with how its value is read. */
export function filterParameters(filters: readonly FilterSpec[], freeText = true): Array<{ name: string; kind: ParameterKind }> {
  const result: Array<{ name: string; kind: ParameterKind }> = freeText ? [{ name: 'filter', kind: 'text' }] : [];
  for (const filter of filters) {
    if (filter.kind === 'dateRange') {
      const kind = filter.withTime ? 'dateTime' : 'date';
      result.push({ name: filter.from, kind }, { name: filter.to, kind });
    } else result.push({ name: filter.name, kind: filter.kind === 'boolean' ? 'boolean' : 'text' });
  }
  return result;
}

function readValue(kind: ParameterKind, raw: string): FilterValue {
  const value = raw.trim();
  if (value === '') return undefined;
  if (kind === 'boolean') return value === 'true' ? true : value === 'false' ? false : undefined;
  if (kind === 'date') return datePattern.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
  if (kind === 'dateTime') return localDateTimeToInstant(value) === null ? undefined : value;
  return value.slice(0, 256);
}

/** The list's view from the query string; `freeText` false: a list without the `filter` search. */
export function readKitListState(
  search: string,
  filters: readonly FilterSpec[],
  sortFields: readonly string[],
  freeText = true,
): KitListState {
  const params = new URLSearchParams(search);
  const result: ListFilters = {};
  for (const { name, kind } of filterParameters(filters, freeText)) {
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

/** A local yyyy-mm-ddThh:mm[:ss] (a datetime-local value) as its ISO instant; null when invalid. */
export function localDateTimeToInstant(value: unknown): string | null {
  if (typeof value !== 'string' || !dateTimePattern.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
