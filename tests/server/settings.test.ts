// Setting resolution user -> tenant -> global -> default, observed through the store and through
// application-configuration; encrypted settings are sealed at rest; a write under a provider the
// definition does not allow is refused before anything is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../server/db/schema/index.ts';
import { getSettingValue, setSettingValue, setSettingValues } from '../../server/modules/setting-management/store.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
let acmeId: string;
beforeAll(async () => {
  server = await startTestServer();
  const acme = await server.ctx.tenants.findByName('acme');
  acmeId = acme!.id;
});
afterAll(async () => {
  await server?.stop();
});

const idle = 'Abp.Account.Idle.IdleTimeoutMinutes';
const visibleValue = async (name: string, tenant?: string) => {
  const response = await fetch(`${server.url}/api/abp/application-configuration?includeLocalizationResources=false`, {
    headers: tenant ? { __tenant: tenant } : {},
  });
  const body = (await response.json()) as { setting: { values: Record<string, string | null> } };
  return body.setting.values[name];
};

describe('setting resolution', () => {
  it('falls back to the definition default', async () => {
    expect(await getSettingValue(server.ctx, idle, { tenantId: null })).toBe('60');
    expect(await visibleValue(idle)).toBe('60');
  });

  it('applies user, then tenant, then global, then default', async () => {
    const userId = crypto.randomUUID();
    await setSettingValue(server.ctx, 'Abp.Timing.TimeZone', 'Europe/Paris', { providerName: 'G', providerKey: '' });
    expect(await getSettingValue(server.ctx, 'Abp.Timing.TimeZone', { tenantId: acmeId, userId })).toBe('Europe/Paris');
    await setSettingValue(server.ctx, 'Abp.Timing.TimeZone', 'Asia/Yerevan', { providerName: 'T', providerKey: acmeId });
    expect(await getSettingValue(server.ctx, 'Abp.Timing.TimeZone', { tenantId: acmeId, userId })).toBe('Asia/Yerevan');
    await setSettingValue(server.ctx, 'Abp.Timing.TimeZone', 'Asia/Beirut', { providerName: 'U', providerKey: userId });
    expect(await getSettingValue(server.ctx, 'Abp.Timing.TimeZone', { tenantId: acmeId, userId })).toBe('Asia/Beirut');
    // The host and other users keep their own levels.
    expect(await getSettingValue(server.ctx, 'Abp.Timing.TimeZone', { tenantId: null })).toBe('Europe/Paris');
    expect(await getSettingValue(server.ctx, 'Abp.Timing.TimeZone', { tenantId: acmeId, userId: crypto.randomUUID() })).toBe(
      'Asia/Yerevan',
    );
    // Removing the user's value lets the tenant's apply again.
    await setSettingValue(server.ctx, 'Abp.Timing.TimeZone', null, { providerName: 'U', providerKey: userId });
    expect(await getSettingValue(server.ctx, 'Abp.Timing.TimeZone', { tenantId: acmeId, userId })).toBe('Asia/Yerevan');
  });

  it('shows a new value in application-configuration on the next request, per tenant', async () => {
    await setSettingValue(server.ctx, idle, '180', { providerName: 'G', providerKey: '' });
    expect(await visibleValue(idle)).toBe('180');
    expect(await visibleValue(idle, 'acme')).toBe('180');
    await setSettingValue(server.ctx, idle, '720', { providerName: 'T', providerKey: acmeId });
    expect(await visibleValue(idle, 'acme')).toBe('720');
    expect(await visibleValue(idle)).toBe('180');
  });

  it('seals encrypted settings at rest and never shows them to clients', async () => {
    await setSettingValue(server.ctx, 'Abp.Mailing.Smtp.Password', 'smtp-secret', { providerName: 'G', providerKey: '' });
    const rows = await server.ctx.db.select().from(settings);
    const stored = rows.find((row) => row.name === 'Abp.Mailing.Smtp.Password');
    expect(stored?.value).not.toContain('smtp-secret');
    expect(await getSettingValue(server.ctx, 'Abp.Mailing.Smtp.Password', { tenantId: null })).toBe('smtp-secret');
    expect(await visibleValue('Abp.Mailing.Smtp.Password')).toBeUndefined();
  });

  it('refuses a provider the definition does not allow and writes nothing of the batch', async () => {
    const before = await server.ctx.db.select().from(settings);
    await expect(
      setSettingValues(
        server.ctx,
        { 'Abp.Account.Idle.Enabled': 'true', 'Abp.Account.Captcha.VerifyBaseUrl': 'https://evil.test/' },
        {
          providerName: 'T',
          providerKey: acmeId,
        },
      ),
    ).rejects.toThrow(/cannot be stored/);
    await expect(setSettingValue(server.ctx, 'No.Such.Setting', 'x', { providerName: 'G', providerKey: '' })).rejects.toThrow(/Undefined/);
    expect(await server.ctx.db.select().from(settings)).toEqual(before);
  });
});
