// /api/setting-management (ABP contract 7.10): emailing and time-zone settings. Rules:
// - the SMTP password is write-only: GET answers null, and an update without one keeps the stored one;
// - updates are POST (as ABP's open-source module does); the time zone arrives in the query string;
// - GET /timezone answers the zone as plain text, which ABP's client reads with responseType 'text'.
import { type Static, Type } from 'typebox';
import { Nullable } from './common.ts';

const text = (maxLength: number) => Nullable(Type.String({ maxLength }));

export const EmailSettingsDto = Type.Object({
  smtpHost: Nullable(Type.String()),
  smtpPort: Type.Integer(),
  smtpUserName: Nullable(Type.String()),
  smtpPassword: Nullable(Type.String()),
  smtpDomain: Nullable(Type.String()),
  smtpEnableSsl: Type.Boolean(),
  smtpUseDefaultCredentials: Type.Boolean(),
  defaultFromAddress: Nullable(Type.String()),
  defaultFromDisplayName: Nullable(Type.String()),
});
export type EmailSettingsDto = Static<typeof EmailSettingsDto>;

export const UpdateEmailSettingsDto = Type.Object(
  {
    smtpHost: Type.Optional(text(256)),
    smtpPort: Type.Integer({ minimum: 1, maximum: 65535 }),
    smtpUserName: Type.Optional(text(1024)),
    smtpPassword: Type.Optional(text(1024)),
    smtpDomain: Type.Optional(text(1024)),
    smtpEnableSsl: Type.Boolean(),
    smtpUseDefaultCredentials: Type.Boolean(),
    defaultFromAddress: Type.String({ format: 'email', minLength: 1, maxLength: 1024 }),
    defaultFromDisplayName: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type UpdateEmailSettingsDto = Static<typeof UpdateEmailSettingsDto>;

export const SendTestEmailInput = Type.Object(
  {
    senderEmailAddress: Type.String({ format: 'email', minLength: 1, maxLength: 256 }),
    targetEmailAddress: Type.String({ format: 'email', minLength: 1, maxLength: 256 }),
    subject: Type.String({ minLength: 1, maxLength: 512 }),
    body: Type.Optional(text(10_000)),
  },
  { additionalProperties: false },
);
export type SendTestEmailInput = Static<typeof SendTestEmailInput>;

export const NameValue = Type.Object({ name: Type.String(), value: Type.String() });

export const TimeZoneQuery = Type.Object({ timezone: Type.String({ minLength: 1, maxLength: 64 }) });
export type TimeZoneQuery = Static<typeof TimeZoneQuery>;
