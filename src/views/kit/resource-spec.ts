// A screen of the resource kit as data (issue 9; design "Screens as specs"): what the list shows,
// how it filters, which form fields and actions it has and with which permission, and which server
// calls load and change it. Rules: the spec holds data and the calls' shapes only; every lifecycle
// (paging, selection, the form, confirmations, exports) belongs to the kit's machines, which
// ResourceScreen (resource-screen.tsx) starts with the spec's calls as their named actors.
import type { ReactNode } from 'react';
import type { EntityFieldErrors, EntityValues, LoadedEntity } from '../../../machines/generic/entity-form.machine.ts';
import type { ExportAnswer, ExportFormat, ExportProgress } from '../../../machines/generic/file-export.machine.ts';
import type { BulkReport, BulkTarget, BulkValues } from '../../../machines/generic/list-selection.machine.ts';
import type { FetchPageInput, ListFilters, ListSorting, PageResult } from '../../../machines/generic/paged-list.machine.ts';
import type { Http } from '../../api/http.ts';
import type { DataColumn, IconName } from '../../ui/index.ts';
import { dayToInstant, localDateTimeToInstant } from './list-url.ts';

export type FieldKind =
  | 'text'
  | 'password'
  | 'multiline'
  | 'number'
  | 'checkbox'
  | 'select'
  | 'multiSelect'
  | 'date'
  | 'dateTime'
  | 'claims'
  | 'preview';

export interface Option {
  id: string | number;
  label: string;
}

/** A claim type as the claims field needs it (GET .../all-claim-types). */
export interface ClaimTypeOption {
  name: string;
  required: boolean;
  regex: string | null;
  regexDescription: string | null;
  valueType: number;
}

export interface FormFieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  description?: string;
  isRequired?: boolean;
  /** select / multiSelect choices. */
  options?: Option[];
  /** Choices loaded with the record: the values' key that holds them (an `Option[]`; for claims a `ClaimTypeOption[]`). */
  optionsFrom?: string;
  maxLength?: number;
  /** Shown but not editable (e.g. a static role's name). */
  isReadOnly?: (values: EntityValues) => boolean;
  autoComplete?: string;
  /** multiline: the visible lines (3 by default). */
  rows?: number;
  /** What is typed reads left to right in every language (code, addresses). */
  isLeftToRight?: boolean;
  /**
   * kind 'preview': a live preview of the form's values (live-preview-view.tsx), rendered by the
   * server and shown in a sandboxed frame (no scripts): `source` picks what to render from the values,
   * `render` answers the document; `pendingText` is said while a newer rendering is on its way.
   */
  preview?: {
    source: (values: EntityValues) => string;
    render: (http: Http, source: string, signal: AbortSignal) => Promise<string>;
    pendingText: string;
  };
}

/** An advanced filter (spec 3), kept in the URL; a change goes back to page 1. */
export type FilterSpec =
  | { kind: 'text'; name: string; label: string }
  | {
      kind: 'select' | 'multiSelect';
      name: string;
      label: string;
      options?: Option[];
      loadOptions?: (http: Http, signal: AbortSignal) => Promise<Option[]>;
    }
  | { kind: 'boolean'; name: string; label: string }
  | {
      kind: 'dateRange';
      label: string;
      from: string;
      to: string;
      fromLabel: string;
      toLabel: string;
      /** Date and time to the minute (applied on Enter or Refresh) instead of whole days. */
      withTime?: boolean;
    };

