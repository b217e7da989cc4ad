// /api/language-management over real HTTP on a real database: the four seeded languages of the host
// and of each tenant (kept apart), create with localized validation errors that change nothing,
// enable/disable and the language menus of application-configuration, the default language (what
// a request naming no enabled language gets; it cannot be deleted or disabled), a right-to-left
// culture; texts filtered, edited through the query string, refused when malformed (with the
// position), restored, and applied to application-localization and the server-rendered login page
// of that tenant only; the missing-translations report; export and import as JSON and XLIFF 2 (only
// changed values, with a report; a bad file changes nothing); permissions.
import { describe, expect, it } from 'vitest';
import type {
  ImportLanguageTextsResultDto,
  LanguageDto,
  LanguageTextDto,
  MissingTextsReportDto,
} from '../../contract/language-management.ts';
import { tenants } from '../../server/db/schema/index.ts';
import { browse, CookieJar, createUser, startAuthorization, submitLogin } from '../kit/auth.ts';
import { expectError, identitySuite, request, signIn } from './identity-helpers.ts';

type Page<T> = { totalCount: number; items: T[] };
const languagesPath = '/api/language-management/languages';
const textsPath = '/api/language-management/language-texts';
const suite = identitySuite();

const appConfig = (caller = suite.admin, headers: Record<string, string> = {}) =>
  caller.call<{
    localization: {
      languages: Array<{ cultureName: string; displayName: string }>;
      currentCulture: { cultureName: string; isRightToLeft: boolean };
      values: Record<string, Record<string, string>>;
    };
  }>('GET', '/api/abp/application-configuration', undefined, headers);

const localization = (caller: typeof suite.admin, cultureName: string) =>
  caller.call<{ resources: Record<string, { texts: Record<string, string> }> }>(
    'GET',
    `/api/abp/application-localization?cultureName=${cultureName}`,
  );

async function languageOf(caller: typeof suite.admin, cultureName: string): Promise<LanguageDto> {
  const all = await caller.call<{ items: LanguageDto[] }>('GET', `${languagesPath}/all`);
  expect(all.status).toBe(200);
  return all.body.items.find((l) => l.cultureName === cultureName)!;
}

const textPath = (resource: string, culture: string, name: string) =>
  `${textsPath}/${encodeURIComponent(resource)}/${culture}/${encodeURIComponent(name)}`;

