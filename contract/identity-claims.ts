// Claim types and the claims of users and roles on the wire (ABP contract 7.2, Identity Pro). Rules:
// - claim types are host-wide: every tenant reads the same definitions, only the host edits them;
// - valueType is ABP's IdentityClaimValueType number (0 String, 1 Int, 2 Boolean, 3 DateTime) and
//   valueTypeAsString its name;
// - a claims PUT replaces the whole set; each value is checked against its type's regex (the whole
//   value must match) and value type, and a required type needs a non-empty value;
// - userId/roleId in a claims body are ignored: the path says whose claims they are.
import { type Static, Type } from 'typebox';
import { DateTime, ExtraProperties, Guid, Nullable, PagedResultDto, pagedQuery } from './common.ts';

export const IdentityClaimValueType = { String: 0, Int: 1, Boolean: 2, DateTime: 3 } as const;
export type IdentityClaimValueType = (typeof IdentityClaimValueType)[keyof typeof IdentityClaimValueType];
export const claimValueTypeNames = ['String', 'Int', 'Boolean', 'DateTime'] as const;

const valueType = Type.Integer({ minimum: 0, maximum: 3 });
const optionalText = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));

export const ClaimTypeDto = Type.Object({
  id: Guid,
  name: Type.String(),
  required: Type.Boolean(),
  isStatic: Type.Boolean(),
  regex: Nullable(Type.String()),
  regexDescription: Nullable(Type.String()),
  description: Nullable(Type.String()),
  valueType,
  valueTypeAsString: Type.String(),
  concurrencyStamp: Type.String(),
  creationTime: DateTime,
  extraProperties: ExtraProperties,
});
export type ClaimTypeDto = Static<typeof ClaimTypeDto>;

const claimTypeInputFields = {
  name: Type.String({ minLength: 1, maxLength: 256 }),
  required: Type.Optional(Type.Boolean()),
  regex: optionalText(512),
  regexDescription: optionalText(128),
  description: optionalText(256),
  valueType: Type.Optional(valueType),
};

export const CreateClaimTypeDto = Type.Object(claimTypeInputFields, { additionalProperties: false });
export type CreateClaimTypeDto = Static<typeof CreateClaimTypeDto>;

export const UpdateClaimTypeDto = Type.Object(
  { ...claimTypeInputFields, concurrencyStamp: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
);
export type UpdateClaimTypeDto = Static<typeof UpdateClaimTypeDto>;

export const GetIdentityClaimTypesInput = pagedQuery({ filter: Type.Optional(Type.String({ maxLength: 256 })) });
export type GetIdentityClaimTypesInput = Static<typeof GetIdentityClaimTypesInput>;

export const ClaimTypePagedResult = PagedResultDto(ClaimTypeDto);
export const ClaimTypeList = Type.Array(ClaimTypeDto);

const claimFields = {
  claimType: Type.String({ minLength: 1, maxLength: 256 }),
  claimValue: Type.Optional(Nullable(Type.String({ maxLength: 1024 }))),
};

export const IdentityUserClaimDto = Type.Object({ userId: Type.Optional(Nullable(Guid)), ...claimFields }, { additionalProperties: false });
export type IdentityUserClaimDto = Static<typeof IdentityUserClaimDto>;
export const IdentityRoleClaimDto = Type.Object({ roleId: Type.Optional(Nullable(Guid)), ...claimFields }, { additionalProperties: false });
export type IdentityRoleClaimDto = Static<typeof IdentityRoleClaimDto>;

export const IdentityUserClaimList = Type.Array(IdentityUserClaimDto, { maxItems: 256 });
export const IdentityRoleClaimList = Type.Array(IdentityRoleClaimDto, { maxItems: 256 });

/** The query of PUT /api/identity/roles/{id}/move-all-users: the role the users move to (absent = none). */
export const MoveAllUsersToRoleInput = Type.Object({ roleId: Type.Optional(Guid) });
export type MoveAllUsersToRoleInput = Static<typeof MoveAllUsersToRoleInput>;
