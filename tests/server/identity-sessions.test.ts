// Sessions administration over real HTTP on a real database: every session of the tenant with the
// user's name, the userId / device / clientId filters, the detail, and revoke: the revoked session's
// access token gets 401 on its very next request, its refresh token is refused, a SessionRevoked log
// row is written for its user; another tenant's session id is a 404; AbpIdentity.Sessions required.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentitySessionDto } from '../../contract/identity-users.ts';
import { securityLogs } from '../../server/db/schema/index.ts';
import { createUser, passwordToken, tokenRequest } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { type Caller, expectError, request, signIn, strongPassword } from './identity-helpers.ts';

type Page = { totalCount: number; items: IdentitySessionDto[] };

let server: TestServer;
let admin: Caller;
let acmeAdmin: Caller;
const base = '/api/identity/sessions';

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  acmeAdmin = await signIn(server, 'admin', 'acme');
});
afterAll(async () => {
  await server?.stop();
});

describe('sessions administration', () => {
  it("lists every user's sessions of the tenant with the filters, and revokes one on the next request", async () => {
    const userId = await createUser(server, { userName: 'sess.user', password: strongPassword });
    const first = await passwordToken(server, { userName: 'sess.user', password: strongPassword });
    const second = await passwordToken(server, { userName: 'sess.user', password: strongPassword });
    const mine = await admin.call<Page>('GET', `${base}?userId=${userId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.totalCount).toBe(2);
    expect(mine.body.items.every((s) => s.userName === 'sess.user' && s.userId === userId && !s.isCurrent)).toBe(true);
    const all = await admin.call<Page>('GET', `${base}?maxResultCount=100`);
    expect(all.body.items.some((s) => s.isCurrent && s.userName === 'admin')).toBe(true);
    expect(all.body.items.every((s) => s.tenantId === null)).toBe(true);
    const device = mine.body.items[0]!.device;
    expect((await admin.call<Page>('GET', `${base}?userId=${userId}&device=${device}`)).body.totalCount).toBe(2);
    expect((await admin.call<Page>('GET', `${base}?userId=${userId}&device=NoSuchDevice`)).body.totalCount).toBe(0);
    const clientId = mine.body.items[0]!.clientId!;
    expect((await admin.call<Page>('GET', `${base}?userId=${userId}&clientId=${clientId}`)).body.totalCount).toBe(2);
    expect((await acmeAdmin.call<Page>('GET', `${base}?userId=${userId}`)).body.totalCount).toBe(0);

    const firstSession = JSON.parse(Buffer.from(first.access_token.split('.')[1]!, 'base64url').toString()).session_id as string;
    const target = mine.body.items.find((s) => s.sessionId === firstSession)!;
    const detail = await admin.call<IdentitySessionDto>('GET', `${base}/${target.id}`);
    expect(detail.body).toMatchObject({ id: target.id, sessionId: firstSession, userName: 'sess.user' });
    expectError(await acmeAdmin.call('GET', `${base}/${target.id}`), 404);
    expectError(await acmeAdmin.call('DELETE', `${base}/${target.id}`), 404);

    expect((await request(server, first.access_token, 'GET', '/api/account/my-profile')).status).toBe(200);
    expect((await admin.call('DELETE', `${base}/${target.id}`)).status).toBe(204);
    expect((await request(server, first.access_token, 'GET', '/api/account/my-profile')).status).toBe(401);
    const refresh = await tokenRequest(server, {
      grant_type: 'refresh_token',
      client_id: server.config.spaClientId,
      refresh_token: first.refresh_token!,
    });
    expect(refresh.body.error).toBe('invalid_grant');
    // The other session of the same user is untouched.
    expect((await request(server, second.access_token, 'GET', '/api/account/my-profile')).status).toBe(200);
    expectError(await admin.call('GET', `${base}/${target.id}`), 404);
    const logs = await server.ctx.db
      .select()
      .from(securityLogs)
      .where(and(eq(securityLogs.userId, userId), eq(securityLogs.action, 'SessionRevoked')));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.extraProperties).toMatchObject({ sessionId: firstSession });
  });

  it('needs AbpIdentity.Sessions', async () => {
    await createUser(server, { userName: 'sess.plain', password: strongPassword });
    const plain = await signIn(server, 'sess.plain', undefined, strongPassword);
    expect((await plain.call('GET', base)).status).toBe(403);
    expect((await plain.call('GET', '/api/account/sessions')).status).toBe(200);
  });
});
