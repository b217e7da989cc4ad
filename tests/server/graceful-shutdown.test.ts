// Graceful shutdown of the real process (server/main.ts): on SIGTERM it stops accepting connections,
// lets a request already in flight finish with a real answer, then exits 0. The request is held in
// flight by sending its body in two halves around the signal.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testSecretsKey } from '../kit/test-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-shutdown-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)('graceful shutdown (PGlite process)', () => {
  it('finishes a request in flight after SIGTERM, then exits 0', async () => {
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

    const body = new URLSearchParams({
      grant_type: 'password',
      client_id: 'Finance_App',
      username: 'admin',
      password: '1q2w3E*',
      scope: 'openid Finance',
    }).toString();
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let response = '';
    socket.on('data', (chunk: Buffer) => {
      response += chunk.toString();
    });
    const closed = new Promise((r) => socket.once('close', r));
    socket.write(
      `POST /connect/token HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    // New connections are refused while the old request is still being served.
    const refused = await fetch(`http://127.0.0.1:${port}/health/live`).then(
      () => false,
      () => true,
    );
    socket.write(body.slice(10));
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(response).toContain('access_token');
    expect(refused).toBe(true);
    expect(await exited).toBe(0);
  }, 120_000);
});
