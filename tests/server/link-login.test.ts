// The LinkLogin and Impersonation grants (contract 6.3) through the real token endpoint: a link
// between two users (across tenants, either direction), delegations that work only while active,
// user and tenant impersonation under their permissions, back to the impersonator, the
// impersonator_* claims and security log rows, and the localized invalid_grant answers.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityLogs, userDelegations, userLinks } from '../../server/db/schema/index.ts';
import { authHeaders, createUser, passwordToken, spaScope, type TokenResponse, tokenRequest } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
let acmeId: string;
beforeAll(async () => {
  server = await startTestServer();
  acmeId = (await server.ctx.tenants.findByName('acme'))!.id;
});
afterAll(async () => {
  await server?.stop();
});

const password = '1q2w3E*';
const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

const extensionGrant = (grantType: string, accessToken: string, params: Record<string, string> = {}, culture = 'en') =>
  tokenRequest(
    server,
    { grant_type: grantType, client_id: server.config.spaClientId, access_token: accessToken, scope: spaScope, ...params },
    { 'accept-language': culture },
  );

async function currentUser(token: string) {
  const response = await fetch(`${server.url}/api/abp/application-configuration`, { headers: authHeaders(token) });
  return ((await response.json()) as { currentUser: Record<string, unknown> }).currentUser;
}

describe('LinkLogin', () => {
  let hostUserId: string;
  let acmeUserId: string;
  let hostToken: TokenResponse;
  beforeAll(async () => {
    hostUserId = await createUser(server, { userName: 'link.host', password });
    acmeUserId = await createUser(server, { userName: 'link.acme', password, tenantId: acmeId });
    await server.ctx.db
      .insert(userLinks)
      .values({ sourceUserId: hostUserId, sourceTenantId: null, targetUserId: acmeUserId, targetTenantId: acmeId });
    hostToken = await passwordToken(server, { userName: 'link.host', password });
  });

  it('signs in as a linked user of another tenant, and back the other way', async () => {
    const linked = await extensionGrant('LinkLogin', hostToken.access_token, { LinkUserId: acmeUserId, LinkTenantId: acmeId });
    expect(linked.status).toBe(200);
    const token = linked.body as unknown as TokenResponse;
    expect(claimsOf(token.access_token)).toMatchObject({ sub: acmeUserId, tenantid: acmeId, preferred_username: 'link.acme' });
    expect(token.refresh_token).toBeTypeOf('string');
    expect(await currentUser(token.access_token)).toMatchObject({ id: acmeUserId, userName: 'link.acme', tenantId: acmeId });

    const back = await extensionGrant('LinkLogin', token.access_token, { LinkUserId: hostUserId });
    expect(back.status).toBe(200);
    expect(claimsOf(String(back.body.access_token)).sub).toBe(hostUserId);

    const [log] = await server.ctx.db
      .select()
      .from(securityLogs)
      .where(and(eq(securityLogs.userId, acmeUserId), eq(securityLogs.action, 'LinkLogin')));
    expect(log).toMatchObject({ tenantId: acmeId, tenantName: 'acme' });
    expect(log!.extraProperties).toMatchObject({ sourceUserId: hostUserId });
  });

  it('refuses users that are not linked, a wrong tenant, and a bad access token, with a localized description', async () => {
    const stranger = await createUser(server, { userName: 'link.stranger', password, tenantId: acmeId });
    const notLinked = await extensionGrant('LinkLogin', hostToken.access_token, { LinkUserId: stranger, LinkTenantId: acmeId });
    expect(notLinked.body).toEqual({ error: 'invalid_grant', error_description: 'You are not linked to this user.' });
    // The link names the acme user in acme: asking for it in the host finds no link.
    expect((await extensionGrant('LinkLogin', hostToken.access_token, { LinkUserId: acmeUserId })).body.error).toBe('invalid_grant');
    const badToken = await extensionGrant('LinkLogin', 'not-a-token', { LinkUserId: acmeUserId, LinkTenantId: acmeId }, 'fr');
    expect(badToken.body).toEqual({
      error: 'invalid_grant',
      error_description: "Le jeton d'accès n'est pas valide ou sa session est terminée.",
    });
    expect((await extensionGrant('LinkLogin', hostToken.access_token, {})).body.error).toBe('invalid_grant');
    const failures = await server.ctx.db
      .select()
      .from(securityLogs)
      .where(and(eq(securityLogs.userId, hostUserId), eq(securityLogs.action, 'LinkLoginFailed')));
    expect(failures.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses an access token whose session has ended', async () => {
    const token = await passwordToken(server, { userName: 'link.host', password });
    const revoke = await fetch(`${server.url}/connect/revocat`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: server.config.spaClientId, token: token.refresh_token!, token_type_hint: 'refresh_token' }),
    });
    expect(revoke.status).toBe(200);
    const refused = await extensionGrant('LinkLogin', token.access_token, { LinkUserId: acmeUserId, LinkTenantId: acmeId });
    expect(refused.body.error).toBe('invalid_grant');
  });
});

