// Security log rows (sign-in success and failure, sign-out, lockout, password and two-factor changes,
// session revocation). Never store a password, token or secret in a row. Rules:
// - written inside a transaction's callback (the change it records: a password change, a lockout),
//   the row goes into that transaction (audit/journal.ts keeps the frame): it commits with the
//   change or not at all, and a failure to write it fails the change;
// - written anywhere else it is its own statement, awaited by the flows before they answer; a
//   failure then is reported, never turned into a failed sign-in.
import { currentTransactionFrame } from '../../audit/scope.ts';
import type { AppContext, SecurityLogWriter } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { securityLogs } from '../../db/schema/index.ts';

export const securityLogApplicationName = 'Finance.AuthServer';

export function createSecurityLogWriter(ctx: AppContext): SecurityLogWriter {
  return {
    async write(entry) {
      const row = {
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
      };
      const frame = currentTransactionFrame();
      if (frame) {
        await (frame.tx as Db).insert(securityLogs).values(row);
        return;
      }
      try {
        await ctx.db.insert(securityLogs).values(row);
      } catch (error) {
        // A log write must never turn a sign-in into a failure; it is reported instead.
        ctx.log.error({ err: error, action: entry.action }, 'could not write security log');
      }
    },
  };
}
