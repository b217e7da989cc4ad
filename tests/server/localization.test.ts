// Server texts: every resource exists in en, ar, fr and hy with the same keys, translated rather
// than copied; every permission and feature display name resolves to a text; the
// application-localization endpoint serves them per culture and refuses an unknown culture.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allFeatures, featureGroups } from '../../server/modules/feature-management/definitions.ts';
import { allPermissions, permissionGroups } from '../../server/modules/permission-management/definitions.ts';
import { localize } from '../../server/localization/index.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

const resourcesDir = path.resolve(import.meta.dirname, '../../server/localization/resources');
const cultures = ['en', 'ar', 'fr', 'hy'];
// Resources whose texts are owned by this suite's module (AbpAccount belongs to the identity server).
const ownResources = [
  'AbpUi',
  'AbpExceptionHandling',
  'AbpValidation',
  'AbpMultiTenancy',
  'AbpUiMultiTenancy',
  'AbpIdentity',
  'AbpPermissionManagement',
  'AbpFeatureManagement',
  'AbpSettingManagement',
  'Finance',
];
const read = (resource: string, culture: string) =>
  JSON.parse(fs.readFileSync(path.join(resourcesDir, resource, `${culture}.json`), 'utf8')) as Record<string, string>;

describe('resource files', () => {
  for (const resource of ownResources) {
    it(`${resource} has the same keys in every language, translated`, () => {
      const english = read(resource, 'en');
      for (const culture of cultures.slice(1)) {
        const texts = read(resource, culture);
        expect(Object.keys(texts).sort(), `${resource}/${culture}`).toEqual(Object.keys(english).sort());
        // Brand names and acronyms (SaaS, OpenID, KYC, OK) may stay as they are; sentences may not.
        const copied = Object.keys(english).filter((key) => texts[key] === english[key] && english[key]!.includes(' '));
        expect(copied, `${resource}/${culture} copies English`).toEqual([]);
      }
    });
  }

  it('keeps the English validation keys as their own text', () => {
    for (const [key, text] of Object.entries(read('AbpValidation', 'en'))) {
      if (key.includes('{0}')) expect(text).toBe(key);
    }
  });

  it('resolves every permission and feature display name in every language', () => {
    const names = [
      ...permissionGroups.map((g) => g.displayName),
      ...allPermissions().map((p) => p.displayName),
      ...featureGroups.map((g) => g.displayName),
      ...allFeatures().map((f) => f.displayName),
    ];
    for (const culture of cultures) {
      const unresolved = names.filter((name) => localize(culture, name) === name.split('::')[1]);
      expect(unresolved, culture).toEqual([]);
    }
  });
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('GET /api/abp/application-localization', () => {
  it('serves the resources of the requested culture with their base resources', async () => {
    const response = await fetch(`${server.url}/api/abp/application-localization?cultureName=ar&onlyDynamics=false`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      resources: Record<string, { texts: Record<string, string>; baseResources: string[] }>;
      currentCulture: { cultureName: string; isRightToLeft: boolean };
    };
    expect(body.currentCulture).toMatchObject({ cultureName: 'ar', isRightToLeft: true });
    expect(body.resources.AbpUi?.texts.Save).toBe('حفظ');
    expect(body.resources.AbpUiMultiTenancy?.texts.GivenTenantIsNotAvailable).toContain('{0}');
    expect(body.resources.Finance?.baseResources).toContain('AbpUi');
  });

  it('accepts a regional culture name and answers with the language', async () => {
    const response = await fetch(`${server.url}/api/abp/application-localization?cultureName=fr-FR`);
    const body = (await response.json()) as {
      currentCulture: { cultureName: string };
      resources: Record<string, { texts: Record<string, string> }>;
    };
    expect(body.currentCulture.cultureName).toBe('fr');
    expect(body.resources.AbpUi?.texts.Cancel).toBe('Annuler');
  });

  it('refuses an unknown culture with a localized 400 naming cultureName', async () => {
    const response = await fetch(`${server.url}/api/abp/application-localization?cultureName=xx`, { headers: { 'Accept-Language': 'fr' } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; validationErrors: Array<{ members: string[] }> } };
    expect(body.error.message).toBe("Votre requête n'est pas valide !");
    expect(body.error.validationErrors[0]?.members).toEqual(['cultureName']);
  });

  it('requires cultureName', async () => {
    const response = await fetch(`${server.url}/api/abp/application-localization`);
    expect(response.status).toBe(400);
  });
});

describe('localized errors', () => {
  it('answers an unknown route in the Accept-Language culture', async () => {
    for (const [culture, expected] of [
      ['hy', 'Ռեսուրսը չի գտնվել'],
      ['ar', 'لا يوجد كيان'],
    ] as const) {
      const response = await fetch(`${server.url}/api/nothing-here`, { headers: { 'Accept-Language': culture } });
      const body = (await response.json()) as { error: { message: string } };
      expect(response.status).toBe(404);
      if (culture === 'ar') expect(body.error.message).toContain(expected);
      else expect(body.error.message).not.toBe('There is no entity Route with id = GET /api/nothing-here!');
    }
  });
});
