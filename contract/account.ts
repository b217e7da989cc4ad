// The account area on the wire (ABP Account, open-source and Pro shapes, contract 7.3; spec 7.9, 7.10).
// Rules:
// - bodies are closed objects: unknown members (tenantId, emailConfirmed, isActive ...) are dropped
//   by the validator before a handler runs, so a self-service call can only set what it names;
// - tokens travel as opaque strings; the server keeps only their hashes;
// - void actions answer 204 with no body; verify-* answer a bare JSON boolean, as ABP does.
import { type Static, Type } from 'typebox';
import { ExtraProperties, Guid, Nullable } from './common.ts';

const optionalText = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));
/** The SPA's application name (ABP looks up the app's root URL by it); informational here. */
const appName = Type.String({ minLength: 1, maxLength: 64 });
const token = Type.String({ minLength: 1, maxLength: 1024 });
const password = Type.String({ minLength: 1, maxLength: 128 });

export const RegisterDto = Type.Object(
  {
    userName: Type.String({ minLength: 1, maxLength: 256 }),
    emailAddress: Type.String({ format: 'email', minLength: 1, maxLength: 256 }),
    password,
    appName,
    /** The reCAPTCHA answer, required when Abp.Account.Captcha.UseCaptchaOnRegistration is on. */
    captchaResponse: optionalText(8192),
    returnUrl: optionalText(2048),
    returnUrlHash: optionalText(1024),
  },
  { additionalProperties: false },
);
export type RegisterDto = Static<typeof RegisterDto>;

export const SendEmailConfirmationTokenDto = Type.Object(
  {
    appName,
    /** Defaults to the signed-in user; an anonymous caller must name the user (current tenant). */
    userId: Type.Optional(Nullable(Guid)),
    returnUrl: optionalText(2048),
    returnUrlHash: optionalText(1024),
  },
  { additionalProperties: false },
);
export type SendEmailConfirmationTokenDto = Static<typeof SendEmailConfirmationTokenDto>;

export const ConfirmEmailInput = Type.Object({ userId: Guid, token }, { additionalProperties: false });
export type ConfirmEmailInput = Static<typeof ConfirmEmailInput>;
export const VerifyEmailConfirmationTokenInput = ConfirmEmailInput;

export const ConfirmationStateQuery = Type.Object({ id: Guid }, { additionalProperties: false });
export type ConfirmationStateQuery = Static<typeof ConfirmationStateQuery>;

export const IdentityUserConfirmationStateDto = Type.Object({ emailConfirmed: Type.Boolean(), phoneNumberConfirmed: Type.Boolean() });
export type IdentityUserConfirmationStateDto = Static<typeof IdentityUserConfirmationStateDto>;

export const SendPhoneNumberConfirmationTokenDto = Type.Object(
  {
    /** Defaults to the signed-in user. */
    userId: Type.Optional(Nullable(Guid)),
    /** A new number to confirm; only the signed-in user may set their own. */
    phoneNumber: optionalText(16),
  },
  { additionalProperties: false },
);
export type SendPhoneNumberConfirmationTokenDto = Static<typeof SendPhoneNumberConfirmationTokenDto>;

export const ConfirmPhoneNumberInput = Type.Object(
  { userId: Guid, token: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type ConfirmPhoneNumberInput = Static<typeof ConfirmPhoneNumberInput>;

export const SendPasswordResetCodeDto = Type.Object(
  {
    email: Type.String({ format: 'email', minLength: 1, maxLength: 256 }),
    appName,
    returnUrl: optionalText(2048),
    returnUrlHash: optionalText(1024),
    /** Required when Abp.Account.Captcha.UseCaptchaOnForgotPassword is on. */
    captchaResponse: optionalText(8192),
  },
  { additionalProperties: false },
);
export type SendPasswordResetCodeDto = Static<typeof SendPasswordResetCodeDto>;

export const VerifyPasswordResetTokenInput = Type.Object({ userId: Guid, resetToken: token }, { additionalProperties: false });
export type VerifyPasswordResetTokenInput = Static<typeof VerifyPasswordResetTokenInput>;

export const ResetPasswordDto = Type.Object({ userId: Guid, resetToken: token, password }, { additionalProperties: false });
export type ResetPasswordDto = Static<typeof ResetPasswordDto>;

export const RecaptchaValidateQuery = Type.Object(
  { captchaResponse: Type.String({ minLength: 1, maxLength: 8192 }) },
  { additionalProperties: false },
);

/** ProfileDto (open-source fields, plus the Pro ones the server can fill). */
export const ProfileDto = Type.Object({
  userName: Type.String(),
  email: Type.String(),
  emailConfirmed: Type.Boolean(),
  name: Nullable(Type.String()),
  surname: Nullable(Type.String()),
  phoneNumber: Nullable(Type.String()),
  phoneNumberConfirmed: Type.Boolean(),
  isExternal: Type.Boolean(),
  hasPassword: Type.Boolean(),
  supportsMultipleTimezone: Type.Boolean(),
  /** The user's Abp.Timing.TimeZone (IANA name), also in extraProperties.Timezone. */
  timezone: Type.String(),
  concurrencyStamp: Type.String(),
  extraProperties: ExtraProperties,
});
export type ProfileDto = Static<typeof ProfileDto>;

export const UpdateProfileDto = Type.Object(
  {
    userName: Type.String({ minLength: 1, maxLength: 256 }),
    email: Type.String({ format: 'email', minLength: 1, maxLength: 256 }),
    name: optionalText(64),
    surname: optionalText(64),
    phoneNumber: optionalText(16),
    timezone: optionalText(64),
    /** When sent, must match the stored stamp (409 otherwise). */
    concurrencyStamp: optionalText(40),
    /** Only Timezone is read from here (as ABP's extensible ProfileDto carries it). */
    extraProperties: Type.Optional(Nullable(ExtraProperties)),
  },
  { additionalProperties: false },
);
export type UpdateProfileDto = Static<typeof UpdateProfileDto>;

export const ChangePasswordInput = Type.Object(
  { currentPassword: Type.Optional(Nullable(Type.String({ maxLength: 128 }))), newPassword: password },
  { additionalProperties: false },
);
export type ChangePasswordInput = Static<typeof ChangePasswordInput>;

export const NameValue = Type.Object({ name: Type.String(), value: Type.String() });
export const NameValueList = Type.Array(NameValue);

export const SetTwoFactorEnabledQuery = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });

export const AuthenticatorInfoDto = Type.Object({
  /** The base32 key grouped by four for manual entry. */
  key: Type.String(),
  /** otpauth://totp/... for the QR code. */
  uri: Type.String(),
});
export type AuthenticatorInfoDto = Static<typeof AuthenticatorInfoDto>;

export const VerifyAuthenticatorCodeInput = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 16 }) },
  { additionalProperties: false },
);

/** The recovery codes, shown once. */
export const VerifyAuthenticatorCodeDto = Type.Object({ recoveryCodes: Type.Array(Type.String()) });

export const ProfilePictureType = { None: 0, Gravatar: 1, Image: 2 } as const;

export const ProfilePictureQuery = Type.Object({ type: Type.Integer({ minimum: 0, maximum: 2 }) }, { additionalProperties: false });

export const ProfilePictureSourceDto = Type.Object({
  type: Type.Integer(),
  /** The Gravatar URL for type 1; null otherwise. */
  source: Nullable(Type.String()),
  /** base64 of the image for type 2; null otherwise. */
  fileContent: Nullable(Type.String()),
});
export type ProfilePictureSourceDto = Static<typeof ProfilePictureSourceDto>;
