// Anonymous account calls that send mail are rate-limited like sign-in (per IP and path, and per
// address or user, over five minutes): past the limit they answer 429 in ABP's envelope with
// Retry-After and send nothing. Own server, so the other suites' calls do not count here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../server/identity-server/rate-limit.ts';
import { createUser, outboxMails } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { expectError, request, strongPassword } from './identity-helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('mail-sending account calls', () => {
  it('stop mailing one address past the per-account limit', async () => {
    await createUser(server, { userName: 'flooded', password: strongPassword });
    const send = () =>
      request(
        server,
        null,
        'POST',
        '/api/account/send-password-reset-code',
        { email: 'flooded@example.test', appName: 'Finance' },
        { 'accept-language': 'fr' },
      );
    for (let i = 0; i < limits.account; i++) expect((await send()).status).toBe(204);
    const refused = await send();
    const error = expectError(refused, 429);
    expect(error.code).toBe('Volo.Account:TooManyRequests');
    expect(error.message).toBe('Trop de demandes. Veuillez patienter quelques minutes puis réessayer.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await outboxMails(server, 'flooded@example.test')).toHaveLength(limits.account);
    // Another address is not affected by this one's limit.
    await createUser(server, { userName: 'calm', password: strongPassword });
    const other = await request(server, null, 'POST', '/api/account/send-password-reset-code', {
      email: 'calm@example.test',
      appName: 'Finance',
    });
    expect(other.status).toBe(204);
  });

  it('count the e-mail confirmation resend per user', async () => {
    const id = await createUser(server, { userName: 'resend', password: strongPassword });
    const { users } = await import('../../server/db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await server.ctx.db.update(users).set({ emailConfirmed: false }).where(eq(users.id, id));
    const send = () => request(server, null, 'POST', '/api/account/send-email-confirmation-token', { appName: 'Finance', userId: id });
    for (let i = 0; i < limits.account; i++) expect((await send()).status).toBe(204);
    expectError(await send(), 429);
    expect(await outboxMails(server, 'resend@example.test')).toHaveLength(limits.account);
  });
});
