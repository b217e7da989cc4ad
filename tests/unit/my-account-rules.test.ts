// My account's pure rules: what the identity settings allow, the picture checks, the password and
// profile checks, and the same-origin rule of 'Back to the application'.
import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../src/app/routes.ts';
import {
  accountRules,
  backUrl,
  imageMimeType,
  maxPictureBytes,
  passwordProblems,
  pictureProblem,
  profileProblems,
  settingsOf,
} from '../../src/screens/account/manage/my-account-rules.ts';

describe('my account rules', () => {
  it('reads the identity settings of the configuration', () => {
    expect(accountRules({})).toEqual({ isUserNameEditable: true, isEmailEditable: true, canChangeTwoFactor: true, passwordMinLength: 6 });
    const locked = accountRules(
      settingsOf({
        setting: {
          values: {
            'Abp.Identity.User.IsUserNameUpdateEnabled': 'False',
            'Abp.Identity.User.IsEmailUpdateEnabled': 'false',
            'Abp.Identity.TwoFactor.Behaviour': 'Optional',
            'Abp.Identity.TwoFactor.UsersCanChange': 'false',
            'Abp.Identity.Password.RequiredLength': '10',
          },
        },
      }),
    );
    expect(locked).toEqual({ isUserNameEditable: false, isEmailEditable: false, canChangeTwoFactor: false, passwordMinLength: 10 });
    expect(accountRules({ 'Abp.Identity.TwoFactor.Behaviour': 'Forced' }).canChangeTwoFactor).toBe(false);
    expect(accountRules({ 'Abp.Identity.TwoFactor.Behaviour': 'Disabled' }).canChangeTwoFactor).toBe(false);
    expect(settingsOf(null)).toEqual({});
  });

  it('checks an image before upload: type and size, only for type Image', () => {
    expect(pictureProblem(0, null)).toBeNull();
    expect(pictureProblem(1, null)).toBeNull();
    expect(pictureProblem(2, null)).toBe('fileRequired');
    expect(pictureProblem(2, { type: 'image/svg+xml', size: 10 })).toBe('fileType');
    expect(pictureProblem(2, { type: 'image/png', size: maxPictureBytes + 1 })).toBe('fileSize');
    expect(pictureProblem(2, { type: 'image/webp', size: maxPictureBytes })).toBeNull();
    expect(imageMimeType('/9j/4AAQ')).toBe('image/jpeg');
    expect(imageMimeType('iVBORw0K')).toBe('image/png');
    expect(imageMimeType('R0lGODlh')).toBe('image/gif');
    expect(imageMimeType('UklGRiQ')).toBe('image/webp');
  });

  it('checks the password fields', () => {
    expect(passwordProblems({}, 6)).toEqual({ currentPassword: 'required', newPassword: 'required', confirmPassword: 'required' });
    expect(passwordProblems({ currentPassword: 'a', newPassword: 'short', confirmPassword: 'other' }, 6)).toEqual({
      newPassword: 'minLength',
      confirmPassword: 'mismatch',
    });
    expect(passwordProblems({ currentPassword: 'a', newPassword: '1q2w3E*r', confirmPassword: '1q2w3E*r' }, 6)).toEqual({});
  });

  it('checks the profile fields', () => {
    expect(profileProblems({ userName: ' ', email: '' })).toEqual({ userName: 'required', email: 'required' });
    expect(profileProblems({ userName: 'admin', email: 'not-an-address' })).toEqual({ email: 'emailInvalid' });
    expect(profileProblems({ userName: 'admin', email: 'admin@abp.io' })).toEqual({});
  });

  it("offers 'Back to the application' only for a same-origin returnUrl", () => {
    const origin = 'https://app.example';
    expect(backUrl('returnUrl=https%3A%2F%2Fapp.example%2Fdashboard%3Fx%3D1', origin)).toBe('https://app.example/dashboard?x=1');
    expect(backUrl('returnUrl=%2Fidentity%2Fusers', origin)).toBe('https://app.example/identity/users');
    expect(backUrl('ReturnUrl=%2F', origin)).toBe('https://app.example/');
    expect(backUrl('returnUrl=https%3A%2F%2Fevil.example%2F', origin)).toBeNull();
    expect(backUrl('returnUrl=%2F%2Fevil.example%2F', origin)).toBeNull();
    expect(backUrl('returnUrl=javascript%3Aalert(1)', origin)).toBeNull();
    expect(backUrl('', origin)).toBeNull();
  });

  it("serves the identity server's Account/Manage address with My account", () => {
    expect(matchRoute('/Account/Manage')?.path).toBe('/account/manage');
    expect(matchRoute('/account/manage')?.layout).toBe('application');
    expect(matchRoute('/account/login')?.path).not.toBe('/account/manage');
  });
});

describe('account routes', () => {
  it("serves the identity server's SecurityLogs and Sessions addresses with the in-app screens", () => {
    expect(matchRoute('/Account/SecurityLogs')?.path).toBe('/account/securitylogs');
    expect(matchRoute('/account/security-logs')?.requiresAuth).toBe(true);
    expect(matchRoute('/Account/Sessions')?.path).toBe('/account/sessions');
    expect(matchRoute('/account/sessions')?.layout).toBe('application');
  });
});
