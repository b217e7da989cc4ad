// Feature management over real HTTP: GET/PUT/DELETE for the host (T with an empty key), a tenant
// (T + id) and an edition (E + id); values checked against their value type (a bad value is a 400
// and nothing of the request is written); resolution tenant -> edition -> default, visible at once
// in application-configuration; a disabled feature also withdraws the permissions that need it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editions, featureValues, tenants } from '../../server/db/schema/index.ts';
import { authHeaders, createUser, passwordToken } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
let admin: string;
let acmeId: string;
const password = '1q2w3E*';

interface FeatureList {
  groups: Array<{
    name: string;
    features: Array<{
      name: string;
      value: string;
      provider: { name: string; key: string | null };
      valueType: { name: string };
      depth: number;
    }>;
  }>;
}

const featuresUrl = (provider: string, key?: string) =>
  `${server.url}/api/feature-management/features?providerName=${provider}${key === undefined ? '' : `&providerKey=${key}`}`;
const call = (url: string, token: string | null, init: RequestInit = {}) =>
  fetch(url, { ...init, headers: { ...(token ? authHeaders(token) : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) } });
const put = (provider: string, key: string | undefined, features: Array<{ name: string; value: string }>, token = admin) =>
  call(featuresUrl(provider, key), token, { method: 'PUT', body: JSON.stringify({ features }) });
const list = async (provider: string, key?: string) => (await (await call(featuresUrl(provider, key), admin)).json()) as FeatureList;
const feature = (l: FeatureList, name: string) => l.groups.flatMap((g) => g.features).find((f) => f.name === name);
const clientFeatures = async (tenant?: string) => {
  const response = await fetch(`${server.url}/api/abp/application-configuration?includeLocalizationResources=false`, {
    headers: tenant ? { __tenant: tenant } : {},
  });
  return ((await response.json()) as { features: { values: Record<string, string> } }).features.values;
};

beforeAll(async () => {
  server = await startTestServer();
  admin = (await passwordToken(server, { userName: 'admin', password })).access_token;
  acmeId = (await server.ctx.tenants.findByName('acme'))!.id;
});
afterAll(async () => {
  await server?.stop();
});

describe('access to feature management', () => {
  it('answers 401 without a token and 403 without the provider permission', async () => {
    expect((await call(featuresUrl('T'), null)).status).toBe(401);
    await createUser(server, { userName: 'no.rights', password });
    const plain = (await passwordToken(server, { userName: 'no.rights', password })).access_token;
    expect((await call(featuresUrl('T'), plain)).status).toBe(403);
    expect((await put('T', '', [{ name: 'AuditLogging.Enable', value: 'false' }], plain)).status).toBe(403);
    const tenantAdmin = (await passwordToken(server, { userName: 'admin', password, tenant: 'acme' })).access_token;
    expect((await call(featuresUrl('T'), tenantAdmin)).status).toBe(403);
    expect((await call(featuresUrl('T', acmeId), tenantAdmin)).status).toBe(403);
  });

  it('refuses an unknown provider and answers 404 for an unknown tenant or edition', async () => {
    expect((await call(featuresUrl('X', ''), admin)).status).toBe(400);
    expect((await call(featuresUrl('T', crypto.randomUUID()), admin)).status).toBe(404);
    expect((await call(featuresUrl('E', crypto.randomUUID()), admin)).status).toBe(404);
  });
});

