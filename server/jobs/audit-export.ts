// Audit-log exports (spec 7.14, quality bar "Export of what is on screen") on the exports of every
// list (list-export.ts), in the audit log's own wire shapes. Rules:
// - a set of at most the inline limit answers at once ({fileData: base64 xlsx, fileName}); a larger
//   one becomes a background job ({isBackgroundJob: true, jobId, fileName}) in export_jobs;
// - progress ({processed, total}) and the file are for the user (and tenant) who started the job
//   only; everything else (queue, heartbeat, expiry, pruning, shutdown) is list-export.ts's;
// - a background job's creator gets a mail when it ends: the text template
//   Finance.AuditLogging.ExportReady (the file name, until when it can be downloaded, a link to the
//   audit logs) or ExportFailed, in the language the export was started in, from their side's
//   templates; a mail that cannot be sent is logged and changes nothing of the job.
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { exportJobs, users } from '../db/schema/index.ts';
import { sendTemplatedMail, spaLink } from '../modules/account/account-mail.ts';
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
      const started = await exports.start(exportDefinitions[kind], caller, filter, {
        format: 'xlsx',
        culture,
        onFinished: (ctx, jobId) => mailExportOutcome(ctx, caller, culture, jobId),
      });
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

/** Mails a finished job's creator whether the file is ready (and until when) or the export failed. */
export async function mailExportOutcome(ctx: AppContext, caller: ExportCaller, culture: string, jobId: string): Promise<void> {
  const [job] = await ctx.db.select().from(exportJobs).where(eq(exportJobs.id, jobId)).limit(1);
  const [user] = await ctx.db
    .select({ id: users.id, tenantId: users.tenantId, userName: users.userName, email: users.email })
    .from(users)
    .where(eq(users.id, caller.userId))
    .limit(1);
  if (!job || !user?.email || (job.status !== 'Completed' && job.status !== 'Failed')) return;
  const link = spaLink(ctx, '/audit-logs', {});
  const expiresAt = `${new Intl.DateTimeFormat(culture, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(job.expiresAt)} UTC`;
  await sendTemplatedMail(
    ctx,
    { id: user.id, tenantId: user.tenantId, userName: user.userName, email: user.email },
    culture,
    job.status === 'Completed' ? 'Finance.AuditLogging.ExportReady' : 'Finance.AuditLogging.ExportFailed',
    { fileName: job.fileName, expiresAt, link },
  );
}
