// The end-session permission of an OpenID application (ApplicationDto.allowEndSessionEndpoint,
// issue 19), through a real code-flow sign-in and real /connect/endsession requests: an application
// without it cannot end the sign-in (refused with unauthorized_client, the session and its tokens
// live on) nor be sent back to its post-logout URI; given the permission, the same sign-out asks,
// ends the session and returns to exactly the registered URI.
import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import type { ApplicationDto } from '../../contract/openiddict.ts';
import { authorizeThroughLoginPage, browse, type CookieJar, follow, tokenRequest } from '../kit/auth.ts';
import { identitySuite, request } from './identity-helpers.ts';

const apps = '/api/openiddict/applications';
const suite = identitySuite();
const admin = { userName: 'admin', password: '1q2w3E*' };
const home = 'http://localhost:4300';

async function signIn(clientId: string): Promise<{ jar: CookieJar; idToken: string; accessToken: string }> {
  const config = await client.discovery(new URL(`${suite.server.url}/`), clientId, undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
  const verifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: home,
    scope: 'openid profile Finance',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const { callbackUrl, jar } = await authorizeThroughLoginPage(suite.server.url, url.href, admin);
  const redeemed = await tokenRequest(suite.server, {
    grant_type: 'authorization_code',
    code: new URL(callbackUrl).searchParams.get('code')!,
    redirect_uri: home,
    code_verifier: verifier,
    client_id: clientId,
  });
  expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
  return { jar, idToken: String(redeemed.body.id_token), accessToken: String(redeemed.body.access_token) };
}

const endSessionUrl = (params: Record<string, string>) => `${suite.server.url}/connect/endsession?${new URLSearchParams(params)}`;
const profileStatus = async (token: string) => (await request(suite.server, token, 'GET', '/api/account/my-profile')).status;

describe('end session', () => {
  it('an application without the end-session permission cannot end the sign-in; given it, the sign-out ends it', async () => {
    const created = await suite.admin.call<ApplicationDto>('POST', apps, {
      clientId: 'Kiosk_App',
      displayName: 'Kiosk',
      clientType: 'public',
      consentType: 'implicit',
      allowAuthorizationCodeFlow: true,
      allowEndSessionEndpoint: false,
      redirectUris: [home],
      postLogoutRedirectUris: [home],
      scopes: ['openid', 'profile', 'Finance'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.allowEndSessionEndpoint).toBe(false);
    const { jar, idToken, accessToken } = await signIn('Kiosk_App');

    // Back to the registered post-logout URI: refused, it is not offered without the permission.
    const back = await browse(jar, endSessionUrl({ id_token_hint: idToken, post_logout_redirect_uri: home }));
    expect(back.status).toBe(400);
    expect(await back.text()).toContain('post_logout_redirect_uri not registered');
    // Without a way back: refused as an unauthorized client, no form to confirm.
    const refused = await browse(jar, endSessionUrl({ id_token_hint: idToken }));
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain('unauthorized_client');
    expect(page).not.toContain('op.logoutForm');
    const byClientId = await browse(jar, endSessionUrl({ client_id: 'Kiosk_App' }));
    expect(byClientId.status).toBe(400);
    expect(await byClientId.text()).toContain('unauthorized_client');
    // The sign-in lives on.
    expect(await profileStatus(accessToken)).toBe(200);

    // Given the permission (read live), the same sign-out asks, ends the sign-in and returns home.
    const { id, concurrencyStamp, clientSecret: _, isFirstParty: __, extraProperties: ___, ...fields } = created.body;
    const allowed = await suite.admin.call<ApplicationDto>('PUT', `${apps}/${id}`, {
      ...fields,
      allowEndSessionEndpoint: true,
      concurrencyStamp,
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    const asked = await browse(jar, endSessionUrl({ id_token_hint: idToken, post_logout_redirect_uri: home, state: 's1' }));
    expect(asked.status).toBe(200);
    const html = await asked.text();
    const form = /<form id="op.logoutForm" method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(html);
    expect(form).not.toBeNull();
    const fields2 = new URLSearchParams([...form![2]!.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    fields2.set('logout', 'yes');
    const confirmed = await browse(jar, new URL(form![1]!, suite.server.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields2,
    });
    const end = await follow(jar, suite.server.url, confirmed);
    expect(end.url).toBe(`${home}/?state=s1`);
    expect(await profileStatus(accessToken)).toBe(401);
  });
});
