// /api/openiddict/applications and /api/openiddict/scopes over real HTTP on a real database, and the
// identity server reading those rows live: CRUD with paging, filter and sorting; localized
// validation errors that change nothing; the client secret answered once and stored hashed; a
// confidential client created through the API gets tokens (client credentials, password) with its
// secret; deleting it refuses its next token request and ends its sign-ins' access tokens; a client
// registered with `http://localhost:4200` (no trailing slash) signs in through the code flow with
// exactly that URI; the SPA client is editable but not deletable; built-in scopes protected; host only.
import { and, eq } from 'drizzle-orm';
import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import type { ApplicationDto, ApplicationTokenLifetimeDto, ScopeDto } from '../../contract/openiddict.ts';
import { applications, permissionGrants } from '../../server/db/schema/index.ts';
import { authorizeThroughLoginPage, tokenRequest } from '../kit/auth.ts';
import { expectError, identitySuite, request } from './identity-helpers.ts';

type Page<T> = { totalCount: number; items: T[] };
const apps = '/api/openiddict/applications';
const scopesPath = '/api/openiddict/scopes';
const suite = identitySuite();
const admin = { userName: 'admin', password: '1q2w3E*' };

const confidential = (clientId: string, extra: Record<string, unknown> = {}) => ({
  clientId,
  displayName: `${clientId} service`,
  clientType: 'confidential',
  consentType: 'implicit',
  allowClientCredentialsFlow: true,
  allowPasswordFlow: true,
  allowRefreshTokenFlow: true,
  scopes: ['openid', 'profile', 'Finance'],
  ...extra,
});

