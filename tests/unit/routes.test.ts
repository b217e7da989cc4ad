// The route registry: every top-level route of spec 2.1 is registered, the guards answer in their
// fixed order, and the list of routes still answering 404 is pinned here, so an area cannot stay
// silently missing (building one means removing it from `stillPending`).
import { describe, expect, it } from 'vitest';
import { type Access, anonymousAccess } from '../../src/app/access.ts';
import { guardRoute, matchRoute, pendingRoutes, routes } from '../../src/app/routes.ts';

const specRoutes = [
  '/',
  '/dashboard',
  '/account',
  '/gdpr',
  '/identity',
  '/language-management',
  '/saas',
  '/audit-logs',
  '/openiddict',
  '/text-template-management',
  '/setting-management',
  '/gdpr-cookie-consent',
  '/kyc',
  '/kernel',
  '/wallet',
  '/transaction',
  '/inventory',
  '/financial',
  '/account-management',
];

const stillPending = [
  '/gdpr',
  '/identity',
  '/language-management',
  '/saas',
  '/openiddict',
  '/text-template-management',
  '/kyc',
  '/kernel',
  '/wallet',
  '/transaction',
  '/inventory',
  '/financial',
  '/account-management',
];

const admin: Access = {
  isAuthenticated: true,
  grantedPolicies: { 'Finance.Dashboard.Host': true, 'AuditLogging.AuditLogs': true },
  features: {},
};
const nobody: Access = { isAuthenticated: true, grantedPolicies: {}, features: {} };

describe('route registry', () => {
  it('registers every top-level route of spec 2.1 once, plus the error page', () => {
    // The account area's own pages in the application layout (spec 2.4: /account/manage, …) are
    // registered before '/account' itself; they are not top-level routes. The same holds for every
    // area's screens (/identity/claim-types, /financial/currency), registered before their area.
    const topLevel = routes.map((route) => route.path).filter((path) => path.split('/').length === 2);
    expect(topLevel).toEqual([...specRoutes.slice(0, 19), '/error']);
    expect(new Set(routes.map((route) => route.path)).size).toBe(routes.length);
  });

  it('lists exactly the routes whose screens are not built yet', () => {
    expect(pendingRoutes()).toEqual(stillPending);
  });

  it('uses the account layout for /account and the empty layout for the error page only', () => {
    expect(routes.filter((route) => route.layout === 'account').map((route) => route.path)).toEqual(['/account']);
    expect(routes.filter((route) => route.layout === 'empty').map((route) => route.path)).toEqual(['/error']);
    expect(matchRoute('/account/login')?.data?.tenantBoxVisible).toBe(true);
  });

  it('matches a route and everything below it, and "/" exactly', () => {
    expect(matchRoute('/identity/unbuilt-screen')?.path).toBe('/identity');
    expect(matchRoute('/identity/users')?.path).toBe('/identity/users');
    expect(matchRoute('/identity/claim-types')?.path).toBe('/identity/claim-types');
    expect(matchRoute('/dashboard/')?.path).toBe('/dashboard');
    expect(matchRoute('/gdpr-cookie-consent/cookie')?.path).toBe('/gdpr-cookie-consent');
    expect(matchRoute('/gdpr')?.path).toBe('/gdpr');
    expect(matchRoute('/nowhere')).toBeNull();
    expect(matchRoute('/')?.path).toBe('/');
  });

  it('sends a signed-out caller on /dashboard to sign-in, a user without the policy to 403', () => {
    expect(guardRoute('/dashboard', anonymousAccess)).toEqual({ kind: 'signIn' });
    expect(guardRoute('/dashboard', nobody)).toEqual({ kind: 'error', status: 403 });
    expect(guardRoute('/dashboard', admin).kind).toBe('allow');
    const tenantAdmin: Access = { ...nobody, grantedPolicies: { 'Finance.Dashboard.Tenant': true } };
    expect(guardRoute('/dashboard', tenantAdmin).kind).toBe('allow');
  });

  it('answers 404 for unknown and pending routes, whoever asks', () => {
    expect(guardRoute('/nowhere', admin)).toEqual({ kind: 'error', status: 404 });
    expect(guardRoute('/identity/unbuilt-screen', admin)).toEqual({ kind: 'error', status: 404 });
    expect(guardRoute('/wallet', anonymousAccess)).toEqual({ kind: 'error', status: 404 });
  });

  it('lets everyone see home, the policy pages and the error page', () => {
    for (const path of ['/', '/gdpr-cookie-consent/cookie', '/gdpr-cookie-consent/privacy', '/error'])
      expect(guardRoute(path, anonymousAccess).kind).toBe('allow');
  });

  it('blocks a route whose feature is off with 404 (the audit area when AuditLogging.Enable is false)', () => {
    const table = routes.map((route) => (route.path === '/audit-logs' ? { ...route, load: routes[0]!.load } : route));
    expect(guardRoute('/audit-logs', admin, table).kind).toBe('allow');
    expect(guardRoute('/audit-logs', { ...admin, features: { 'AuditLogging.Enable': 'true' } }, table).kind).toBe('allow');
    expect(guardRoute('/audit-logs', { ...admin, features: { 'AuditLogging.Enable': 'false' } }, table)).toEqual({
      kind: 'error',
      status: 404,
    });
  });
});
