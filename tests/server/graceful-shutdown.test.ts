// Graceful shutdown of the real process (server/main.ts): on SIGTERM it stops accepting connections,
// lets a request already in flight finish with a real answer, then exits 0. The request is held in
// flight by sending its body in two halves around the signal.
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../kit/server-process.ts';

let server: ServerProcess | undefined;
afterAll(() => server?.remove());

describe.skipIf(!!process.env.TEST_DATABASE_URL)('graceful shutdown (PGlite process)', () => {
  it('finishes a request in flight after SIGTERM, then exits 0', async () => {
    server = await startServerProcess();
    const { port } = server;

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
    server.terminate();
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
    expect(await server.exited).toBe(0);
  }, 120_000);
});
