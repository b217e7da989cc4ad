// Identity users beyond CRUD on the wire (spec 7.13; ABP Identity Pro shapes, contract 7.2): per-user
// state (lock, two-factor, password), import and export through download tokens, our bulk actions,
// and the administrators' security logs and sessions. Rules:
// - ABP's names and shapes where ABP has the call; `fileType` is ABP's ImportUsersFromFileType
//   (1 Excel, 2 Csv);
// - export queries take the user list's filters (everything of GetIdentityUsersInput but the
//   paging), so a filter added to the list is an export filter too;
// - bulk bodies name either `ids` or `filter` (all users matching the list filter), never both; the
//   filter form carries `expectedCount`, the total the caller saw, and is refused when the set has
//   changed size since (the caller acts on what was shown, not on what happens to match now).
import { type Static, Type } from 'typebox';
import { IdentitySecurityLogDto, IdentitySecurityLogPagedResult, IdentitySessionDto, securityLogFilterFields } from './account-sign-in.ts';
import { DateTime, Guid, Nullable, PagedResultDto, pagedQuery } from './common.ts';
import { GetIdentityUsersInput } from './identity.ts';

/** PUT /users/{id}/lock/{lockoutEnd}: an ISO date-time; without an offset it is taken as UTC (ABP). */
export const LockUserParams = Type.Object(
  {
    id: Guid,
    lockoutEnd: Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,7})?)?(Z|[+-]\\d{2}:?\\d{2})?)?$',
      maxLength: 40,
    }),
  },
  { additionalProperties: false },
);

/** PUT /users/{id}/two-factor/{enabled} */
export const TwoFactorParams = Type.Object(
  { id: Guid, enabled: Type.String({ pattern: '^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])$' }) },
  { additionalProperties: false },
);

/** IdentityUserUpdatePasswordInput */
export const IdentityUserUpdatePasswordInput = Type.Object(
  { newPassword: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);
export type IdentityUserUpdatePasswordInput = Static<typeof IdentityUserUpdatePasswordInput>;

/** ExternalLoginProviderDto */
export const ExternalLoginProviderDto = Type.Object({ name: Type.String(), canObtainUserInfoWithoutPassword: Type.Boolean() });
export const ExternalLoginProviderList = Type.Array(ExternalLoginProviderDto);

/** ImportExternalUserInput */
export const ImportExternalUserInput = Type.Object(
  {
    provider: Type.String({ minLength: 1, maxLength: 128 }),
    userNameOrEmailAddress: Type.String({ minLength: 1, maxLength: 256 }),
    password: Type.Optional(Nullable(Type.String({ maxLength: 128 }))),
  },
  { additionalProperties: false },
);

/** DownloadTokenResultDto */
export const DownloadTokenResultDto = Type.Object({ token: Type.String() });

export const ImportUsersFromFileType = { Excel: 1, Csv: 2 } as const;
export type ImportUsersFromFileType = (typeof ImportUsersFromFileType)[keyof typeof ImportUsersFromFileType];
const FileType = Type.Union([Type.Literal(1), Type.Literal(2)]);

const downloadToken = Type.String({ minLength: 1, maxLength: 1024 });

/** The user list's filters without the paging: what an export or a bulk action applies to. */
const { skipCount: _skip, maxResultCount: _max, ...userFilterProperties } = GetIdentityUsersInput.properties;
export const IdentityUserFilter = Type.Object(userFilterProperties, { additionalProperties: false });
export type IdentityUserFilter = Static<typeof IdentityUserFilter>;

/** GET /users/export-as-excel and /export-as-csv (GetIdentityUserListAsFileInput). */
export const GetIdentityUserListAsFileInput = Type.Object({ ...userFilterProperties, token: downloadToken });
export type GetIdentityUserListAsFileInput = Static<typeof GetIdentityUserListAsFileInput>;

/** GET /users/import-users-sample-file (GetImportUsersSampleFileInput). */
export const GetImportUsersSampleFileInput = Type.Object({ fileType: FileType, token: downloadToken });

/** GET /users/download-import-invalid-users-file (GetImportInvalidUsersFileInput). */
export const GetImportInvalidUsersFileInput = Type.Object({ token: downloadToken });

/** POST /users/import-users-from-file?fileType= ; the body is the file (raw or multipart field `file`). */
export const ImportUsersFromFileQuery = Type.Object({ fileType: FileType });

/** ImportUsersFromFileOutput */
export const ImportUsersFromFileOutput = Type.Object({
  allCount: Type.Integer(),
  succeededCount: Type.Integer(),
  failedCount: Type.Integer(),
  /** For download-import-invalid-users-file; null when every row was imported. */
  invalidUsersDownloadToken: Nullable(Type.String()),
  isAllSucceeded: Type.Boolean(),
  fileType: FileType,
});
export type ImportUsersFromFileOutput = Static<typeof ImportUsersFromFileOutput>;

/** A file answer (xlsx or csv bytes). */
export const FileResponse = Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'The file' });

// ---- bulk actions (our extension: /api/identity/users/bulk/...) --------------------------------

const bulkTarget = {
  /** Explicit users (at most 1000). */
  ids: Type.Optional(Type.Array(Guid, { minItems: 1, maxItems: 1000 })),
  /** Every user matching the list filter ({} = all users of the tenant). */
  filter: Type.Optional(IdentityUserFilter),
  /** With `filter`: the number of matching users the caller saw; a different count now is a 409. */
  expectedCount: Type.Optional(Type.Integer({ minimum: 0 })),
};

export const BulkUsersInput = Type.Object(bulkTarget, { additionalProperties: false });
export type BulkUsersInput = Static<typeof BulkUsersInput>;

export const BulkLockUsersInput = Type.Object({ ...bulkTarget, lockoutEnd: DateTime }, { additionalProperties: false });
export type BulkLockUsersInput = Static<typeof BulkLockUsersInput>;

export const BulkActionFailure = Type.Object({ id: Guid, userName: Type.String(), reason: Type.String() });
export type BulkActionFailure = Static<typeof BulkActionFailure>;

/** What a bulk action did: users changed, users skipped (with why), users that failed (with why). */
export const BulkActionReport = Type.Object({
  done: Type.Integer(),
  skipped: Type.Array(BulkActionFailure),
  failed: Type.Array(BulkActionFailure),
});
export type BulkActionReport = Static<typeof BulkActionReport>;

// ---- security logs and sessions (administration) ------------------------------------------------

/** GET /api/identity/security-logs: spec 3 "Security log filter" with clientIpAddress. */
export const GetIdentitySecurityLogListInput = pagedQuery({
  ...securityLogFilterFields,
  clientIpAddress: Type.Optional(Type.String({ maxLength: 64 })),
});
export type GetIdentitySecurityLogListInput = Static<typeof GetIdentitySecurityLogListInput>;

/** GET /api/identity/sessions */
export const GetIdentitySessionListInput = pagedQuery({
  userId: Type.Optional(Guid),
  device: Type.Optional(Type.String({ maxLength: 64 })),
  clientId: Type.Optional(Type.String({ maxLength: 128 })),
});
export type GetIdentitySessionListInput = Static<typeof GetIdentitySessionListInput>;
export const IdentitySessionPagedResult = PagedResultDto(IdentitySessionDto);
export { IdentitySecurityLogDto, IdentitySecurityLogPagedResult, IdentitySessionDto };