describe('Impersonation', () => {
  it('with an active delegation signs the delegate in as the delegator, with impersonator claims', async () => {
    const owner = await createUser(server, { userName: 'deleg.owner', password, tenantId: acmeId });
    const delegate = await createUser(server, { userName: 'deleg.delegate', password, tenantId: acmeId });
    const hour = 3_600_000;
    const [active] = await server.ctx.db
      .insert(userDelegations)
      .values({
        tenantId: acmeId,
        sourceUserId: owner,
        targetUserId: delegate,
        startTime: new Date(Date.now() - hour),
        endTime: new Date(Date.now() + hour),
      })
      .returning();
    const [future] = await server.ctx.db
      .insert(userDelegations)
      .values({
        tenantId: acmeId,
        sourceUserId: owner,
        targetUserId: delegate,
        startTime: new Date(Date.now() + hour),
        endTime: new Date(Date.now() + 2 * hour),
      })
      .returning();
    const [ended] = await server.ctx.db
      .insert(userDelegations)
      .values({
        tenantId: acmeId,
        sourceUserId: owner,
        targetUserId: delegate,
        startTime: new Date(Date.now() - 2 * hour),
        endTime: new Date(Date.now() - hour),
      })
      .returning();
    const delegateToken = await passwordToken(server, { userName: 'deleg.delegate', password, tenant: 'acme' });

    const granted = await extensionGrant('Impersonation', delegateToken.access_token, { UserDelegationId: active!.id });
    expect(granted.status).toBe(200);
    const token = String(granted.body.access_token);
    expect(claimsOf(token)).toMatchObject({
      sub: owner,
      tenantid: acmeId,
      impersonator_userid: delegate,
      impersonator_tenantid: acmeId,
      impersonator_username: 'deleg.delegate',
      impersonator_tenantname: 'acme',
    });
    expect(await currentUser(token)).toMatchObject({ id: owner, impersonatorUserId: delegate, impersonatorUserName: 'deleg.delegate' });

    for (const id of [future!.id, ended!.id]) {
      const refused = await extensionGrant('Impersonation', delegateToken.access_token, { UserDelegationId: id });
      expect(refused.body).toEqual({ error: 'invalid_grant', error_description: 'This delegation is not active now.' });
    }
    // The delegator cannot use a delegation meant for the delegate.
    const ownerToken = await passwordToken(server, { userName: 'deleg.owner', password, tenant: 'acme' });
    const wrongSide = await extensionGrant('Impersonation', ownerToken.access_token, { UserDelegationId: active!.id });
    expect(wrongSide.body).toEqual({ error: 'invalid_grant', error_description: 'The delegation was not found.' });

    // Back to the impersonator: no parameters, the token's impersonator claims decide.
    const back = await extensionGrant('Impersonation', token);
    expect(back.status).toBe(200);
    const backClaims = claimsOf(String(back.body.access_token));
    expect(backClaims.sub).toBe(delegate);
    expect(backClaims.impersonator_userid).toBeUndefined();

    const actions = await server.ctx.db.select({ action: securityLogs.action }).from(securityLogs).where(eq(securityLogs.userId, owner));
    expect(actions.map((a) => a.action)).toContain('Impersonation');
  });

  it('user impersonation needs AbpIdentity.Users.Impersonation; tenant impersonation needs Saas.Tenants.Impersonation', async () => {
    const target = await createUser(server, { userName: 'imp.target', password });
    const admin = await passwordToken(server, { userName: 'admin', password });
    const asUser = await extensionGrant('Impersonation', admin.access_token, { UserId: target });
    expect(asUser.status).toBe(200);
    expect(claimsOf(String(asUser.body.access_token))).toMatchObject({ sub: target, impersonator_username: 'admin' });
    // An impersonated token cannot impersonate again.
    const nested = await extensionGrant('Impersonation', String(asUser.body.access_token), { UserId: target });
    expect(nested.body.error).toBe('invalid_grant');

    const plain = await passwordToken(server, { userName: 'imp.target', password });
    const refused = await extensionGrant('Impersonation', plain.access_token, { UserId: target });
    expect(refused.body).toEqual({ error: 'invalid_grant', error_description: 'You are not allowed to log in as this user.' });

    const asTenant = await extensionGrant('Impersonation', admin.access_token, { TenantId: acmeId });
    expect(asTenant.status).toBe(200);
    expect(claimsOf(String(asTenant.body.access_token))).toMatchObject({
      tenantid: acmeId,
      preferred_username: 'admin',
      impersonator_username: 'admin',
    });
    expect((await extensionGrant('Impersonation', plain.access_token, { TenantId: acmeId })).body.error).toBe('invalid_grant');
  });
});
