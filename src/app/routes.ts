// The route registry: every top-level route of spec 2.1 (plus the shell's own /error page), with its
// layout, guards and data flags. Rules:
// - Each built screen is a dynamic import, so Vite emits it as its own chunk (quality bar: the first
//   paint stays small); an area whose screens are not built yet has `load: undefined` and answers the
//   standard 404 page. tests/unit/routes.test.ts lists the pending ones, so none goes missing silently.
// - A route matches its path and everything below it ('/identity' covers '/identity/users'); '/' is exact.
// - Guards run in a fixed order: pending or feature off → 404, signed out on a route that needs a user
//   → sign-in with returnUrl, policy not granted → 403. The same access rules feed the menu (access.ts).
// - No React here: the router wraps `load` in React.lazy once per route (router-view.tsx).
import type { ComponentType } from 'react';
import type { TextKey } from '../i18n/texts.ts';
import { type Access, type FeatureRequirement, isFeatureOn, isGranted, type PolicyRequirement } from './access.ts';
import type { FirstRequest } from './route-data.ts';

export type LayoutKind = 'application' | 'account' | 'empty';

export interface RouteData {
  /** ABP's tenantBoxVisible: whether the account pages show the tenant switch. */
  tenantBoxVisible?: boolean;
}

export interface BreadcrumbEntry {
  label: TextKey;
  path?: string;
}

const myAccount: BreadcrumbEntry = { label: 'user.myAccount', path: '/account/manage' };

export interface RouteEntry {
  path: string;
  layout: LayoutKind;
  requiresAuth: boolean;
  policy?: PolicyRequirement;
  feature?: FeatureRequirement;
  data?: RouteData;
  /**
   * The breadcrumb of a page outside the main menu (the user menu's pages), after Home; the main
   * menu's trail wins where there is one. An entry with a path links to it.
   */
  breadcrumb?: readonly BreadcrumbEntry[];
  /**
   * The screen's chunk; undefined while the area is not built (the route answers 404). A screen
   * whose list can start before it renders also names that list's first request (route-data.ts).
   */
  load?: () => Promise<{ default: ComponentType; firstRequest?: FirstRequest }>;
  /**
   * 'own': the screen's first paint shows no react-aria, so it renders without ScreenProviders and
   * wraps its lazily loaded parts itself (withScreenProviders); its first paint then loads no
   * react-aria at all (issue 18). Otherwise the router wraps the whole screen.
   */
  providers?: 'own';
}

const auditLoggingFeature: FeatureRequirement = { name: 'AuditLogging.Enable', rule: 'notFalse' };
const languageManagementFeature: FeatureRequirement = { name: 'LanguageManagement.Enable', rule: 'notFalse' };