describe('host features', () => {
  it('lists every feature with its value type, default provider and depth', async () => {
    const l = await list('T');
    expect(feature(l, 'AuditLogging.Enable')).toMatchObject({
      value: 'true',
      provider: { name: 'D', key: null },
      valueType: { name: 'ToggleStringValueType' },
    });
    expect(feature(l, 'Identity.TwoFactor')).toMatchObject({ value: 'Optional', valueType: { name: 'SelectionStringValueType' } });
    expect(feature(l, 'SettingManagement.AllowChangingEmailSettings')?.depth).toBe(1);
  });

  it('stores, shows and resets a host value', async () => {
    expect((await put('T', '', [{ name: 'AuditLogging.Enable', value: 'false' }])).status).toBe(204);
    expect(feature(await list('T'), 'AuditLogging.Enable')).toMatchObject({ value: 'false', provider: { name: 'T', key: '' } });
    expect((await clientFeatures())['AuditLogging.Enable']).toBe('false');
    expect((await call(featuresUrl('T'), admin, { method: 'DELETE' })).status).toBe(204);
    expect((await clientFeatures())['AuditLogging.Enable']).toBe('true');
  });

  it('refuses a bad value with 400 and writes nothing of the request', async () => {
    const before = await server.ctx.db.select().from(featureValues);
    for (const bad of [
      [
        { name: 'LanguageManagement.Enable', value: 'false' },
        { name: 'AuditLogging.Enable', value: 'maybe' },
      ],
      [{ name: 'Identity.TwoFactor', value: 'Sometimes' }],
      [{ name: 'Identity.MaxUserCount', value: '-1' }],
      [{ name: 'No.Such.Feature', value: 'true' }],
    ]) {
      const response = await put('T', '', bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(response.headers.get('_abperrorformat')).toBe('true');
    }
    expect(await server.ctx.db.select().from(featureValues)).toEqual(before);
    expect((await clientFeatures())['LanguageManagement.Enable']).toBe('true');
  });
});

describe('tenant and edition features', () => {
  it('resolves tenant value, then edition value, then default', async () => {
    const [edition] = await server.ctx.db.insert(editions).values({ displayName: 'Gold' }).returning();
    await server.ctx.db.update(tenants).set({ editionId: edition!.id }).where(eq(tenants.id, acmeId));
    await server.ctx.cache.publish('tenants');

    expect((await put('E', edition!.id, [{ name: 'Identity.TwoFactor', value: 'Forced' }])).status).toBe(204);
    expect(feature(await list('E', edition!.id), 'Identity.TwoFactor')).toMatchObject({ value: 'Forced', provider: { name: 'E' } });
    expect(feature(await list('T', acmeId), 'Identity.TwoFactor')).toMatchObject({
      value: 'Forced',
      provider: { name: 'E', key: edition!.id },
    });
    expect((await clientFeatures('acme'))['Identity.TwoFactor']).toBe('Forced');
    expect((await clientFeatures())['Identity.TwoFactor']).toBe('Optional');

    expect((await put('T', acmeId, [{ name: 'Identity.TwoFactor', value: 'Disabled' }])).status).toBe(204);
    expect((await clientFeatures('acme'))['Identity.TwoFactor']).toBe('Disabled');
    expect((await call(featuresUrl('T', acmeId), admin, { method: 'DELETE' })).status).toBe(204);
    expect((await clientFeatures('acme'))['Identity.TwoFactor']).toBe('Forced');

    // Forced two-factor is now enforced at sign-in: give acme its default back for the next tests.
    expect((await put('E', edition!.id, [{ name: 'Identity.TwoFactor', value: 'Optional' }])).status).toBe(204);
    expect((await clientFeatures('acme'))['Identity.TwoFactor']).toBe('Optional');
  });

  it("withdraws a disabled feature's permissions from the tenant at once", async () => {
    const tenantAdmin = (await passwordToken(server, { userName: 'admin', password, tenant: 'acme' })).access_token;
    const policies = async () =>
      (
        (await (await call(`${server.url}/api/abp/application-configuration?includeLocalizationResources=false`, tenantAdmin)).json()) as {
          auth: { grantedPolicies: Record<string, boolean> };
        }
      ).auth.grantedPolicies;
    expect((await policies())['AuditLogging.AuditLogs']).toBe(true);
    expect((await put('T', acmeId, [{ name: 'AuditLogging.Enable', value: 'false' }])).status).toBe(204);
    expect((await policies())['AuditLogging.AuditLogs']).toBeUndefined();
    expect((await policies())['AbpIdentity.Roles']).toBe(true);
  });
});
