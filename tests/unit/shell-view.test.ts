// The shell's view models: access (granted policies and features) only while signed in, the same
// object for the same configuration; the current user's card; the culture.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { configuration } from '../../machines/session/auth.model.ts';
import { authMachine } from '../../machines/session/auth.machine.ts';
import { anonymousAccess } from '../../src/app/access.ts';
import { selectAccess, selectCulture, selectCurrentUser, shallowEqual } from '../../src/app/shell-view.ts';

function snapshotWith(config: ReturnType<typeof configuration> | null, state: 'signedIn' | 'signedOut') {
  const actor = createActor(authMachine, { input: { location: 'https://app.example/', culture: 'fr' } });
  const snapshot = actor.getSnapshot();
  return authMachine.resolveState({ value: state, context: { ...snapshot.context, configuration: config } });
}

describe('shell view models', () => {
  it('gives anonymous access while signed out, the configuration’s policies and features once signed in', () => {
    expect(selectAccess(snapshotWith(null, 'signedOut'))).toBe(anonymousAccess);
    const config = {
      ...configuration('admin'),
      auth: { grantedPolicies: { 'Finance.Wallet': true } },
      features: { values: { 'AuditLogging.Enable': 'false' } },
    };
    const signedIn = snapshotWith(config, 'signedIn');
    const access = selectAccess(signedIn);
    expect(access).toEqual({
      isAuthenticated: true,
      grantedPolicies: { 'Finance.Wallet': true },
      features: { 'AuditLogging.Enable': 'false' },
    });
    // Memoized per configuration, so useSelector does not re-render for nothing.
    expect(selectAccess(snapshotWith(config, 'signedIn'))).toBe(access);
  });

  it('builds the user card: name, e-mail, tenant when any, initial, impersonator', () => {
    const config = configuration('admin');
    expect(selectCurrentUser(snapshotWith(null, 'signedOut'))).toBeNull();
    expect(selectCurrentUser(snapshotWith(config, 'signedIn'))).toEqual({
      userName: 'admin',
      email: 'admin@abp.io',
      tenantName: null,
      impersonatorUserId: null,
      initial: 'A',
    });
    const tenant = { ...config, currentTenant: { id: 't1', name: 'acme', isAvailable: true } };
    expect(selectCurrentUser(snapshotWith(tenant, 'signedIn'))?.tenantName).toBe('acme');
  });

  it('uses the server’s culture once known, the starting one before', () => {
    expect(selectCulture(snapshotWith(null, 'signedOut'))).toBe('fr');
    expect(selectCulture(snapshotWith(configuration('admin', 'ar'), 'signedIn'))).toBe('ar');
  });

  it('compares view models shallowly', () => {
    expect(shallowEqual({ a: 1, b: 'x' }, { a: 1, b: 'x' })).toBe(true);
    expect(shallowEqual({ a: 1 }, { a: 2 })).toBe(false);
    expect(shallowEqual({ a: [] }, { a: [] })).toBe(false);
  });
});
