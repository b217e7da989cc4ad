// The main menu registry (spec 2.2, 6 and 9): entries, groups, orders, icons, policies and features,
// and the filter that keeps what the caller may see. Rules:
// - Siblings sort by order; equal orders keep registration order (Claim types before Security logs,
//   Kernel before Inventory before Financial before Account management), as ABP's route sort does.
// - An entry shows when its policy is granted and its feature is on; a group (an entry without a
//   path) shows only while one of its children shows, so a caller without permissions sees Home only.
// - Administration is ABP's root group (order 100, after Saas 99); the spec orders only its children.
// - Labels are text keys (src/i18n), never raw text.
// - Settings (/setting-management) is under Administration after Audit Logging (order 7), as ABP's
//   setting management module adds it (cog icon, 'Settings'), although spec 2.2 does not list it:
//   the settings screen (spec 2.5) is built, and a screen nobody can reach is not done. It shows when
//   the caller is granted any settings tab's policy (the tab registry's, so a new tab needs no edit).
import { type Access, type FeatureRequirement, isFeatureOn, isGranted, type PolicyRequirement } from './access.ts';
import type { TextKey } from '../i18n/texts.ts';
import { settingTabs } from '../screens/setting-management/setting-tabs.ts';

export type IconName =
  | 'home'
  | 'dashboard'
  | 'building'
  | 'settings'
  | 'users'
  | 'key'
  | 'globe'
  | 'file'
  | 'file-text'
  | 'id-card'
  | 'server'
  | 'box'
  | 'coins'
  | 'book'
  | 'wallet'
  | 'receipt'
  | 'ticket'
  | 'circle';

export interface MenuEntry {
  id: string;
  label: TextKey;
  /** Absolute path; absent for a group that only holds children. */
  path?: string;
  order: number;
  icon?: IconName;
  policy?: PolicyRequirement;
  feature?: FeatureRequirement;
  children?: readonly MenuEntry[];
}

const anyOf = (...names: string[]): PolicyRequirement => ({ anyOf: names });

