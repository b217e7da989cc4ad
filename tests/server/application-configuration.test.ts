// GET /api/abp/application-configuration for an anonymous caller: every key ABP's clients read is
// present (contract 1.2-1.4), the localization block follows the request culture and the flag,
// and the tenant resolved from __tenant is echoed back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

// biome-ignore lint/suspicious/noExplicitAny: the test reads an untyped JSON answer
async function getConfig(query = '', headers: Record<string, string> = {}): Promise<any> {
  const response = await fetch(`${server.url}/api/abp/application-configuration${query}`, { headers });
  expect(response.status).toBe(200);
  return response.json();
}

describe('application configuration (anonymous)', () => {
  it('answers every top-level key of ApplicationConfigurationDto', async () => {
    const config = await getConfig();
    expect(Object.keys(config).sort()).toEqual(
      [
        'auth',
        'clock',
        'currentTenant',
        'currentUser',
        'extraProperties',
        'features',
        'globalFeatures',
        'localization',
        'multiTenancy',
        'objectExtensions',
        'setting',
        'timing',
      ].sort(),
    );
    expect(config.multiTenancy.isEnabled).toBe(true);
    expect(config.clock).toEqual({ kind: 'Utc' });
    expect(config.objectExtensions).toEqual({ modules: {}, enums: {} });
    expect(config.globalFeatures).toEqual({ enabledFeatures: [] });
    expect(config.extraProperties).toEqual({});
    expect(config.timing.timeZone).toEqual({ iana: { timeZoneName: 'Etc/UTC' }, windows: { timeZoneId: 'UTC' } });
  });

  it('describes an anonymous user with null ids, no roles and no granted policies', async () => {
    const config = await getConfig();
    expect(config.currentUser.isAuthenticated).toBe(false);
    expect(config.currentUser.id).toBeNull();
    expect(config.currentUser.tenantId).toBeNull();
    expect(config.currentUser.roles).toEqual([]);
    expect(config.currentUser).toHaveProperty('surName', null);
    expect(config.auth.grantedPolicies).toEqual({});
    expect(config.currentTenant).toEqual({ id: null, name: null, isAvailable: false });
  });

  it('sends the feature values ABP modules require and client-visible settings only, as strings', async () => {
    const config = await getConfig();
    for (const name of ['SettingManagement.Enable', 'AuditLogging.Enable', 'LanguageManagement.Enable']) {
      expect(config.features.values[name]).toBe('true');
    }
    expect(config.features.values['Identity.TwoFactor']).toBe('Optional');
    const settings = config.setting.values;
    expect(settings['Abp.Account.EnableLocalLogin']).toBe('true');
    expect(settings['Abp.Account.IsSelfRegistrationEnabled']).toBe('true');
    expect(settings['Abp.Identity.Password.RequiredLength']).toBe('6');
    expect(settings['Abp.Account.Idle.IdleTimeoutMinutes']).toBe('60');
    expect(settings['Abp.Timing.TimeZone']).toBe('UTC');
    expect(settings).not.toHaveProperty('Abp.Account.Captcha.SiteSecret');
    expect(settings).not.toHaveProperty('Abp.Mailing.Smtp.Password');
    for (const value of Object.values(settings)) expect(typeof value === 'string' || value === null).toBe(true);
  });

  it('lists the languages and the current culture with .NET date patterns', async () => {
    const config = await getConfig('', { 'Accept-Language': 'fr-FR,fr;q=0.9' });
    const { localization } = config;
    expect(localization.languages.map((l: { cultureName: string }) => l.cultureName)).toEqual(['en', 'ar', 'fr', 'hy']);
    expect(localization.languages[0]).toHaveProperty('twoLetterISOLanguageName', 'en');
    expect(localization.currentCulture.cultureName).toBe('fr');
    expect(localization.currentCulture.dateTimeFormat.shortDatePattern).toBe('dd/MM/yyyy');
    expect(localization.defaultResourceName).toBe('Finance');
    expect(localization.languagesMap).toEqual({});
    expect(localization.languageFilesMap).toEqual({});
    expect(localization.useRouteBasedCulture).toBe(false);
  });

  it('marks Arabic right-to-left', async () => {
    const config = await getConfig('', { 'Accept-Language': 'ar' });
    expect(config.localization.currentCulture.isRightToLeft).toBe(true);
    expect(config.localization.currentCulture.cultureName).toBe('ar');
  });

  it('fills localization.values by default and leaves them out when asked', async () => {
    const withTexts = await getConfig('', { 'Accept-Language': 'fr' });
    expect(withTexts.localization.values.AbpValidation.YourRequestIsNotValid).toBeTruthy();
    expect(withTexts.localization.values.AbpValidation.YourRequestIsNotValid).not.toBe('Your request is not valid!');
    const without = await getConfig('?includeLocalizationResources=false');
    expect(without.localization.values).toEqual({});
  });

  it('echoes the tenant resolved from the __tenant header', async () => {
    const config = await getConfig('', { __tenant: 'acme' });
    expect(config.currentTenant.name).toBe('acme');
    expect(config.currentTenant.isAvailable).toBe(true);
    expect(config.currentTenant.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
