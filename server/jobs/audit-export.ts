// Audit-log exports (spec 7.14, quality bar "Export of what is on screen"). Rules:
// - a set of at most inlineRowLimit rows is answered at once ({fileData: base64, fileName});
//   a larger one becomes a background job ({isBackgroundJob: true, jobId, fileName}) whose state lives
//   in audit_log_export_jobs, so every instance can answer its progress;
// - a job streams its rows from a cursor into the exceljs streaming writer and a file in
//   DATA_DIR/audit-exports named by the job id (never by anything the user sent); memory stays flat;
// - progress and the file are for the user (and tenant) who started the job only; anyone else gets
//   404, as for an id that does not exist;
// - a finished or failed job lives fileLifetimeMs, then its row and file are removed (pruned every
//   few minutes; the download refuses an expired job before that);
// - at most maxConcurrent jobs run per instance, the rest wait in order; a job whose instance died
//   (no heartbeat for staleAfterMs) reads as failed; shutdown stops running jobs between two batches.
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { auditLogExportJobs } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import {
  cappedCount,
  type ExportFilter,
  type ExportKind,
  exactCount,
  exportDefinitions,
  forEachBatch,
} from '../modules/audit-logging/export-queries.ts';
import { createSheetWriter } from '../modules/audit-logging/export-xlsx.ts';
import { runDetached } from '../audit/scope.ts';

export interface AuditExportOptions {
  inlineRowLimit: number;
  fileLifetimeMs: number;
  batchSize: number;
  maxConcurrent: number;
  pruneIntervalMs: number;
  staleAfterMs: number;
  directory: string;
}

export interface ExportCaller {
  tenantId: string | null;
  userId: string;
}

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
  start(kind: ExportKind, caller: ExportCaller, filter: ExportFilter): Promise<ExportAnswer>;
  state(jobId: string, caller: ExportCaller): Promise<ExportJobState>;
  /** The finished file of a job, or a 404. */
  file(fileName: string, caller: ExportCaller): Promise<{ path: string; size: number; fileName: string }>;
  prune(): Promise<number>;
  /** Waits until no job of this instance is queued or running (tests and benchmarks). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export const defaultAuditExportOptions = (dataDir: string): AuditExportOptions => ({
  inlineRowLimit: Number(process.env.AUDIT_EXPORT_INLINE_ROWS ?? 10_000),
  fileLifetimeMs: 60 * 60 * 1000,
  batchSize: 2_000,
  maxConcurrent: 2,
  pruneIntervalMs: 5 * 60 * 1000,
  staleAfterMs: 2 * 60 * 1000,
  directory: path.join(dataDir, 'audit-exports'),
});

const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** Writes the whole export into one xlsx; `onProgress` after each batch. */
async function writeExport(
  ctx: AppContext,
  kind: ExportKind,
  tenantId: string | null,
  filter: ExportFilter,
  output: Writable,
  batchSize: number,
  onBatch: (processed: number) => Promise<void>,
): Promise<void> {
  const definition = exportDefinitions[kind];
  const writer = createSheetWriter(output, definition.sheetName, definition.columns);
  let processed = 0;
  await forEachBatch(ctx, definition.query(tenantId, filter), batchSize, async (rows) => {
    for (const raw of rows) writer.addRow(definition.toRow(raw));
    processed += rows.length;
    await onBatch(processed);
    await writer.drain();
  });
  await writer.finish();
}

