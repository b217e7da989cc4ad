// Exports of any list on the wire (our extension; ABP has none beyond the users' and the audit logs'
// own calls, which keep their ABP shapes). One shape for every list:
// - GET <list path>/export?format=csv|xlsx&<the list's filters and sorting> (csv by default) takes
//   the list's own query without the paging, and answers
//   - 200 with the file (text/csv with a byte-order mark, or xlsx; content-disposition names it)
//     when at most EXPORT_INLINE_ROWS rows match (10,000 by default), or
//   - 202 with an ExportJobDto (and a Location header) for a larger set: follow it at
//     GET /api/exports/jobs/{id} until status is 'Completed' (then downloadUrl is set: GET it with
//     the same bearer token) or 'Failed';
// - a job and its file belong to the user (and tenant) who started the export: anyone else gets 404;
//   they expire at expiresAt (then 404); following or downloading needs the list's permissions still;
// - every cell is formula-injection safe: a text starting with = + - @ tab or CR begins with an
//   apostrophe in the file.
import { type Static, type TObject, type TProperties, Type } from 'typebox';
import { DateTime, Guid, Nullable } from './common.ts';

export const ExportFormat = Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], { default: 'csv' });
export type ExportFormat = Static<typeof ExportFormat>;

/** The export query of a list: its own query schema without skipCount and maxResultCount, plus `format`. */
export function exportQuery<P extends TProperties>(listQuery: TObject<P>) {
  const { skipCount: _skip, maxResultCount: _max, ...filters } = listQuery.properties as TProperties;
  return Type.Object({ ...(filters as Omit<P, 'skipCount' | 'maxResultCount'>), format: Type.Optional(ExportFormat) });
}

export const ExportJobStatus = Type.Union([
  Type.Literal('Queued'),
  Type.Literal('Running'),
  Type.Literal('Completed'),
  Type.Literal('Failed'),
]);

export const ExportJobDto = Type.Object({
  id: Guid,
  /** The list: 'Users', 'Roles', 'ClaimTypes', 'OrganizationUnits', 'SecurityLogs', 'Sessions', 'AuditLogs', 'EntityChanges'. */
  kind: Type.String(),
  format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]),
  status: ExportJobStatus,
  /** Rows matching when the job started counting; null until then. */
  totalRows: Nullable(Type.Integer()),
  processedRows: Type.Integer(),
  /** 0..100; 100 only when Completed. */
  progress: Type.Integer(),
  fileName: Type.String(),
  /** Set once Completed and until expiresAt: GET it with the bearer token of the job's creator. */
  downloadUrl: Nullable(Type.String()),
  /** A localized message when Failed, otherwise null. */
  error: Nullable(Type.String()),
  creationTime: DateTime,
  completionTime: Nullable(DateTime),
  /** When the job and its file are removed. */
  expiresAt: DateTime,
});
export type ExportJobDto = Static<typeof ExportJobDto>;

export const ExportJobParams = Type.Object({ id: Guid }, { additionalProperties: false });

/** A file answer (csv or xlsx bytes). */
export const ExportFileResponse = Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'The csv or xlsx file' });