export const mainMenu: readonly MenuEntry[] = [
  { id: 'home', label: 'menu.home', path: '/', order: 1, icon: 'home' },
  {
    id: 'dashboard',
    label: 'menu.dashboard',
    path: '/dashboard',
    order: 2,
    icon: 'dashboard',
    policy: anyOf('Finance.Dashboard.Host', 'Finance.Dashboard.Tenant'),
  },
  {
    id: 'saas',
    label: 'menu.saas',
    order: 99,
    icon: 'building',
    policy: anyOf('Saas.Tenants', 'Saas.Editions'),
    children: [
      { id: 'saas.tenants', label: 'menu.tenants', path: '/saas/tenants', order: 1, policy: 'Saas.Tenants' },
      { id: 'saas.editions', label: 'menu.editions', path: '/saas/editions', order: 2, policy: 'Saas.Editions' },
    ],
  },
  {
    id: 'administration',
    label: 'menu.administration',
    order: 100,
    icon: 'settings',
    children: [
      {
        id: 'identity',
        label: 'menu.identityManagement',
        order: 2,
        icon: 'users',
        policy: anyOf('AbpIdentity.Roles', 'AbpIdentity.Users', 'AbpIdentity.ClaimTypes', 'AbpIdentity.OrganizationUnits'),
        children: [
          {
            id: 'identity.ou',
            label: 'menu.organizationUnits',
            path: '/identity/organization-units',
            order: 1,
            policy: 'AbpIdentity.OrganizationUnits',
          },
          { id: 'identity.roles', label: 'menu.roles', path: '/identity/roles', order: 2, policy: 'AbpIdentity.Roles' },
          { id: 'identity.users', label: 'menu.users', path: '/identity/users', order: 3, policy: 'AbpIdentity.Users' },
          {
            id: 'identity.claimTypes',
            label: 'menu.claimTypes',
            path: '/identity/claim-types',
            order: 4,
            policy: 'AbpIdentity.ClaimTypes',
          },
          {
            id: 'identity.securityLogs',
            label: 'menu.securityLogs',
            path: '/identity/security-logs',
            order: 4,
            policy: 'AbpIdentity.SecurityLogs',
          },
          // Not in spec 2.2: the sessions screen (issue 9, spec 7.13) needs a way in; after Security
          // logs (same order, registration order keeps it last), with its own policy.
          {
            id: 'identity.sessions',
            label: 'menu.sessions',
            path: '/identity/sessions',
            order: 4,
            policy: 'AbpIdentity.Sessions',
          },
        ],
      },
      {
        id: 'openiddict',
        label: 'menu.openId',
        order: 3,
        icon: 'key',
        policy: anyOf('OpenIddictPro.Application', 'OpenIddictPro.Scope'),
        children: [
          {
            id: 'openiddict.applications',
            label: 'menu.applications',
            path: '/openiddict/Applications',
            order: 1,
            policy: 'OpenIddictPro.Application',
          },
          { id: 'openiddict.scopes', label: 'menu.scopes', path: '/openiddict/Scopes', order: 2, policy: 'OpenIddictPro.Scope' },
        ],
      },
      {
        id: 'languageManagement',
        label: 'menu.languageManagement',
        order: 4,
        icon: 'globe',
        policy: anyOf('LanguageManagement.Languages', 'LanguageManagement.LanguageTexts'),
        children: [
          {
            id: 'languageManagement.languages',
            label: 'menu.languages',
            path: '/language-management/languages',
            order: 1,
            policy: 'LanguageManagement.Languages',
          },
          {
            id: 'languageManagement.texts',
            label: 'menu.languageTexts',
            path: '/language-management/texts',
            order: 2,
            policy: 'LanguageManagement.LanguageTexts',
          },
        ],
      },
      {
        id: 'textTemplates',
        label: 'menu.textTemplates',
        path: '/text-template-management/text-templates',
        order: 5,
        icon: 'file',
        policy: 'TextTemplateManagement.TextTemplates',
      },
      {
        id: 'auditLogs',
        label: 'menu.auditLogging',
        path: '/audit-logs',
        order: 6,
        icon: 'file-text',
        policy: 'AuditLogging.AuditLogs',
        feature: { name: 'AuditLogging.Enable', rule: 'notFalse' },
      },
      {
        id: 'settings',
        label: 'menu.settings',
        path: '/setting-management',
        order: 7,
        icon: 'settings',
        policy: anyOf(...settingTabs.map((tab) => tab.policy)),
      },
    ],
  },
  {
    id: 'kyc',
    label: 'menu.kyc',
    order: 3,
    icon: 'id-card',
    policy: 'Finance.Kyc',
    children: [{ id: 'kyc.agent', label: 'menu.agentList', path: '/kyc/agent', order: 1, policy: 'Finance.Kyc' }],
  },
  {
    id: 'kernel',
    label: 'menu.kernel',
    order: 4,
    icon: 'server',
    children: [
      { id: 'kernel.services', label: 'menu.services', path: '/kernel/services', order: 1, policy: 'Finance.Services' },
      {
        id: 'kernel.servicePermission',
        label: 'menu.servicePermission',
        path: '/kernel/service-permission',
        order: 2,
        policy: 'Finance.Services',
      },
    ],
  },
  {
    id: 'inventory',
    label: 'menu.inventory',
    order: 4,
    icon: 'box',
    policy: 'Finance.Inventory',
    children: [
      { id: 'inventory.products', label: 'menu.products', path: '/inventory/products', order: 1, policy: 'Finance.Product' },
      { id: 'inventory.categories', label: 'menu.categories', path: '/inventory/categories', order: 2, policy: 'Finance.Category' },
    ],
  },
  {
    id: 'financial',
    label: 'menu.financialManagement',
    order: 4,
    icon: 'coins',
    policy: 'Finance.FinancialManagement',
    children: [
      { id: 'financial.rule', label: 'menu.rebate', path: '/financial/rule', order: 1, policy: 'Finance.Rebate' },
      { id: 'financial.currency', label: 'menu.currency', path: '/financial/currency', order: 2, policy: 'Finance.Currency' },
      {
        id: 'financial.exchangeRate',
        label: 'menu.exchangeRate',
        path: '/financial/exchange-rate',
        order: 3,
        policy: 'Finance.ExchangeRate',
      },
    ],
  },
  {
    id: 'accountManagement',
    label: 'menu.accountManagement',
    order: 4,
    icon: 'book',
    policy: 'Finance.AccountManagement',
    children: [
      {
        id: 'accountManagement.rule',
        label: 'menu.accountRule',
        path: '/account-management/rule',
        order: 1,
        policy: 'Finance.AccountRule',
      },
    ],
  },
  {
    id: 'wallet',
    label: 'menu.wallet',
    order: 6,
    icon: 'wallet',
    policy: 'Finance.Wallet',
    children: [
      { id: 'wallet.balances', label: 'menu.balances', path: '/wallet/balances', order: 1, policy: 'Finance.Balances' },
      {
        id: 'wallet.invoices',
        label: 'menu.invoices',
        order: 2,
        icon: 'receipt',
        policy: 'Finance.Invoices',
        children: [
          { id: 'wallet.invoiceHistory', label: 'menu.invoiceHistory', path: '/wallet/invoices', order: 1, policy: 'Finance.Invoices' },
          { id: 'wallet.invoiceRefund', label: 'menu.invoiceRefund', path: '/wallet/invoice-refund', order: 2, policy: 'Finance.Invoices' },
          {
            id: 'wallet.invoiceTransactions',
            label: 'menu.invoiceTransactions',
            path: '/wallet/invoice/transactions',
            order: 3,
            policy: 'Finance.Invoices',
          },
        ],
      },
      {
        id: 'wallet.vouchers',
        label: 'menu.vouchers',
        order: 3,
        icon: 'ticket',
        policy: 'Finance.Vouchers',
        children: [
          { id: 'wallet.voucherHistory', label: 'menu.voucherHistory', path: '/wallet/vouchers', order: 1, policy: 'Finance.Vouchers' },
          { id: 'wallet.voucherRefund', label: 'menu.voucherRefund', path: '/wallet/voucher-refund', order: 2, policy: 'Finance.Vouchers' },
          // Spec 6: voucher transactions use the Invoices permission.
          {
            id: 'wallet.voucherTransactions',
            label: 'menu.voucherTransactions',
            path: '/wallet/voucher/transactions',
            order: 3,
            policy: 'Finance.Invoices',
          },
        ],
      },
      { id: 'wallet.topUp', label: 'menu.topUp', path: '/wallet/topup', order: 4, policy: 'Finance.TopUp' },
    ],
  },
];

