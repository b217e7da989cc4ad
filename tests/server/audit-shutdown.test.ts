// Graceful shutdown of the real process flushes the audit queue: with a flush interval of an hour,
// an audited request answered just before SIGTERM is still in memory; after the process exits 0
// its audit log, action and entity change are in the database.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { auditLogActions, auditLogs, entityChanges } from '../../server/db/schema/index.ts';
import { processAdminToken } from '../kit/auth.ts';
import { type ServerProcess, startServerProcess } from '../kit/server-process.ts';

let server: ServerProcess | undefined;
afterAll(() => server?.remove());

describe.skipIf(!!process.env.TEST_DATABASE_URL)('audit queue at shutdown (PGlite process)', () => {
  // A process start (up to a minute on a loaded machine) and a graceful stop: more than vitest's default 30 s.
  it('writes the queued audit logs before exiting', { timeout: 120_000 }, async () => {
    server = await startServerProcess({ AUDIT_FLUSH_INTERVAL_MS: '3600000' });
    const { base } = server;
    const token = await processAdminToken(base);
    const correlationId = crypto.randomUUID().replaceAll('-', '');
    const created = await fetch(`${base}/api/identity/roles`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-correlation-id': correlationId },
      body: JSON.stringify({ name: 'written-at-shutdown' }),
    });
    expect(created.status).toBe(200);

    server.terminate();
    expect(await server.exited).toBe(0);

    const database = await openDatabase({ dataDir: server.dataDir });
    try {
      const [log] = await database.db.select().from(auditLogs).where(eq(auditLogs.correlationId, correlationId));
      expect(log).toMatchObject({ httpMethod: 'POST', url: '/api/identity/roles', httpStatusCode: 200, userName: 'admin' });
      const actions = await database.db.select().from(auditLogActions).where(eq(auditLogActions.auditLogId, log!.id));
      expect(actions).toMatchObject([{ serviceName: 'IdentityRoleAppService', methodName: 'CreateAsync' }]);
      const changes = await database.db.select().from(entityChanges).where(eq(entityChanges.auditLogId, log!.id));
      expect(changes).toMatchObject([{ changeType: 0, entityTypeFullName: 'Volo.Abp.Identity.IdentityRole' }]);
    } finally {
      await database.close();
    }
  });
});
