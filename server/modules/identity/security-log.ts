// Security log rows (sign-in success and failure, sign-out, lockout, password and two-factor changes,
// session revocation). Never store a password, token or secret in a row.
import type { AppContext, SecurityLogWriter } from '../../context.ts';
import { securityLogs } from '../../db/schema/index.ts';

export const securityLogApplicationName = 'Finance.AuthServer';

export function createSecurityLogWriter(ctx: AppContext): SecurityLogWriter {
  return {
    async write(entry) {
      try {
        await ctx.db.insert(securityLogs).values({
          tenantId: entry.tenantId,
          tenantName: entry.tenantName ?? null,
          applicationName: securityLogApplicationName,
          identity: entry.identity,
          action: entry.action,
          userId: entry.userId ?? null,
          userName: entry.userName ?? null,
          clientId: entry.clientId ?? null,
          correlationId: entry.correlationId ?? null,
          clientIpAddress: entry.clientIpAddress ?? null,
          browserInfo: entry.browserInfo?.slice(0, 512) ?? null,
          extraProperties: entry.extraProperties ?? {},
        });
      } catch (error) {
        // A log write must never turn a sign-in into a failure; it is reported instead.
        ctx.log.error({ err: error, action: entry.action }, 'could not write security log');
      }
    },
  };
}
