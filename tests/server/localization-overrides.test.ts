// Every text the server produces reads language management's overrides, over real HTTP on a real
// database (issue 19): a tenant's French edit of a lookup display name, of a business error, of a
// validation message, of the identity server's "invalid login request" page and of the login page's
// captcha message shows on the next request, for that tenant only; a restore brings the shipped text
// back on the next request. And the application-localization answer is cacheable: a strong ETag with
// Cache-Control no-cache, 304 on a matching If-None-Match, a new ETag (and 200) after an override
// changes, the first one again after the restore (the ETag is the answer's content).
import { describe, expect, it } from 'vitest';
import type { LanguageDto } from '../../contract/language-management.ts';
import { setSettingValues } from '../../server/modules/setting-management/store.ts';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema/index.ts';
import {
  browse,
  CookieJar,
  createUser,
  outboxMails,
  passwordToken,
  readableMail,
  spaScope,
  startAuthorization,
  submitLogin,
  tokenRequest,
} from '../kit/auth.ts';
import { type Caller, expectError, identitySuite, request, strongPassword } from './identity-helpers.ts';

const suite = identitySuite();
const textPath = (resource: string, culture: string, name: string) =>
  `/api/language-management/language-texts/${encodeURIComponent(resource)}/${culture}/${encodeURIComponent(name)}`;

async function edit(caller: Caller, resource: string, culture: string, name: string, value: string) {
  expect((await caller.call('PUT', `${textPath(resource, culture, name)}?value=${encodeURIComponent(value)}`)).status).toBe(204);
}
async function restore(caller: Caller, resource: string, culture: string, name: string) {
  expect((await caller.call('PUT', `${textPath(resource, culture, name)}/restore`)).status).toBe(204);
}

