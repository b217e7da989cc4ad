// A screen of the resource kit as data (issue 9; design "Screens as specs"): what the list shows,
// how it filters, which form fields and actions it has and with which permission, and which server
// calls load and change it. Rules: the spec holds data and the calls' shapes only; every lifecycle
// (paging, selection, the form, confirmations, exports) belongs to the kit's machines, which
// ResourceScreen (resource-screen.tsx) starts with the spec's calls as their named actors.
import type { ReactNode } from 'react';
import type { EntityFieldErrors, EntityValues, LoadedEntity } from '../../../machines/generic/entity-form.machine.ts';
import type { BulkReport, BulkTarget } from '../../../machines/generic/list-selection.machine.ts';
import type { FetchPageInput, ListSorting, PageResult } from '../../../machines/generic/paged-list.machine.ts';
import type { Http } from '../../api/http.ts';
import type { DataColumn, IconName } from '../../ui/index.ts';

export type FieldKind = 'text' | 'multiline' | 'number' | 'checkbox' | 'select' | 'multiSelect' | 'date';

export interface FormFieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  description?: string;
  isRequired?: boolean;
  /** select / multiSelect choices. */
  options?: Array<{ id: string | number; label: string }>;
  maxLength?: number;
}

export interface FilterSpec {
  name: string;
  label: string;
  kind: 'text' | 'select' | 'checkbox';
  options?: Array<{ id: string; label: string }>;
}

export interface RowActionSpec<TItem> {
  id: string;
  label: string;
  icon?: IconName;
  /** The policy the caller needs; the action is not offered without it. */
  permission?: string;
  /** Offered for this row (e.g. not for a static record). */
  isAvailable?: (item: TItem) => boolean;
  isDanger?: boolean;
  /** 'Are you sure?' with this message first. */
  confirm?: (item: TItem) => string;
  /** The row goes away (a delete): focus moves to the next row. */
  removesRow?: boolean;
  /** The toast after success. */
  successText: string;
  run: (http: Http, item: TItem) => Promise<unknown>;
}

export interface BulkActionSpec {
  id: string;
  label: string;
  permission?: string;
  run: (http: Http, target: BulkTarget, signal: AbortSignal) => Promise<BulkReport>;
}

export interface FormSpec<TItem> {
  /** "claim type": the form's title is 'New {0}' / 'Edit {0}'. */
  entityName: string;
  fields: FormFieldSpec[];
  initialValues: EntityValues;
  /** Client validation, from the contract's TypeBox schema (schema-validator.ts) plus the screen's own rules. */
  validate: (values: EntityValues) => EntityFieldErrors;
  /** Edit is offered for this row. */
  isEditable?: (item: TItem) => boolean;
  createPermission?: string;
  updatePermission?: string;
  load: (http: Http, id: string, signal: AbortSignal) => Promise<LoadedEntity>;
  save: (http: Http, input: { id: string | null; values: EntityValues; concurrencyStamp: string | null }) => Promise<unknown>;
}

export interface ExportSpec {
  /** The resource name handed to the export machine. */
  resource: string;
  formats: Array<'csv' | 'xlsx'>;
  permission?: string;
}

export interface ResourceSpec<TItem> {
  title: string;
  tableLabel: string;
  getId: (item: TItem) => string;
  /** The row's name for accessible labels ("Actions for Age"). */
  getLabel: (item: TItem) => string;
  columns: DataColumn<TItem>[];
  /** The free-text filter is `filter` (ABP's); more filters here. */
  filters?: FilterSpec[];
  defaultSorting?: ListSorting;
  list: (http: Http, query: FetchPageInput, signal: AbortSignal) => Promise<PageResult<TItem>>;
  form?: FormSpec<TItem>;
  rowActions?: RowActionSpec<TItem>[];
  bulkActions?: BulkActionSpec[];
  export?: ExportSpec;
  /** Extra content under the title (a screen's own notes). */
  intro?: ReactNode;
}

/** The query ABP lists take: skipCount, maxResultCount, "field direction" sorting, the filters with a value. */
export function abpListQuery(query: FetchPageInput): Record<string, string | number | boolean> {
  const result: Record<string, string | number | boolean> = { skipCount: query.skipCount, maxResultCount: query.maxResultCount };
  if (query.sorting) result.sorting = `${query.sorting.id} ${query.sorting.direction}`;
  for (const [name, value] of Object.entries(query.filters)) {
    if (value === null || value === undefined || value === '') continue;
    result[name] = value;
  }
  return result;
}
