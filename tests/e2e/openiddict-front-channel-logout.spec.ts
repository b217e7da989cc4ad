// Front-channel logout (issue 19, server/identity-server/front-channel-logout.ts, ADR 0027) in
// Debian's Chromium against the real server and two relying parties' own sites on other origins
// (tests/kit/client-site.ts, which record every request they answer): a browser signs in to two
// clients, one of them ends the sign-in at /connect/endsession with its post-logout URI; after the
// confirmation the identity server's page loads both clients' front-channel logout URIs in iframes
// (the one that requires the session with iss and sid, the sid its ID token carries), its CSP opens
// frame-src exactly to those two origins, and the browser goes on to the post-logout URI with its
// state. A client with no front-channel URI that ends its own sign-in lands on its post-logout URI
// at once (the confirmation's form-action allows that origin).
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordToken, tokenRequest } from '../kit/auth.ts';
import { type Browser, launchBrowser, seriousAxeViolations } from '../kit/browser.ts';
import { type ClientSite, startClientSite } from '../kit/client-site.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
let portal: ClientSite;
let ledger: ClientSite;
const browsers: Browser[] = [];
const verifier = randomBytes(32).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');

async function register(application: Record<string, unknown>, token: string): Promise<void> {
  const created = await fetch(`${server.url}/api/openiddict/applications`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      clientType: 'public',
      consentType: 'implicit',
      allowAuthorizationCodeFlow: true,
      scopes: ['openid', 'profile', 'Finance'],
      ...application,
    }),
  });
  expect(created.status, await created.clone().text()).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer();
  [portal, ledger] = await Promise.all([startClientSite(), startClientSite()]);
  const { access_token: token } = await passwordToken(server, { userName: 'admin', password: '1q2w3E*' });
  await register(
    {
      clientId: 'Portal_App',
      displayName: 'Portal',
      redirectUris: [`${portal.url}/cb`],
      postLogoutRedirectUris: [`${portal.url}/bye`],
      frontChannelLogoutUri: `${portal.url}/fc`,
    },
    token,
  );
  await register(
    {
      clientId: 'Ledger_App',
      displayName: 'Ledger',
      redirectUris: [`${ledger.url}/cb`],
      frontChannelLogoutUri: `${ledger.url}/fc?app=ledger`,
      extraProperties: { FrontChannelLogoutSessionRequired: true },
    },
    token,
  );
  await register(
    {
      clientId: 'Quiet_App',
      displayName: 'Quiet',
      redirectUris: [`${portal.url}/quiet`],
      postLogoutRedirectUris: [`${portal.url}/quiet-bye`],
    },
    token,
  );
});

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await portal?.close();
  await ledger?.close();
  await server?.stop();
});

const authorizeUrl = (clientId: string, redirectUri: string) =>
  `${server.url}/connect/authorize?${new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile Finance',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })}`;

async function freshPage() {
  const browser = await launchBrowser();
  browsers.push(browser);
  return browser.context.newPage();
}

const clientPage = (page: Awaited<ReturnType<typeof freshPage>>) => page.getByRole('heading', { name: 'client page' }).waitFor();

async function signInThroughLoginPage(page: Awaited<ReturnType<typeof freshPage>>, clientId: string, redirectUri: string) {
  await page.goto(authorizeUrl(clientId, redirectUri));
  await page.getByLabel('Username or email address').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('1q2w3E*');
  await page.getByRole('button', { name: 'Login' }).click();
  await clientPage(page);
  expect(page.url().startsWith(`${redirectUri}?code=`), page.url()).toBe(true);
}

const sidOf = (idToken: string): unknown => JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')).sid;