describe('overridden texts in server answers', () => {
  it('a lookup display name', async () => {
    const cash = async (caller: Caller) => {
      const reply = await caller.call<{ items: Array<{ code: string; displayName: string }> }>(
        'GET',
        '/api/app/lookup/PaymentMethod?culture=fr',
      );
      expect(reply.status).toBe(200);
      return reply.body.items.find((v) => v.code === 'Cash')?.displayName;
    };
    expect(await cash(suite.acmeAdmin)).toBe('Espèces');
    await edit(suite.acmeAdmin, 'FinanceLookups', 'fr', 'PaymentMethod:Cash', 'Liquide chez Acme');
    try {
      expect(await cash(suite.acmeAdmin)).toBe('Liquide chez Acme');
      // Other values, the host and the tenant's other cultures keep theirs.
      expect(await cash(suite.admin)).toBe('Espèces');
      const english = await suite.acmeAdmin.call<{ items: Array<{ code: string; displayName: string }> }>(
        'GET',
        '/api/app/lookup/PaymentMethod?culture=en',
      );
      expect(english.body.items.find((v) => v.code === 'Cash')?.displayName).toBe('Cash');
    } finally {
      await restore(suite.acmeAdmin, 'FinanceLookups', 'fr', 'PaymentMethod:Cash');
    }
    expect(await cash(suite.acmeAdmin)).toBe('Espèces');
  });

  it('a business error and a validation message of the error envelope', async () => {
    const all = await suite.acmeAdmin.call<{ items: LanguageDto[] }>('GET', '/api/language-management/languages/all');
    const english = all.body.items.find((l) => l.cultureName === 'en')!;
    const deleteDefault = () =>
      suite.acmeAdmin.call('DELETE', `/api/language-management/languages/${english.id}`, undefined, { 'accept-language': 'fr' });
    const badCreate = () =>
      suite.acmeAdmin.call(
        'POST',
        '/api/language-management/languages',
        { uiCultureName: 'it', displayName: 'Italiano' },
        {
          'accept-language': 'fr',
        },
      );
    const shippedBusiness = expectError(await deleteDefault(), 403).message;
    expect(shippedBusiness).toBe('La langue par défaut ne peut pas être supprimée.');
    const shippedRequired = expectError(await badCreate(), 400).validationErrors?.[0]?.message;
    expect(shippedRequired).toBeTruthy();

    await edit(suite.acmeAdmin, 'LanguageManagement', 'fr', 'DefaultLanguageCannotBeDeleted', 'Acme garde sa langue par défaut.');
    await edit(suite.acmeAdmin, 'AbpValidation', 'fr', 'The {0} field is required.', 'Acme exige {0}.');
    try {
      const business = expectError(await deleteDefault(), 403);
      expect(business.code).toBe('Volo.Abp.LanguageManagement:DefaultLanguageCannotBeDeleted');
      expect(business.message).toBe('Acme garde sa langue par défaut.');
      const validation = expectError(await badCreate(), 400);
      expect(validation.validationErrors?.[0]).toEqual({ message: 'Acme exige cultureName.', members: ['cultureName'] });
      expect(validation.details).toContain(' - Acme exige cultureName.');
      // The host's answers keep the shipped texts.
      const hostAll = await suite.admin.call<{ items: LanguageDto[] }>('GET', '/api/language-management/languages/all');
      const hostEnglish = hostAll.body.items.find((l) => l.cultureName === 'en')!;
      const host = await suite.admin.call('DELETE', `/api/language-management/languages/${hostEnglish.id}`, undefined, {
        'accept-language': 'fr',
      });
      expect(expectError(host, 403).message).toBe(shippedBusiness);
    } finally {
      await restore(suite.acmeAdmin, 'LanguageManagement', 'fr', 'DefaultLanguageCannotBeDeleted');
      await restore(suite.acmeAdmin, 'AbpValidation', 'fr', 'The {0} field is required.');
    }
    expect(expectError(await deleteDefault(), 403).message).toBe(shippedBusiness);
    expect(expectError(await badCreate(), 400).validationErrors?.[0]?.message).toBe(shippedRequired);
  });

  it("the identity server's invalid-login-request page and the login page's captcha message", async () => {
    const expired = async (tenantId: string | null) => {
      const jar = new CookieJar();
      if (tenantId) jar.cookies.set('__tenant', tenantId);
      const response = await browse(jar, `${suite.server.url}/Account/Login?uid=no-such-interaction&ui-culture=fr`);
      expect(response.status).toBe(400);
      return response.text();
    };
    expect(await expired(suite.acmeId)).toContain('<h1>Demande de connexion invalide</h1>');
    await edit(suite.acmeAdmin, 'AbpAccount', 'fr', 'InvalidLoginRequest', 'Acme ne connait pas cette demande');
    await edit(suite.acmeAdmin, 'AbpAccount', 'en', 'CaptchaCanNotBeEmpty', 'Acme wants the captcha answered.');
    const acmeSettings = { providerName: 'T' as const, providerKey: suite.acmeId };
    await setSettingValues(
      suite.server.ctx,
      { 'Abp.Account.Captcha.UseCaptchaOnLogin': 'true', 'Abp.Account.Captcha.Version': '2' },
      acmeSettings,
    );
    try {
      expect(await expired(suite.acmeId)).toContain('<h1>Acme ne connait pas cette demande</h1>');
      expect(await expired(null)).toContain('<h1>Demande de connexion invalide</h1>');
      // A sign-in to acme without the captcha's answer (the POST names no culture: English).
      const jar = new CookieJar();
      jar.cookies.set('__tenant', suite.acmeId);
      const page = await startAuthorization(suite.server, { jar });
      const refused = await submitLogin(jar, suite.server.url, page.url, page.html, {
        userName: 'admin',
        password: '1q2w3E*',
        tenant: 'acme',
      });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('Acme wants the captcha answered.');
    } finally {
      await setSettingValues(
        suite.server.ctx,
        { 'Abp.Account.Captcha.UseCaptchaOnLogin': null, 'Abp.Account.Captcha.Version': null },
        acmeSettings,
      );
      await restore(suite.acmeAdmin, 'AbpAccount', 'fr', 'InvalidLoginRequest');
      await restore(suite.acmeAdmin, 'AbpAccount', 'en', 'CaptchaCanNotBeEmpty');
    }
    expect(await expired(suite.acmeId)).toContain('<h1>Demande de connexion invalide</h1>');
  });
});

