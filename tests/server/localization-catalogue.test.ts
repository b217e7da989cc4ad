// Issue 19, one source of texts: every resource an ABP client asks for is served by
// GET /api/abp/application-localization in each of the four languages (a handful of the keys ABP's
// Angular UI reads, per resource, each in the culture's own words: shipped for that culture, not
// English underneath); every area of the SPA is served under its resource name from its own module;
// product texts are well-formed ICU messages and ABP's keep their `{0}` placeholders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueResourceNames, messageKind, shippedTexts } from '../../server/localization/catalogue.ts';
import { checkMessage } from '../../server/localization/message-syntax.ts';
import { loadProductResources } from '../../server/localization/product-texts.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

const cultures = ['en', 'ar', 'fr', 'hy'] as const;

/** Resource -> keys an ABP client (ABP's Angular packages, the LeptonX theme) reads. */
const abpClientKeys: Record<string, string[]> = {
  AbpUi: ['Save', 'Cancel', 'Actions', 'PagerSearch', 'PagerNext', 'PagerPrevious', 'AreYouSure', 'NoDataAvailableInDatatable'],
  AbpUiNavigation: ['Menu:Administration'],
  AbpIdentity: ['Menu:IdentityManagement', 'Users', 'Roles', 'NewUser', 'DisplayName:UserName', 'DisplayName:Email'],
  AbpAccount: ['Login', 'Password', 'RememberMe', 'UserNameOrEmailAddress', 'Logout'],
  Saas: ['Menu:Saas', 'Tenants', 'Editions', 'NewTenant', 'TenantDeletionConfirmationMessage'],
  AbpAuditLogging: ['Menu:AuditLogging', 'AuditLogs', 'EntityChanges'],
  LanguageManagement: ['Languages', 'LanguageTexts', 'Key', 'BaseValue', 'Value', 'ResourceName'],
  TextTemplateManagement: ['TextTemplates', 'EditContents', 'RestoreToDefault', 'TemplateContents'],
  AbpOpenIddict: ['DuplicateClientId', 'InvalidUri', 'BuiltInScope'],
  AbpSettingManagement: ['Settings', 'Menu:Emailing', 'SmtpHost', 'TimeZone'],
  AbpFeatureManagement: ['Features', 'ResetToDefault', 'NoFeatureFoundMessage'],
  AbpPermissionManagement: ['Permissions', 'SelectAllInAllTabs', 'SelectAllInThisTab'],
  AbpGdpr: ['ThisWebsiteUsesCookie', 'CookieConsentAgreePolicies', 'CookiePolicy', 'PrivacyPolicy'],
  LeptonX: ['Appearance', 'Theme:dark', 'Theme:light', 'Theme:system', 'ContainerWidth', 'Language'],
};

type Localization = {
  resources: Record<string, { texts: Record<string, string>; baseResources: string[] }>;
  currentCulture: { cultureName: string };
};

let server: TestServer;
const answers = new Map<string, Localization>();
beforeAll(async () => {
  server = await startTestServer();
  for (const culture of cultures) {
    const response = await fetch(`${server.url}/api/abp/application-localization?cultureName=${culture}&onlyDynamics=false`);
    expect(response.status).toBe(200);
    answers.set(culture, (await response.json()) as Localization);
  }
});
afterAll(async () => {
  await server?.stop();
});

describe('resources an ABP client asks for', () => {
  for (const [resource, keys] of Object.entries(abpClientKeys)) {
    it(`serves ${resource} in en, ar, fr and hy`, () => {
      for (const culture of cultures) {
        const served = answers.get(culture)!.resources[resource]?.texts;
        expect(served, `${resource} in ${culture}`).toBeDefined();
        const own = shippedTexts(resource, culture);
        for (const key of keys) {
          expect(served![key], `${resource}::${key} in ${culture}`).toBeTruthy();
          expect(served![key], `${resource}::${key} in ${culture} is served as shipped`).toBe(own[key]);
          expect(own[key], `${resource}::${key} is written for ${culture}`).toBeTruthy();
        }
      }
    });
  }

  it('lists each of them in the catalogue, as ABP-style resources', () => {
    const names = catalogueResourceNames();
    for (const resource of Object.keys(abpClientKeys)) {
      expect(names).toContain(resource);
      expect(messageKind(resource)).toBe('abp');
    }
  });
});

