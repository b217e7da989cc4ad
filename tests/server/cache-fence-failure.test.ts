// A changing request answers only after the cache bus's fence (server/cache.ts); when the fence
// cannot run (the database away, as the ledger chaos test's outage shows on PostgreSQL), the answer
// is still ABP's error envelope: a success becomes a 500, an error answer stays what it was. The
// error handler's own answer passes the same onSend hook, so a fence failing there left Fastify's
// bare `{statusCode, error, message}` 500. The fence is made to fail here (the database itself is
// real and stays up), on the API and on the identity server (whose success is OAuth's server_error).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword } from '../../server/db/seed/identity.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { type Caller, type ErrorBody, signIn } from './identity-helpers.ts';

describe('a changing request whose cache fence fails', () => {
  let server: TestServer;
  let admin: Caller;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await signIn(server, 'admin');
  });
  afterAll(() => server?.stop());

  const whileFenceFails = async <T>(work: () => Promise<T>): Promise<T> => {
    const { cache } = server.ctx;
    const fence = cache.fence;
    cache.fence = () => Promise.reject(new Error('the database is away'));
    try {
      return await work();
    } finally {
      cache.fence = fence;
    }
  };

  it('answers a success as a 500 and keeps an error answer, both in ABP’s envelope', async () => {
    const [created, refused] = await whileFenceFails(() =>
      Promise.all([
        admin.call<ErrorBody>('POST', '/api/identity/roles', { name: `fence-${Date.now()}` }),
        admin.call<ErrorBody>('POST', '/api/identity/roles', {}),
      ]),
    );
    expect(created.status).toBe(500);
    expect(created.body.error).toMatchObject({ message: 'An internal error occurred during your request!' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.validationErrors?.map((v) => v.members)).toEqual([['name']]);
  });

  it('answers the identity server’s success as OAuth’s server_error and keeps its error answer', async () => {
    const grant = (password: string) =>
      fetch(`${server.url}/connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'br, gzip' },
        body: new URLSearchParams({ grant_type: 'password', client_id: server.config.spaClientId, username: 'admin', password }),
      });
    const [granted, refused] = await whileFenceFails(() => Promise.all([grant(adminPassword), grant('wrong')]));
    expect(granted.status).toBe(500);
    expect(granted.headers.get('content-encoding')).toBeNull();
    expect(await granted.json()).toMatchObject({ error: 'server_error' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
  });
});
