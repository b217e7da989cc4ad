// The audit screen's view in the URL (issue 5: a filtered view can be shared, a reload restores
// it). Rules:
// - The query holds the tab (`tab=entity-changes`; the default Audit Logs tab is left out), the
//   active tab's applied filters under their API names, `sorting` as "field asc|desc" and `page`
//   (1-based, left out for 1).
// - Reading is defensive: an unknown parameter, a number that is not one, a boolean other than
//   true/false, a date that does not parse or a sort on a column that is not sortable is dropped,
//   so a hand-edited address shows a working list rather than a server error.
// - Date-times travel as ISO instants (the same moment for whoever opens the link); the inputs show
//   them in local time (datetime-local) and convert back on change.
import type { FetchPageInput, ListFilters } from '../../../machines/generic/paged-list.machine.ts';
import { type KitListState, readSortingAndPage, writeKitListState } from '../../views/kit/list-url.ts';

export type FieldKind = 'text' | 'number' | 'boolean' | 'dateTime';

export const auditLogFields = {
  startTime: 'dateTime',
  endTime: 'dateTime',
  userName: 'text',
  url: 'text',
  minExecutionDuration: 'number',
  maxExecutionDuration: 'number',
  httpMethod: 'text',
  httpStatusCode: 'number',
  applicationName: 'text',
  clientIpAddress: 'text',
  correlationId: 'text',
  hasException: 'boolean',
} as const satisfies Record<string, FieldKind>;

export const entityChangeFields = {
  startDate: 'dateTime',
  endDate: 'dateTime',
  entityChangeType: 'number',
  entityId: 'text',
  entityTypeFullName: 'text',
} as const satisfies Record<string, FieldKind>;

/** Sort fields of the tables (the column ids). */
export const auditLogSortFields = ['url', 'userName', 'clientIpAddress', 'executionTime', 'executionDuration', 'applicationName'];
export const entityChangeSortFields = ['changeTime'];

export type AuditTab = 'audit-logs' | 'entity-changes';

export type ListUrlState = KitListState;

export function tabOf(search: string): AuditTab {
  return new URLSearchParams(search).get('tab') === 'entity-changes' ? 'entity-changes' : 'audit-logs';
}

function readValue(kind: FieldKind, raw: string): string | number | boolean | undefined {
  const value = raw.trim();
  if (value === '') return undefined;
  switch (kind) {
    case 'number': {
      const n = Number(value);
      return Number.isInteger(n) && n >= 0 ? n : undefined;
    }
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : undefined;
    case 'dateTime': {
      const time = Date.parse(value);
      return Number.isNaN(time) ? undefined : new Date(time).toISOString();
    }
    default:
      return value;
  }
}

/** The list state a URL describes, for the given fields and sortable columns. */
export function readListState(search: string, fields: Record<string, FieldKind>, sortFields: readonly string[]): ListUrlState {
  const params = new URLSearchParams(search);
  const filters: ListFilters = {};
  for (const [name, kind] of Object.entries(fields)) {
    const raw = params.get(name);
    const value = raw === null ? undefined : readValue(kind, raw);
    if (value !== undefined) filters[name] = value;
  }
  return { filters, ...readSortingAndPage(params, sortFields) };
}

/** The query string (with its '?', or '' when there is nothing to keep) of a tab's list state. */
export function writeListState(tab: AuditTab, state: ListUrlState): string {
  const params = new URLSearchParams();
  if (tab !== 'audit-logs') params.set('tab', tab);
  return writeKitListState(state, params);
}

/** The API query of a page request: the applied filters, ABP's sorting string and the paging. */
export function toApiQuery(input: FetchPageInput): Record<string, string | number | boolean> {
  const query: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(input.filters)) {
    if (value === null || value === undefined || value === '') continue;
    query[name] = value;
  }
  if (input.sorting) query.sorting = `${input.sorting.id} ${input.sorting.direction}`;
  query.skipCount = input.skipCount;
  query.maxResultCount = input.maxResultCount;
  return query;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value in this browser's time zone ('' for none). */
export function isoToLocalInput(iso: FilterText): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (local time) as an ISO instant, or null when empty or invalid. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

type FilterText = string | number | boolean | null | undefined;
