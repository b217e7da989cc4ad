// The route table is the security perimeter: every route of the real app must declare its access
// (`config.auth`: permission, authenticated or anonymous) and its schemas (params when the path has
// parameters, a body for POST/PUT/PATCH, a response), unless an embedded component validates it
// (`config.validatedBy`, the identity server's oidc-provider endpoints). Every route that is not
// anonymous must answer 401 to a caller without a token.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]).map(String);
const label = (route: RouteOptions) => `${methodsOf(route).join(',')} ${route.url}`;
/** HEAD and OPTIONS entries duplicate a GET route or come from CORS preflight handling. */
const isDuplicate = (route: RouteOptions) => methodsOf(route).every((m) => m === 'HEAD' || m === 'OPTIONS');
const routesUnderTest = () => server.routes.filter((route) => !isDuplicate(route));

function problemsOf(route: RouteOptions): string[] {
  const problems: string[] = [];
  const auth = route.config?.auth;
  const validAuth =
    !!auth &&
    (('anonymous' in auth && auth.anonymous === true) || ('authenticated' in auth && auth.authenticated === true) || 'permission' in auth);
  if (!validAuth) problems.push('no config.auth');
  if (route.config?.validatedBy) return problems;
  const schema = route.schema ?? {};
  if (route.url.includes(':') && !schema.params) problems.push('path parameters without a params schema');
  if (methodsOf(route).some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH') && !schema.body) problems.push('no body schema');
  // A heuristic for "takes input": a handler that reads the query string or body must declare it.
  const source = String(route.handler);
  if (/\.query\b/.test(source) && !schema.querystring) problems.push('reads the query string without a querystring schema');
  if (/\.body\b/.test(source) && !schema.body) problems.push('reads the body without a body schema');
  // An HTML page declares its body as a string: response: { 200: Type.String() }.
  if (!schema.response) problems.push('no response schema');
  return problems;
}

/** A concrete URL for a route pattern: GUIDs for ids, a plain word for other parameters. */
const concreteUrl = (url: string) =>
  url.replace(/:(\w+)/g, (_, name: string) => (/id$/i.test(name) ? '3a0f0000-0000-4000-8000-000000000001' : 'x')).replace(/\*$/, 'x');

describe('route table', () => {
  it('holds the identity routes (the collector sees the real app)', () => {
    const labels = routesUnderTest().map(label);
    expect(labels).toContain('GET /api/identity/users');
    expect(labels).toContain('PUT /api/identity/users/:id/roles');
    expect(labels).toContain('DELETE /api/identity/roles/:id');
    expect(labels).toContain('DELETE /api/openiddict/applications');
    expect(labels).toContain('PUT /api/openiddict/applications/:id/token-lifetime');
    expect(labels).toContain('GET /api/openiddict/scopes/all');
    // Language management (ABP's paths, plus the missing-texts report, export and import).
    for (const route of [
      'PUT /api/language-management/languages/:id/set-as-default',
      'GET /api/language-management/languages/culture-list',
      'PUT /api/language-management/language-texts/:resourceName/:cultureName/:name',
      'PUT /api/language-management/language-texts/:resourceName/:cultureName/:name/restore',
      'GET /api/language-management/language-texts/missing/:cultureName',
      'POST /api/language-management/language-texts/import',
    ])
      expect(labels).toContain(route);
    // Text templates (ABP's paths, plus the preview).
    for (const route of [
      'GET /api/text-template-management/template-definitions',
      'GET /api/text-template-management/template-definitions/:name',
      'GET /api/text-template-management/template-contents',
      'PUT /api/text-template-management/template-contents',
      'PUT /api/text-template-management/template-contents/restore-to-default',
      'POST /api/text-template-management/template-contents/preview',
    ])
      expect(labels).toContain(route);
    // Exchange rates (history: list, create, in force, convert) and account rules with their decisions.
    expect(labels).toContain('GET /api/app/exchange-rate/in-force');
    expect(labels).toContain('GET /api/app/exchange-rate/convert');
    expect(labels).toContain('POST /api/app/exchange-rate');
    expect(labels).not.toContain('PUT /api/app/exchange-rate/:id');
    // Currencies export; the cross-currency movement (two legs at the rate in force, one group).
    expect(labels).toContain('GET /api/app/currency/export');
    expect(labels).toContain('POST /api/app/ledger-transfer/cross-currency');
    expect(labels).toContain('POST /api/app/account-rule/:id/approve');
    expect(labels).toContain('POST /api/app/account-rule/:id/reject');
    expect(labels).toContain('DELETE /api/app/account-rule/:id');
    // Kernel services (a tree with move) and their permissions; inventory categories and products.
    for (const route of [
      'GET /api/app/service/all',
      'PUT /api/app/service/:id/move',
      'DELETE /api/app/service/:id',
      'POST /api/app/service-permission',
      'PUT /api/app/service-permission/:id',
      'GET /api/app/category/all',
      'PUT /api/app/category/:id/move',
      'GET /api/app/product/export',
      'DELETE /api/app/product/:id',
    ])
      expect(labels).toContain(route);
    // The machine documentation site (credential: the docs cookie, checked by the handler).
    expect(labels).toContain('POST /api/finance/developer-docs/access');
    expect(labels).toContain('GET /docs/machines/:file');
  });

  it('declares access and schemas on every route', () => {
    const failures = routesUnderTest()
      .map((route) => ({ route: label(route), problems: problemsOf(route) }))
      .filter((entry) => entry.problems.length);
    expect(failures).toEqual([]);
  });

  it('answers 401 without a token on every route that is not anonymous', async () => {
    const protectedRoutes = routesUnderTest().filter((route) => {
      const auth = route.config?.auth;
      return auth && !('anonymous' in auth);
    });
    expect(protectedRoutes.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const route of protectedRoutes) {
      for (const method of methodsOf(route).filter((m) => m !== 'HEAD' && m !== 'OPTIONS')) {
        const hasBody = method !== 'GET' && method !== 'DELETE';
        const response = await fetch(`${server.url}${concreteUrl(route.url)}`, {
          method,
          headers: hasBody ? { 'content-type': 'application/json' } : {},
          body: hasBody ? '{}' : undefined,
        });
        if (response.status !== 401) wrong.push(`${method} ${route.url} -> ${response.status}`);
        else expect(response.headers.get('_abperrorformat')).toBe('true');
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 to a malformed or forged bearer token', async () => {
    const response = await fetch(`${server.url}/api/identity/users`, { headers: { authorization: 'Bearer not-a-token' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('invalid_token');
  });
});