describe('languages', () => {
  it('seeds en, ar, fr and hy for the host and each tenant, English the default, kept apart', async () => {
    const host = await suite.admin.call<Page<LanguageDto>>('GET', `${languagesPath}?sorting=cultureName%20asc&maxResultCount=2`);
    expect(host.status).toBe(200);
    expect(host.body.totalCount).toBe(4);
    expect(host.body.items.map((l) => l.cultureName)).toEqual(['ar', 'en']);
    expect(host.body.items[0]).toMatchObject({ isRightToLeft: true, isEnabled: true, isDefaultLanguage: false });
    expect(host.body.items[1]).toMatchObject({ isDefaultLanguage: true, displayName: 'English' });
    const acme = await suite.acmeAdmin.call<{ items: LanguageDto[] }>('GET', `${languagesPath}/all`);
    expect(acme.body.items.map((l) => l.cultureName).sort()).toEqual(['ar', 'en', 'fr', 'hy']);
    const hostIds = new Set((await suite.admin.call<{ items: LanguageDto[] }>('GET', `${languagesPath}/all`)).body.items.map((l) => l.id));
    expect(acme.body.items.some((l) => hostIds.has(l.id))).toBe(false);
    // Another tenant's language is not found.
    expectError(await suite.acmeAdmin.call('GET', `${languagesPath}/${[...hostIds][0]}`), 404);
    const filtered = await suite.admin.call<Page<LanguageDto>>('GET', `${languagesPath}?filter=fran`);
    expect(filtered.body.items.map((l) => l.cultureName)).toEqual(['fr']);
    expectError(await suite.admin.call('GET', `${languagesPath}?sorting=flagIcon`), 400);
  });

  it('gives a new tenant the four languages too, English its default', async () => {
    await suite.server.ctx.db.insert(tenants).values({ name: 'newco', normalizedName: 'NEWCO' });
    const config = await request<{
      currentTenant: { name: string | null };
      localization: { languages: Array<{ cultureName: string }>; currentCulture: { cultureName: string } };
    }>(suite.server, null, 'GET', '/api/abp/application-configuration', undefined, { __tenant: 'newco', 'accept-language': 'ja' });
    expect(config.status).toBe(200);
    expect(config.body.currentTenant.name).toBe('newco');
    expect(config.body.localization.languages.map((l) => l.cultureName)).toEqual(['en', 'ar', 'fr', 'hy']);
    expect(config.body.localization.currentCulture.cultureName).toBe('en');
  });

  it('refuses an unknown or duplicate culture with a localized error and creates nothing', async () => {
    const before = (await suite.admin.call<Page<LanguageDto>>('GET', languagesPath)).body.totalCount;
    const unknown = expectError(
      await suite.admin.call(
        'POST',
        languagesPath,
        { cultureName: 'qq', uiCultureName: 'qq', displayName: 'Q', isEnabled: true },
        {
          'accept-language': 'fr',
        },
      ),
      400,
    );
    expect(unknown.validationErrors?.[0]).toMatchObject({ members: ['cultureName'], message: "« qq » n'est pas une culture connue." });
    const malformed = expectError(
      await suite.admin.call('POST', languagesPath, {
        cultureName: 'not a culture',
        uiCultureName: 'en',
        displayName: 'X',
        isEnabled: true,
      }),
      400,
    );
    expect(JSON.stringify(malformed.validationErrors)).toContain('cultureName');
    const duplicate = expectError(
      await suite.admin.call('POST', languagesPath, { cultureName: 'FR', uiCultureName: 'fr', displayName: 'Again', isEnabled: true }),
      400,
    );
    expect(duplicate.validationErrors?.[0]?.message).toBe("A language with the culture 'fr' already exists.");
    expect((await suite.admin.call<Page<LanguageDto>>('GET', languagesPath)).body.totalCount).toBe(before);
  });

  it('lists only enabled languages in the language menus; a new language appears once enabled', async () => {
    const created = await suite.acmeAdmin.call<LanguageDto>('POST', languagesPath, {
      cultureName: 'de-de',
      uiCultureName: 'de-DE',
      displayName: 'Deutsch',
      flagIcon: 'de',
      isEnabled: false,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ cultureName: 'de-DE', isEnabled: false, isDefaultLanguage: false, isRightToLeft: false });
    const menu = async (caller = suite.acmeAdmin) => (await appConfig(caller)).body.localization.languages.map((l) => l.cultureName);
    expect(await menu()).not.toContain('de-DE');
    // A disabled language is not a culture requests get.
    expect((await appConfig(suite.acmeAdmin, { 'accept-language': 'de-DE' })).body.localization.currentCulture.cultureName).toBe('en');
    const enabled = await suite.acmeAdmin.call<LanguageDto>('PUT', `${languagesPath}/${created.body.id}`, {
      displayName: 'Deutsch',
      flagIcon: 'de',
      isEnabled: true,
      concurrencyStamp: created.body.concurrencyStamp,
    });
    expect(enabled.status).toBe(200);
    expect(await menu()).toContain('de-DE');
    expect((await appConfig(suite.acmeAdmin, { 'accept-language': 'de-DE,de;q=0.9' })).body.localization.currentCulture).toMatchObject({
      cultureName: 'de-DE',
      isRightToLeft: false,
    });
    // The host's menu is not the tenant's.
    expect(await menu(suite.admin)).not.toContain('de-DE');
    // A stale stamp is a conflict.
    expectError(
      await suite.acmeAdmin.call('PUT', `${languagesPath}/${created.body.id}`, {
        displayName: 'D',
        isEnabled: true,
        concurrencyStamp: created.body.concurrencyStamp,
      }),
      409,
    );
  });

  it('a right-to-left culture turns the current culture right to left', async () => {
    const created = await suite.admin.call<LanguageDto>('POST', languagesPath, {
      cultureName: 'fa',
      uiCultureName: 'fa',
      displayName: 'فارسی',
      isEnabled: true,
    });
    expect(created.body.isRightToLeft).toBe(true);
    const config = await appConfig(suite.admin, { 'accept-language': 'fa' });
    expect(config.body.localization.currentCulture).toMatchObject({ cultureName: 'fa', isRightToLeft: true });
    expect(config.body.localization.languages.map((l) => l.cultureName)).toContain('fa');
    expect((await suite.admin.call('DELETE', `${languagesPath}/${created.body.id}`)).status).toBe(204);
    expect((await appConfig(suite.admin)).body.localization.languages.map((l) => l.cultureName)).not.toContain('fa');
  });

  it('the default language applies to requests naming no enabled language, and cannot be deleted or disabled', async () => {
    const french = await languageOf(suite.acmeAdmin, 'fr');
    const english = await languageOf(suite.acmeAdmin, 'en');
    const hy = await languageOf(suite.acmeAdmin, 'hy');
    expect((await suite.acmeAdmin.call('PUT', `${languagesPath}/${french.id}/set-as-default`)).status).toBe(204);
    expect((await languageOf(suite.acmeAdmin, 'fr')).isDefaultLanguage).toBe(true);
    expect((await languageOf(suite.admin, 'fr')).isDefaultLanguage).toBe(false);
    // A visitor whose browser asks for a language the tenant does not have gets the default.
    expect((await appConfig(suite.acmeAdmin, { 'accept-language': 'ja' })).body.localization.currentCulture.cultureName).toBe('fr');
    expect((await appConfig(suite.acmeAdmin, { 'accept-language': 'hy' })).body.localization.currentCulture.cultureName).toBe('hy');

    const deleted = expectError(await suite.acmeAdmin.call('DELETE', `${languagesPath}/${french.id}`), 403);
    expect(deleted.message).toBe('The default language cannot be deleted.');
    const disabled = expectError(
      await suite.acmeAdmin.call('PUT', `${languagesPath}/${french.id}`, { displayName: 'Français', isEnabled: false }),
      403,
    );
    expect(disabled.message).toBe('The default language cannot be disabled.');
    expect((await languageOf(suite.acmeAdmin, 'fr')).isEnabled).toBe(true);

    const off = await suite.acmeAdmin.call<LanguageDto>('PUT', `${languagesPath}/${hy.id}`, { displayName: 'Հայերեն', isEnabled: false });
    expect(off.status).toBe(200);
    expectError(await suite.acmeAdmin.call('PUT', `${languagesPath}/${hy.id}/set-as-default`), 403);
    expect((await appConfig(suite.acmeAdmin, { 'accept-language': 'hy' })).body.localization.currentCulture.cultureName).toBe('fr');
    await suite.acmeAdmin.call('PUT', `${languagesPath}/${hy.id}`, { displayName: 'Հայերեն', isEnabled: true });
    expect((await suite.acmeAdmin.call('PUT', `${languagesPath}/${english.id}/set-as-default`)).status).toBe(204);
  });

  it("links the identity server's login page to the host's enabled languages, a new right-to-left one included", async () => {
    const created = await suite.admin.call<LanguageDto>('POST', languagesPath, {
      cultureName: 'ur',
      uiCultureName: 'ur',
      displayName: 'اردو',
      isEnabled: true,
    });
    expect(created.status).toBe(200);
    const open = (query: string) => startAuthorization(suite.server, { jar: new CookieJar(), scope: 'openid profile', query });
    const page = await open('');
    expect(page.html).toContain('hreflang="ur"');
    expect(page.html).toContain('>اردو</a>');
    // The page's own link to it (?uid=...&ui-culture=ur): an enabled language of the host.
    const urdu = await browse(page.jar, `${page.url}&ui-culture=ur`);
    expect(urdu.status).toBe(200);
    expect(await urdu.text()).toContain('<html lang="ur" dir="rtl">');
    const hy = await languageOf(suite.admin, 'hy');
    await suite.admin.call('PUT', `${languagesPath}/${hy.id}`, { displayName: 'Հայերեն', isEnabled: false });
    expect((await open('')).html).not.toContain('hreflang="hy"');
    await suite.admin.call('PUT', `${languagesPath}/${hy.id}`, { displayName: 'Հայերեն', isEnabled: true });
    expect((await suite.admin.call('DELETE', `${languagesPath}/${created.body.id}`)).status).toBe(204);
  });

  it('offers ABP culture, flag and resource lists', async () => {
    const cultures = await suite.admin.call<Array<{ name: string; displayName: string }>>('GET', `${languagesPath}/culture-list`);
    expect(cultures.body).toContainEqual({ name: 'pt-BR', displayName: 'Brazilian Portuguese (pt-BR)' });
    const flags = await suite.admin.call<string[]>('GET', `${languagesPath}/flag-list`);
    expect(flags.body).toContain('fr');
    const resources = await suite.admin.call<Array<{ name: string }>>('GET', `${languagesPath}/resources`);
    expect(resources.body.map((r) => r.name)).toEqual(expect.arrayContaining(['AbpUi', 'AbpIdentity', 'LanguageManagement']));
  });
});

