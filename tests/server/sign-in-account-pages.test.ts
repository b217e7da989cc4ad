// The identity server's account pages for the code flow: the SPA is served by this same server at
// the issuer's origin, so {issuer}Account/Manage, Account/SecurityLogs and Account/Sessions (and
// Account/Login without an authorization's uid, e.g. with a returnUrl) answer the SPA's index.html,
// whose routes match case-insensitively; the login step of an authorization stays server-rendered.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAuthorization } from '../kit/auth.ts';
import type { TestServer } from '../kit/test-server.ts';

// server/app.ts reads SPA_DIST_DIR when it is first imported: set it before any import runs.
const spaDir = vi.hoisted(() => {
  // Imports are not initialized yet inside vi.hoisted: take the built-ins directly.
  const fsHoisted = process.getBuiltinModule('node:fs');
  const pathHoisted = process.getBuiltinModule('node:path');
  const osHoisted = process.getBuiltinModule('node:os');
  const dir = fsHoisted.mkdtempSync(pathHoisted.join(osHoisted.tmpdir(), 'signin-spa-'));
  fsHoisted.writeFileSync(
    pathHoisted.join(dir, 'index.html'),
    '<!DOCTYPE html><html><body><div id="root">SPA-INDEX-MARKER</div></body></html>',
  );
  process.env.SPA_DIST_DIR = dir;
  return dir;
});

let server: TestServer;
beforeAll(async () => {
  const { startTestServer } = await import('../kit/test-server.ts');
  server = await startTestServer({ serveSpa: true });
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(spaDir, { recursive: true, force: true });
});

const page = (url: string) => fetch(`${server.url}${url}`, { headers: { accept: 'text/html,application/xhtml+xml' }, redirect: 'manual' });

describe('identity server account pages', () => {
  it.each([
    '/Account/Manage?returnUrl=http%3A%2F%2F127.0.0.1%2Fdashboard',
    '/Account/SecurityLogs',
    '/Account/Sessions',
    '/account/manage',
    '/Account/Login?returnUrl=%2Fidentity%2Fusers',
  ])('%s answers the SPA page', async (url) => {
    const response = await page(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toContain('SPA-INDEX-MARKER');
  });

  it('keeps the server-rendered login step of an authorization, and refuses a stale uid', async () => {
    const login = await startAuthorization(server);
    expect(login.status).toBe(200);
    expect(login.html).toContain('name="password"');
    expect(login.html).not.toContain('SPA-INDEX-MARKER');
    const stale = await page('/Account/Login?uid=stale');
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain('Invalid login request');
  });

  it('answers an API client (no HTML wanted) with the ABP not-found envelope', async () => {
    const response = await fetch(`${server.url}/Account/Sessions`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBeTruthy();
  });
});
