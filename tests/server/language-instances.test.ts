// Two server instances on one PostgreSQL database (as two processes behind a load balancer): a text
// edited through one is served by the other on its very next application-localization request,
// although the other had that culture's texts cached; a restore likewise; a language enabled or
// disabled through one is in (or out of) the other's language menus at once. The callers are signed
// in; either way the changing request answers only when the other instance has heard of it (the
// cache bus's fence, server/cache.ts), so the test does not depend on when the notification
// arrives. The application-localization answer's ETag is the same
// in both instances for the same texts, 304 while nothing changed, and a new one (200) on the other
// instance right after an edit; a lookup name and an error text edited through one are served by the
// other. PGlite is single-process, so this suite runs only with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../../server/app.ts';
import { authHeaders, passwordToken } from '../kit/auth.ts';
import { databaseKind, startTestServer, type TestServer } from '../kit/test-server.ts';

const postgres = databaseKind === 'postgres';
let first: TestServer;
let second: BuiltApp;
let secondUrl: string;
let admin: Record<string, string>;

beforeAll(async () => {
  if (!postgres) return;
  first = await startTestServer();
  second = await buildApp({ config: { ...first.config }, logger: false });
  await second.app.listen({ port: 0, host: '127.0.0.1' });
  const address = second.app.server.address();
  secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  admin = authHeaders((await passwordToken(first, { userName: 'admin', password: '1q2w3E*', tenant: 'acme' })).access_token);
});
afterAll(async () => {
  await second?.close();
  await first?.stop();
});

const saveText = async (url: string) => {
  const response = await fetch(`${url}/api/abp/application-localization?cultureName=fr`, { headers: admin });
  return ((await response.json()) as { resources: Record<string, { texts: Record<string, string> }> }).resources.AbpUi?.texts.Save;
};
const menu = async (url: string) => {
  const response = await fetch(`${url}/api/abp/application-configuration`, { headers: admin });
  return ((await response.json()) as { localization: { languages: Array<{ cultureName: string }> } }).localization.languages.map(
    (l) => l.cultureName,
  );
};
const put = (path: string, body?: unknown) =>
  fetch(`${first.url}/api/language-management${path}`, {
    method: 'PUT',
    headers: { ...admin, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

describe.skipIf(!postgres)('a language change made through one instance', () => {
  it('is served by the other instance on its next request', async () => {
    for (let round = 0; round < 3; round += 1) {
      // The second instance reads and caches the texts (twice: the second answer is from its cache).
      expect(await saveText(secondUrl)).toBe('Enregistrer');
      expect(await saveText(secondUrl)).toBe('Enregistrer');
      expect((await put(`/language-texts/AbpUi/fr/Save?value=${encodeURIComponent(`Sauver ${round}`)}`)).status).toBe(204);
      expect(await saveText(secondUrl)).toBe(`Sauver ${round}`);
      expect((await put('/language-texts/AbpUi/fr/Save/restore')).status).toBe(204);
      expect(await saveText(secondUrl)).toBe('Enregistrer');
    }
    const all = await fetch(`${first.url}/api/language-management/languages/all`, { headers: admin });
    const hy = ((await all.json()) as { items: Array<{ id: string; cultureName: string }> }).items.find((l) => l.cultureName === 'hy')!;
    expect(await menu(secondUrl)).toContain('hy');
    expect((await put(`/languages/${hy.id}`, { displayName: 'Հայերեն', isEnabled: false })).status).toBe(200);
    expect(await menu(secondUrl)).not.toContain('hy');
    expect((await put(`/languages/${hy.id}`, { displayName: 'Հայերեն', isEnabled: true })).status).toBe(200);
    expect(await menu(secondUrl)).toContain('hy');
  });

  it('the texts answer keeps its ETag (304) until a change through the other instance gives it a new one', async () => {
    const texts = (url: string, etag?: string) =>
      fetch(`${url}/api/abp/application-localization?cultureName=fr`, {
        headers: { ...admin, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const shipped = await texts(secondUrl);
    expect(shipped.status).toBe(200);
    const etag = shipped.headers.get('etag')!;
    expect(etag).toBeTruthy();
    // The same texts, the same tag in either instance.
    expect((await texts(first.url)).headers.get('etag')).toBe(etag);
    expect((await texts(secondUrl, etag)).status).toBe(304);
    for (let round = 0; round < 3; round += 1) {
      expect((await put(`/language-texts/AbpUi/fr/Save?value=${encodeURIComponent(`Sauver ${round}`)}`)).status).toBe(204);
      const changed = await texts(secondUrl, etag);
      expect(changed.status).toBe(200);
      const newTag = changed.headers.get('etag')!;
      expect(newTag).not.toBe(etag);
      expect(((await changed.json()) as { resources: Record<string, { texts: Record<string, string> }> }).resources.AbpUi?.texts.Save).toBe(
        `Sauver ${round}`,
      );
      expect((await texts(secondUrl, newTag)).status).toBe(304);
      expect((await texts(first.url, newTag)).status).toBe(304);
      expect((await put('/language-texts/AbpUi/fr/Save/restore')).status).toBe(204);
      expect((await texts(secondUrl, newTag)).status).toBe(200);
      expect((await texts(secondUrl, etag)).status).toBe(304);
    }
  });

  it('a lookup name and an error text edited through one instance are served by the other', async () => {
    const cash = async () => {
      const response = await fetch(`${secondUrl}/api/app/lookup/PaymentMethod?culture=fr`, { headers: admin });
      return ((await response.json()) as { items: Array<{ code: string; displayName: string }> }).items.find((v) => v.code === 'Cash')
        ?.displayName;
    };
    const all = await fetch(`${first.url}/api/language-management/languages/all`, { headers: admin });
    const en = ((await all.json()) as { items: Array<{ id: string; cultureName: string }> }).items.find((l) => l.cultureName === 'en')!;
    const refusal = async () => {
      const response = await fetch(`${secondUrl}/api/language-management/languages/${en.id}`, {
        method: 'DELETE',
        headers: { ...admin, 'accept-language': 'fr' },
      });
      expect(response.status).toBe(403);
      return ((await response.json()) as { error: { message: string } }).error.message;
    };
    expect(await cash()).toBe('Espèces');
    const shippedRefusal = await refusal();
    expect((await put(`/language-texts/FinanceLookups/fr/PaymentMethod:Cash?value=${encodeURIComponent('Liquide')}`)).status).toBe(204);
    expect(
      (await put(`/language-texts/LanguageManagement/fr/DefaultLanguageCannotBeDeleted?value=${encodeURIComponent('Non.')}`)).status,
    ).toBe(204);
    expect(await cash()).toBe('Liquide');
    expect(await refusal()).toBe('Non.');
    expect((await put('/language-texts/FinanceLookups/fr/PaymentMethod:Cash/restore')).status).toBe(204);
    expect((await put('/language-texts/LanguageManagement/fr/DefaultLanguageCannotBeDeleted/restore')).status).toBe(204);
    expect(await cash()).toBe('Espèces');
    expect(await refusal()).toBe(shippedRefusal);
  });
});
