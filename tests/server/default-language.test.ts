// The culture of a request that names none (no culture/ui-culture query, no culture cookie, no
// supported Accept-Language) is the Abp.Localization.DefaultLanguage setting of its tenant, falling
// back to the host's, then English. A culture the request names always wins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSettingValues } from '../../server/modules/setting-management/store.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const messageOf = async (headers: Record<string, string>) => {
  const response = await fetch(`${server.url}/api/no-such-route`, { headers });
  return ((await response.json()) as { error: { message: string } }).error.message;
};

describe('default language', () => {
  it('follows the host and tenant settings when the request names no culture', async () => {
    expect(await messageOf({})).toMatch(/^There is no entity/);
    await setSettingValues(server.ctx, { 'Abp.Localization.DefaultLanguage': 'fr' }, { providerName: 'G', providerKey: '' });
    const french = await messageOf({});
    expect(french).not.toMatch(/^There is no entity/);
    expect(french).toBe(await messageOf({ 'accept-language': 'fr-FR' }));

    const acme = await server.ctx.tenants.findByName('acme');
    await setSettingValues(server.ctx, { 'Abp.Localization.DefaultLanguage': 'ar' }, { providerName: 'T', providerKey: acme!.id });
    const arabic = await messageOf({ __tenant: 'acme' });
    expect(arabic).toBe(await messageOf({ 'accept-language': 'ar' }));
    expect(arabic).not.toBe(french);

    // A culture named by the request wins over the setting.
    expect(await messageOf({ __tenant: 'acme', 'accept-language': 'en' })).toMatch(/^There is no entity/);
  });
});
