// Sign-in support on the wire (spec 7.9; ABP Account Pro shapes, contract 7.2/7.3): two-factor
// sign-in codes, my sessions, my security logs. Rules:
// - userId accepts a GUID with or without dashes (ABP sends the "N" format in RequiresTwoFactor);
// - list inputs are paged and sorted like every list (contract section 5);
// - a session DTO never carries a token; a security log DTO never carries a password or code.
import { type Static, Type } from 'typebox';
import { DateTime, ExtraProperties, Guid, Nullable, PagedResultDto, pagedQuery } from './common.ts';

const LooseGuid = Type.String({ pattern: '^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$' });

/** GET /api/account/two-factor-providers?userId&token */
export const GetTwoFactorProvidersInput = Type.Object({
  userId: LooseGuid,
  token: Type.String({ minLength: 1, maxLength: 256 }),
});
export type GetTwoFactorProvidersInput = Static<typeof GetTwoFactorProvidersInput>;

/** The provider names the user can use: 'Email', 'Authenticator'. */
export const TwoFactorProviderList = Type.Array(Type.String());

/** POST /api/account/send-two-factor-code */
export const SendTwoFactorCodeInput = Type.Object(
  {
    userId: LooseGuid,
    provider: Type.String({ minLength: 1, maxLength: 32 }),
    token: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type SendTwoFactorCodeInput = Static<typeof SendTwoFactorCodeInput>;

/** IdentitySessionDto (Identity Pro) with ipAddresses split into a list. */
export const IdentitySessionDto = Type.Object({
  id: Guid,
  sessionId: Type.String(),
  isCurrent: Type.Boolean(),
  device: Type.String(),
  deviceInfo: Nullable(Type.String()),
  tenantId: Nullable(Guid),
  tenantName: Nullable(Type.String()),
  userId: Guid,
  userName: Nullable(Type.String()),
  clientId: Nullable(Type.String()),
  ipAddresses: Type.Array(Type.String()),
  signedIn: DateTime,
  lastAccessed: Nullable(DateTime),
  extraProperties: ExtraProperties,
});
export type IdentitySessionDto = Static<typeof IdentitySessionDto>;

/** GET /api/account/sessions: the caller's own sessions. */
export const GetMySessionsInput = pagedQuery({
  device: Type.Optional(Type.String({ maxLength: 64 })),
  clientId: Type.Optional(Type.String({ maxLength: 128 })),
});
export type GetMySessionsInput = Static<typeof GetMySessionsInput>;
export const IdentitySessionPagedResult = PagedResultDto(IdentitySessionDto);

/**
 * POST /api/account/sessions/revoke-others (our extension; ABP revokes one session at a time): ends
 * every session of the caller but the one the request comes from, at once.
 */
export const RevokeOtherSessionsResult = Type.Object({ revokedCount: Type.Integer({ minimum: 0 }) });
export type RevokeOtherSessionsResult = Static<typeof RevokeOtherSessionsResult>;

/** IdentitySecurityLogDto (contract 7.2). */
export const IdentitySecurityLogDto = Type.Object({
  id: Guid,
  tenantId: Nullable(Guid),
  applicationName: Nullable(Type.String()),
  identity: Nullable(Type.String()),
  action: Nullable(Type.String()),
  userId: Nullable(Guid),
  userName: Nullable(Type.String()),
  tenantName: Nullable(Type.String()),
  clientId: Nullable(Type.String()),
  correlationId: Nullable(Type.String()),
  clientIpAddress: Nullable(Type.String()),
  browserInfo: Nullable(Type.String()),
  creationTime: DateTime,
  extraProperties: ExtraProperties,
});
export type IdentitySecurityLogDto = Static<typeof IdentitySecurityLogDto>;

/** Spec 3 "Security log filter": the filters every security log list takes (paging aside). */
export const securityLogFilterFields = {
  startTime: Type.Optional(DateTime),
  endTime: Type.Optional(DateTime),
  applicationName: Type.Optional(Type.String({ maxLength: 96 })),
  identity: Type.Optional(Type.String({ maxLength: 96 })),
  action: Type.Optional(Type.String({ maxLength: 96 })),
  userName: Type.Optional(Type.String({ maxLength: 256 })),
  clientId: Type.Optional(Type.String({ maxLength: 64 })),
  correlationId: Type.Optional(Type.String({ maxLength: 64 })),
};

/** GET /api/account/security-logs: the security log filter without clientIpAddress (admin only). */
export const GetMySecurityLogsInput = pagedQuery(securityLogFilterFields);
export type GetMySecurityLogsInput = Static<typeof GetMySecurityLogsInput>;
export const IdentitySecurityLogPagedResult = PagedResultDto(IdentitySecurityLogDto);
