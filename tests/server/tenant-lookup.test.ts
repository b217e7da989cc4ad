// Anonymous tenant lookup (contract 2.1): a known tenant by name (any case) or id answers
// success:true with its id and name; an unknown one is 200 with success:false, never 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const lookup = async (path: string) => {
  const response = await fetch(`${server.url}/api/abp/multi-tenancy/tenants/${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('tenant lookup', () => {
  it('finds the seeded tenant by name, case-insensitively', async () => {
    const { status, body } = await lookup('by-name/ACME');
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, name: 'acme', normalizedName: 'ACME', isActive: true });
    expect(body.tenantId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('finds the same tenant by id', async () => {
    const byName = await lookup('by-name/acme');
    const { status, body } = await lookup(`by-id/${byName.body.tenantId}`);
    expect(status).toBe(200);
    expect(body).toEqual(byName.body);
  });

  it('answers an unknown name or id with success:false and empty fields', async () => {
    const empty = { success: false, tenantId: null, name: null, normalizedName: null, isActive: false };
    expect(await lookup('by-name/no-such-tenant')).toEqual({ status: 200, body: empty });
    expect(await lookup('by-id/3a0f0000-0000-4000-8000-000000000099')).toEqual({ status: 200, body: empty });
    expect(await lookup('by-id/not-a-guid')).toEqual({ status: 200, body: empty });
  });
});
