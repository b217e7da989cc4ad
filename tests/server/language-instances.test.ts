// Two server instances on one PostgreSQL database (as two processes behind a load balancer): a text
// edited through one is served by the other on its very next application-localization request,
// although the other had that culture's texts cached; a restore likewise; a language enabled or
// disabled through one is in (or out of) the other's language menus at once. The callers are signed
// in, so the other instance reads the cache bus's epoch with their session (server/cache.ts) and the
// test does not depend on when the notification arrives (an anonymous caller's request is served
// fresh once the notification has arrived). PGlite is single-process, so this suite runs only with
// TEST_DATABASE_URL.
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
});
