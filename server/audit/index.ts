// The audit service on the context: options, the batched writer and the expired-log deleter job.
// Created in app.ts; close() stops the job and flushes the writer (graceful shutdown). Creating it
// also wraps the database handle's transaction() (journal.ts): audit logs of changes (as
// audit_outbox rows the writer expands), and security logs written inside a transaction, commit
// with it.
import type { AppContext } from '../context.ts';
import { startAuditLogDeleterJob } from '../jobs/audit-log-deleter.ts';
import { installAuditTransactions } from './journal.ts';
import type { AuditOptions } from './options.ts';
import { type AuditLogWriter, createAuditLogWriter } from './writer.ts';

export interface AuditService {
  options: AuditOptions;
  writer: AuditLogWriter;
  close(): Promise<void>;
}

export function createAuditService(ctx: AppContext, options: AuditOptions): AuditService {
  installAuditTransactions(ctx.db);
  const writer = createAuditLogWriter(ctx.db, ctx.log, options);
  const deleter = startAuditLogDeleterJob(ctx, options);
  return {
    options,
    writer,
    async close() {
      await deleter.stop();
      await writer.close();
    },
  };
}