describe("the identity server's own pages and grant errors", () => {
  it('the error page of oidc-provider, the password grant error and the signed-out page read the edits', async () => {
    const page = async (path: string, tenantId: string | null) => {
      const jar = new CookieJar();
      if (tenantId) jar.cookies.set('__tenant', tenantId);
      const response = await browse(jar, `${suite.server.url}${path}`);
      return { status: response.status, html: await response.text() };
    };
    const errorPage = (tenantId: string | null) => page('/connect/authorize?client_id=No_Such_App&ui-culture=fr', tenantId);
    const signedOut = (tenantId: string | null) => page('/connect/endsession/success?ui-culture=fr', tenantId);
    const wrongPassword = async (tenant: string | null) => {
      const reply = await tokenRequest(
        suite.server,
        { grant_type: 'password', client_id: suite.server.config.spaClientId, username: 'admin', password: 'wrong-one', scope: spaScope },
        { 'accept-language': 'fr', ...(tenant ? { __tenant: tenant } : {}) },
      );
      expect(reply.status).toBe(400);
      return String(reply.body.error_description);
    };
    const shipped = { error: await errorPage(suite.acmeId), signedOut: await signedOut(suite.acmeId), grant: await wrongPassword('acme') };
    expect(shipped.error.status).toBe(400);
    expect(shipped.error.html).toContain('<h1>Demande de connexion invalide</h1>');
    expect(shipped.signedOut.html).toContain('<h1>Déconnecté</h1>');

    await edit(suite.acmeAdmin, 'AbpAccount', 'fr', 'InvalidLoginRequest', 'Acme refuse cette demande');
    await edit(suite.acmeAdmin, 'AbpAccount', 'fr', 'LoggedOut', 'Au revoir de la part d’Acme');
    await edit(suite.acmeAdmin, 'AbpAccount', 'fr', 'InvalidUserNameOrPassword', 'Acme ne vous reconnait pas.');
    try {
      expect((await errorPage(suite.acmeId)).html).toContain('<h1>Acme refuse cette demande</h1>');
      expect((await signedOut(suite.acmeId)).html).toContain('<h1>Au revoir de la part d’Acme</h1>');
      expect(await wrongPassword('acme')).toBe('Acme ne vous reconnait pas.');
      // The host keeps the shipped texts.
      expect((await errorPage(null)).html).toContain('<h1>Demande de connexion invalide</h1>');
      expect((await signedOut(null)).html).toContain('<h1>Déconnecté</h1>');
      expect(await wrongPassword(null)).toBe(shipped.grant);
    } finally {
      await restore(suite.acmeAdmin, 'AbpAccount', 'fr', 'InvalidLoginRequest');
      await restore(suite.acmeAdmin, 'AbpAccount', 'fr', 'LoggedOut');
      await restore(suite.acmeAdmin, 'AbpAccount', 'fr', 'InvalidUserNameOrPassword');
    }
    expect(await wrongPassword('acme')).toBe(shipped.grant);
  });
});

