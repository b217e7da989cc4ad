// The real effects of My account's machines, supplied with .provide(): each tab's load and save
// through src/api/my-account.ts. Rules: a failed call rejects with the ABP envelope's message and
// invalid fields (FormFailure), so the machine holds plain data; what a save answers is what the tab
// shows next (the password tab empties itself, the profile comes back with its new stamp).
import { fromPromise } from 'xstate';
import { myAccountAuthenticatorMachine } from '../../../../machines/account/my-account-authenticator.machine.ts';
import {
  type FormFailure,
  type FormValues,
  myAccountFormMachine,
  type SavedForm,
} from '../../../../machines/account/my-account-form.machine.ts';
import type { Http } from '../../../api/http.ts';
import {
  abpError,
  canEnableTwoFactor,
  changePassword,
  getAuthenticatorInfo,
  getMyProfile,
  getProfilePicture,
  getTimezones,
  getTwoFactorEnabled,
  hasAuthenticatorKey,
  type ProfileDto,
  type ProfilePictureType,
  resetAuthenticator,
  setProfilePicture,
  setTwoFactorEnabled,
  updateMyProfile,
  verifyAuthenticatorCode,
} from '../../../api/my-account.ts';

/**
 * Runs a call; a failure becomes the FormFailure the machines keep. `fieldOfCode`: business errors
 * (no validation members) that are about one field, so the field is marked with the message too.
 */
async function attempt<T>(call: () => Promise<T>, fieldOfCode: Record<string, string> = {}): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const { message, fields } = abpError(error);
    const code = (error as { data?: { error?: { code?: unknown } } } | null)?.data?.error?.code;
    const field = typeof code === 'string' && Object.hasOwn(fieldOfCode, code) ? fieldOfCode[code] : undefined;
    if (field && message) fields[field] ??= message;
    throw { message, fields } satisfies FormFailure;
  }
}

/** ABP's answer to a wrong current password (a business error, not a validation one). */
const wrongCurrentPassword = { 'Volo.Abp.Identity:PasswordMismatch': 'currentPassword' };

export const emptyPassword = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function passwordFormLogic(http: Http) {
  return myAccountFormMachine.provide({
    actors: {
      saveForm: fromPromise<SavedForm, { values: FormValues }>(async ({ input }) => {
        await attempt(
          () =>
            changePassword(http, {
              currentPassword: String(input.values.currentPassword ?? ''),
              newPassword: String(input.values.newPassword ?? ''),
            }),
          wrongCurrentPassword,
        );
        return { values: emptyPassword, isValid: false };
      }),
    },
  });
}

export interface ProfileValues extends FormValues {
  profile: ProfileDto;
  userName: string;
  email: string;
  name: string;
  surname: string;
  phoneNumber: string;
  timezone: string;
  timezones: Array<{ name: string; value: string }>;
}

function profileValues(profile: ProfileDto, timezones: ProfileValues['timezones']): ProfileValues {
  return {
    profile,
    userName: profile.userName,
    email: profile.email,
    name: profile.name ?? '',
    surname: profile.surname ?? '',
    phoneNumber: profile.phoneNumber ?? '',
    timezone: profile.timezone || 'UTC',
    timezones,
  };
}

export function personalInfoFormLogic(http: Http) {
  return myAccountFormMachine.provide({
    actors: {
      loadForm: fromPromise<FormValues>(({ signal }) =>
        attempt(async () => {
          const [profile, timezones] = await Promise.all([getMyProfile(http, signal), getTimezones(http, signal).catch(() => [])]);
          return profileValues(profile, timezones);
        }),
      ),
      saveForm: fromPromise<SavedForm, { values: FormValues }>(async ({ input }) => {
        const values = input.values as ProfileValues;
        const blank = (value: string) => (value.trim() === '' ? null : value.trim());
        const saved = await attempt(() =>
          updateMyProfile(http, {
            userName: values.userName.trim(),
            email: values.email.trim(),
            name: blank(values.name),
            surname: blank(values.surname),
            phoneNumber: blank(values.phoneNumber),
            timezone: values.profile.supportsMultipleTimezone ? values.timezone : null,
            concurrencyStamp: values.profile.concurrencyStamp,
          }),
        );
        return { values: profileValues(saved, values.timezones), isValid: true };
      }),
    },
  });
}

export interface PictureValues extends FormValues {
  /** The stored picture. */
  current: { type: number; source: string | null; fileContent: string | null };
  type: number;
  file: File | null;
}

export function pictureFormLogic(http: Http, userId: string) {
  const load = async (signal?: AbortSignal): Promise<PictureValues> => {
    const current = await getProfilePicture(http, userId, signal);
    return { current, type: current.type, file: null };
  };
  return myAccountFormMachine.provide({
    actors: {
      loadForm: fromPromise<FormValues>(({ signal }) => attempt(() => load(signal))),
      saveForm: fromPromise<SavedForm, { values: FormValues }>(async ({ input }) => {
        const values = input.values as PictureValues;
        await attempt(() => setProfilePicture(http, values.type as ProfilePictureType, values.type === 2 ? values.file : null));
        return { values: await attempt(() => load()), isValid: true };
      }),
    },
  });
}

export function twoFactorFormLogic(http: Http) {
  return myAccountFormMachine.provide({
    actors: {
      loadForm: fromPromise<FormValues>(({ signal }) =>
        attempt(async () => {
          const [enabled, canEnable] = await Promise.all([getTwoFactorEnabled(http, signal), canEnableTwoFactor(http, signal)]);
          // `saved` is what the server holds; `enabled` what the user last chose.
          return { enabled, saved: enabled, canEnable };
        }),
      ),
      saveForm: fromPromise<SavedForm, { values: FormValues }>(async ({ input }) => {
        const enabled = input.values.enabled === true;
        await attempt(() => setTwoFactorEnabled(http, enabled));
        return { values: { ...input.values, saved: enabled }, isValid: true };
      }),
    },
  });
}

export function authenticatorLogic(http: Http) {
  return myAccountAuthenticatorMachine.provide({
    actors: {
      hasAuthenticatorKey: fromPromise(({ signal }) => attempt(() => hasAuthenticatorKey(http, signal))),
      loadAuthenticatorInfo: fromPromise(({ signal }) => attempt(() => getAuthenticatorInfo(http, signal))),
      verifyCode: fromPromise<string[], { code: string }>(async ({ input }) => {
        const answer = await attempt(() => verifyAuthenticatorCode(http, input.code));
        return answer.recoveryCodes;
      }),
      resetAuthenticator: fromPromise(() => attempt(() => resetAuthenticator(http))),
    },
  });
}
