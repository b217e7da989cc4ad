// The main menu registry: orders and groups exactly as spec 2.2/9, filtering by policy and feature
// as spec 6 says, and the breadcrumb trail.
import { describe, expect, it } from 'vitest';
import { type Access, anonymousAccess } from '../../src/app/access.ts';
import { flattenMenu, mainMenu, menuTrail, visibleMenu } from '../../src/app/menu.ts';

function allPolicies(): Record<string, boolean> {
  const names = new Set<string>();
  for (const entry of flattenMenu(mainMenu)) {
    const policy = entry.policy;
    if (typeof policy === 'string') names.add(policy);
    else if (policy) for (const name of 'allOf' in policy ? policy.allOf : policy.anyOf) names.add(name);
  }
  return Object.fromEntries([...names].map((name) => [name, true]));
}

const admin: Access = { isAuthenticated: true, grantedPolicies: allPolicies(), features: { 'AuditLogging.Enable': 'true' } };
const ids = (access: Access) => flattenMenu(visibleMenu(access)).map((entry) => entry.id);

describe('main menu', () => {
  it('shows the admin every entry, in the spec order', () => {
    expect(ids(admin)).toEqual([
      'home',
      'dashboard',
      'kyc',
      'kyc.agent',
      'kernel',
      'kernel.services',
      'kernel.servicePermission',
      'inventory',
      'inventory.products',
      'inventory.categories',
      'financial',
      'financial.rule',
      'financial.currency',
      'financial.exchangeRate',
      'accountManagement',
      'accountManagement.rule',
      'wallet',
      'wallet.balances',
      'wallet.invoices',
      'wallet.invoiceHistory',
      'wallet.invoiceRefund',
      'wallet.invoiceTransactions',
      'wallet.vouchers',
      'wallet.voucherHistory',
      'wallet.voucherRefund',
      'wallet.voucherTransactions',
      'wallet.topUp',
      'saas',
      'saas.tenants',
      'saas.editions',
      'administration',
      'identity',
      'identity.ou',
      'identity.roles',
      'identity.users',
      'identity.claimTypes',
      'identity.securityLogs',
      'identity.sessions',
      'openiddict',
      'openiddict.applications',
      'openiddict.scopes',
      'languageManagement',
      'languageManagement.languages',
      'languageManagement.texts',
      'textTemplates',
      'auditLogs',
      'settings',
    ]);
  });

  it('keeps the spec orders and paths', () => {
    const byId = Object.fromEntries(flattenMenu(mainMenu).map((entry) => [entry.id, entry]));
    expect([byId.home?.order, byId.dashboard?.order, byId.saas?.order]).toEqual([1, 2, 99]);
    expect(['identity', 'openiddict', 'languageManagement', 'textTemplates', 'auditLogs', 'settings'].map((id) => byId[id]?.order)).toEqual(
      [2, 3, 4, 5, 6, 7],
    );
    expect(['kyc', 'kernel', 'inventory', 'financial', 'accountManagement', 'wallet'].map((id) => byId[id]?.order)).toEqual([
      3, 4, 4, 4, 4, 6,
    ]);
    expect(
      ['identity.ou', 'identity.roles', 'identity.users', 'identity.claimTypes', 'identity.securityLogs'].map((id) => byId[id]?.order),
    ).toEqual([1, 2, 3, 4, 4]);
    expect(byId.auditLogs).toMatchObject({ path: '/audit-logs', icon: 'file-text' });
    expect(byId.settings).toMatchObject({ path: '/setting-management', icon: 'settings' });
    expect(byId.kernel?.policy).toBeUndefined();
    expect(byId['wallet.voucherTransactions']?.policy).toBe('Finance.Invoices');
    expect(byId['wallet.invoiceTransactions']?.path).toBe('/wallet/invoice/transactions');
  });

  it('shows a caller without permissions only Home, signed in or not', () => {
    expect(ids(anonymousAccess)).toEqual(['home']);
    expect(ids({ isAuthenticated: true, grantedPolicies: {}, features: {} })).toEqual(['home']);
  });

  it('needs either dashboard permission for Dashboard, either Saas permission for Saas', () => {
    const granted = (...names: string[]): Access => ({
      isAuthenticated: true,
      grantedPolicies: Object.fromEntries(names.map((name) => [name, true])),
      features: {},
    });
    expect(ids(granted('Finance.Dashboard.Tenant'))).toEqual(['home', 'dashboard']);
    expect(ids(granted('Saas.Editions'))).toEqual(['home', 'saas', 'saas.editions']);
    expect(ids(granted('AbpIdentity.Users'))).toEqual(['home', 'administration', 'identity', 'identity.users']);
    // Security logs alone does not open Identity management (its policy is the four others).
    expect(ids(granted('AbpIdentity.SecurityLogs'))).toEqual(['home']);
    // Kernel has no policy of its own; it shows as soon as one of its entries does.
    expect(ids(granted('Finance.Services'))).toEqual(['home', 'kernel', 'kernel.services', 'kernel.servicePermission']);
  });

  it('shows Settings under Administration to a caller granted any settings tab, and only then', () => {
    const granted = (...names: string[]): Access => ({
      isAuthenticated: true,
      grantedPolicies: Object.fromEntries(names.map((name) => [name, true])),
      features: {},
    });
    expect(ids(granted('AuditLogging.AuditLogs.SettingManagement'))).toEqual(['home', 'administration', 'settings']);
    expect(ids(granted('AuditLogging.AuditLogs'))).not.toContain('settings');
  });

  it('hides Audit Logging when AuditLogging.Enable is "false" only', () => {
    expect(ids({ ...admin, features: { 'AuditLogging.Enable': 'false' } })).not.toContain('auditLogs');
    expect(ids({ ...admin, features: {} })).toContain('auditLogs');
  });

  it('finds the breadcrumb trail of a path', () => {
    expect(menuTrail('/identity/users', visibleMenu(admin)).map((entry) => entry.id)).toEqual([
      'administration',
      'identity',
      'identity.users',
    ]);
    expect(menuTrail('/', visibleMenu(admin)).map((entry) => entry.id)).toEqual(['home']);
  });
});
