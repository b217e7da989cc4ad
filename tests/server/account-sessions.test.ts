// My sessions and my security logs through the real API: only the caller's own rows, filters,
// sorting and paging; revoking a session stops its access token on the very next request, its
// refresh token, and its browser sign-in at the identity server; SessionRevoked is logged;
// revoke-others ends every other session of the caller and keeps the caller's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  authorizeThroughLoginPage,
  browse,
  createUser,
  follow,
  passwordToken,
  spaScope,
  type TokenResponse,
  tokenRequest,
} from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const password = '1q2w3E*';

interface SessionDto {
  id: string;
  sessionId: string;
  isCurrent: boolean;
  device: string;
  deviceInfo: string | null;
  clientId: string | null;
  ipAddresses: string[];
  userName: string | null;
  signedIn: string;
  lastAccessed: string | null;
}

const get = async <T>(token: TokenResponse | string, path: string) => {
  const response = await fetch(`${server.url}${path}`, { headers: { ...authHeaders(token), 'accept-language': 'en' } });
  return { status: response.status, body: (await response.json()) as T };
};

const signInAs = (userName: string, userAgent: string) =>
  tokenRequest(
    server,
    { grant_type: 'password', client_id: server.config.spaClientId, username: userName, password, scope: spaScope },
    { 'user-agent': userAgent },
  ).then((r) => r.body as unknown as TokenResponse);

const refreshWith = (token: TokenResponse) =>
  tokenRequest(server, { grant_type: 'refresh_token', client_id: server.config.spaClientId, refresh_token: token.refresh_token! });

