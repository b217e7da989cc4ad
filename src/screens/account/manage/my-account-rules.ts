// The pure rules of My account, shared by its tabs and their tests. Rules:
// - Settings come from the application configuration (strings; booleans compared case-insensitively).
// - The user name and the e-mail are editable only when Abp.Identity.User.IsUserNameUpdateEnabled /
//   IsEmailUpdateEnabled allow it; two-factor can be switched only with behaviour Optional and
//   Abp.Identity.TwoFactor.UsersCanChange.
// - A picture upload is checked before it leaves: PNG, JPEG, GIF or WebP, at most 1 MiB (the server
//   checks the bytes again).
// - 'Back to the application' follows a returnUrl only when it is on this origin (no open redirect).
import type { FormValues } from '../../../../machines/account/my-account-form.machine.ts';

export type Settings = Readonly<Record<string, string | null | undefined>>;

/** The settings of a loaded configuration (the whole ABP DTO; the typed part leaves them out). */
export function settingsOf(configuration: unknown): Settings {
  return (configuration as { setting?: { values?: Settings } } | null)?.setting?.values ?? {};
}

const isTrue = (value: string | null | undefined) => value?.toLowerCase() === 'true';

export function accountRules(settings: Settings) {
  const behaviour = (settings['Abp.Identity.TwoFactor.Behaviour'] ?? 'Optional').toLowerCase();
  const minLength = Number(settings['Abp.Identity.Password.RequiredLength'] ?? '6');
  return {
    isUserNameEditable:
      settings['Abp.Identity.User.IsUserNameUpdateEnabled'] == null || isTrue(settings['Abp.Identity.User.IsUserNameUpdateEnabled']),
    isEmailEditable:
      settings['Abp.Identity.User.IsEmailUpdateEnabled'] == null || isTrue(settings['Abp.Identity.User.IsEmailUpdateEnabled']),
    canChangeTwoFactor:
      (behaviour === 'optional' || behaviour === '0') &&
      (settings['Abp.Identity.TwoFactor.UsersCanChange'] == null || isTrue(settings['Abp.Identity.TwoFactor.UsersCanChange'])),
    passwordMinLength: Number.isFinite(minLength) && minLength > 0 ? minLength : 6,
  };
}

export const maxPictureBytes = 1024 * 1024;
export const pictureTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export type PictureProblem = 'fileRequired' | 'fileType' | 'fileSize' | null;

export function pictureProblem(type: number, file: { type: string; size: number } | null): PictureProblem {
  if (type !== 2) return null;
  if (!file) return 'fileRequired';
  if (!pictureTypes.includes(file.type)) return 'fileType';
  if (file.size > maxPictureBytes) return 'fileSize';
  return null;
}

/** The MIME type of a stored image from its first base64 characters (magic numbers). */
export function imageMimeType(base64: string): string {
  if (base64.startsWith('/9j/')) return 'image/jpeg';
  if (base64.startsWith('R0lG')) return 'image/gif';
  if (base64.startsWith('UklG')) return 'image/webp';
  return 'image/png';
}

export type PasswordProblems = Partial<
  Record<'currentPassword' | 'newPassword' | 'confirmPassword', 'required' | 'mismatch' | 'minLength'>
>;

export function passwordProblems(values: FormValues, minLength: number): PasswordProblems {
  const current = String(values.currentPassword ?? '');
  const next = String(values.newPassword ?? '');
  const confirm = String(values.confirmPassword ?? '');
  const problems: PasswordProblems = {};
  if (!current) problems.currentPassword = 'required';
  if (!next) problems.newPassword = 'required';
  else if (next.length < minLength) problems.newPassword = 'minLength';
  if (!confirm) problems.confirmPassword = 'required';
  else if (confirm !== next) problems.confirmPassword = 'mismatch';
  return problems;
}

export type ProfileProblems = Partial<Record<'userName' | 'email', 'required' | 'emailInvalid'>>;

export function profileProblems(values: FormValues): ProfileProblems {
  const problems: ProfileProblems = {};
  const userName = String(values.userName ?? '').trim();
  const email = String(values.email ?? '').trim();
  if (!userName) problems.userName = 'required';
  if (!email) problems.email = 'required';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems.email = 'emailInvalid';
  return problems;
}

/** The returnUrl to go back to, when it is an address on this origin; null otherwise. */
export function backUrl(search: string, origin: string): string | null {
  const params = new URLSearchParams(search);
  const value = params.get('returnUrl') ?? params.get('ReturnUrl');
  if (!value) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin || !/^https?:$/.test(url.protocol)) return null;
    return url.href;
  } catch {
    return null;
  }
}
