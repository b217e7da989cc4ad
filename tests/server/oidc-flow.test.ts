// Black-box OpenID Connect flows with openid-client against a real server: discovery, code + PKCE
// through the real login page, refresh rotation and reuse detection, revocation, userinfo, sign-out,
// and one authorization code redeemed 20 times in parallel.
import { eq } from 'drizzle-orm';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, identitySessions, securityLogs } from '../../server/db/schema/index.ts';
import { authorizeThroughLoginPage, browse, type CookieJar, createUser, follow, spaScope } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
let config: client.Configuration;
const admin = { userName: 'admin', password: '1q2w3E*' };

beforeAll(async () => {
  server = await startTestServer();
  config = await client.discovery(new URL(`${server.url}/`), server.config.spaClientId, undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
});
afterAll(() => server?.stop());

async function authorizationRequest(extra: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: server.config.issuer,
    scope: spaScope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { url: url.href, verifier, state, nonce };
}

async function signInWithCode(rememberMe = false) {
  const request = await authorizationRequest();
  const { callbackUrl } = await authorizeThroughLoginPage(server.url, request.url, { ...admin, rememberMe });
  return client.authorizationCodeGrant(config, new URL(callbackUrl), {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
    expectedNonce: request.nonce,
  });
}

const sessionRow = async (sessionId: unknown) =>
  (
    await server.ctx.db
      .select()
      .from(identitySessions)
      .where(eq(identitySessions.sessionId, String(sessionId)))
  )[0];

const userinfoStatus = async (accessToken: string) =>
  (await fetch(`${server.url}/connect/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } })).status;

describe('discovery', () => {
  it('advertises the ABP endpoints, grants and S256 only', () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(server.config.issuer);
    expect(metadata.authorization_endpoint).toBe(`${server.url}/connect/authorize`);
    expect(metadata.token_endpoint).toBe(`${server.url}/connect/token`);
    expect(metadata.revocation_endpoint).toBe(`${server.url}/connect/revocat`);
    expect(metadata.end_session_endpoint).toBe(`${server.url}/connect/endsession`);
    expect(metadata.userinfo_endpoint).toBe(`${server.url}/connect/userinfo`);
    expect(metadata.introspection_endpoint).toBe(`${server.url}/connect/introspect`);
    expect(metadata.jwks_uri).toBe(`${server.url}/.well-known/jwks`);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token', 'password', 'LinkLogin', 'Impersonation']),
    );
  });

  it('publishes public keys only', async () => {
    const jwks = (await (await fetch(`${server.url}/.well-known/jwks`)).json()) as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys.map((k) => k.alg)).toEqual(expect.arrayContaining(['RS256']));
    for (const key of jwks.keys) expect(key.d).toBeUndefined();
  });
});

describe('authorization code with PKCE through the login page', () => {
  it('issues a JWT access token with ABP claims, an ID token and a refresh token', async () => {
    const tokens = await signInWithCode(true);
    const claims = await server.ctx.tokens.verify(tokens.access_token);
    expect(claims).toMatchObject({
      preferred_username: 'admin',
      client_id: server.config.spaClientId,
      aud: 'Finance',
      remember_me: 'True',
    });
    expect(claims?.role).toEqual(expect.arrayContaining(['admin']));
    expect(typeof claims?.session_id).toBe('string');
    const session = await sessionRow(claims?.session_id);
    expect(session).toMatchObject({ clientId: server.config.spaClientId, device: 'Web', rememberMe: true });
    expect(tokens.claims()?.preferred_username).toBe('admin');
    expect(tokens.refresh_token).toBeTruthy();

    const info = await client.fetchUserInfo(config, tokens.access_token, String(claims?.sub));
    expect(info).toMatchObject({ sub: claims?.sub, preferred_username: 'admin', email: 'admin@abp.io' });
    expect(info.role).toEqual(expect.arrayContaining(['admin']));
  });

  it('refuses an authorization request without PKCE', async () => {
    const url = new URL(`${server.url}/connect/authorize`);
    url.search = new URLSearchParams({
      client_id: server.config.spaClientId,
      response_type: 'code',
      redirect_uri: server.config.issuer,
      scope: 'openid',
      state: 'abc',
    }).toString();
    const response = await fetch(url, { redirect: 'manual' });
    const location = new URL(response.headers.get('location') ?? '', server.url);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('refuses the plain PKCE method', async () => {
    const request = await authorizationRequest({ code_challenge_method: 'plain', code_challenge: 'a'.repeat(43) });
    const response = await fetch(request.url, { redirect: 'manual' });
    const location = new URL(response.headers.get('location') ?? '', server.url);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('redeems one code exactly once out of 20 parallel attempts', async () => {
    const request = await authorizationRequest();
    const { callbackUrl } = await authorizeThroughLoginPage(server.url, request.url, admin);
    const code = new URL(callbackUrl).searchParams.get('code')!;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${server.url}/connect/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: server.config.issuer,
            code_verifier: request.verifier,
            client_id: server.config.spaClientId,
          }),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
  });
});

describe('browser session', () => {
  it('authorizes again in the same browser without the form, on the same identity session', async () => {
    const first = await authorizationRequest();
    const { callbackUrl, jar } = await authorizeThroughLoginPage(server.url, first.url, admin);
    const tokens = await client.authorizationCodeGrant(config, new URL(callbackUrl), {
      pkceCodeVerifier: first.verifier,
      expectedState: first.state,
      expectedNonce: first.nonce,
    });
    const second = await authorizationRequest();
    const end = await follow(jar, server.url, await browse(jar, second.url));
    const again = await client.authorizationCodeGrant(config, new URL(end.url), {
      pkceCodeVerifier: second.verifier,
      expectedState: second.state,
      expectedNonce: second.nonce,
    });
    const sessionOf = async (token: string) => (await server.ctx.tokens.verify(token))?.session_id;
    expect(await sessionOf(again.access_token)).toBe(await sessionOf(tokens.access_token));
  });

  it('refuses a client with external consent and no existing authorization (explicit: openiddict-consent.test.ts)', async () => {
    await server.ctx.db.insert(applications).values({
      clientId: 'External_App',
      clientType: 'public',
      consentType: 'external',
      grantTypes: ['authorization_code'],
      scopes: ['openid', 'Finance'],
      redirectUris: [server.config.issuer],
    });
    const url = new URL(`${server.url}/connect/authorize`);
    url.search = new URLSearchParams({
      client_id: 'External_App',
      response_type: 'code',
      redirect_uri: server.config.issuer,
      scope: 'openid Finance',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    }).toString();
    const { callbackUrl } = await authorizeThroughLoginPage(server.url, url.href, admin);
    expect(new URL(callbackUrl).searchParams.get('error')).toBe('access_denied');
  });
});

describe('refresh tokens', () => {
  it('rotate on every use, and reusing a rotated one revokes the grant and the session', async () => {
    const first = await signInWithCode();
    const sessionId = (await server.ctx.tokens.verify(first.access_token))?.session_id;
    const second = await client.refreshTokenGrant(config, first.refresh_token!);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await server.ctx.tokens.verify(second.access_token))?.session_id).toBe(sessionId);
    expect(await userinfoStatus(second.access_token)).toBe(200);

    await expect(client.refreshTokenGrant(config, first.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    // The whole grant is gone: the newest refresh token and the session too.
    await expect(client.refreshTokenGrant(config, second.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await sessionRow(sessionId)).toBeUndefined();
    expect(await userinfoStatus(second.access_token)).toBe(401);
  });
});

describe('revocation and sign-out', () => {
  it('revoking the refresh token ends the session for the API at once', async () => {
    const tokens = await signInWithCode();
    const claims = await server.ctx.tokens.verify(tokens.access_token);
    expect(await userinfoStatus(tokens.access_token)).toBe(200);
    expect((await client.tokenIntrospection(config, tokens.refresh_token!)).active).toBe(true);
    await client.tokenRevocation(config, tokens.refresh_token!, { token_type_hint: 'refresh_token' });
    expect((await client.tokenIntrospection(config, tokens.refresh_token!)).active).toBe(false);
    // The signature is still fine; the session row is what is gone.
    expect(await server.ctx.tokens.verify(tokens.access_token)).not.toBeNull();
    expect(await sessionRow(claims?.session_id)).toBeUndefined();
    expect(await userinfoStatus(tokens.access_token)).toBe(401);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('revoking the access token (as ABP clients do at sign-out) ends its session too', async () => {
    const tokens = await signInWithCode();
    const claims = await server.ctx.tokens.verify(tokens.access_token);
    await client.tokenRevocation(config, tokens.access_token, { token_type_hint: 'access_token' });
    expect(await sessionRow(claims?.session_id)).toBeUndefined();
    expect(await userinfoStatus(tokens.access_token)).toBe(401);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    // A JWT that is not ours (or not valid) is "revoked" without effect, as RFC 7009 asks.
    await client.tokenRevocation(config, tokens.id_token!);
  });

  /** The SPA signed in through the real login page: its tokens and the browser's cookie jar. */
  async function browserSignIn() {
    const request = await authorizationRequest();
    const { callbackUrl, jar } = await authorizeThroughLoginPage(server.url, request.url, admin);
    const tokens = await client.authorizationCodeGrant(config, new URL(callbackUrl), {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
      expectedNonce: request.nonce,
    });
    return { tokens, jar, claims: await server.ctx.tokens.verify(tokens.access_token) };
  }

  /** The hidden fields of the sign-out form, as a browser would submit it. */
  const logoutFormFields = (html: string) => {
    const form = /<form id="op.logoutForm" method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(html);
    const fields = [...(form?.[2] ?? '').matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]);
    return { action: form?.[1], fields: new URLSearchParams(fields) };
  };

  /** Opens an authorization request in the same browser: signed in answers with a code, else the login page. */
  async function authorizeAgain(jar: CookieJar) {
    const request = await authorizationRequest();
    return (await follow(jar, server.url, await browse(jar, request.url))).url;
  }

  it("one Logout in the SPA (its id_token_hint) ends the identity server's session without asking, and logs it", async () => {
    const { tokens, jar, claims } = await browserSignIn();
    const endSession = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: server.config.issuer,
      state: 'after-logout',
    });
    const page = await browse(jar, endSession.href);
    expect(page.status).toBe(200);
    const html = await page.text();
    // The page submits itself (a script of ours, allowed by the CSP) with logout=yes: no question.
    expect(html).toContain('<script src="/Account/logout.js"></script>');
    expect(html).not.toContain('Do you want to log out?');
    const script = await fetch(`${server.url}/Account/logout.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain("getElementById('op.logoutForm')");
    const { action, fields } = logoutFormFields(html);
    expect(fields.get('logout')).toBe('yes');
    const confirmed = await browse(jar, new URL(action!, server.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields,
    });
    const end = await follow(jar, server.url, confirmed);
    expect(end.url).toBe(`${server.config.issuer}?state=after-logout`);
    expect(await sessionRow(claims?.session_id)).toBeUndefined();
    expect(await userinfoStatus(tokens.access_token)).toBe(401);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    // The same browser asks for the password again: nothing of the sign-in is left.
    expect(await authorizeAgain(jar)).toContain('/Account/Login');
    // The sign-out is logged off the response path: wait for the row rather than for time.
    await expect
      .poll(async () =>
        (await server.ctx.db.select().from(securityLogs).where(eq(securityLogs.action, 'Logout'))).some(
          (row) => row.userId === claims?.sub,
        ),
      )
      .toBe(true);
  });

  it('a sign-out request without a hint asks, and its Cancel changes nothing', async () => {
    const { tokens, jar, claims } = await browserSignIn();
    const html = await (await browse(jar, `${server.url}/connect/endsession`)).text();
    expect(html).toContain('Do you want to log out?');
    expect(html).not.toContain('/Account/logout.js');
    expect(logoutFormFields(html).fields.get('logout')).toBeNull();
    const cancel = /<a class="button secondary" href="([^"]+)">Cancel<\/a>/.exec(html)?.[1];
    expect(cancel).toBe(server.config.issuer);
    // Cancel is a link: following it submits nothing, so the app and the browser stay signed in.
    await browse(jar, cancel!);
    expect(await sessionRow(claims?.session_id)).toBeDefined();
    expect(await userinfoStatus(tokens.access_token)).toBe(200);
    expect(await authorizeAgain(jar)).toMatch(/[?&]code=/);
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).toBeTruthy();
  });

  it("another user's hint does not sign this browser out without asking", async () => {
    const { jar } = await browserSignIn();
    const other = await createUser(server, { userName: 'logout.other', password: admin.password });
    expect(other).toBeTruthy();
    const otherRequest = await authorizationRequest();
    const signedInOther = await authorizeThroughLoginPage(server.url, otherRequest.url, {
      userName: 'logout.other',
      password: admin.password,
    });
    const otherTokens = await client.authorizationCodeGrant(config, new URL(signedInOther.callbackUrl), {
      pkceCodeVerifier: otherRequest.verifier,
      expectedState: otherRequest.state,
      expectedNonce: otherRequest.nonce,
    });
    const endSession = client.buildEndSessionUrl(config, { id_token_hint: otherTokens.id_token! });
    const html = await (await browse(jar, endSession.href)).text();
    expect(html).toContain('Do you want to log out?');
    expect(html).not.toContain('/Account/logout.js');
  });
});
