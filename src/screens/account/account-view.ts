// What the account pages read from the session (spec 2.4, 3): multi-tenancy on, local login enabled
// (Abp.Account.EnableLocalLogin; unknown until the configuration arrives counts as enabled), the
// current tenant, the password policy's length, the flow and the pending two-factor challenge.
// Pure selectors over the auth machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import type { AuthMachine, TwoFactorChallenge } from '../../../machines/session/auth.machine.ts';

/** The parts of ABP's configuration DTO this area reads beyond the typed ones. */
interface AccountConfiguration {
  multiTenancy?: { isEnabled?: boolean };
  setting?: { values?: Record<string, string | null | undefined> };
  currentTenant?: { id: string | null; name: string | null; isAvailable: boolean };
}

export interface AccountView {
  isMultiTenancyEnabled: boolean;
  isLocalLoginEnabled: boolean;
  isSelfRegistrationEnabled: boolean;
  isRememberBrowserEnabled: boolean;
  /** The forms whose submit the server checks with reCAPTCHA (Abp.Account.Captcha.UseCaptchaOn*). */
  captchaOn: { login: boolean; registration: boolean; forgotPassword: boolean };
  tenantId: string | null;
  tenantName: string | null;
  passwordMinLength: number;
  status: 'busy' | 'signedOut' | 'signedIn';
  culture: string;
  twoFactor: TwoFactorChallenge | null;
}

const captchaCache = new WeakMap<object, AccountView['captchaOn']>();
const isTrue = (value: string | null | undefined) => (value ?? '').toLowerCase() === 'true';

/** The same object while the settings are the same (the view is compared shallowly). */
function captchaOf(values: Record<string, string | null | undefined>): AccountView['captchaOn'] {
  let captcha = captchaCache.get(values);
  if (!captcha) {
    captcha = {
      login: isTrue(values['Abp.Account.Captcha.UseCaptchaOnLogin']),
      registration: isTrue(values['Abp.Account.Captcha.UseCaptchaOnRegistration']),
      forgotPassword: isTrue(values['Abp.Account.Captcha.UseCaptchaOnForgotPassword']),
    };
    captchaCache.set(values, captcha);
  }
  return captcha;
}

export function selectAccountView(snapshot: SnapshotFrom<AuthMachine>): AccountView {
  const configuration = snapshot.context.configuration as AccountConfiguration | null;
  const values = configuration?.setting?.values ?? {};
  const tenant = configuration?.currentTenant;
  const minLength = Number(values['Abp.Identity.Password.RequiredLength']);
  return {
    isMultiTenancyEnabled: configuration?.multiTenancy?.isEnabled ?? false,
    isLocalLoginEnabled: (values['Abp.Account.EnableLocalLogin'] ?? 'true').toLowerCase() !== 'false',
    isSelfRegistrationEnabled: (values['Abp.Account.IsSelfRegistrationEnabled'] ?? 'true').toLowerCase() !== 'false',
    isRememberBrowserEnabled: (values['Abp.Account.TwoFactor.IsRememberBrowserEnabled'] ?? 'true').toLowerCase() !== 'false',
    captchaOn: captchaOf(values),
    tenantId: tenant?.isAvailable ? tenant.id : null,
    tenantName: tenant?.isAvailable ? tenant.name : null,
    passwordMinLength: Number.isFinite(minLength) && minLength > 0 ? minLength : 6,
    status: snapshot.matches('signedIn') ? 'signedIn' : snapshot.matches('signedOut') ? 'signedOut' : 'busy',
    culture: snapshot.context.culture,
    twoFactor: snapshot.context.twoFactor,
  };
}
