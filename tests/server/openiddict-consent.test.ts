// Consent types of OpenID applications (issue 19, consent.ts) through real code-flow sign-ins in a
// cookie-carrying client: explicit shows the consent page (the requested scopes, Allow and Deny,
// in the request's language), Deny answers access_denied, Allow answers a code whose token works
// and is remembered (a new sign-in asking no more is not asked; one asking more is); systematic
// asks at every authorization; external without an existing authorization is refused.
import * as client from 'openid-client';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApplicationDto } from '../../contract/openiddict.ts';
import { oidcPayloads } from '../../server/db/schema/index.ts';
import { browse, CookieJar, follow, submitLogin, tokenRequest } from '../kit/auth.ts';
import { identitySuite, request, strongPassword } from './identity-helpers.ts';

const apps = '/api/openiddict/applications';
const suite = identitySuite();
const admin = { userName: 'admin', password: '1q2w3E*' };
const home = 'http://localhost:4400';

async function register(clientId: string, consentType: string): Promise<string> {
  const reply = await suite.admin.call<ApplicationDto>('POST', apps, {
    clientId,
    displayName: `${clientId} name`,
    clientType: 'public',
    consentType,
    allowAuthorizationCodeFlow: true,
    redirectUris: [home],
    scopes: ['openid', 'profile', 'email', 'Finance'],
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.id;
}

interface Step {
  jar: CookieJar;
  verifier: string;
  /** Where the browser stopped: the client's redirect URI (code or error) or a page of the server. */
  url: string;
  status: number;
  html: string;
}

/** Starts an authorization in the jar; signs in when the login page shows. */
async function authorize(
  clientId: string,
  scope: string,
  jar = new CookieJar(),
  extra: Record<string, string> = {},
  account = admin,
): Promise<Step> {
  const config = await client.discovery(new URL(`${suite.server.url}/`), clientId, undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
  const verifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: home,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...extra,
  });
  let page = await follow(jar, suite.server.url, await browse(jar, url.href));
  let html = await page.response.text();
  if (html.includes('name="password"')) {
    page = await follow(jar, suite.server.url, await submitLogin(jar, suite.server.url, page.url, html, account));
    html = page.url.startsWith(home) ? '' : await page.response.text();
  }
  return { jar, verifier, url: page.url, status: page.response.status, html };
}

/** Clicks Allow or Deny on the consent page and follows to where the browser lands. */
async function decide(step: Step, decision: 'allow' | 'deny'): Promise<Step> {
  const form = /<form id="consent" method="post" action="([^"]+)">/.exec(step.html);
  const uid = /name="uid" value="([^"]+)"/.exec(step.html)?.[1];
  expect(form && uid, step.html).toBeTruthy();
  const posted = await browse(step.jar, new URL(form![1]!.replaceAll('&amp;', '&'), suite.server.url).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ uid: uid!, decision }),
  });
  const end = await follow(step.jar, suite.server.url, posted);
  return { ...step, url: end.url, status: end.response.status, html: end.url.startsWith(home) ? '' : await end.response.text() };
}

