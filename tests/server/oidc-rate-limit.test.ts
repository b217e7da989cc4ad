// Sign-in rate limits (per IP and path, per account), shared through the database: the attempt
// past the limit answers 429 with Retry-After and a localized message, before any password check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../server/identity-server/rate-limit.ts';
import { createUser, spaScope, startAuthorization, submitLogin, tokenRequest } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const passwordGrant = (userName: string, password: string) =>
  tokenRequest(
    server,
    { grant_type: 'password', client_id: server.config.spaClientId, username: userName, password, scope: spaScope },
    { 'accept-language': 'fr' },
  );

async function loginPage() {
  const { jar, url, html } = await startAuthorization(server);
  return { jar, url, html };
}

describe('sign-in rate limits', () => {
  it('limits failed attempts per account on the login page, even with the right password afterwards', async () => {
    await createUser(server, { userName: 'hammered', password: 'Right-Pass1', lockoutEnabled: false });
    for (let attempt = 0; attempt < limits.account; attempt++) {
      const page = await loginPage();
      const response = await submitLogin(page.jar, server.url, page.url, page.html, { userName: 'hammered', password: `Wrong-${attempt}` });
      expect(response.status).toBe(401);
    }
    const page = await loginPage();
    const limited = await submitLogin(page.jar, server.url, page.url, page.html, { userName: 'hammered', password: 'Right-Pass1' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.text()).toContain('Too many login attempts');
  });

  it('limits failed attempts per IP on the token endpoint, whatever the user name', async () => {
    for (let attempt = 0; attempt < limits.ip; attempt++) {
      expect((await passwordGrant(`ghost-${attempt}`, 'Wrong-Pass1')).status).toBe(400);
    }
    const limited = await passwordGrant('admin', '1q2w3E*');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'too_many_requests', error_description: expect.stringContaining('Trop de tentatives') });
  });
});
