// Exports of any list (issue 9 "Export of exactly the filtered rows as CSV and XLSX on every list";
// the audit-log export job, generalised). Rules:
// - a set of at most inlineRowLimit rows (EXPORT_INLINE_ROWS, formerly AUDIT_EXPORT_INLINE_ROWS;
//   10,000 by default) is written at once and answered as the file; a larger one becomes a
//   background job whose state lives in export_jobs, so every instance can answer its progress;
// - a job streams its rows from a cursor into the CSV or xlsx writer and into the database
//   (export-files.ts: 1 MiB chunks keyed by the job id, never by anything the user sent), so any
//   instance serves the download and memory stays flat (a batch of rows and about one chunk);
// - the header line is in the language of the request that started the export, with the edits of
//   the requester's host or tenant from language management (culture and tenant kept on the job);
// - progress and the file are for the user (and tenant) who started the job only; anyone else gets
//   404, as for an id that does not exist;
// - a finished or failed job lives fileLifetimeMs, then its row and file are removed (pruned every
//   few minutes, the file's chunks with their row; the download refuses an expired job before that);
//   a failed job's chunks go at once;
// - at most maxConcurrent jobs run per instance, the rest wait in order; a job whose instance died
//   (no heartbeat for staleAfterMs) reads as failed; shutdown stops running jobs between two batches.
// (Just over 400 lines: the queue, a job's life and the reads of its row share one closure's state.)
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { and, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { runDetached } from '../audit/scope.ts';
import type { AppContext } from '../context.ts';
import { exportJobs } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { localizeWith } from '../localization/index.ts';
import { textOverrides } from '../modules/language-management/overrides.ts';
import { cappedCount, type ExportFormat, exactCount, forEachBatch, type ListExport } from '../modules/export/definition.ts';
import { createSheetWriter, type RowWriter, xlsxContentType } from '../modules/export/xlsx.ts';
import { createCsvWriter } from '../modules/shared/csv.ts';
import { defaultChunkBytes, discardExportFile, ExportFileWriter, readExportFile } from './export-files.ts';

export interface ExportOptions {
  inlineRowLimit: number;
  fileLifetimeMs: number;
  batchSize: number;
  maxConcurrent: number;
  pruneIntervalMs: number;
  staleAfterMs: number;
  /** The size of the file's chunks in the database (export-files.ts). */
  chunkBytes: number;
}

export interface ExportCaller {
  tenantId: string | null;
  userId: string;
}

export interface ExportRequest {
  format: ExportFormat;
  /** The language of the header line. */
  culture: string;
  /**
   * Called once a background job has completed or failed (the audit exports mail their creator);
   * a failure in it is logged and changes nothing of the job.
   */
  onFinished?: (ctx: AppContext, jobId: string) => Promise<void>;
}

export type JobStatus = 'Queued' | 'Running' | 'Completed' | 'Failed';

export interface ExportJobState {
  id: string;
  kind: string;
  format: ExportFormat;
  status: JobStatus;
  progress: number;
  processedRows: number;
  totalRows: number | null;
  fileName: string;
  /** 'Failed', 'Stopped' or 'Lost' when Failed, otherwise null. */
  error: string | null;
  creationTime: string;
  completionTime: string | null;
  expiresAt: string;
}

export interface ExportFile {
  bytes: Buffer;
  fileName: string;
  contentType: string;
}

export type StartedExport = ({ kind: 'file' } & ExportFile) | { kind: 'job'; job: ExportJobState };

export interface StoredFile {
  /** The file's bytes, read from the database as they are sent. */
  content(): Readable;
  size: number;
  fileName: string;
  contentType: string;
  kind: string;
}

export interface ListExports {
  /** Answers a small set as the file at once and starts a job for a larger one. */
  start<F>(definition: ListExport<F>, caller: ExportCaller, filter: F, request: ExportRequest): Promise<StartedExport>;
  /** The whole file at once, whatever the size (the calls whose wire answer is always the file). */
  file<F>(definition: ListExport<F>, tenantId: string | null, filter: F, request: ExportRequest): Promise<ExportFile>;
  state(jobId: string, caller: ExportCaller): Promise<ExportJobState>;
  /** The finished file of a job (by its id or its file name), or a 404. */
  storedFile(job: { id: string } | { fileName: string }, caller: ExportCaller): Promise<StoredFile>;
  prune(): Promise<number>;
  /** Waits until no job of this instance is queued or running (tests and benchmarks). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** The inline limit: EXPORT_INLINE_ROWS, else the audit exports' older AUDIT_EXPORT_INLINE_ROWS, else 10,000. */
export function inlineRowLimitOf(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.EXPORT_INLINE_ROWS ?? env.AUDIT_EXPORT_INLINE_ROWS ?? 10_000);
  return Number.isFinite(value) && value >= 0 ? value : 10_000;
}

export const defaultExportOptions = (): ExportOptions => ({
  inlineRowLimit: inlineRowLimitOf(),
  fileLifetimeMs: 60 * 60 * 1000,
  batchSize: 2_000,
  maxConcurrent: 2,
  pruneIntervalMs: 5 * 60 * 1000,
  staleAfterMs: 2 * 60 * 1000,
  chunkBytes: defaultChunkBytes,
});

export const contentTypeOf = (format: ExportFormat) => (format === 'csv' ? 'text/csv; charset=utf-8' : xlsxContentType);
const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/**
 * The header line in the requester's culture with their host's or tenant's edits from language
 * management: a job runs without a request, so they are read for the culture and tenant kept with it.
 */
async function writerFor<F>(
  ctx: AppContext,
  definition: ListExport<F>,
  tenantId: string | null,
  request: ExportRequest,
  output: Writable,
): Promise<RowWriter> {
  const overrides = await textOverrides(ctx, tenantId, request.culture);
  const columns = definition.columns.map((column) => ({ ...column, header: localizeWith(overrides, request.culture, column.header) }));
  return request.format === 'csv' ? createCsvWriter(output, columns) : createSheetWriter(output, definition.sheetName, columns);
}

/** Writes the whole export into `output` (and ends it); `onBatch` after each batch. */
async function writeExport<F>(
  ctx: AppContext,
  definition: ListExport<F>,
  tenantId: string | null,
  query: SQL,
  request: ExportRequest,
  output: Writable,
  batchSize: number,
  onBatch: (processed: number) => Promise<void>,
): Promise<void> {
  const writer = await writerFor(ctx, definition, tenantId, request, output);
  const toRow = definition.toRow ?? ((raw) => raw as Record<string, never>);
  let processed = 0;
  await forEachBatch(ctx, query, batchSize, async (rows) => {
    for (const raw of rows) writer.addRow(toRow(raw));
    processed += rows.length;
    await onBatch(processed);
    await writer.drain();
  });
  await writer.finish();
}

async function inMemory(write: (output: Writable) => Promise<void>): Promise<Buffer> {
  const buffer = new PassThrough();
  const chunks: Buffer[] = [];
  buffer.on('data', (chunk: Buffer) => chunks.push(chunk));
  await write(buffer);
  if (!buffer.writableEnded) buffer.end();
  await finished(buffer);
  return Buffer.concat(chunks);
}

const instances = new WeakMap<AppContext, ListExports>();

/** The exports of the running server: one queue and one pruner per context. */
export function listExportsOf(ctx: AppContext): ListExports {
  let exports = instances.get(ctx);
  if (!exports) {
    exports = createListExports(ctx, defaultExportOptions());
    instances.set(ctx, exports);
  }
  return exports;
}

export function createListExports(ctx: AppContext, options: ExportOptions): ListExports {
  const queue: Array<() => Promise<void>> = [];
  const owned = new Set<string>();
  const running = new Set<Promise<void>>();
  let stopping = false;
  let closing: Promise<void> | undefined;
  let idleWaiters: Array<() => void> = [];

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
  const setJob = (jobId: string, values: Partial<typeof exportJobs.$inferInsert>) =>
    ctx.db.update(exportJobs).set(values).where(eq(exportJobs.id, jobId));

  async function runJob<F>(jobId: string, definition: ListExport<F>, tenantId: string | null, filter: F, request: ExportRequest) {
    const output = new ExportFileWriter(ctx.db, { jobId, tenantId }, options.chunkBytes);
    // A failed chunk insert fails the job, even while a writer waits for the stream to drain.
    const outputFailed = new Promise<never>((_, reject) => output.once('error', reject));
    outputFailed.catch(() => {});
    try {
      await setJob(jobId, { status: 'Running', heartbeatTime: new Date() });
      const total = await exactCount(ctx.db, definition.from(tenantId, filter));
      await setJob(jobId, { totalRows: total });
      let lastWrite = 0;
      const written = writeExport(
        ctx,
        definition,
        tenantId,
        definition.query(tenantId, filter),
        request,
        output,
        options.batchSize,
        async (processed) => {
          if (stopping) throw new Error('The server is shutting down');
          // The xlsx writer does not wait on the stream: stop reading rows once storing has failed.
          if (output.errored) throw output.errored;
          if (Date.now() - lastWrite < 500) return;
          lastWrite = Date.now();
          await setJob(jobId, { processedRows: processed, heartbeatTime: new Date() });
        },
      );
      written.catch(() => {}); // Awaited through the race; a rejection after the output failed is that failure again.
      await Promise.race([written, outputFailed]);
      await finished(output);
      const now = new Date();
      await setJob(jobId, {
        status: 'Completed',
        processedRows: total,
        fileSize: output.size,
        completionTime: now,
        heartbeatTime: now,
        expiresAt: new Date(now.getTime() + options.fileLifetimeMs),
      });
    } catch (error) {
      ctx.log.error({ err: error, jobId, kind: definition.kind }, 'list export failed');
      output.destroy();
      await discardExportFile(ctx.db, jobId).catch((failure: unknown) =>
        ctx.log.error({ err: failure, jobId }, 'could not discard a failed export'),
      );
      const now = new Date();
      await setJob(jobId, {
        status: 'Failed',
        error: 'Failed',
        completionTime: now,
        expiresAt: new Date(now.getTime() + options.fileLifetimeMs),
      }).catch((failure: unknown) => ctx.log.error({ err: failure, jobId }, 'could not record a failed export'));
    } finally {
      owned.delete(jobId);
    }
    await request
      .onFinished?.(ctx, jobId)
      .catch((failure: unknown) => ctx.log.error({ err: failure, jobId }, 'export outcome not notified'));
  }

  const heartbeat = setInterval(
    () => {
      if (!owned.size) return;
      void ctx.db
        .update(exportJobs)
        .set({ heartbeatTime: new Date() })
        .where(inArray(exportJobs.id, [...owned]))
        .catch(() => {});
    },
    Math.max(1000, options.staleAfterMs / 4),
  );
  heartbeat.unref();

  /** Removes expired jobs; their files' chunks go with them (cascade), whichever instance wrote them. */
  async function prune(): Promise<number> {
    const removed = await ctx.db.delete(exportJobs).where(lt(exportJobs.expiresAt, new Date())).returning({ id: exportJobs.id });
    return removed.length;
  }

  const pruneTimer = setInterval(() => {
    prune().catch((error: unknown) => ctx.log.warn({ err: error }, 'export pruning failed'));
  }, options.pruneIntervalMs);
  pruneTimer.unref();

  const ownJob = (caller: ExportCaller) =>
    and(eq(exportJobs.userId, caller.userId), caller.tenantId ? eq(exportJobs.tenantId, caller.tenantId) : isNull(exportJobs.tenantId));

  async function file<F>(definition: ListExport<F>, tenantId: string | null, filter: F, request: ExportRequest): Promise<ExportFile> {
    const query = definition.query(tenantId, filter);
    const bytes = await inMemory((output) =>
      writeExport(ctx, definition, tenantId, query, request, output, options.batchSize, async () => {}),
    );
    return { bytes, fileName: `${definition.kind}_${stamp(new Date())}.${request.format}`, contentType: contentTypeOf(request.format) };
  }

  return {
    async start(definition, caller, filter, request) {
      // Builds the query once so that a bad sorting is a 400 now, not a failed job later.
      definition.query(caller.tenantId, filter);
      const matching = await cappedCount(ctx.db, definition.from(caller.tenantId, filter), options.inlineRowLimit);
      if (matching <= options.inlineRowLimit) return { kind: 'file', ...(await file(definition, caller.tenantId, filter, request)) };
      const now = new Date();
      const jobId = crypto.randomUUID();
      const fileName = `${definition.kind}_${stamp(now)}_${jobId.slice(0, 8)}.${request.format}`;
      const [row] = await ctx.db
        .insert(exportJobs)
        .values({
          id: jobId,
          tenantId: caller.tenantId,
          userId: caller.userId,
          kind: definition.kind,
          format: request.format,
          culture: request.culture,
          status: 'Queued',
          filter: filter as Record<string, unknown>,
          fileName,
          creationTime: now,
          heartbeatTime: now,
          // Replaced on completion; bounds the life of a row whose job never finishes.
          expiresAt: new Date(now.getTime() + 24 * 60 * 60 * 1000),
        })
        .returning();
      owned.add(jobId);
      queue.push(() => runJob(jobId, definition, caller.tenantId, filter, request));
      pump();
      return { kind: 'job', job: stateOf(row!) };
    },

    file,

    async state(jobId, caller) {
      const [job] = await ctx.db
        .select()
        .from(exportJobs)
        .where(and(eq(exportJobs.id, jobId), ownJob(caller)));
      if (!job) throw notFound('ExportJob', jobId);
      return stateOf(job);
    },

    async storedFile(which, caller) {
      const [job] = await ctx.db
        .select({
          id: exportJobs.id,
          tenantId: exportJobs.tenantId,
          kind: exportJobs.kind,
          status: exportJobs.status,
          expiresAt: exportJobs.expiresAt,
          format: exportJobs.format,
          fileName: exportJobs.fileName,
          fileSize: exportJobs.fileSize,
        })
        .from(exportJobs)
        .where(and('id' in which ? eq(exportJobs.id, which.id) : eq(exportJobs.fileName, which.fileName), ownJob(caller)));
      // No size: a job completed by a version that kept its file on an instance's disk.
      if (job?.status !== 'Completed' || job.expiresAt.getTime() <= Date.now() || job.fileSize === null) {
        throw notFound('File', 'id' in which ? which.id : which.fileName);
      }
      const file = { jobId: job.id, tenantId: job.tenantId };
      return {
        content: () => readExportFile(ctx.db, file),
        size: job.fileSize,
        fileName: job.fileName,
        contentType: contentTypeOf(job.format as ExportFormat),
        kind: job.kind,
      };
    },

    prune,

    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        notifyIdle();
      }),

    close() {
      closing ??= (async () => {
        stopping = true;
        clearInterval(heartbeat);
        clearInterval(pruneTimer);
        // Queued jobs never started: they fail now rather than wait for a heartbeat to go stale.
        const waiting = [...owned];
        queue.length = 0;
        await Promise.allSettled([...running]);
        if (waiting.length) {
          await ctx.db
            .update(exportJobs)
            .set({ status: 'Failed', error: 'Stopped', completionTime: new Date() })
            .where(and(inArray(exportJobs.id, waiting), sql`${exportJobs.status} = 'Queued'`))
            .catch(() => {});
        }
        notifyIdle();
      })();
      return closing;
    },
  };

  function stateOf(job: typeof exportJobs.$inferSelect): ExportJobState {
    const lost = (job.status === 'Queued' || job.status === 'Running') && Date.now() - job.heartbeatTime.getTime() > options.staleAfterMs;
    const status = (lost ? 'Failed' : job.status) as JobStatus;
    const total = job.totalRows;
    const processed = status === 'Completed' ? (total ?? job.processedRows) : job.processedRows;
    return {
      id: job.id,
      kind: job.kind,
      format: job.format as ExportFormat,
      status,
      progress: status === 'Completed' ? 100 : total ? Math.min(99, Math.floor((processed / total) * 100)) : 0,
      processedRows: processed,
      totalRows: total,
      fileName: job.fileName,
      error: status === 'Failed' ? (job.error ?? 'Lost') : null,
      creationTime: job.creationTime.toISOString(),
      completionTime: job.completionTime?.toISOString() ?? null,
      expiresAt: job.expiresAt.toISOString(),
    };
  }
}