export function createAuditExports(ctx: AppContext, options: AuditExportOptions): AuditExports {
  const queue: Array<() => Promise<void>> = [];
  const owned = new Set<string>();
  const running = new Set<Promise<void>>();
  let stopping = false;
  let idleWaiters: Array<() => void> = [];

  const filePath = (jobId: string) => path.join(options.directory, `${jobId}.xlsx`);
  const notifyIdle = () => {
    if (running.size || queue.length) return;
    for (const resolve of idleWaiters) resolve();
    idleWaiters = [];
  };
  const pump = () => {
    while (!stopping && running.size < options.maxConcurrent && queue.length) {
      const task = queue.shift() as () => Promise<void>;
      // Detached from the request that queued it: the job's transactions are not the request's.
      const promise = runDetached(task).finally(() => {
        running.delete(promise);
        pump();
        notifyIdle();
      });
      running.add(promise);
    }
  };

  async function runJob(jobId: string, kind: ExportKind, tenantId: string | null, filter: ExportFilter): Promise<void> {
    const target = filePath(jobId);
    const partial = `${target}.part`;
    try {
      await ctx.db.update(auditLogExportJobs).set({ status: 'Running', heartbeatTime: new Date() }).where(eq(auditLogExportJobs.id, jobId));
      const total = await exactCount(ctx, kind, tenantId, filter);
      await ctx.db.update(auditLogExportJobs).set({ totalRows: total }).where(eq(auditLogExportJobs.id, jobId));
      fs.mkdirSync(options.directory, { recursive: true });
      const output = fs.createWriteStream(partial);
      let lastWrite = 0;
      await writeExport(ctx, kind, tenantId, filter, output, options.batchSize, async (processed) => {
        if (stopping) throw new Error('The server is shutting down');
        if (Date.now() - lastWrite < 500) return;
        lastWrite = Date.now();
        await ctx.db
          .update(auditLogExportJobs)
          .set({ processedRows: processed, heartbeatTime: new Date() })
          .where(eq(auditLogExportJobs.id, jobId));
      });
      await finished(output);
      fs.renameSync(partial, target);
      const now = new Date();
      await ctx.db
        .update(auditLogExportJobs)
        .set({
          status: 'Completed',
          processedRows: total,
          completionTime: now,
          heartbeatTime: now,
          expiresAt: new Date(now.getTime() + options.fileLifetimeMs),
        })
        .where(eq(auditLogExportJobs.id, jobId));
    } catch (error) {
      ctx.log.error({ err: error, jobId }, 'audit log export failed');
      fs.rmSync(partial, { force: true });
      const now = new Date();
      await ctx.db
        .update(auditLogExportJobs)
        .set({ status: 'Failed', error: 'Failed', completionTime: now, expiresAt: new Date(now.getTime() + options.fileLifetimeMs) })
        .where(eq(auditLogExportJobs.id, jobId))
        .catch((failure: unknown) => ctx.log.error({ err: failure, jobId }, 'could not record a failed export'));
    } finally {
      owned.delete(jobId);
    }
  }

  const heartbeat = setInterval(
    () => {
      if (!owned.size) return;
      void ctx.db
        .update(auditLogExportJobs)
        .set({ heartbeatTime: new Date() })
        .where(inArray(auditLogExportJobs.id, [...owned]))
        .catch(() => {});
    },
    Math.max(1000, options.staleAfterMs / 4),
  );
  heartbeat.unref();

  async function prune(): Promise<number> {
    const removed = await ctx.db
      .delete(auditLogExportJobs)
      .where(lt(auditLogExportJobs.expiresAt, new Date()))
      .returning({ id: auditLogExportJobs.id });
    for (const { id } of removed) fs.rmSync(filePath(id), { force: true });
    // Files whose row is gone (an instance that died mid-way) go too once they are old enough.
    if (fs.existsSync(options.directory)) {
      const cutoff = Date.now() - options.fileLifetimeMs;
      for (const name of fs.readdirSync(options.directory)) {
        const full = path.join(options.directory, name);
        const id = name.replace(/\.xlsx(\.part)?$/, '');
        if (owned.has(id)) continue;
        const stat = fs.statSync(full, { throwIfNoEntry: false });
        if (stat && stat.mtimeMs < cutoff) fs.rmSync(full, { force: true });
      }
    }
    return removed.length;
  }

  const pruneTimer = setInterval(() => {
    prune().catch((error: unknown) => ctx.log.warn({ err: error }, 'audit export pruning failed'));
  }, options.pruneIntervalMs);
  pruneTimer.unref();

  const ownJob = (caller: ExportCaller) =>
    and(
      eq(auditLogExportJobs.userId, caller.userId),
      caller.tenantId ? eq(auditLogExportJobs.tenantId, caller.tenantId) : isNull(auditLogExportJobs.tenantId),
    );

  return {
    async start(kind, caller, filter) {
      // Builds the query once so that a bad sorting is a 400 now, not a failed job later.
      exportDefinitions[kind].query(caller.tenantId, filter);
      const matching = await cappedCount(ctx, kind, caller.tenantId, filter, options.inlineRowLimit);
      const now = new Date();
      if (matching <= options.inlineRowLimit) {
        const buffer = new PassThrough();
        const chunks: Buffer[] = [];
        buffer.on('data', (chunk: Buffer) => chunks.push(chunk));
        await writeExport(ctx, kind, caller.tenantId, filter, buffer, options.batchSize, async () => {});
        await finished(buffer.end());
        return {
          fileData: Buffer.concat(chunks).toString('base64'),
          fileName: `${kind}_${stamp(now)}.xlsx`,
          isBackgroundJob: false,
          jobId: null,
        };
      }
      const jobId = crypto.randomUUID();
      const fileName = `${kind}_${stamp(now)}_${jobId.slice(0, 8)}.xlsx`;
      await ctx.db.insert(auditLogExportJobs).values({
        id: jobId,
        tenantId: caller.tenantId,
        userId: caller.userId,
        kind,
        status: 'Queued',
        filter: filter as Record<string, unknown>,
        fileName,
        creationTime: now,
        heartbeatTime: now,
        // Replaced on completion; bounds the life of a row whose job never finishes.
        expiresAt: new Date(now.getTime() + 24 * 60 * 60 * 1000),
      });
      owned.add(jobId);
      queue.push(() => runJob(jobId, kind, caller.tenantId, filter));
      pump();
      return { fileData: null, fileName, isBackgroundJob: true, jobId };
    },

    async state(jobId, caller) {
      const [job] = await ctx.db
        .select()
        .from(auditLogExportJobs)
        .where(and(eq(auditLogExportJobs.id, jobId), ownJob(caller)));
      if (!job) throw notFound('AuditLogExportJob', jobId);
      const now = Date.now();
      const lost = (job.status === 'Queued' || job.status === 'Running') && now - job.heartbeatTime.getTime() > options.staleAfterMs;
      const status = (lost ? 'Failed' : job.status) as ExportJobState['status'];
      const total = job.totalRows;
      const processed = status === 'Completed' ? (total ?? job.processedRows) : job.processedRows;
      return {
        id: job.id,
        kind: job.kind,
        status,
        progress: status === 'Completed' ? 100 : total ? Math.min(99, Math.floor((processed / total) * 100)) : 0,
        processed,
        total,
        fileName: job.fileName,
        error: status === 'Failed' ? (job.error ?? 'Lost') : null,
        creationTime: job.creationTime.toISOString(),
        completionTime: job.completionTime?.toISOString() ?? null,
        expiresAt: job.expiresAt.toISOString(),
      };
    },

    async file(fileName, caller) {
      const [job] = await ctx.db
        .select({ id: auditLogExportJobs.id, status: auditLogExportJobs.status, expiresAt: auditLogExportJobs.expiresAt })
        .from(auditLogExportJobs)
        .where(and(eq(auditLogExportJobs.fileName, fileName), ownJob(caller)));
      const stat = job ? fs.statSync(filePath(job.id), { throwIfNoEntry: false }) : undefined;
      if (job?.status !== 'Completed' || job.expiresAt.getTime() <= Date.now() || !stat) throw notFound('File', fileName);
      return { path: filePath(job.id), size: stat.size, fileName };
    },

    prune,

    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        notifyIdle();
      }),

    async close() {
      stopping = true;
      clearInterval(heartbeat);
      clearInterval(pruneTimer);
      // Queued jobs never started: they fail now rather than wait for a heartbeat to go stale.
      const waiting = [...owned];
      queue.length = 0;
      await Promise.allSettled([...running]);
      if (waiting.length) {
        await ctx.db
          .update(auditLogExportJobs)
          .set({ status: 'Failed', error: 'Stopped', completionTime: new Date() })
          .where(and(inArray(auditLogExportJobs.id, waiting), sql`${auditLogExportJobs.status} = 'Queued'`))
          .catch(() => {});
      }
      notifyIdle();
    },
  };
}
