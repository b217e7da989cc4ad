// Setting resolution user -> tenant -> global -> default, observed through the store and through
// application-configuration; encrypted settings are sealed at rest; a write under a provider the
// definition does not allow is refused before anything is stored; the emailing and time-zone
// endpoints read and write the host's level.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../server/db/schema/index.ts';
import { getSettingValue, setSettingValue, setSettingValues } from '../../server/modules/setting-management/store.ts';
import { authHeaders, passwordToken } from '../kit/auth.ts';
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

describe('setting management endpoints', () => {
  let admin: string;
  beforeAll(async () => {
    admin = (await passwordToken(server, { userName: 'admin', password: '1q2w3E*' })).access_token;
  });
  const call = (path: string, init: RequestInit = {}, token: string | null = admin) =>
    fetch(`${server.url}/api/setting-management${path}`, {
      ...init,
      headers: { ...(token ? authHeaders(token) : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) },
    });
  const emailing = {
    smtpHost: 'smtp.example.test',
    smtpPort: 587,
    smtpUserName: 'mailer',
    smtpPassword: 'mail-secret',
    smtpDomain: '',
    smtpEnableSsl: true,
    smtpUseDefaultCredentials: false,
    defaultFromAddress: 'finance@example.test',
    defaultFromDisplayName: 'Finance',
  };

  it('answers 401 without a token', async () => {
    expect((await call('/emailing', {}, null)).status).toBe(401);
    expect((await call('/timezone', {}, null)).status).toBe(401);
  });

  it('round-trips the emailing settings without ever sending the password back', async () => {
    expect((await call('/emailing', { method: 'POST', body: JSON.stringify(emailing) })).status).toBe(204);
    const read = (await (await call('/emailing')).json()) as Record<string, unknown>;
    expect(read).toEqual({ ...emailing, smtpPassword: null });
    expect(await getSettingValue(server.ctx, 'Abp.Mailing.Smtp.Password', { tenantId: null })).toBe('mail-secret');
    // An update without a password keeps the stored one.
    await call('/emailing', { method: 'POST', body: JSON.stringify({ ...emailing, smtpPassword: null, smtpPort: 2525 }) });
    expect(await getSettingValue(server.ctx, 'Abp.Mailing.Smtp.Password', { tenantId: null })).toBe('mail-secret');
    expect(await getSettingValue(server.ctx, 'Abp.Mailing.Smtp.Port', { tenantId: null })).toBe('2525');
  });

  it('refuses invalid emailing input with 400 and keeps the stored values', async () => {
    const response = await call('/emailing', {
      method: 'POST',
      body: JSON.stringify({ ...emailing, smtpPort: 70000, defaultFromAddress: 'nope' }),
    });
    expect(response.status).toBe(400);
    expect(await getSettingValue(server.ctx, 'Abp.Mailing.Smtp.Port', { tenantId: null })).toBe('2525');
  });

  it('sends a test e-mail', async () => {
    const response = await call('/emailing/send-test-email', {
      method: 'POST',
      body: JSON.stringify({ senderEmailAddress: 'a@example.test', targetEmailAddress: 'b@example.test', subject: 'Hello' }),
    });
    expect(response.status).toBe(204);
  });

  it('reads, lists and changes the time zone, refusing unknown zones', async () => {
    const zones = (await (await call('/timezone/timezones')).json()) as Array<{ name: string; value: string }>;
    expect(zones.some((zone) => zone.value === 'Asia/Yerevan')).toBe(true);
    expect((await call('/timezone?timezone=Asia%2FYerevan', { method: 'POST' })).status).toBe(204);
    const current = await call('/timezone');
    expect(current.headers.get('content-type')).toContain('text/plain');
    expect(await current.text()).toBe('Asia/Yerevan');
    expect((await call('/timezone?timezone=Mars%2FOlympus', { method: 'POST' })).status).toBe(400);
    expect(await (await call('/timezone')).text()).toBe('Asia/Yerevan');
  });
});
