// The account area's sub-router and tenant box rule (spec 2.4).
import { describe, expect, it } from 'vitest';
import {
  type AccountRouteNode,
  accountPageOf,
  innermostRoute,
  isTenantBoxVisible,
  matchAccountRoutes,
} from '../../src/screens/account/account-pages.ts';

describe('account pages', () => {
  it('match /account/* case-insensitively, with or without a trailing slash', () => {
    expect(accountPageOf('/account/login')).toBe('login');
    expect(accountPageOf('/Account/Login/')).toBe('login');
    expect(accountPageOf('/ACCOUNT/forgot-password')).toBe('forgotPassword');
    expect(accountPageOf('/account/login-with-recovery-code')).toBe('recoveryCode');
    expect(accountPageOf('/account')).toBeNull();
    expect(accountPageOf('/account/nope')).toBeNull();
    expect(accountPageOf('/accounts/login')).toBeNull();
  });

  it('show the tenant box when multi-tenancy is on and the innermost route does not say false', () => {
    expect(isTenantBoxVisible(true, matchAccountRoutes('/account/login'))).toBe(true);
    expect(isTenantBoxVisible(false, matchAccountRoutes('/account/login'))).toBe(false);
    expect(isTenantBoxVisible(true, matchAccountRoutes('/account/reset-password'))).toBe(false);
    expect(isTenantBoxVisible(true, matchAccountRoutes('/account/send-security-code'))).toBe(false);
  });

  it('read only the innermost route flag, not an outer one', () => {
    const tree: AccountRouteNode = {
      path: 'account',
      data: { tenantBoxVisible: false },
      children: [{ path: 'inner', data: {}, children: [{ path: 'leaf', data: { tenantBoxVisible: false } }] }],
    };
    expect(isTenantBoxVisible(true, matchAccountRoutes('/account/inner', tree))).toBe(true);
    expect(isTenantBoxVisible(true, matchAccountRoutes('/account/inner/leaf', tree))).toBe(false);
    expect(isTenantBoxVisible(true, matchAccountRoutes('/account', tree))).toBe(false);
  });

  it('search at most 10 levels deep', () => {
    // account → l1 → … → l12; only l12 says false, and it is below the limit.
    let leaf: AccountRouteNode = { path: 'l12', data: { tenantBoxVisible: false } };
    for (let level = 11; level >= 1; level--) leaf = { path: `l${level}`, children: [leaf] };
    const tree: AccountRouteNode = { path: 'account', children: [leaf] };
    const path = `/account/${Array.from({ length: 12 }, (_, i) => `l${i + 1}`).join('/')}`;
    const chain = matchAccountRoutes(path, tree);
    expect(chain).toHaveLength(13);
    expect(innermostRoute(chain)?.path).toBe('l10');
    expect(isTenantBoxVisible(true, chain)).toBe(true);
    expect(isTenantBoxVisible(true, chain, 12)).toBe(false);
    expect(innermostRoute([])).toBeNull();
  });
});