describe('front-channel logout', () => {
  it("loads each signed-in client's front-channel logout URI, then goes on to the post-logout URI", async () => {
    const page = await freshPage();
    await signInThroughLoginPage(page, 'Portal_App', `${portal.url}/cb`);
    // The same browser session signs in to the ledger without a form; its ID token carries the session id.
    await page.goto(authorizeUrl('Ledger_App', `${ledger.url}/cb`));
    await clientPage(page);
    const redeemed = await tokenRequest(server, {
      grant_type: 'authorization_code',
      code: new URL(page.url()).searchParams.get('code')!,
      redirect_uri: `${ledger.url}/cb`,
      code_verifier: verifier,
      client_id: 'Ledger_App',
    });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    const sid = sidOf(String(redeemed.body.id_token));
    expect(typeof sid === 'string' && sid.length > 10, String(sid)).toBe(true);

    const policies: Record<string, string> = {};
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.startsWith('/connect/endsession'))
        policies[`${response.request().method()} ${path}`] = response.headers()['content-security-policy'] ?? '';
    });
    await page.goto(
      `${server.url}/connect/endsession?${new URLSearchParams({ client_id: 'Portal_App', post_logout_redirect_uri: `${portal.url}/bye`, state: 's-42' })}`,
    );
    await page.getByRole('heading', { level: 1, name: 'Logout' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${portal.url}/bye?state=s-42`, { timeout: 20_000 });
    await clientPage(page);

    // Both clients' pages were loaded, before the post-logout page; the ledger's with iss and sid.
    const calls = (site: ClientSite) => site.requests.filter((url) => url.pathname === '/fc');
    expect(calls(portal).map((url) => url.search)).toEqual(['']);
    expect(calls(ledger).map((url) => Object.fromEntries(url.searchParams))).toEqual([{ app: 'ledger', iss: server.config.issuer, sid }]);
    const paths = portal.requests.map((url) => url.pathname);
    expect(paths.indexOf('/fc')).toBeLessThan(paths.indexOf('/bye'));
    // frame-src opened exactly to the two origins, on that page only.
    const framePage = policies['POST /connect/endsession/confirm'] ?? '';
    const frameSources = framePage.split(';').filter((d) => d.startsWith('frame-src'));
    expect(frameSources.map((d) => d.split(' ').slice(1).sort())).toEqual([[portal.url, ledger.url].sort()]);
    expect(policies['GET /connect/endsession']).not.toContain('frame-src');

    // The sign-in has ended: the client asks for the login form again.
    await page.goto(authorizeUrl('Ledger_App', `${ledger.url}/cb`));
    await page.getByRole('button', { name: 'Login' }).waitFor();
  });

  it('with its script held back, the page offers a Continue link and is accessible', async () => {
    const browser = await launchBrowser();
    browsers.push(browser);
    const page = await browser.context.newPage();
    await signInThroughLoginPage(page, 'Portal_App', `${portal.url}/cb`);
    const before = portal.requests.length;
    await page.goto(`${server.url}/connect/endsession?${new URLSearchParams({ client_id: 'Portal_App' })}`);
    // The frames' script answers nothing: the page stays, as it would for a browser without script.
    await page.route(`${server.url}/Account/logout.js`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    );
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Logged out' }).waitFor();
    expect(await page.getByText('Logging you out of the other applications you used').isVisible()).toBe(true);
    const next = page.getByRole('link', { name: 'Continue' });
    expect(await next.getAttribute('href')).toBe(`${server.url}/connect/endsession/success`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await next.click();
    await page.getByRole('heading', { level: 1, name: 'Logged out' }).waitFor();
    expect(page.url()).toBe(`${server.url}/connect/endsession/success`);
    expect(portal.requests.length).toBe(before);
  });

  it('a client with no front-channel URI ending its own sign-in lands on its post-logout URI at once', async () => {
    const page = await freshPage();
    await signInThroughLoginPage(page, 'Quiet_App', `${portal.url}/quiet`);
    await page.goto(
      `${server.url}/connect/endsession?${new URLSearchParams({ client_id: 'Quiet_App', post_logout_redirect_uri: `${portal.url}/quiet-bye` })}`,
    );
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${portal.url}/quiet-bye`, { timeout: 20_000 });
    await clientPage(page);
  });
});