export interface RowActionSpec<TItem> {
  id: string;
  label: string;
  icon?: IconName;
  /** The policy the caller needs; the action is not offered without it. */
  permission?: string;
  /** Offered for this row (e.g. not for a static record); otherwise not shown. */
  isAvailable?: (item: TItem) => boolean;
  /** Shown but disabled for this row (e.g. Revoke on the current session, which the row marks). */
  isDisabled?: (item: TItem) => boolean;
  isDanger?: boolean;
  /** 'Are you sure?' with this message first. */
  confirm?: (item: TItem) => string;
  /** The row goes away (a delete): focus moves to the next row. */
  removesRow?: boolean;
  /** The toast after success. */
  successText?: string;
  /** The toast's title after a failure (the server's message is its description); the kit's 'The action failed' by default. */
  failureText?: string;
  /** Runs at once (after the confirmation); or `dialog` opens a form of its own for the row. */
  run?: (http: Http, item: TItem) => Promise<unknown>;
  /** A form for this row in a modal (claims, set password, lock until, move users, …) on the kit's entity form. */
  dialog?: FormSpec<TItem>;
  /** Content of its own for this row in a modal (e.g. the user's sessions); `close` ends it. */
  panel?: (props: { item: TItem; http: Http; close: () => void }) => ReactNode;
  /** A title for the dialog or panel. */
  dialogTitle?: (item: TItem) => string;
}

export interface BulkActionSpec {
  id: string;
  label: string;
  permission?: string;
  /** Asks for values first (e.g. lock until a date) in the kit's entity form; then 'Are you sure?'. */
  dialog?: BulkFormSpec;
  /** `values`: what the dialog's form answered. */
  run: (http: Http, target: BulkTarget, signal: AbortSignal, values?: BulkValues) => Promise<BulkReport>;
}

/**
 * An action on the whole list (no row, no selection), in the toolbar: e.g. 'Sign out all other
 * sessions'. Like a row action: 'Are you sure?' first with `confirm`, a toast, the list refreshed.
 */
export interface ListActionSpec {
  id: string;
  label: string;
  icon?: IconName;
  permission?: string;
  isDanger?: boolean;
  confirm?: string;
  successText?: string;
  failureText?: string;
  run: (http: Http) => Promise<unknown>;
}

/** The form of a bulk action: its fields and validation; the values start from `initialValues()` at each opening. */
export interface BulkFormSpec {
  title?: string;
  fields: FormFieldSpec[];
  initialValues: () => EntityValues;
  validate: (values: EntityValues) => EntityFieldErrors;
}

export interface FormSpec<TItem> {
  /** "claim type": the form's title is 'New {0}' / 'Edit {0}'. */
  entityName: string;
  /** The title instead of 'New {0}' / 'Edit {0}' (row dialogs). */
  title?: string;
  /** A sentence above the fields. */
  description?: string;
  /** The submit button's text instead of 'Save'. */
  submitLabel?: string;
  /** The fields; a function when they depend on create or edit, or on the loaded values (a product's price per level and currency). */
  fields: FormFieldSpec[] | ((isCreate: boolean, values: EntityValues) => FormFieldSpec[]);
  /** Fields grouped in tabs (field names); fields in no tab come first. */
  tabs?: Array<{ id: string; label: string; fields: string[] }>;
  /** The create form loads too (e.g. the roles a new user can get); its values start from this. */
  loadNew?: (http: Http, signal: AbortSignal) => Promise<LoadedEntity>;
  initialValues: EntityValues;
  /** Client validation, from the contract's TypeBox schema (schema-validator.ts) plus the screen's own rules. */
  validate: (values: EntityValues) => EntityFieldErrors;
  /** Edit is offered for this row. */
  isEditable?: (item: TItem) => boolean;
  /** false: the list's records are not created here (no New button; e.g. language texts, edited only). */
  isCreatable?: boolean;
  createPermission?: string;
  updatePermission?: string;
  load: (http: Http, id: string, signal: AbortSignal) => Promise<LoadedEntity>;
  save: (http: Http, input: { id: string | null; values: EntityValues; concurrencyStamp: string | null }) => Promise<unknown>;
}

