// Graceful shutdown of the real process flushes the audit queue: with a flush interval of an hour,
// an audited request answered just before SIGTERM is still in memory; after the process exits 0
// its audit log, action and entity change are in the database.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { auditLogActions, auditLogs, entityChanges } from '../../server/db/schema/index.ts';
import { testSecretsKey } from '../kit/test-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-audit-shutdown-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)('audit queue at shutdown (PGlite process)', () => {
  it('writes the queued audit logs before exiting', async () => {
    const template = process.env.TEST_TEMPLATE_DATA_DIR;
    if (template) fs.cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
    const port = await freePort();
    const child = spawn(process.execPath, ['server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SECRETS_KEY: testSecretsKey,
        LOG_LEVEL: 'warn',
        SERVE_SPA: 'false',
        TEST_DATABASE_URL: '',
        AUDIT_FLUSH_INTERVAL_MS: '3600000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    for (let i = 0; i < 600 && !output.includes('is running at'); i++) await new Promise((r) => setTimeout(r, 100));
    expect(output).toContain('is running at');

    const base = `http://127.0.0.1:${port}`;
    const token = await fetch(`${base}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'Finance_App',
        username: 'admin',
        password: '1q2w3E*',
        scope: 'openid Finance',
      }),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const correlationId = crypto.randomUUID().replaceAll('-', '');
    const created = await fetch(`${base}/api/identity/roles`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json', 'x-correlation-id': correlationId },
      body: JSON.stringify({ name: 'written-at-shutdown' }),
    });
    expect(created.status).toBe(200);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const database = await openDatabase({ dataDir });
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
