// Audit-log exports (spec 7.14, issue 5 item 4). Rules:
// - export-to-excel / export-entity-changes-to-excel take the current filters without paging; empty
//   filters (null, undefined, '') are left out of the query, as the lists do.
// - The server answers either the file at once ({fileData: base64, fileName}) or, for a large set, a
//   background job; the job's progress is polled and the finished file is fetched from
//   download-excel/{fileName} (with the bearer token, so it is a fetch, not a plain link).
// - Answers are normalised here into the small shapes the auditExport machine knows, so the machine
//   does not change when the server's field names do.
import type { Http } from './http.ts';

export type AuditExportKind = 'auditLogs' | 'entityChanges';
export type AuditExportFilters = Record<string, string | number | boolean | null | undefined>;

export const xlsxMimeType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const base = '/api/audit-logging/audit-logs';
export const exportPaths: Record<AuditExportKind, string> = {
  auditLogs: `${base}/export-to-excel`,
  entityChanges: `${base}/export-entity-changes-to-excel`,
};

/** What an export request gives: the file itself, or a background job to follow. */
export type ExportAnswer = { kind: 'file'; fileData: string; fileName: string } | { kind: 'job'; jobId: string };

/** One look at a background job. `expiresInMs`: how long the download link stays valid from now. */
export type ExportProgress =
  | { status: 'running'; processed: number; total: number | null }
  | { status: 'completed'; fileName: string; expiresInMs: number }
  | { status: 'failed'; message: string | null };

/** The query of an export: the filters that have a value (paging never travels with an export). */
export function exportQuery(filters: AuditExportFilters): Record<string, string | number | boolean> {
  const query: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (value === null || value === undefined || value === '') continue;
    if (name === 'skipCount' || name === 'maxResultCount') continue;
    query[name] = value;
  }
  return query;
}

type Raw = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const number = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Reads the export endpoint's answer: {fileData, fileName} at once, or a job id ({jobId} or {id}). */
export function toExportAnswer(raw: Raw): ExportAnswer {
  const fileData = text(raw.fileData);
  const fileName = text(raw.fileName);
  if (fileData !== null && fileName !== null) return { kind: 'file', fileData, fileName };
  const jobId = text(raw.jobId) ?? text(raw.id);
  if (jobId !== null) return { kind: 'job', jobId };
  throw new Error('The export answer has neither a file nor a job');
}

/** Reads a progress answer; a finished job's expiry is turned into a lifetime measured from `now`. */
export function toExportProgress(raw: Raw, now: number): ExportProgress {
  const status = (text(raw.status) ?? '').toLowerCase();
  if (status === 'failed' || status === 'error') return { status: 'failed', message: text(raw.message) ?? text(raw.error) };
  const fileName = text(raw.fileName);
  if ((status === 'completed' || status === 'done' || status === 'succeeded') && fileName !== null) {
    const expiresAt = text(raw.expiresAt) ?? text(raw.expirationTime);
    const lifetime = number(raw.expiresInSeconds);
    const expiresInMs = expiresAt ? Date.parse(expiresAt) - now : lifetime !== null ? lifetime * 1000 : 0;
    return { status: 'completed', fileName, expiresInMs: Math.max(0, Number.isNaN(expiresInMs) ? 0 : expiresInMs) };
  }
  return {
    status: 'running',
    processed: number(raw.processed) ?? number(raw.processedCount) ?? 0,
    total: number(raw.total) ?? number(raw.totalCount),
  };
}

export async function requestExport(
  http: Http,
  kind: AuditExportKind,
  filters: AuditExportFilters,
  signal?: AbortSignal,
): Promise<ExportAnswer> {
  return toExportAnswer(await http<Raw>(exportPaths[kind], { query: exportQuery(filters), signal }));
}

export async function getExportProgress(http: Http, jobId: string, signal?: AbortSignal): Promise<ExportProgress> {
  return toExportProgress(await http<Raw>(`${base}/export-jobs/${encodeURIComponent(jobId)}`, { signal }), Date.now());
}

export async function downloadExportFile(http: Http, fileName: string, signal?: AbortSignal): Promise<Blob> {
  const bytes = await http(`${base}/download-excel/${encodeURIComponent(fileName)}`, { responseType: 'arrayBuffer', signal });
  return new Blob([bytes], { type: xlsxMimeType });
}

/** Base64 (the fileData of an immediate answer) to bytes; throws on anything that is not base64. */
export function base64ToBytes(data: string): Uint8Array<ArrayBuffer> {
  const clean = data.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) throw new Error('The export file is not valid base64');
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The name the browser saves: the server's name, with the .xlsx extension it must have. */
export function xlsxFileName(fileName: string): string {
  const name = fileName.replace(/[\\/]/g, '_').trim() || 'export';
  return /\.xlsx$/i.test(name) ? name : `${name}.xlsx`;
}