async function redeem(step: Step, clientId: string): Promise<string> {
  const code = new URL(step.url).searchParams.get('code');
  expect(code, step.url).toBeTruthy();
  const reply = await tokenRequest(suite.server, {
    grant_type: 'authorization_code',
    code: code!,
    redirect_uri: home,
    code_verifier: step.verifier,
    client_id: clientId,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return String(reply.body.access_token);
}

const isConsentPage = (step: Step) => step.status === 200 && step.html.includes('<form id="consent"');

describe('consent types', () => {
  it('explicit: the page lists the scopes; Deny refuses; Allow signs in and is remembered for no more than it allowed', async () => {
    const id = await register('Explicit_App', 'explicit');
    const first = await authorize('Explicit_App', 'openid profile Finance');
    expect(isConsentPage(first), first.html).toBe(true);
    expect(first.html).toContain('<h1>Authorize application</h1>');
    expect(first.html).toContain('Explicit_App name asks to access your account');
    for (const scope of ['openid', 'profile', 'Finance'])
      expect(first.html).toMatch(new RegExp(`<strong>[^<]*${scope}[^<]*</strong>`, 'i'));
    expect(first.html).toMatch(/<button type="submit" form="consent" class="primary" name="decision" value="allow">Allow<\/button>/);
    expect(first.html).toMatch(/name="decision" value="deny">Deny<\/button>/);

    const denied = await decide(first, 'deny');
    expect(denied.url.startsWith(home)).toBe(true);
    expect(new URL(denied.url).searchParams.get('error')).toBe('access_denied');

    const again = await authorize('Explicit_App', 'openid profile Finance', first.jar);
    expect(isConsentPage(again), again.html).toBe(true);
    const allowed = await decide(again, 'allow');
    const token = await redeem(allowed, 'Explicit_App');
    expect((await request(suite.server, token, 'GET', '/api/account/my-profile')).status).toBe(200);

    // Another browser, the same scopes: remembered, no page.
    const remembered = await authorize('Explicit_App', 'openid Finance');
    expect(remembered.url.startsWith(`${home}/?code=`) || remembered.url.startsWith(`${home}?code=`), remembered.url).toBe(true);
    await redeem(remembered, 'Explicit_App');
    // Asking for more than was allowed: asked again, in the request's language.
    const more = await authorize('Explicit_App', 'openid email Finance', new CookieJar(), { 'ui-culture': 'fr' });
    expect(isConsentPage(more), more.html).toBe(true);
    expect(more.html).toContain('Autoriser l&#39;application');
    expect(more.html).toMatch(/value="allow">Autoriser<\/button>/);

    // Deleting the application deletes the remembered decision: registered again, it asks again.
    expect((await suite.admin.call('DELETE', `${apps}?id=${id}`)).status).toBe(204);
    await register('Explicit_App', 'explicit');
    const afresh = await authorize('Explicit_App', 'openid Finance');
    expect(isConsentPage(afresh), afresh.url).toBe(true);
  });

  it('deleting a user deletes their remembered decisions, and only theirs', async () => {
    await register('Forget_App', 'explicit');
    const created = await suite.admin.call<{ id: string }>('POST', '/api/identity/users', {
      userName: 'consent.user',
      email: 'consent.user@example.com',
      password: strongPassword,
      isActive: true,
      lockoutEnabled: true,
      roleNames: [],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const user = { userName: 'consent.user', password: strongPassword };
    const asked = await authorize('Forget_App', 'openid Finance', new CookieJar(), {}, user);
    expect(isConsentPage(asked), asked.html).toBe(true);
    await redeem(await decide(asked, 'allow'), 'Forget_App');
    // The admin allows the same client too: that decision must survive the user's deletion.
    await redeem(await decide(await authorize('Forget_App', 'openid Finance'), 'allow'), 'Forget_App');
    const decisions = () =>
      suite.server.ctx.db.select({ id: oidcPayloads.id }).from(oidcPayloads).where(eq(oidcPayloads.model, 'ConsentDecision'));
    const mine = (rows: Array<{ id: string }>) => rows.filter((row) => row.id === `Forget_App ${created.body.id}`);
    expect(mine(await decisions())).toHaveLength(1);
    const before = (await decisions()).length;

    expect((await suite.admin.call('DELETE', `/api/identity/users/${created.body.id}`)).status).toBe(204);
    const after = await decisions();
    expect(mine(after)).toEqual([]);
    expect(after).toHaveLength(before - 1);
    // The admin's decision is still remembered: no page.
    const remembered = await authorize('Forget_App', 'openid Finance');
    expect(remembered.url.startsWith(home), remembered.url).toBe(true);
  });

  it('systematic: asked at every authorization, even in the same signed-in browser', async () => {
    await register('Systematic_App', 'systematic');
    const first = await authorize('Systematic_App', 'openid Finance');
    expect(isConsentPage(first), first.html).toBe(true);
    await redeem(await decide(first, 'allow'), 'Systematic_App');
    const second = await authorize('Systematic_App', 'openid Finance', first.jar);
    expect(second.html).not.toContain('name="password"');
    expect(isConsentPage(second), second.url).toBe(true);
    await redeem(await decide(second, 'allow'), 'Systematic_App');
  });

  it('external: without an existing authorization the request is refused, with no page', async () => {
    await register('External_App', 'external');
    const step = await authorize('External_App', 'openid Finance');
    expect(step.url.startsWith(home), step.url).toBe(true);
    expect(new URL(step.url).searchParams.get('error')).toBe('access_denied');
  });
});
