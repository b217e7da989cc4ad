// The account area's sub-router and tenant box rule (spec 2.4).
import { describe, expect, it } from 'vitest';
import {
  type AccountRouteNode,
  accountPageOf,
  innermostRoute,
  isTenantBoxVisible,
  matchAccountRoutes,
} from '../../src/screens/account/account-pages.ts';
import { emailError, merge, newPasswordErrors, requiredErrors } from '../../src/screens/account/account-rules.ts';
import { accountTexts } from '../../src/screens/account/account-texts.ts';

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

describe('account form checks', () => {
  const t = accountTexts('en');

  it('name each missing field, then a bad e-mail, then the password rules; the first message per field wins', () => {
    const values = { userName: '', emailAddress: 'nope', password: 'ab', confirmPassword: 'abc' };
    const email = emailError(t, values.emailAddress);
    const errors = merge(
      requiredErrors(t, values, { userName: 'User name', emailAddress: 'Email address' }),
      email ? { emailAddress: email } : {},
      newPasswordErrors(t, values, 6),
    );
    expect(errors).toEqual({
      userName: 'The User name field is required.',
      emailAddress: 'Please enter a valid e-mail address.',
      password: 'The password must be at least 6 characters long.',
      confirmPassword: 'The passwords do not match.',
    });
    expect(emailError(t, 'a@b.co')).toBeNull();
    expect(newPasswordErrors(t, { password: 'abcdef', confirmPassword: 'abcdef' }, 6)).toEqual({});
  });

  it('speak the user’s language', () => {
    expect(requiredErrors(accountTexts('fr'), { code: ' ' }, { code: 'Code' })).toEqual({ code: 'Le champ Code est obligatoire.' });
  });
});
