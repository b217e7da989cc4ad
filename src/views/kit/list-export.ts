// The export of any list on the server's one mechanism (contract/exports.ts; issue 9 "Export of any
// list"): GET <list path>/export?format=csv|xlsx&<the list's filters>. Rules: a 200 is the file itself
// (kept as an object URL and saved under the server's name); a 202 is a job followed at
// /api/exports/jobs/{id} until Completed (its downloadUrl is fetched with the caller's token) or
// Failed (its localized message); the link lasts until the job's expiresAt.
import type { ExportJobDto } from '../../../contract/exports.ts';
import type { ExportAnswer, ExportFormat, ExportProgress } from '../../../machines/generic/file-export.machine.ts';
import type { ListFilters } from '../../../machines/generic/paged-list.machine.ts';
import type { Http } from '../../api/http.ts';
import { abpFilterQuery, type ExportSpec, type FilterSpec } from './resource-spec.ts';

/** The file name of a content-disposition header (RFC 6266 filename* first), or the fallback. */
export function dispositionFileName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

export function jobProgress(job: ExportJobDto, now: number): ExportProgress {
  if (job.status === 'Completed') {
    return { status: 'completed', fileName: job.fileName, expiresInMs: Math.max(0, Date.parse(job.expiresAt) - now) };
  }
  if (job.status === 'Failed') return { status: 'failed', message: job.error };
  return { status: 'running', processed: job.processedRows, total: job.totalRows };
}

/**
 * A refused blob call carries the server's ABP envelope as a Blob (ofetch reads an error's body as
 * the call's responseType): read back as JSON, so its message reaches 'Export failed' (spec 8).
 */
async function withJsonError<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    // FetchError answers `data` from its response's `_data`.
    const response = (error as { response?: { _data?: unknown } } | null)?.response;
    if (typeof Blob !== 'undefined' && response?._data instanceof Blob) {
      try {
        response._data = JSON.parse(await response._data.text());
      } catch {
        // Not JSON: the failure stays as it came.
      }
    }
    throw error;
  }
}

/** An ExportSpec for a list whose server path is `path` (e.g. /api/identity/roles). */
export function listExport(
  path: string,
  options: {
    resource: string;
    fileName: string;
    permission?: string;
    filters?: readonly FilterSpec[];
    sorting?: (filters: ListFilters) => string | null;
  },
): ExportSpec {
  const jobs = new Map<string, ExportJobDto>();
  return {
    resource: options.resource,
    formats: ['csv', 'xlsx'],
    ...(options.permission ? { permission: options.permission } : {}),
    async request(http: Http, input: { format: ExportFormat; filters: ListFilters }, signal: AbortSignal): Promise<ExportAnswer> {
      const query = { ...abpFilterQuery(input.filters, options.filters ?? []), format: input.format };
      const response = await withJsonError(http.raw(`${path}/export`, { query, signal, responseType: 'blob' }));
      if (response.status === 202) {
        const job = JSON.parse(await (response._data as Blob).text()) as ExportJobDto;
        jobs.set(job.id, job);
        return { kind: 'job', jobId: job.id };
      }
      const fileName = dispositionFileName(response.headers.get('content-disposition'), `${options.fileName}.${input.format}`);
      return { kind: 'link', url: URL.createObjectURL(response._data as Blob), fileName };
    },
    async progress(http: Http, jobId: string, signal: AbortSignal): Promise<ExportProgress> {
      const job = await http<ExportJobDto>(`/api/exports/jobs/${encodeURIComponent(jobId)}`, { signal });
      jobs.set(job.id, job);
      return jobProgress(job, Date.now());
    },
    async download(http: Http, fileName: string): Promise<{ url: string; fileName: string }> {
      const job = [...jobs.values()].find((one) => one.fileName === fileName && one.downloadUrl);
      if (!job?.downloadUrl) throw new Error('no download for this export');
      const blob = await withJsonError(http(job.downloadUrl, { responseType: 'blob' }));
      return { url: URL.createObjectURL(blob), fileName };
    },
  };
}
