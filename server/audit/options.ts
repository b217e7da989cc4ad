// Auditing options (ABP's AbpAuditingOptions and the deleter's period), read from the environment
// so the operator can switch capture off for the whole host. Defaults follow ABP:
// - AUDIT_LOGGING_ENABLED (true): the host-level switch; the AuditLogging.Enable feature turns it
//   off per tenant;
// - AUDIT_GET_REQUESTS (false): ABP's IsEnabledForGetRequests; GET requests are audited only when
//   they fail (ABP's AlwaysLogOnException) or change entities;
// - AUDIT_APPLICATION_NAME (the product name): ABP's ApplicationName, stored on every log;
// - AUDIT_FLUSH_INTERVAL_MS (1000), AUDIT_BATCH_SIZE (200), AUDIT_MAX_QUEUE (10000): the writer;
// - AUDIT_DELETER_INTERVAL_MS (one day, ABP's ExpiredAuditLogDeleterOptions.Period) and
//   AUDIT_DELETER_BATCH_SIZE (5000 ids per statement): the expired log deleter.
import type { Config } from '../config.ts';

export interface AuditOptions {
  isEnabled: boolean;
  isEnabledForGetRequests: boolean;
  alwaysLogOnException: boolean;
  applicationName: string | null;
  flushIntervalMs: number;
  batchSize: number;
  maxQueueLength: number;
  deleterIntervalMs: number;
  deleterBatchSize: number;
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
};

export function auditOptionsFrom(config: Config, env: NodeJS.ProcessEnv = process.env): AuditOptions {
  return {
    isEnabled: env.AUDIT_LOGGING_ENABLED !== 'false',
    isEnabledForGetRequests: env.AUDIT_GET_REQUESTS === 'true',
    alwaysLogOnException: true,
    applicationName: env.AUDIT_APPLICATION_NAME || config.appName,
    flushIntervalMs: positive(env.AUDIT_FLUSH_INTERVAL_MS, 1000),
    batchSize: positive(env.AUDIT_BATCH_SIZE, 200),
    maxQueueLength: positive(env.AUDIT_MAX_QUEUE, 10_000),
    deleterIntervalMs: positive(env.AUDIT_DELETER_INTERVAL_MS, 24 * 60 * 60 * 1000),
    deleterBatchSize: positive(env.AUDIT_DELETER_BATCH_SIZE, 5000),
  };
}
