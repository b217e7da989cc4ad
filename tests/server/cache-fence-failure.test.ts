// A changing request answers only after the cache bus's fence (server/cache.ts); when the fence
// cannot run (the database away, as the ledger chaos test's outage shows on PostgreSQL), the answer
// is still ABP's error envelope: a success becomes a 500, an error answer stays what it was. The
// error handler's own answer passes the same onSend hook, so a fence failing there left Fastify's
// bare `{statusCode, error, message}` 500. The fence is made to fail here (the database itself is
// real and stays up), on the API and on the identity server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('keeps the identity server’s error answer (a refused grant) as OAuth’s error', async () => {
    const response = await whileFenceFails(() =>
      fetch(`${server.url}/connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', client_id: server.config.spaClientId, username: 'admin', password: 'wrong' }),
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
  });
});