describe("the SPA's areas", () => {
  it('are served under their resource names from their modules, English underneath the culture', async () => {
    const areas = await loadProductResources();
    expect(areas.length).toBeGreaterThan(20);
    for (const culture of cultures) {
      const served = answers.get(culture)!.resources;
      for (const area of areas) {
        expect(served[area.name], `${area.name} in ${culture}`).toBeDefined();
        const expected = { ...area.sets.en, ...(area.sets[culture] as Record<string, string>) };
        expect(served[area.name]!.texts, `${area.name} in ${culture}`).toEqual(expected);
      }
    }
    expect(answers.get('fr')!.resources['Finance.Shell']!.texts['menu.users']).toBe('Utilisateurs');
    expect(answers.get('ar')!.resources['Finance.Identity.Users']).toBeDefined();
  });

  it('hold well-formed ICU messages in every language; ABP resources balanced {0} placeholders', () => {
    const malformed: string[] = [];
    for (const resource of catalogueResourceNames()) {
      for (const culture of cultures) {
        for (const [key, text] of Object.entries(shippedTexts(resource, culture))) {
          const check = checkMessage(text, messageKind(resource));
          if (!check.ok) malformed.push(`${resource}/${culture}/${key} at ${check.offset}: ${check.message}`);
        }
      }
    }
    expect(malformed).toEqual([]);
  });

  it('never quotes a placeholder away with an apostrophe (ICU reads an apostrophe before { as a quote)', () => {
    const quoted: string[] = [];
    for (const resource of catalogueResourceNames().filter((name) => messageKind(name) === 'icu')) {
      for (const culture of cultures) {
        for (const [key, text] of Object.entries(shippedTexts(resource, culture))) {
          if (/'[{}#|]/.test(text)) quoted.push(`${resource}/${culture}/${key}`);
        }
      }
    }
    expect(quoted).toEqual([]);
  });
});

describe('the SPA’s request (compiledMessages=true)', () => {
  it('answers the product’s resources only, with messages that need the ICU parser compiled', async () => {
    const response = await fetch(`${server.url}/api/abp/application-localization?cultureName=ar&onlyDynamics=false&compiledMessages=true`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Localization;
    const names = Object.keys(body.resources);
    expect(names.length).toBeGreaterThan(20);
    expect(names.every((name) => name.startsWith('Finance.'))).toBe(true);
    const kit = body.resources['Finance.Kit']!.texts;
    expect(kit.bulkDone!.startsWith('\u0001')).toBe(true);
    expect(JSON.parse(kit.bulkDone!.slice(1))).toContainEqual(expect.objectContaining({ type: 6, value: '0' }));
    // A simple message stays as written.
    expect(body.resources['Finance.Shell']!.texts['menu.users']).toBe(answers.get('ar')!.resources['Finance.Shell']!.texts['menu.users']);
  });
});

describe('checkMessage', () => {
  it('gives the position of an ICU error and of an unbalanced ABP placeholder', () => {
    expect(checkMessage('{count, plural, one {# row} other {# rows}}', 'icu')).toEqual({ ok: true });
    expect(checkMessage('{count, plural, one {# row}}', 'icu')).toMatchObject({ ok: false, offset: 27 });
    expect(checkMessage('Hello {0', 'icu')).toMatchObject({ ok: false, offset: 6 });
    expect(checkMessage('Showing {0} of {1}', 'abp')).toEqual({ ok: true });
    expect(checkMessage('Showing {0} of {1', 'abp')).toMatchObject({ ok: false, offset: 15 });
    expect(checkMessage('Showing {name}', 'abp')).toMatchObject({ ok: false, offset: 8 });
    expect(checkMessage('A } alone', 'abp')).toMatchObject({ ok: false, offset: 2 });
  });
});