export interface ExportSpec {
  /** The resource name handed to the export machine. */
  resource: string;
  formats: ExportFormat[];
  /** The menu's name of a format the kit does not name itself (CSV and Excel it does). */
  formatLabels?: Partial<Record<ExportFormat, string>>;
  permission?: string;
  /** Asks the server for exactly the filtered rows (the filters as applied to the list). */
  request: (http: Http, input: { format: ExportFormat; filters: ListFilters }, signal: AbortSignal) => Promise<ExportAnswer>;
  /** A background job's progress (when `request` may answer a job). */
  progress?: (http: Http, jobId: string, signal: AbortSignal) => Promise<ExportProgress>;
  /** The finished job's file, as an address the browser saves. */
  download?: (http: Http, fileName: string) => Promise<{ url: string; fileName: string }>;
}

/** The permission modal of a row (spec 6, 7): 'R' with the role's name, 'U' with the user's id. */
export interface PermissionsSpec<TItem> {
  providerName: string;
  providerKey: (item: TItem) => string;
  /** The policy that offers it (AbpIdentity.Roles.ManagePermissions, …). */
  policy: string;
}

export interface ResourceSpec<TItem> {
  title: string;
  tableLabel: string;
  getId: (item: TItem) => string;
  /** The row's name for accessible labels ("Actions for Age"). */
  getLabel: (item: TItem) => string;
  columns: DataColumn<TItem>[];
  /** The free-text filter is `filter` (ABP's); false when the list has none (e.g. a user's sessions): never shown, read or sent. */
  search?: boolean;
  /** More filters (spec 3's advanced filters). */
  filters?: FilterSpec[];
  /** The filters as an open form (a short list of them, no free text) instead of folded under 'Advanced filters'. */
  filtersOpen?: boolean;
  /** The table's own texts instead of the kit's ('No sessions', …). */
  listTexts?: Partial<Record<'empty' | 'emptyDescription' | 'loadFailed', string>>;
  /** The row's actions button name instead of 'Actions for {getLabel}'. */
  actionsLabel?: (item: TItem) => string;
  defaultSorting?: ListSorting;
  list: (http: Http, query: FetchPageInput, signal: AbortSignal) => Promise<PageResult<TItem>>;
  form?: FormSpec<TItem>;
  rowActions?: RowActionSpec<TItem>[];
  bulkActions?: BulkActionSpec[];
  /** Toolbar actions on the whole list (ListActionSpec). */
  listActions?: ListActionSpec[];
  export?: ExportSpec;
  permissions?: PermissionsSpec<TItem>;
  /** Toolbar content of the screen's own (e.g. the users' Import), rendered beside New; `refresh` reloads the list. */
  toolbar?: (list: { refresh: () => void }) => ReactNode;
  /** Extra content under the title (a screen's own notes). */
  intro?: ReactNode;
}

/** The query ABP lists take: skipCount, maxResultCount, "field direction" sorting, the filters with a value. */
export function abpListQuery(query: FetchPageInput, filters: readonly FilterSpec[] = []): Record<string, string | number | boolean> {
  const result: Record<string, string | number | boolean> = { skipCount: query.skipCount, maxResultCount: query.maxResultCount };
  if (query.sorting) result.sorting = `${query.sorting.id} ${query.sorting.direction}`;
  return { ...result, ...abpFilterQuery(query.filters, filters) };
}

/** The filters with a value; date-range days as the instants of their local start and end, date-times as their instants. */
export function abpFilterQuery(values: ListFilters, filters: readonly FilterSpec[] = []): Record<string, string | number | boolean> {
  const result: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === '') continue;
    result[name] = value;
  }
  for (const filter of filters) {
    if (filter.kind !== 'dateRange') continue;
    for (const [name, edge] of [
      [filter.from, 'from'],
      [filter.to, 'to'],
    ] as const) {
      if (!(name in result)) continue;
      const instant = filter.withTime ? localDateTimeToInstant(result[name]) : dayToInstant(result[name], edge);
      if (instant === null) delete result[name];
      else result[name] = instant;
    }
  }
  return result;
}
