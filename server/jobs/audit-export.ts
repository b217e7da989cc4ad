// Audit-log exports (spec 7.14, quality bar "Export of what is on screen") on the exports of every
// list (list-export.ts), in the audit log's own wire shapes. Rules:
// - a set of at most the inline limit answers at once ({fileData: base64 xlsx, fileName}); a larger
//   one becomes a background job ({isBackgroundJob: true, jobId, fileName}) in export_jobs;
// - progress ({processed, total}) and the file are for the user (and tenant) who started the job
//   only; everything else (queue, heartbeat, expiry, pruning, shutdown) is list-export.ts's.
import type { Readable } from 'node:stream';
import { createListExports, defaultExportOptions, type ExportCaller, type ExportOptions, type ListExports } from './list-export.ts';
import { type ExportFilter, type ExportKind, exportDefinitions } from '../modules/audit-logging/export-queries.ts';

export type AuditExportOptions = ExportOptions;
export type { ExportCaller };

export interface ExportAnswer {
  fileData: string | null;
  fileName: string;
  isBackgroundJob: boolean;
  jobId: string | null;
}

export interface ExportJobState {
  id: string;
  kind: string;
  status: 'Queued' | 'Running' | 'Completed' | 'Failed';
  progress: number;
  processed: number;
  total: number | null;
  fileName: string;
  error: string | null;
  creationTime: string;
  completionTime: string | null;
  expiresAt: string;
}

export interface AuditExports {
  start(kind: ExportKind, caller: ExportCaller, filter: ExportFilter, culture?: string): Promise<ExportAnswer>;
  state(jobId: string, caller: ExportCaller): Promise<ExportJobState>;
  /** The finished file of a job (its bytes read from the database as they are sent), or a 404. */
  file(fileName: string, caller: ExportCaller): Promise<{ content(): Readable; size: number; fileName: string }>;
  prune(): Promise<number>;
  /** Waits until no job of this instance is queued or running (tests and benchmarks). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** The options of every export (the inline limit from EXPORT_INLINE_ROWS or AUDIT_EXPORT_INLINE_ROWS). */
export const defaultAuditExportOptions = defaultExportOptions;

/** The audit-log shapes over `exports`. */
export function auditExportsOn(exports: ListExports): AuditExports {
  return {
    async start(kind, caller, filter, culture = 'en') {
      const started = await exports.start(exportDefinitions[kind], caller, filter, { format: 'xlsx', culture });
      return started.kind === 'file'
        ? { fileData: started.bytes.toString('base64'), fileName: started.fileName, isBackgroundJob: false, jobId: null }
        : { fileData: null, fileName: started.job.fileName, isBackgroundJob: true, jobId: started.job.id };
    },
    async state(jobId, caller) {
      const { processedRows, totalRows, format: _format, ...state } = await exports.state(jobId, caller);
      return { ...state, processed: processedRows, total: totalRows };
    },
    async file(fileName, caller) {
      const { content, size } = await exports.storedFile({ fileName }, caller);
      return { content, size, fileName };
    },
    prune: () => exports.prune(),
    idle: () => exports.idle(),
    close: () => exports.close(),
  };
}

/** A separate export service (its own queue and pruner) with the audit-log shapes. */
export const createAuditExports = (ctx: Parameters<typeof createListExports>[0], options: AuditExportOptions): AuditExports =>
  auditExportsOn(createListExports(ctx, options));
