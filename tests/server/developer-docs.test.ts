// The machine documentation site served by the product (issue 12): /docs/machines/ for signed-in
// users holding Finance.Developer.Docs (host side, off by default, held by the host admin). The SPA
// trades its bearer token for the `finance.docs` cookie at POST /api/finance/developer-docs/access;
// every page re-checks that cookie's user and permission. Checked through the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueDownloadToken } from '../../server/modules/identity/download-token.ts';
import { authHeaders, createUser, passwordToken } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
let admin: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  admin = authHeaders(await passwordToken(server, { userName: 'admin', password: '1q2w3E*' }));
});
afterAll(async () => {
  await server?.stop();
});

const access = (headers: Record<string, string>) =>
  fetch(`${server.url}/api/finance/developer-docs/access`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: '{}',
  });
const page = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { redirect: 'manual', headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
/** The `finance.docs=…` pair of an answer's Set-Cookie. */
const docsCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((line) => line.startsWith('finance.docs='))
    ?.split(';')[0];

const setPermission = async (userId: string, name: string, isGranted: boolean) => {
  const response = await fetch(`${server.url}/api/permission-management/permissions?providerName=U&providerKey=${userId}`, {
    method: 'PUT',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ permissions: [{ name, isGranted }] }),
  });
  expect(response.status).toBe(204);
};

describe('machine documentation at /docs/machines/', () => {
  it('the host admin gets the cookie and reads the index, a machine page, its stylesheet and script', async () => {
    const granted = await access(admin);
    expect(granted.status).toBe(204);
    const line = granted.headers.getSetCookie().find((value) => value.startsWith('finance.docs='))!;
    expect(line).toMatch(/; Path=\/docs/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Strict/);
    const cookie = docsCookieOf(granted)!;

    const index = await page('/docs/machines/', cookie);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toContain('text/html');
    const html = await index.text();
    expect(html).toContain('<h1>Machines</h1>');
    expect(html).toContain('href="pagedList.html"');
    // The product's CSP allows no inline script: the site's scripts are files.
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/\bsrc="|type="application\/json"/);

    // As a browser asks: compressed (an early end of the handler once sent an empty br body).
    for (const encoding of ['br', 'gzip']) {
      const compressed = await fetch(`${server.url}/docs/machines/theme.html`, { headers: { cookie, 'accept-encoding': encoding } });
      expect(compressed.headers.get('content-encoding'), encoding).toBe(encoding);
      expect(await compressed.text(), encoding).toContain('<h1><code>theme</code> machine</h1>');
    }

    const machine = await page('/docs/machines/pagedList.html', cookie);
    expect(machine.status).toBe(200);
    expect(await machine.text()).toMatch(/<svg[^>]+class="chart"/);
    const css = await page('/docs/machines/site.css', cookie);
    expect(css.headers.get('content-type')).toContain('text/css');
    const script = await page('/docs/machines/search.js', cookie);
    expect(script.headers.get('content-type')).toContain('text/javascript');

    expect((await page('/docs/machines', cookie)).headers.get('location')).toBe('/docs/machines/');
  });

  it('only files of the site are served: anything else is 404', async () => {
    const cookie = docsCookieOf(await access(admin))!;
    for (const path of [
      '/docs/machines/nope.html',
      '/docs/machines/..%2Fpackage.json',
      '/docs/machines/..%2F..%2Fpackage.json',
      '/docs/machines/%2e%2e%2f%2e%2e%2fserver%2fmain.ts',
      '/docs/machines/README.md',
      '/docs/machines/index.html%00.css',
      '/docs/machines/%F0%9F%98%80.html',
      '/docs/machines/%3Cscript%3E.js',
      `/docs/machines/${'x'.repeat(5000)}.html`,
      '/docs/machines/.%2Fsite.css',
    ]) {
      const response = await page(path, cookie);
      // 404; 400 for a name longer than the params schema allows, 414 for a path longer than the server takes.
      expect([400, 404, 414], path).toContain(response.status);
      expect(await response.text(), path).not.toContain('"name": "finance-admin"');
    }
  });

  it('without a valid cookie a page sends the browser to the SPA to ask for access', async () => {
    const forged = `finance.docs=${Buffer.from('{"p":"developer-docs","u":"x","t":null,"e":9999999999999}').toString('base64url')}.AAAA`;
    // A token of another purpose (an export download) is not a docs credential.
    const adminId = (await (await fetch(`${server.url}/api/account/my-profile`, { headers: admin })).json()) as { id?: string };
    const otherPurpose = `finance.docs=${issueDownloadToken(server.ctx, { purpose: 'download', userId: adminId.id ?? 'x', tenantId: null })}`;
    for (const cookie of [undefined, forged, otherPurpose, 'finance.docs=']) {
      const response = await page('/docs/machines/theme.html', cookie);
      expect(response.status, String(cookie)).toBe(302);
      expect(response.headers.get('location')).toBe('/docs/open');
    }
    // The replay viewer's address leads into the site.
    expect((await page('/docs/replay')).headers.get('location')).toBe('/docs/machines/replay.html');
  });

  it('is off by default: a host user needs it granted, and loses the pages when it is revoked', async () => {
    const qaId = await createUser(server, { userName: 'qa.docs', password: '1q2w3E*', tenantId: null });
    const qa = authHeaders(await passwordToken(server, { userName: 'qa.docs', password: '1q2w3E*' }));
    const refused = await access(qa);
    expect(refused.status).toBe(403);
    expect(docsCookieOf(refused)).toBeUndefined();

    await setPermission(qaId, 'Finance.Developer', true);
    await setPermission(qaId, 'Finance.Developer.Docs', true);
    const granted = await access(qa);
    expect(granted.status).toBe(204);
    const cookie = docsCookieOf(granted)!;
    expect((await page('/docs/machines/', cookie)).status).toBe(200);

    await setPermission(qaId, 'Finance.Developer.Docs', false);
    const after = await page('/docs/machines/', cookie);
    expect(after.status).toBe(302);
  });

  it('is host only: a tenant admin (every permission of the tenant side) is refused', async () => {
    const acme = authHeaders(await passwordToken(server, { userName: 'admin', password: '1q2w3E*', tenant: 'acme' }));
    const refused = await access(acme);
    expect(refused.status).toBe(403);
    expect(docsCookieOf(refused)).toBeUndefined();
    // The host admin's definitions list it; the tenant's do not offer it.
    const config = (await (await fetch(`${server.url}/api/abp/application-configuration`, { headers: acme })).json()) as {
      auth: { grantedPolicies: Record<string, boolean> };
    };
    expect(config.auth.grantedPolicies['Finance.Developer.Docs']).toBeUndefined();
    const hostConfig = (await (await fetch(`${server.url}/api/abp/application-configuration`, { headers: admin })).json()) as {
      auth: { grantedPolicies: Record<string, boolean> };
    };
    expect(hostConfig.auth.grantedPolicies['Finance.Developer.Docs']).toBe(true);
  });

  it('without a token the access route is 401', async () => {
    const response = await access({});
    expect(response.status).toBe(401);
  });
});