function byOrder(entries: readonly MenuEntry[]): MenuEntry[] {
  // Array.prototype.sort is stable: equal orders keep registration order.
  return [...entries].sort((a, b) => a.order - b.order);
}

/** The menu this caller sees: sorted, filtered by policy and feature, empty groups removed. */
export function visibleMenu(access: Access, entries: readonly MenuEntry[] = mainMenu): MenuEntry[] {
  const result: MenuEntry[] = [];
  for (const entry of byOrder(entries)) {
    if (!isGranted(access, entry.policy) || !isFeatureOn(access, entry.feature)) continue;
    if (!entry.children) {
      result.push(entry);
      continue;
    }
    const children = visibleMenu(access, entry.children);
    if (children.length > 0 || entry.path) result.push({ ...entry, children });
  }
  return result;
}

/** Depth-first list of entries, parents before children (for tests and breadcrumbs). */
export function flattenMenu(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((entry) => [entry, ...flattenMenu(entry.children ?? [])]);
}

/** The chain of entries from the root to the one whose path best matches the pathname (breadcrumb). */
export function menuTrail(pathname: string, entries: readonly MenuEntry[]): MenuEntry[] {
  let best: MenuEntry[] = [];
  const visit = (list: readonly MenuEntry[], trail: MenuEntry[]) => {
    for (const entry of list) {
      const here = [...trail, entry];
      const path = entry.path?.toLowerCase();
      const target = pathname.toLowerCase();
      if (path && (target === path || (path !== '/' && target.startsWith(`${path}/`))) && here.length > best.length) best = here;
      if (entry.children) visit(entry.children, here);
    }
  };
  visit(entries, []);
  return best;
}