async function create(body: Record<string, unknown>): Promise<ApplicationDto> {
  const reply = await suite.admin.call<ApplicationDto>('POST', apps, body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` });

const clientCredentials = (id: string, secret: string) =>
  tokenRequest(suite.server, { grant_type: 'client_credentials', scope: 'Finance' }, basic(id, secret));

describe('applications', () => {
  it('lists the seeded SPA client with paging, filter and sorting', async () => {
    const page = await suite.admin.call<Page<ApplicationDto>>('GET', `${apps}?filter=finance_app`);
    expect(page.status).toBe(200);
    const spa = page.body.items.find((a) => a.clientId === suite.server.config.spaClientId)!;
    expect(spa).toMatchObject({
      clientType: 'public',
      consentType: 'implicit',
      clientSecret: null,
      allowAuthorizationCodeFlow: true,
      allowPasswordFlow: true,
      allowRefreshTokenFlow: true,
      allowClientCredentialsFlow: false,
      forcePkce: true,
      isFirstParty: true,
    });
    expect(spa.extensionGrantTypes.sort()).toEqual(['Impersonation', 'LinkLogin']);
    await create(confidential('Zeta_Service'));
    await create(confidential('Alpha_Service'));
    const sorted = await suite.admin.call<Page<ApplicationDto>>('GET', `${apps}?filter=_Service&sorting=clientId%20desc&maxResultCount=1`);
    expect(sorted.body.totalCount).toBe(2);
    expect(sorted.body.items.map((a) => a.clientId)).toEqual(['Zeta_Service']);
    const next = await suite.admin.call<Page<ApplicationDto>>('GET', `${apps}?filter=_Service&sorting=clientId%20desc&skipCount=1`);
    expect(next.body.items.map((a) => a.clientId)).toEqual(['Alpha_Service']);
    expectError(await suite.admin.call('GET', `${apps}?sorting=clientSecret`), 400);
  });

  it('answers the secret once, stores only a hash, and a confidential client gets tokens with it', async () => {
    const created = await create(confidential('Reports_Service'));
    expect(created.clientSecret).toMatch(/^[\w-]{43}$/);
    const secret = created.clientSecret!;
    const [row] = await suite.server.ctx.db.select().from(applications).where(eq(applications.id, created.id));
    expect(row!.clientSecret).toMatch(/^scrypt\$/);
    expect(row!.clientSecret).not.toContain(secret);
    const read = await suite.admin.call<ApplicationDto>('GET', `${apps}/${created.id}`);
    expect(read.body.clientSecret).toBeNull();
    const listed = await suite.admin.call<Page<ApplicationDto>>('GET', `${apps}?filter=Reports_Service`);
    expect(listed.body.items[0]!.clientSecret).toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const cc = await clientCredentials('Reports_Service', secret);
    expect(cc.status, JSON.stringify(cc.body)).toBe(200);
    expect(typeof cc.body.access_token).toBe('string');
    expect((await clientCredentials('Reports_Service', `${secret}x`)).status).toBe(401);

    // A new secret: answered once, the old one stops working at once.
    const renewed = await suite.admin.call<{ clientSecret: string }>('PUT', `${apps}/${created.id}/client-secret`, {});
    expect(renewed.status).toBe(200);
    expect(renewed.body.clientSecret).not.toBe(secret);
    expect((await clientCredentials('Reports_Service', secret)).status).toBe(401);
    expect((await clientCredentials('Reports_Service', renewed.body.clientSecret)).status).toBe(200);

    // An update without a secret keeps it; one with a secret sets it and answers it once.
    const current = (await suite.admin.call<ApplicationDto>('GET', `${apps}/${created.id}`)).body;
    const { id, concurrencyStamp, clientSecret: _, isFirstParty: __, extraProperties: ___, ...fields } = current;
    const kept = await suite.admin.call<ApplicationDto>('PUT', `${apps}/${id}`, { ...fields, displayName: 'Reports', concurrencyStamp });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.clientSecret).toBeNull();
    expect((await clientCredentials('Reports_Service', renewed.body.clientSecret)).status).toBe(200);
    const typed = await suite.admin.call<ApplicationDto>('PUT', `${apps}/${id}`, { ...fields, clientSecret: 'typed-secret-1' });
    expect(typed.body.clientSecret).toBe('typed-secret-1');
    expect((await clientCredentials('Reports_Service', 'typed-secret-1')).status).toBe(200);
  });

  it('a deleted client cannot get tokens and the access tokens of its sign-ins stop working', async () => {
    const created = await create(confidential('Batch_Service'));
    const secret = created.clientSecret!;
    const signedIn = await tokenRequest(
      suite.server,
      { grant_type: 'password', username: admin.userName, password: admin.password, scope: 'openid profile Finance' },
      basic('Batch_Service', secret),
    );
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const token = String(signedIn.body.access_token);
    expect((await request(suite.server, token, 'GET', '/api/account/my-profile')).status).toBe(200);

    expect((await suite.admin.call('DELETE', `${apps}?id=${created.id}`)).status).toBe(204);
    expect((await clientCredentials('Batch_Service', secret)).status).toBe(401);
    expect((await request(suite.server, token, 'GET', '/api/account/my-profile')).status).toBe(401);
    expectError(await suite.admin.call('GET', `${apps}/${created.id}`), 404);
    // The client id is free again.
    await create(confidential('Batch_Service'));
  });

  it('a changed client is seen by its next token request', async () => {
    const created = await create(confidential('Switch_Service'));
    expect((await clientCredentials('Switch_Service', created.clientSecret!)).status).toBe(200);
    const { id, concurrencyStamp, clientSecret: _, isFirstParty: __, extraProperties: ___, ...fields } = created;
    const changed = await suite.admin.call('PUT', `${apps}/${id}`, { ...fields, allowClientCredentialsFlow: false, concurrencyStamp });
    expect(changed.status).toBe(200);
    const refused = await clientCredentials('Switch_Service', created.clientSecret!);
    expect(refused.status).toBe(400);
    expect(refused.body, JSON.stringify(refused.body)).toMatchObject({
      error: 'invalid_request',
      error_description: 'requested grant type is not allowed for this client',
    });
  });

  it('signs in a public client registered with http://localhost:4200 through the code flow with exactly that URI', async () => {
    const redirect = 'http://localhost:4200';
    await create({
      clientId: 'Angular_App',
      displayName: 'Angular',
      clientType: 'public',
      consentType: 'implicit',
      allowAuthorizationCodeFlow: true,
      allowRefreshTokenFlow: true,
      redirectUris: [redirect],
      postLogoutRedirectUris: [redirect],
      scopes: ['openid', 'profile', 'email', 'roles', 'offline_access', 'Finance'],
    });
    const app = (await suite.admin.call<Page<ApplicationDto>>('GET', `${apps}?filter=Angular_App`)).body.items[0]!;
    expect(app.redirectUris).toEqual([redirect]);
    const config = await client.discovery(new URL(`${suite.server.url}/`), 'Angular_App', undefined, client.None(), {
      execute: [client.allowInsecureRequests],
    });
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirect,
      scope: 'openid profile Finance',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    const { callbackUrl } = await authorizeThroughLoginPage(suite.server.url, url.href, admin);
    expect(callbackUrl.startsWith(`${redirect}/?code=`) || callbackUrl.startsWith(`${redirect}?code=`)).toBe(true);
    // Redeemed as ABP's Angular client does: the redirect_uri exactly as registered.
    const redeemed = await tokenRequest(suite.server, {
      grant_type: 'authorization_code',
      code: new URL(callbackUrl).searchParams.get('code')!,
      redirect_uri: redirect,
      code_verifier: verifier,
      client_id: 'Angular_App',
    });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    expect((await request(suite.server, String(redeemed.body.access_token), 'GET', '/api/account/my-profile')).status).toBe(200);
    // The same URI with a trailing slash is another URI: refused.
    const slash = client.buildAuthorizationUrl(config, {
      redirect_uri: `${redirect}/x`,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const refused = await fetch(slash, { redirect: 'manual' });
    expect(refused.status).toBe(400);
  });

  it('refuses bad input with localized errors and changes nothing', async () => {
    const before = (await suite.admin.call<Page<ApplicationDto>>('GET', apps)).body.totalCount;
    const bad = await suite.admin.call('POST', apps, {
      clientId: suite.server.config.spaClientId,
      displayName: 'Dup',
      clientType: 'public',
      clientSecret: 'not-allowed',
      allowAuthorizationCodeFlow: true,
      allowClientCredentialsFlow: true,
      allowImplicitFlow: true,
      redirectUris: ['not a uri'],
      scopes: ['no_such_scope'],
    });
    const error = expectError(bad, 400);
    const members = error.validationErrors!.flatMap((e) => e.members);
    expect(members).toEqual(
      expect.arrayContaining(['clientId', 'clientSecret', 'allowClientCredentialsFlow', 'allowImplicitFlow', 'redirectUris', 'scopes']),
    );
    expect(error.validationErrors!.find((e) => e.members.includes('clientId'))!.message).toBe(
      `The client id '${suite.server.config.spaClientId}' is already taken.`,
    );
    const french = await suite.admin.call(
      'POST',
      apps,
      { clientId: 'X', displayName: 'X', clientType: 'public' },
      { 'accept-language': 'fr' },
    );
    expect(expectError(french, 400).validationErrors![0]!.message).toBe('Choisissez au moins un flux.');
    const noRedirect = await suite.admin.call('POST', apps, {
      clientId: 'NoRedirect',
      displayName: 'X',
      clientType: 'public',
      allowAuthorizationCodeFlow: true,
    });
    expect(expectError(noRedirect, 400).validationErrors![0]!.members).toEqual(['redirectUris']);
    expectError(await suite.admin.call('POST', apps, { clientId: 'has space', displayName: 'X', clientType: 'public' }), 400);
    expect((await suite.admin.call<Page<ApplicationDto>>('GET', apps)).body.totalCount).toBe(before);
  });

  it('keeps the SPA client editable but not deletable', async () => {
    const spa = (await suite.admin.call<Page<ApplicationDto>>('GET', `${apps}?filter=${suite.server.config.spaClientId}`)).body.items[0]!;
    const refused = await suite.admin.call('DELETE', `${apps}?id=${spa.id}`);
    const error = expectError(refused, 403);
    expect(error.code).toBe('Volo.Abp.OpenIddict:ApplicationCannotBeDeleted');
    expect(error.message).toContain(suite.server.config.spaClientId);
    const { id, concurrencyStamp, clientSecret: _, isFirstParty: __, extraProperties: ___, ...fields } = spa;
    const edited = await suite.admin.call<ApplicationDto>('PUT', `${apps}/${id}`, {
      ...fields,
      displayName: 'Finance SPA',
      postLogoutRedirectUris: [...fields.postLogoutRedirectUris, 'https://app.example.com'],
      concurrencyStamp,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.displayName).toBe('Finance SPA');
    expectError(await suite.admin.call('PUT', `${apps}/${id}`, { ...fields, concurrencyStamp }), 409);
  });

  it('reads and sets token lifetimes, which the identity server applies', async () => {
    const created = await create(confidential('Short_Service'));
    const none = await suite.admin.call<ApplicationTokenLifetimeDto>('GET', `${apps}/${created.id}/token-lifetime`);
    expect(none.body.accessTokenLifetime).toBeNull();
    const set = await suite.admin.call<ApplicationTokenLifetimeDto>('PUT', `${apps}/${created.id}/token-lifetime`, {
      accessTokenLifetime: 120,
      refreshTokenLifetime: 600,
    });
    expect(set.body).toMatchObject({ accessTokenLifetime: 120, refreshTokenLifetime: 600, identityTokenLifetime: null });
    const cc = await clientCredentials('Short_Service', created.clientSecret!);
    expect(cc.body.expires_in).toBe(120);
    expectError(await suite.admin.call('PUT', `${apps}/${created.id}/token-lifetime`, { accessTokenLifetime: -5 }), 400);
  });

  it("manages an application's permissions (provider C) only for a registered client, and drops them with it", async () => {
    const created = await create(confidential('Granted_Service'));
    const path = (key: string) => `/api/permission-management/permissions?providerName=C&providerKey=${key}`;
    expect((await suite.admin.call('GET', path('Granted_Service'))).status).toBe(200);
    const put = await suite.admin.call('PUT', path('Granted_Service'), { permissions: [{ name: 'AbpIdentity.Users', isGranted: true }] });
    expect(put.status, JSON.stringify(put.body)).toBe(204);
    const grants = async () =>
      (
        await suite.server.ctx.db
          .select()
          .from(permissionGrants)
          .where(and(eq(permissionGrants.providerName, 'C'), eq(permissionGrants.providerKey, 'Granted_Service')))
      ).length;
    expect(await grants()).toBe(1);
    expectError(await suite.admin.call('GET', path('No_Such_Client')), 404);
    expect((await suite.admin.call('DELETE', `${apps}?id=${created.id}`)).status).toBe(204);
    expect(await grants()).toBe(0);
    expectError(await suite.admin.call('GET', path('Granted_Service')), 404);
  });

  it('is host only: a tenant admin is refused', async () => {
    expectError(await suite.acmeAdmin.call('GET', apps), 403);
    expectError(await suite.acmeAdmin.call('POST', apps, confidential('Tenant_Service')), 403);
    expectError(await suite.acmeAdmin.call('GET', scopesPath), 403);
  });
});

describe('scopes', () => {
  it('creates, edits and deletes a scope; built-in ones are protected', async () => {
    const list = await suite.admin.call<Page<ScopeDto>>('GET', `${scopesPath}?maxResultCount=100`);
    const openid = list.body.items.find((s) => s.name === 'openid')!;
    expect(openid.buildIn).toBe(true);
    expect(list.body.items.find((s) => s.name === 'Finance')).toMatchObject({ buildIn: false, resources: ['Finance'] });
    const all = await suite.admin.call<ScopeDto[]>('GET', `${scopesPath}/all`);
    expect(all.body.length).toBe(list.body.totalCount);

    const created = await suite.admin.call<ScopeDto>('POST', scopesPath, {
      name: 'reports',
      displayName: 'Reports',
      description: 'Read reports',
      resources: ['Finance'],
    });
    expect(created.status).toBe(200);
    expectError(await suite.admin.call('POST', scopesPath, { name: 'reports' }), 400);
    const updated = await suite.admin.call<ScopeDto>('PUT', `${scopesPath}/${created.body.id}`, {
      name: 'reports',
      displayName: 'Reports (read)',
      resources: [],
      concurrencyStamp: created.body.concurrencyStamp,
    });
    expect(updated.body).toMatchObject({ displayName: 'Reports (read)', resources: [] });

    // In use by an application: not deletable until the application lets it go.
    const app = await create(confidential('Scoped_Service', { scopes: ['reports'] }));
    expectError(await suite.admin.call('DELETE', `${scopesPath}?id=${created.body.id}`), 403);
    expect((await suite.admin.call('DELETE', `${apps}?id=${app.id}`)).status).toBe(204);
    expect((await suite.admin.call('DELETE', `${scopesPath}?id=${created.body.id}`)).status).toBe(204);
    expectError(await suite.admin.call('GET', `${scopesPath}/${created.body.id}`), 404);

    const protectedEdit = await suite.admin.call('PUT', `${scopesPath}/${openid.id}`, { name: 'openid', displayName: 'x' });
    expect(expectError(protectedEdit, 403).code).toBe('Volo.Abp.OpenIddict:BuiltInScope');
    expectError(await suite.admin.call('DELETE', `${scopesPath}?id=${openid.id}`), 403);
  });
});