describe('texts of templates and of the phone code', () => {
  it("text-template display names and the phone confirmation message read the owner's edits", async () => {
    const key = 'TextTemplate:Abp.Account.EmailConfirmationLink';
    const displayName = async (caller: Caller) => {
      const one = await caller.call<{ displayName: string }>(
        'GET',
        '/api/text-template-management/template-definitions/Abp.Account.EmailConfirmationLink',
        undefined,
        { 'accept-language': 'fr' },
      );
      const list = await caller.call<{ items: Array<{ name: string; displayName: string }> }>(
        'GET',
        '/api/text-template-management/template-definitions?maxResultCount=100',
        undefined,
        { 'accept-language': 'fr' },
      );
      const listed = list.body.items.find((d) => d.name === 'Abp.Account.EmailConfirmationLink')?.displayName;
      expect(listed).toBe(one.body.displayName);
      return one.body.displayName;
    };
    const userId = await createUser(suite.server, { userName: 'acme.phone', password: strongPassword, tenantId: suite.acmeId });
    const { access_token: token } = await passwordToken(suite.server, { userName: 'acme.phone', password: strongPassword, tenant: 'acme' });
    const phoneMail = async () => {
      const sent = await request(
        suite.server,
        token,
        'POST',
        '/api/account/send-phone-number-confirmation-token',
        { phoneNumber: '+33123456789' },
        {
          'accept-language': 'fr',
        },
      );
      expect(sent.status, JSON.stringify(sent.body)).toBe(204);
      return readableMail((await outboxMails(suite.server, 'acme.phone@example.test')).at(-1)!.raw);
    };
    const shipped = { name: await displayName(suite.acmeAdmin), mail: await phoneMail() };
    expect(shipped.mail).toMatch(/Votre code de confirmation du numéro de téléphone est \d{6}\./);

    await edit(suite.acmeAdmin, 'TextTemplateManagement', 'fr', key, 'Lien de confirmation Acme');
    await edit(suite.acmeAdmin, 'AbpAccount', 'fr', 'PhoneNumberConfirmation:Body', 'Acme vous envoie le code {0}.');
    try {
      expect(await displayName(suite.acmeAdmin)).toBe('Lien de confirmation Acme');
      expect(await displayName(suite.admin)).toBe(shipped.name);
      expect(await phoneMail()).toMatch(/Acme vous envoie le code \d{6}\./);
    } finally {
      await restore(suite.acmeAdmin, 'TextTemplateManagement', 'fr', key);
      await restore(suite.acmeAdmin, 'AbpAccount', 'fr', 'PhoneNumberConfirmation:Body');
      await suite.server.ctx.db.update(users).set({ isDeleted: true }).where(eq(users.id, userId));
    }
    expect(await displayName(suite.acmeAdmin)).toBe(shipped.name);
  });
});

describe('the application-localization answer', () => {
  const get = (caller: Caller, query: string, headers: Record<string, string> = {}) =>
    fetch(`${suite.server.url}/api/abp/application-localization?${query}`, {
      headers: { authorization: `Bearer ${caller.token}`, ...headers },
    });

  it('has a strong ETag, revalidates with 304, and a new ETag after an override changes', async () => {
    const first = await get(suite.acmeAdmin, 'cultureName=fr');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const shipped = ((await first.json()) as { resources: Record<string, { texts: Record<string, string> }> }).resources;
    expect(shipped.AbpUi?.texts.Save).toBe('Enregistrer');

    const again = await get(suite.acmeAdmin, 'cultureName=fr', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // A list naming it, and its weak form, match too; another tag does not.
    expect((await get(suite.acmeAdmin, 'cultureName=fr', { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    expect((await get(suite.acmeAdmin, 'cultureName=fr', { 'if-none-match': '"other"' })).status).toBe(200);
    // Per culture, resource set and owner: each its own tag.
    const tags = new Set([etag]);
    for (const [caller, query] of [
      [suite.acmeAdmin, 'cultureName=en'],
      [suite.acmeAdmin, 'cultureName=fr&compiledMessages=true'],
      [suite.acmeAdmin, 'cultureName=fr&onlyDynamics=true'],
    ] as const) {
      const reply = await get(caller, query);
      expect(reply.status).toBe(200);
      tags.add(reply.headers.get('etag')!);
    }
    expect(tags.size).toBe(4);

    await edit(suite.acmeAdmin, 'AbpUi', 'fr', 'Save', 'Garder chez Acme');
    try {
      const changed = await get(suite.acmeAdmin, 'cultureName=fr', { 'if-none-match': etag });
      expect(changed.status).toBe(200);
      const newTag = changed.headers.get('etag')!;
      expect(newTag).not.toBe(etag);
      expect(((await changed.json()) as { resources: typeof shipped }).resources.AbpUi?.texts.Save).toBe('Garder chez Acme');
      expect((await get(suite.acmeAdmin, 'cultureName=fr', { 'if-none-match': newTag })).status).toBe(304);
      // The host's answer did not change.
      const host = await get(suite.admin, 'cultureName=fr');
      expect(host.status).toBe(200);
      expect((await get(suite.admin, 'cultureName=fr', { 'if-none-match': host.headers.get('etag')! })).status).toBe(304);
    } finally {
      await restore(suite.acmeAdmin, 'AbpUi', 'fr', 'Save');
    }
    // Restored: the shipped answer again, so its first tag is current again.
    expect((await get(suite.acmeAdmin, 'cultureName=fr', { 'if-none-match': etag })).status).toBe(304);
  });
});
