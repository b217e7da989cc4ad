// Tenant resolution as the API sees it (contract 2.2, 2.3): __tenant by name or id in the query or
// header selects the tenant; an unknown one is a 404 envelope with Abp-Tenant-Resolve-Error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const configUrl = () => `${server.url}/api/abp/application-configuration?includeLocalizationResources=false`;

describe('tenant resolution', () => {
  it('refuses __tenant=unknown with 404, the ABP envelope and Abp-Tenant-Resolve-Error', async () => {
    const response = await fetch(`${configUrl()}&__tenant=unknown`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('_abperrorformat')).toBe('true');
    expect(response.headers.get('abp-tenant-resolve-error')).toContain('unknown');
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('Volo.AbpIo.MultiTenancy:010001');
  });

  it('localizes the tenant error', async () => {
    const response = await fetch(configUrl(), { headers: { __tenant: 'unknown', 'Accept-Language': 'fr' } });
    const body = (await response.json()) as { error: { message: string } };
    expect(response.status).toBe(404);
    expect(body.error.message).not.toBe('Tenant not found!');
  });

  it('selects a tenant by name in the query and by id in the header', async () => {
    const byName = (await (await fetch(`${configUrl()}&__tenant=acme`)).json()) as { currentTenant: { id: string; name: string } };
    expect(byName.currentTenant.name).toBe('acme');
    const byId = (await (await fetch(configUrl(), { headers: { __tenant: byName.currentTenant.id } })).json()) as {
      currentTenant: { name: string };
    };
    expect(byId.currentTenant.name).toBe('acme');
  });

  it('treats an absent tenant as the host', async () => {
    const body = (await (await fetch(configUrl())).json()) as { currentTenant: unknown };
    expect(body.currentTenant).toEqual({ id: null, name: null, isAvailable: false });
  });
});
