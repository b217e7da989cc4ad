// What the account pages read from the session (spec 2.4): multi-tenancy, local login, the tenant,
// the password length and the pending two-factor challenge, from the real auth machine's snapshot.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { authMachine } from '../../machines/session/auth.machine.ts';
import { configuration } from '../../machines/session/auth.model.ts';
import { selectAccountView } from '../../src/screens/account/account-view.ts';

function snapshotWith(extra: Record<string, unknown>) {
  const actor = createActor(authMachine, { input: { location: 'https://app.example/account/login', culture: 'en', flow: 'password' } });
  const snapshot = actor.getSnapshot();
  return authMachine.resolveState({
    value: 'signedOut',
    context: { ...snapshot.context, configuration: { ...configuration(null), ...extra } },
  });
}

describe('account view', () => {
  it('reads multi-tenancy, local login, self-registration, the tenant and the password length', () => {
    const view = selectAccountView(
      snapshotWith({
        multiTenancy: { isEnabled: true },
        setting: {
          values: {
            'Abp.Account.EnableLocalLogin': 'False',
            'Abp.Account.IsSelfRegistrationEnabled': 'false',
            'Abp.Identity.Password.RequiredLength': '8',
            'Abp.Account.Captcha.UseCaptchaOnLogin': 'true',
            'Abp.Account.TwoFactor.IsRememberBrowserEnabled': 'false',
          },
        },
        currentTenant: { id: 't-1', name: 'acme', isAvailable: true },
      }),
    );
    expect(view).toMatchObject({
      isMultiTenancyEnabled: true,
      isLocalLoginEnabled: false,
      isSelfRegistrationEnabled: false,
      tenantId: 't-1',
      tenantName: 'acme',
      passwordMinLength: 8,
      status: 'signedOut',
      isRememberBrowserEnabled: false,
      captchaOn: { login: true, registration: false, forgotPassword: false },
    });
  });

  it('counts local login as enabled until the configuration says otherwise, and the host as no tenant', () => {
    const view = selectAccountView(snapshotWith({}));
    expect(view).toMatchObject({
      isMultiTenancyEnabled: false,
      isLocalLoginEnabled: true,
      tenantId: null,
      tenantName: null,
      passwordMinLength: 6,
    });
  });
});