describe('language texts', () => {
  it('filters by resource, cultures, free text and empty values, with paging', async () => {
    const page = await suite.admin.call<Page<LanguageTextDto>>(
      'GET',
      `${textsPath}?resourceName=AbpUi&baseCultureName=en&targetCultureName=fr&filter=enregistrer&maxResultCount=5`,
    );
    expect(page.status).toBe(200);
    expect(page.body.items).toContainEqual({
      resourceName: 'AbpUi',
      cultureName: 'fr',
      baseCultureName: 'en',
      baseValue: 'Save',
      name: 'Save',
      value: 'Enregistrer',
      isChanged: false,
    });
    const all = await suite.admin.call<Page<LanguageTextDto>>(
      'GET',
      `${textsPath}?resourceName=AbpUi&targetCultureName=fr&maxResultCount=1000`,
    );
    const second = await suite.admin.call<Page<LanguageTextDto>>(
      'GET',
      `${textsPath}?resourceName=AbpUi&targetCultureName=fr&skipCount=10&maxResultCount=10`,
    );
    expect(second.body.items).toEqual(all.body.items.slice(10, 20));
    expect(second.body.totalCount).toBe(all.body.totalCount);
    // A language without shipped texts shows every key empty.
    const created = await suite.admin.call<LanguageDto>('POST', languagesPath, {
      cultureName: 'es',
      uiCultureName: 'es',
      displayName: 'Español',
      isEnabled: true,
    });
    expect(created.status).toBe(200);
    const empty = await suite.admin.call<Page<LanguageTextDto>>(
      'GET',
      `${textsPath}?resourceName=AbpUi&targetCultureName=es&getOnlyEmptyValues=true`,
    );
    expect(empty.body.totalCount).toBe(all.body.totalCount);
    const frEmpty = await suite.admin.call<Page<LanguageTextDto>>(
      'GET',
      `${textsPath}?resourceName=AbpUi&targetCultureName=fr&getOnlyEmptyValues=true`,
    );
    expect(frEmpty.body.totalCount).toBe(0);
    expectError(await suite.admin.call('GET', `${textsPath}?resourceName=NoSuchResource`), 400);
    expectError(await suite.admin.call('GET', `${textsPath}?targetCultureName=ja`), 400);
  });

  it('edits a value through the query string, refuses a malformed one, restores, and serves it to that tenant only', async () => {
    const path = textPath('AbpUi', 'fr', 'Save');
    const malformed = expectError(await suite.acmeAdmin.call('PUT', `${path}?value=${encodeURIComponent('Garder {0')}`), 400);
    expect(malformed.validationErrors?.[0]?.message).toMatch(/^The text is not a valid message at character 8: /);
    expect((await localization(suite.acmeAdmin, 'fr')).body.resources.AbpUi?.texts.Save).toBe('Enregistrer');

    expect((await suite.acmeAdmin.call('PUT', `${path}?value=${encodeURIComponent('Sauvegarder')}`)).status).toBe(204);
    const read = await suite.acmeAdmin.call<LanguageTextDto>('GET', `${path}?baseCultureName=en`);
    expect(read.body).toMatchObject({ value: 'Sauvegarder', baseValue: 'Save', isChanged: true });
    expect((await localization(suite.acmeAdmin, 'fr')).body.resources.AbpUi?.texts.Save).toBe('Sauvegarder');
    expect((await appConfig(suite.acmeAdmin, { 'accept-language': 'fr' })).body.localization.values.AbpUi?.Save).toBe('Sauvegarder');
    // The host and other cultures keep theirs.
    expect((await localization(suite.admin, 'fr')).body.resources.AbpUi?.texts.Save).toBe('Enregistrer');
    expect((await localization(suite.acmeAdmin, 'en')).body.resources.AbpUi?.texts.Save).toBe('Save');

    expect((await suite.acmeAdmin.call('PUT', `${path}/restore`)).status).toBe(204);
    expect((await localization(suite.acmeAdmin, 'fr')).body.resources.AbpUi?.texts.Save).toBe('Enregistrer');
    expectError(await suite.acmeAdmin.call('PUT', `${textPath('AbpUi', 'fr', 'NoSuchKey')}?value=x`), 404);
    expectError(await suite.acmeAdmin.call('PUT', `${path}?value=`), 400);
  });

  it('applies a tenant’s edited AbpAccount texts to the server-rendered login page, that tenant only', async () => {
    const rememberMe = textPath('AbpAccount', 'fr', 'RememberMe');
    const invalid = textPath('AbpAccount', 'en', 'InvalidUserNameOrPassword');
    expect((await suite.acmeAdmin.call('PUT', `${rememberMe}?value=${encodeURIComponent('Rester connecté chez Acme')}`)).status).toBe(204);
    expect(
      (await suite.acmeAdmin.call('PUT', `${invalid}?value=${encodeURIComponent('Acme does not know these credentials')}`)).status,
    ).toBe(204);
    const loginPage = async (tenantId: string | null, culture: string) => {
      const jar = new CookieJar();
      if (tenantId) jar.cookies.set('__tenant', tenantId);
      const page = await startAuthorization(suite.server, { jar, scope: 'openid profile' });
      const localized = await browse(jar, `${page.url}&ui-culture=${culture}`);
      expect(localized.status).toBe(200);
      return { jar, url: page.url, html: await localized.text() };
    };
    try {
      const acme = await loginPage(suite.acmeId, 'fr');
      expect(acme.html).toContain('<label for="rememberMe">Rester connecté chez Acme</label>');
      const host = await loginPage(null, 'fr');
      expect(host.html).toContain('<label for="rememberMe">Se souvenir de moi</label>');
      expect(host.html).not.toContain('chez Acme');
      // The error of a refused sign-in on the tenant's page is its edited text too.
      const english = await loginPage(suite.acmeId, 'en');
      const refused = await submitLogin(english.jar, suite.server.url, english.url, english.html, {
        userName: 'admin',
        password: 'Wrong-Pass1',
      });
      expect(refused.status).toBe(401);
      expect(await refused.text()).toContain('Acme does not know these credentials');
    } finally {
      expect((await suite.acmeAdmin.call('PUT', `${rememberMe}/restore`)).status).toBe(204);
      expect((await suite.acmeAdmin.call('PUT', `${invalid}/restore`)).status).toBe(204);
    }
    // Restored: the change reaches the next page (the overrides cache is dropped on change).
    expect((await loginPage(suite.acmeId, 'fr')).html).toContain('<label for="rememberMe">Se souvenir de moi</label>');
  });

  it('reports missing translations per resource with their keys', async () => {
    await suite.acmeAdmin.call('POST', languagesPath, { cultureName: 'it', uiCultureName: 'it', displayName: 'Italiano', isEnabled: true });
    await suite.acmeAdmin.call('PUT', `${textPath('AbpUi', 'it', 'Save')}?value=Salva`);
    const report = await suite.acmeAdmin.call<MissingTextsReportDto>('GET', `${textsPath}/missing/it`);
    expect(report.status).toBe(200);
    const abpUi = report.body.resources.find((r) => r.resourceName === 'AbpUi')!;
    expect(abpUi.missingCount).toBe(abpUi.totalCount - 1);
    expect(abpUi.missingKeys).not.toContain('Save');
    expect(abpUi.missingKeys).toContain('Cancel');
    const french = await suite.acmeAdmin.call<MissingTextsReportDto>('GET', `${textsPath}/missing/fr`);
    expect(french.body.resources.find((r) => r.resourceName === 'AbpUi')!.missingCount).toBe(0);
    expectError(await suite.acmeAdmin.call('GET', `${textsPath}/missing/ja`), 400);
  });

  it('exports a language as JSON and XLIFF 2 and imports only changed values, with a report', async () => {
    const json = await fetch(`${suite.server.url}${textsPath}/export?targetCultureName=fr&resourceName=AbpUi&format=json`, {
      headers: { authorization: `Bearer ${suite.acmeAdmin.token}` },
    });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toContain('texts-fr.json');
    const file = (await json.json()) as { culture: string; texts: Record<string, Record<string, string>> };
    expect(file.culture).toBe('fr');
    expect(file.texts.AbpUi?.Save).toBe('Enregistrer');

    file.texts.AbpUi!.Save = 'Valider';
    file.texts.AbpUi!['No such key'] = 'x';
    const imported = await suite.acmeAdmin.call<ImportLanguageTextsResultDto>('POST', `${textsPath}/import`, {
      cultureName: 'fr',
      format: 'json',
      content: JSON.stringify(file),
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({
      changedCount: 1,
      changed: [{ resourceName: 'AbpUi', name: 'Save' }],
      unknownKeys: ['AbpUi:No such key'],
    });
    expect(imported.body.unchangedCount).toBe(imported.body.totalCount - 2);
    expect((await localization(suite.acmeAdmin, 'fr')).body.resources.AbpUi?.texts.Save).toBe('Valider');

    const xliff = await fetch(`${suite.server.url}${textsPath}/export?targetCultureName=fr&resourceName=AbpUi&format=xliff`, {
      headers: { authorization: `Bearer ${suite.acmeAdmin.token}` },
    });
    const xml = await xliff.text();
    expect(xml).toContain('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">');
    expect(xml).toContain('<source>Save</source>');
    expect(xml).toContain('<target>Valider</target>');
    const edited = xml.replace('<target>Annuler</target>', '<target>Abandonner &amp; fermer</target>');
    const fromXliff = await suite.acmeAdmin.call<ImportLanguageTextsResultDto>('POST', `${textsPath}/import`, {
      cultureName: 'fr',
      format: 'xliff',
      content: edited,
    });
    expect(fromXliff.body).toMatchObject({ changedCount: 1, changed: [{ resourceName: 'AbpUi', name: 'Cancel' }] });
    expect((await localization(suite.acmeAdmin, 'fr')).body.resources.AbpUi?.texts.Cancel).toBe('Abandonner & fermer');

    // Bad files change nothing: not XML, an entity, another culture, a malformed message among good ones.
    const before = (await localization(suite.acmeAdmin, 'fr')).body.resources.AbpUi?.texts;
    for (const [format, content] of [
      ['xliff', '<xliff version="2.0"><file'],
      [
        'xliff',
        '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" trgLang="fr"/>',
      ],
      ['json', '{"culture": "fr", "texts": []}'],
      ['json', JSON.stringify({ culture: 'ar', texts: { AbpUi: { Save: 'x' } } })],
      ['json', JSON.stringify({ culture: 'fr', texts: { AbpUi: { Save: 'Bon', Cancel: 'Mauvais {0' } } })],
    ] as const) {
      const refused = expectError(
        await suite.acmeAdmin.call('POST', `${textsPath}/import`, { cultureName: 'fr', format, content }, { 'accept-language': 'fr' }),
        400,
      );
      expect(refused.validationErrors?.[0]?.members).toEqual(['content']);
    }
    expect((await localization(suite.acmeAdmin, 'fr')).body.resources.AbpUi?.texts).toEqual(before);
  });

  it('keeps English, the source, as the base culture when the tenant deleted its English language', async () => {
    const french = await languageOf(suite.acmeAdmin, 'fr');
    const english = await languageOf(suite.acmeAdmin, 'en');
    await suite.acmeAdmin.call('PUT', `${languagesPath}/${french.id}/set-as-default`);
    expect((await suite.acmeAdmin.call('DELETE', `${languagesPath}/${english.id}`)).status).toBe(204);
    try {
      const page = await suite.acmeAdmin.call<Page<LanguageTextDto>>(
        'GET',
        `${textsPath}?resourceName=AbpUi&targetCultureName=fr&filter=Supprimer`,
      );
      expect(page.status).toBe(200);
      expect(page.body.items.find((t) => t.name === 'Delete')).toMatchObject({
        baseCultureName: 'en',
        baseValue: 'Delete',
        value: 'Supprimer',
      });
      // English is no language of the tenant any more: requests in it get the default, French.
      expect((await appConfig(suite.acmeAdmin, { 'accept-language': 'en' })).body.localization.currentCulture.cultureName).toBe('fr');
    } finally {
      const again = await suite.acmeAdmin.call<LanguageDto>('POST', languagesPath, {
        cultureName: 'en',
        uiCultureName: 'en',
        displayName: 'English',
        isEnabled: true,
      });
      expect((await suite.acmeAdmin.call('PUT', `${languagesPath}/${again.body.id}/set-as-default`)).status).toBe(204);
    }
  });

  it('needs the language management permissions', async () => {
    const password = '1q2w3E*';
    await createUser(suite.server, { userName: 'texts.reader', password, tenantId: suite.acmeId });
    const reader = await signIn(suite.server, 'texts.reader', 'acme', password);
    expectError(await reader.call('GET', languagesPath), 403);
    expectError(await reader.call('GET', textsPath), 403);
    expectError(await reader.call('PUT', `${textPath('AbpUi', 'fr', 'Save')}?value=x`), 403);
    expectError(await reader.call('GET', `${textsPath}/export`), 403);
  });
});