describe('my sessions', () => {
  it('lists only my sessions, flags the current one, filters, sorts and pages', async () => {
    await createUser(server, { userName: 'sess.one', password });
    await createUser(server, { userName: 'sess.other', password });
    const web = await signInAs('sess.one', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0');
    await signInAs('sess.one', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148');
    await signInAs('sess.one', 'curl/8.0');
    await signInAs('sess.other', 'curl/8.0');

    const all = await get<{ totalCount: number; items: SessionDto[] }>(web, '/api/account/sessions');
    expect(all.status).toBe(200);
    expect(all.body.totalCount).toBe(3);
    expect(all.body.items.every((s) => s.userName === 'sess.one')).toBe(true);
    expect(all.body.items.filter((s) => s.isCurrent)).toHaveLength(1);
    expect(all.body.items.find((s) => s.isCurrent)!.device).toBe('Web');
    expect(all.body.items.map((s) => s.device).sort()).toEqual(['Mobile', 'OAuth', 'Web']);
    expect(all.body.items[0]!.clientId).toBe(server.config.spaClientId);
    expect(all.body.items[0]!.ipAddresses).toEqual(['127.0.0.1']);

    const mobile = await get<{ totalCount: number; items: SessionDto[] }>(web, '/api/account/sessions?device=Mobile');
    expect(mobile.body.items.map((s) => s.device)).toEqual(['Mobile']);
    const sorted = await get<{ items: SessionDto[] }>(web, '/api/account/sessions?sorting=device%20desc');
    expect(sorted.body.items.map((s) => s.device)).toEqual(['Web', 'OAuth', 'Mobile']);
    const page = await get<{ totalCount: number; items: SessionDto[] }>(
      web,
      '/api/account/sessions?sorting=device&skipCount=1&maxResultCount=1',
    );
    expect(page.body).toMatchObject({ totalCount: 3, items: [{ device: 'OAuth' }] });
    expect((await get(web, '/api/account/sessions?sorting=password')).status).toBe(400);

    const one = await get<SessionDto>(web, `/api/account/sessions/${all.body.items[0]!.id}`);
    expect(one.body.id).toBe(all.body.items[0]!.id);
    // A session is also named by its sessionId (the tokens' session_id claim).
    const bySessionId = await get<SessionDto>(web, `/api/account/sessions/${all.body.items[0]!.sessionId}`);
    expect(bySessionId.body.id).toBe(all.body.items[0]!.id);
    expect((await get(web, '/api/account/sessions/not%20valid')).status).toBe(400);
    const others = await passwordToken(server, { userName: 'sess.other', password });
    expect((await get(others, `/api/account/sessions/${all.body.items[0]!.id}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/account/sessions`)).status).toBe(401);
  });

  it('revokes a session: its access token fails on the next request, its refresh token is refused', async () => {
    await createUser(server, { userName: 'sess.revoke', password });
    const keeper = await signInAs('sess.revoke', 'Mozilla/5.0 (X11) Keeper');
    const victim = await signInAs('sess.revoke', 'Mozilla/5.0 (X11) Victim');
    expect((await get(victim, '/api/account/sessions')).status).toBe(200);
    const list = await get<{ items: SessionDto[] }>(keeper, '/api/account/sessions');
    const target = list.body.items.find((s) => s.deviceInfo?.includes('Victim'))!;

    const other = await passwordToken(server, { userName: 'admin', password });
    const foreign = await fetch(`${server.url}/api/account/sessions/${target.id}`, { method: 'DELETE', headers: authHeaders(other) });
    expect(foreign.status).toBe(404);

    const revoked = await fetch(`${server.url}/api/account/sessions/${target.sessionId}`, {
      method: 'DELETE',
      headers: authHeaders(keeper),
    });
    expect(revoked.status).toBe(204);
    expect((await get(victim, '/api/account/sessions')).status).toBe(401);
    expect((await get(keeper, '/api/account/sessions')).status).toBe(200);
    expect((await refreshWith(victim)).body.error).toBe('invalid_grant');
    expect((await get(keeper, `/api/account/sessions/${target.id}`)).status).toBe(404);

    const logs = await get<{ items: Array<{ action: string; extraProperties: Record<string, unknown> }> }>(
      keeper,
      '/api/account/security-logs?action=SessionRevoked',
    );
    expect(logs.body.items).toHaveLength(1);
    expect(logs.body.items[0]!.extraProperties).toMatchObject({ sessionId: target.sessionId });
  });

  it('revokes every other session of mine at once and keeps the one asking', async () => {
    await createUser(server, { userName: 'sess.all', password });
    await createUser(server, { userName: 'sess.bystander', password });
    const keeper = await signInAs('sess.all', 'Mozilla/5.0 (X11) Keeper');
    const victims = [await signInAs('sess.all', 'Mozilla/5.0 (X11) One'), await signInAs('sess.all', 'curl/8.0')];
    const bystander = await signInAs('sess.bystander', 'curl/8.0');
    for (const victim of victims) expect((await get(victim, '/api/account/sessions')).status).toBe(200);

    const revokeOthers = (token: TokenResponse, body?: string) =>
      fetch(`${server.url}/api/account/sessions/revoke-others`, {
        method: 'POST',
        headers: { ...authHeaders(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body,
      });
    expect((await fetch(`${server.url}/api/account/sessions/revoke-others`, { method: 'POST' })).status).toBe(401);
    expect((await revokeOthers(keeper, '{}')).status).toBe(400);
    const answer = await revokeOthers(keeper);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ revokedCount: 2 });

    for (const victim of victims) {
      expect((await get(victim, '/api/account/sessions')).status).toBe(401);
      expect((await refreshWith(victim)).body.error).toBe('invalid_grant');
    }
    const left = await get<{ totalCount: number; items: SessionDto[] }>(keeper, '/api/account/sessions');
    expect(left.body).toMatchObject({ totalCount: 1, items: [{ isCurrent: true, deviceInfo: 'Mozilla/5.0 (X11) Keeper' }] });
    // Another user's session is not the caller's to end.
    expect((await get(bystander, '/api/account/sessions')).status).toBe(200);
    const logs = await get<{ totalCount: number }>(keeper, '/api/account/security-logs?action=SessionRevoked');
    expect(logs.body.totalCount).toBe(2);
    // Nothing left to end: the call still answers, with nothing revoked.
    expect(await (await revokeOthers(keeper, 'null')).json()).toEqual({ revokedCount: 0 });
  });

  it('revoking a code-flow session signs that browser out at the identity server too', async () => {
    await createUser(server, { userName: 'sess.browser', password });
    const url = new URL(`${server.url}/connect/authorize`);
    url.search = new URLSearchParams({
      client_id: server.config.spaClientId,
      response_type: 'code',
      redirect_uri: server.config.issuer,
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    const { callbackUrl, jar } = await authorizeThroughLoginPage(server.url, url.href, { userName: 'sess.browser', password });
    expect(new URL(callbackUrl).searchParams.get('code')).toBeTruthy();
    // While the browser session lives, a new authorization needs no login page.
    const silent = await follow(jar, server.url, await browse(jar, url.href));
    expect(new URL(silent.url).searchParams.get('code')).toBeTruthy();

    const api = await passwordToken(server, { userName: 'sess.browser', password });
    const list = await get<{ items: SessionDto[] }>(api, '/api/account/sessions');
    for (const session of list.body.items.filter((s) => !s.isCurrent)) {
      const response = await fetch(`${server.url}/api/account/sessions/${session.id}`, { method: 'DELETE', headers: authHeaders(api) });
      expect(response.status).toBe(204);
    }
    const again = await follow(jar, server.url, await browse(jar, url.href));
    expect(again.response.status).toBe(200);
    expect(await again.response.text()).toContain('name="password"');
  });
});

describe('my security logs', () => {
  it('answers only my rows, with the filters, sorting and paging of the security log filter', async () => {
    await createUser(server, { userName: 'logs.me', password });
    const failed = await tokenRequest(server, {
      grant_type: 'password',
      client_id: server.config.spaClientId,
      username: 'logs.me',
      password: 'Wrong-1x',
      scope: spaScope,
    });
    expect(failed.status).toBe(400);
    const token = await passwordToken(server, { userName: 'logs.me', password });
    await passwordToken(server, { userName: 'admin', password });

    type Page = {
      totalCount: number;
      items: Array<{ action: string; userName: string; clientId: string; creationTime: string; applicationName: string }>;
    };
    const all = await get<Page>(token, '/api/account/security-logs');
    expect(all.status).toBe(200);
    expect(all.body.items.map((i) => i.action)).toEqual(['LoginSucceeded', 'LoginInvalidUserNameOrPassword']);
    expect(all.body.items.every((i) => i.userName === 'logs.me')).toBe(true);
    expect(all.body.items[0]).toMatchObject({ clientId: server.config.spaClientId, applicationName: 'Finance.AuthServer' });

    expect((await get<Page>(token, '/api/account/security-logs?action=invalid')).body.items.map((i) => i.action)).toEqual([
      'LoginInvalidUserNameOrPassword',
    ]);
    expect((await get<Page>(token, '/api/account/security-logs?sorting=creationTime%20asc')).body.items[0]!.action).toBe(
      'LoginInvalidUserNameOrPassword',
    );
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await get<Page>(token, `/api/account/security-logs?startTime=${future}`)).body.totalCount).toBe(0);
    expect((await get<Page>(token, `/api/account/security-logs?endTime=${future}&maxResultCount=1`)).body).toMatchObject({
      totalCount: 2,
      items: [{ action: 'LoginSucceeded' }],
    });
    expect((await get(token, '/api/account/security-logs?startTime=yesterday')).status).toBe(400);
    expect((await fetch(`${server.url}/api/account/security-logs`)).status).toBe(401);
  });
});
