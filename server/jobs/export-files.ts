// The files of export jobs, kept in the database (export_file_chunks) so that whichever instance
// answers the download has them: nothing is written to the instance's disk. Rules:
// - a file is stored as it is produced, in chunks of `chunkBytes` (1 MiB by default) numbered from
//   0; each write waits for its chunk's insert (stream backpressure), so a job holds about one chunk
//   in memory, whatever the file's size. No PostgreSQL value comes near bytea's 1 GB limit, and the
//   file's size is bounded only by the database's storage;
// - a file is read back one chunk per query, in order, as the client takes it, so a download also
//   holds about one chunk;
// - chunks carry the job's tenant and are read only with it; they go with their job row (foreign
//   key, ON DELETE CASCADE), so pruning an expired job removes its file.
import { Readable, Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { exportFileChunks } from '../db/schema/index.ts';
import { sameTenant } from '../modules/shared/tenancy.ts';

export const defaultChunkBytes = 1024 * 1024;

type Db = AppContext['db'];

export interface JobFile {
  jobId: string;
  tenantId: string | null;
}

/** A writable that stores what it is given as the job's file; `size` is the bytes written so far. */
export class ExportFileWriter extends Writable {
  size = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private seq = 0;

  private readonly db: Db;
  private readonly file: JobFile;
  private readonly chunkBytes: number;

  constructor(db: Db, file: JobFile, chunkBytes = defaultChunkBytes) {
    super();
    this.db = db;
    this.file = file;
    this.chunkBytes = chunkBytes;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    this.size += chunk.length;
    if (this.pendingBytes < this.chunkBytes) return callback();
    this.store(false).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void) {
    this.store(true).then(() => callback(), callback);
  }

  /** Inserts every full chunk (and, at the end, the last partial one); keeps the rest. */
  private async store(last: boolean) {
    let data = Buffer.concat(this.pending);
    this.pending = [];
    while (data.length >= this.chunkBytes || (last && data.length > 0)) {
      // A copy: the driver must not see the rest of the concatenated buffer.
      const piece = Buffer.from(data.subarray(0, this.chunkBytes));
      await this.db.insert(exportFileChunks).values({ jobId: this.file.jobId, tenantId: this.file.tenantId, seq: this.seq, data: piece });
      this.seq += 1;
      data = data.subarray(piece.length);
    }
    if (data.length) this.pending = [data];
    this.pendingBytes = data.length;
  }
}

/** The job's file as a stream, one chunk fetched at a time as the reader asks for more. */
export function readExportFile(db: Db, file: JobFile): Readable {
  async function* chunks() {
    for (let seq = 0; ; seq += 1) {
      const [chunk] = await db
        .select({ data: exportFileChunks.data })
        .from(exportFileChunks)
        .where(
          and(eq(exportFileChunks.jobId, file.jobId), eq(exportFileChunks.seq, seq), sameTenant(exportFileChunks.tenantId, file.tenantId)),
        );
      if (!chunk) return;
      yield chunk.data;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Removes what a failed job had stored (its row stays, as Failed, until it expires). */
export async function discardExportFile(db: Db, jobId: string): Promise<void> {
  await db.delete(exportFileChunks).where(eq(exportFileChunks.jobId, jobId));
}