export const routes: readonly RouteEntry[] = [
  { path: '/', layout: 'application', requiresAuth: false, load: () => import('../screens/home/home-screen.tsx'), providers: 'own' },
  {
    path: '/dashboard',
    layout: 'application',
    requiresAuth: true,
    policy: { anyOf: ['Finance.Dashboard.Host', 'Finance.Dashboard.Tenant'] },
    load: () => import('../screens/dashboard/dashboard-screen.tsx'),
    providers: 'own',
  },
  // The signed-in user's own account pages, in the application layout; before '/account' (first match
  // wins). The identity server's {issuer}Account/Manage, /SecurityLogs and /Sessions are this origin,
  // so they land here too (matching ignores case).
  {
    path: '/account/manage',
    layout: 'application',
    requiresAuth: true,
    breadcrumb: [{ label: 'user.myAccount' }],
    load: () => import('../screens/account/manage/my-account-screen.tsx'),
  },
  {
    path: '/account/security-logs',
    layout: 'application',
    requiresAuth: true,
    breadcrumb: [myAccount, { label: 'user.mySecurityLogs' }],
    load: () => import('../screens/account/security-logs/security-logs-screen.tsx'),
  },
  {
    path: '/account/securitylogs',
    layout: 'application',
    requiresAuth: true,
    breadcrumb: [myAccount, { label: 'user.mySecurityLogs' }],
    load: () => import('../screens/account/security-logs/security-logs-screen.tsx'),
  },
  {
    path: '/account/sessions',
    layout: 'application',
    requiresAuth: true,
    breadcrumb: [myAccount, { label: 'user.sessions' }],
    load: () => import('../screens/account/sessions/sessions-screen.tsx'),
  },
  {
    path: '/account',
    layout: 'account',
    requiresAuth: false,
    data: { tenantBoxVisible: true },
    load: () => import('../screens/account/account-area.tsx'),
  },
  { path: '/gdpr', layout: 'application', requiresAuth: true },
  // The SPA's door to the machine documentation site the server serves at /docs/machines/ (issue 12).
  {
    path: '/docs/open',
    layout: 'application',
    requiresAuth: true,
    policy: 'Finance.Developer.Docs',
    breadcrumb: [{ label: 'user.machineDocs' }],
    load: () => import('../screens/developer-docs/developer-docs-screen.tsx'),
  },
  {
    path: '/identity/organization-units',
    layout: 'application',
    requiresAuth: true,
    policy: 'AbpIdentity.OrganizationUnits',
    load: () => import('../screens/identity/organization-units/organization-units-screen.tsx'),
  },
  {
    path: '/identity/security-logs',
    layout: 'application',
    requiresAuth: true,
    policy: 'AbpIdentity.SecurityLogs',
    load: () => import('../screens/identity/security-logs/security-logs-screen.tsx'),
  },
  {
    path: '/identity/sessions',
    layout: 'application',
    requiresAuth: true,
    policy: 'AbpIdentity.Sessions',
    load: () => import('../screens/identity/sessions/sessions-screen.tsx'),
  },
  {
    path: '/identity/claim-types',
    layout: 'application',
    requiresAuth: true,
    policy: 'AbpIdentity.ClaimTypes',
    load: () => import('../screens/identity/claim-types/claim-types-screen.tsx'),
  },
  {
    path: '/identity/roles',
    layout: 'application',
    requiresAuth: true,
    policy: 'AbpIdentity.Roles',
    load: () => import('../screens/identity/roles/roles-screen.tsx'),
  },
  {
    path: '/identity/users',
    layout: 'application',
    requiresAuth: true,
    policy: 'AbpIdentity.Users',
    load: () => import('../screens/identity/users/users-screen.tsx'),
  },
  {
    path: '/identity',
    layout: 'application',
    requiresAuth: true,
    policy: {
      anyOf: [
        'AbpIdentity.Roles',
        'AbpIdentity.Users',
        'AbpIdentity.ClaimTypes',
        'AbpIdentity.OrganizationUnits',
        'AbpIdentity.SecurityLogs',
      ],
    },
  },
  {
    path: '/language-management/languages',
    layout: 'application',
    requiresAuth: true,
    policy: 'LanguageManagement.Languages',
    feature: languageManagementFeature,
    load: () => import('../screens/language-management/languages/languages-screen.tsx'),
  },
  {
    path: '/language-management/texts',
    layout: 'application',
    requiresAuth: true,
    policy: 'LanguageManagement.LanguageTexts',
    feature: languageManagementFeature,
    load: () => import('../screens/language-management/texts/texts-screen.tsx'),
  },
  {
    path: '/language-management',
    layout: 'application',
    requiresAuth: true,
    policy: { anyOf: ['LanguageManagement.Languages', 'LanguageManagement.LanguageTexts'] },
  },
  { path: '/saas', layout: 'application', requiresAuth: true, policy: { anyOf: ['Saas.Tenants', 'Saas.Editions'] } },
  {
    path: '/audit-logs',
    layout: 'application',
    requiresAuth: true,
    policy: 'AuditLogging.AuditLogs',
    feature: auditLoggingFeature,
    load: () => import('../screens/audit-logs/audit-logs-screen.tsx'),
  },
  {
    path: '/openiddict/applications',
    layout: 'application',
    requiresAuth: true,
    policy: 'OpenIddictPro.Application',
    load: () => import('../screens/openiddict/applications/applications-screen.tsx'),
  },
  {
    path: '/openiddict/scopes',
    layout: 'application',
    requiresAuth: true,
    policy: 'OpenIddictPro.Scope',
    load: () => import('../screens/openiddict/scopes/scopes-screen.tsx'),
  },
  {
    path: '/openiddict',
    layout: 'application',
    requiresAuth: true,
    policy: { anyOf: ['OpenIddictPro.Application', 'OpenIddictPro.Scope'] },
  },
  {
    path: '/text-template-management/text-templates',
    layout: 'application',
    requiresAuth: true,
    policy: 'TextTemplateManagement.TextTemplates',
    load: () => import('../screens/text-templates/text-templates-screen.tsx'),
  },
  { path: '/text-template-management', layout: 'application', requiresAuth: true, policy: 'TextTemplateManagement.TextTemplates' },
  {
    path: '/setting-management',
    layout: 'application',
    requiresAuth: true,
    load: () => import('../screens/setting-management/setting-management-screen.tsx'),
  },
  {
    path: '/gdpr-cookie-consent',
    layout: 'application',
    requiresAuth: false,
    load: () => import('../screens/gdpr-cookie-consent/policy-screen.tsx'),
  },
  { path: '/kyc', layout: 'application', requiresAuth: true, policy: 'Finance.Kyc' },
  {
    path: '/kernel/services',
    layout: 'application',
    requiresAuth: true,
    policy: 'Finance.Services',
    load: () => import('../screens/kernel/services-screen.tsx'),
  },
  {
    path: '/kernel/service-permission',
    layout: 'application',
    requiresAuth: true,
    policy: 'Finance.Services',
    load: () => import('../screens/kernel/service-permission-screen.tsx'),
  },
  { path: '/kernel', layout: 'application', requiresAuth: true },
  { path: '/wallet', layout: 'application', requiresAuth: true, policy: 'Finance.Wallet' },
  { path: '/transaction', layout: 'application', requiresAuth: true },
  {
    path: '/inventory/products',
    layout: 'application',
    requiresAuth: true,
    policy: { allOf: ['Finance.Inventory', 'Finance.Product'] },
    load: () => import('../screens/inventory/products-screen.tsx'),
  },
  {
    path: '/inventory/categories',
    layout: 'application',
    requiresAuth: true,
    policy: { allOf: ['Finance.Inventory', 'Finance.Category'] },
    load: () => import('../screens/inventory/categories-screen.tsx'),
  },
  { path: '/inventory', layout: 'application', requiresAuth: true, policy: 'Finance.Inventory' },
  {
    path: '/financial/currency',
    layout: 'application',
    requiresAuth: true,
    policy: 'Finance.Currency',
    load: () => import('../screens/financial/currency/currency-screen.tsx'),
  },
  {
    path: '/financial/exchange-rate',
    layout: 'application',
    requiresAuth: true,
    policy: 'Finance.ExchangeRate',
    load: () => import('../screens/financial/exchange-rate/exchange-rate-screen.tsx'),
  },
  { path: '/financial', layout: 'application', requiresAuth: true, policy: 'Finance.FinancialManagement' },
  {
    path: '/account-management/rule',
    layout: 'application',
    requiresAuth: true,
    policy: 'Finance.AccountRule',
    load: () => import('../screens/account-management/rule/account-rule-screen.tsx'),
  },
  { path: '/account-management', layout: 'application', requiresAuth: true, policy: 'Finance.AccountManagement' },
  // The shell's full-page HTTP error screen (spec 2.8), reached with ?status=401|403|404|500.
  { path: '/error', layout: 'empty', requiresAuth: false, load: () => import('../screens/error/error-screen.tsx') },
];

export function matchRoute(pathname: string, table: readonly RouteEntry[] = routes): RouteEntry | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const lower = path.toLowerCase();
  return table.find((route) => (route.path === '/' ? lower === '/' : lower === route.path || lower.startsWith(`${route.path}/`))) ?? null;
}

export type GuardOutcome = { kind: 'allow'; route: RouteEntry } | { kind: 'signIn' } | { kind: 'error'; status: 403 | 404 };

/** Decides what a pathname shows for this caller (spec 2.8 and 6; error catalogue: guarded route → login with returnUrl). */
export function guardRoute(pathname: string, access: Access, table: readonly RouteEntry[] = routes): GuardOutcome {
  const route = matchRoute(pathname, table);
  if (!route?.load || !isFeatureOn(access, route.feature)) return { kind: 'error', status: 404 };
  if (route.requiresAuth && !access.isAuthenticated) return { kind: 'signIn' };
  if (!isGranted(access, route.policy)) return { kind: 'error', status: 403 };
  return { kind: 'allow', route };
}

/** Routes still answering 404 because their screens are not built. */
export function pendingRoutes(table: readonly RouteEntry[] = routes): string[] {
  return table.filter((route) => !route.load).map((route) => route.path);
}
