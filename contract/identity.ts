// Identity users and roles on the wire (ABP contract 7.1, with the Identity Pro fields that the
// server can fill, 7.2). Rules:
// - bodies are closed objects (additionalProperties: false) and Fastify's validator strips unknown
//   members, so tenantId, id, isStatic, creatorId or any other server-owned field sent by a client
//   is dropped before the handler sees it (mass assignment);
// - extraProperties in a body is dropped too: no extension properties are defined for these entities;
// - a user DTO never carries a password hash or security stamp.
import { type Static, Type } from 'typebox';
import {
  DateTime,
  EstimatedPagedResultDto,
  ExtraProperties,
  fullAuditedFields,
  Guid,
  ListResultDto,
  Nullable,
  PagedResultDto,
  pagedQuery,
} from './common.ts';

const optionalText = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));

/** The fields of UserData, the small user record; IdentityUserDto starts with the same ones. */
const userDataFields = {
  id: Guid,
  tenantId: Nullable(Guid),
  userName: Type.String(),
  name: Nullable(Type.String()),
  surname: Nullable(Type.String()),
  email: Type.String(),
  emailConfirmed: Type.Boolean(),
  phoneNumber: Nullable(Type.String()),
  phoneNumberConfirmed: Type.Boolean(),
  isActive: Type.Boolean(),
};

export const IdentityUserDto = Type.Object({
  ...userDataFields,
  lockoutEnabled: Type.Boolean(),
  lockoutEnd: Nullable(DateTime),
  isLockedOut: Type.Boolean(),
  accessFailedCount: Type.Integer(),
  lastPasswordChangeTime: Nullable(DateTime),
  supportTwoFactor: Type.Boolean(),
  twoFactorEnabled: Type.Boolean(),
  shouldChangePasswordOnNextLogin: Type.Boolean(),
  isExternal: Type.Boolean(),
  roleNames: Type.Array(Type.String()),
  entityVersion: Type.Integer(),
  concurrencyStamp: Type.String(),
  ...fullAuditedFields,
  extraProperties: ExtraProperties,
});
export type IdentityUserDto = Static<typeof IdentityUserDto>;

const userInputFields = {
  userName: Type.String({ minLength: 1, maxLength: 256 }),
  name: optionalText(64),
  surname: optionalText(64),
  email: Type.String({ format: 'email', minLength: 1, maxLength: 256 }),
  phoneNumber: optionalText(16),
  isActive: Type.Optional(Type.Boolean()),
  lockoutEnabled: Type.Optional(Type.Boolean()),
  shouldChangePasswordOnNextLogin: Type.Optional(Type.Boolean()),
  emailConfirmed: Type.Optional(Type.Boolean()),
  phoneNumberConfirmed: Type.Optional(Type.Boolean()),
  roleNames: Type.Optional(Nullable(Type.Array(Type.String({ maxLength: 256 }), { maxItems: 256 }))),
  // Identity Pro: the user's organization units, replaced as a whole (needs AbpIdentity.Users.Update.ManageOU).
  organizationUnitIds: Type.Optional(Nullable(Type.Array(Guid, { maxItems: 256 }))),
};

export const IdentityUserCreateDto = Type.Object(
  { ...userInputFields, password: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);
export type IdentityUserCreateDto = Static<typeof IdentityUserCreateDto>;

export const IdentityUserUpdateDto = Type.Object(
  {
    ...userInputFields,
    // Empty or absent keeps the current password (Angular sends "" when the field is left blank).
    password: Type.Optional(Nullable(Type.String({ maxLength: 128 }))),
    concurrencyStamp: Type.String({ minLength: 1, maxLength: 40 }),
  },
  { additionalProperties: false },
);
export type IdentityUserUpdateDto = Static<typeof IdentityUserUpdateDto>;

export const IdentityUserUpdateRolesDto = Type.Object(
  { roleNames: Type.Array(Type.String({ maxLength: 256 }), { maxItems: 256 }) },
  { additionalProperties: false },
);
export type IdentityUserUpdateRolesDto = Static<typeof IdentityUserUpdateRolesDto>;

const flag = Type.Optional(Type.Boolean());
export const GetIdentityUsersInput = pagedQuery({
  filter: Type.Optional(Type.String({ maxLength: 256 })),
  roleId: Type.Optional(Guid),
  /** Members of this organization unit (its own members, as ABP filters). */
  organizationUnitId: Type.Optional(Guid),
  /** One user by id (spec 3). */
  id: Type.Optional(Guid),
  userName: Type.Optional(Type.String({ maxLength: 256 })),
  emailAddress: Type.Optional(Type.String({ maxLength: 256 })),
  name: Type.Optional(Type.String({ maxLength: 64 })),
  surname: Type.Optional(Type.String({ maxLength: 64 })),
  phoneNumber: Type.Optional(Type.String({ maxLength: 16 })),
  isLockedOut: flag,
  notActive: flag,
  emailConfirmed: flag,
  isExternal: flag,
  minCreationTime: Type.Optional(DateTime),
  maxCreationTime: Type.Optional(DateTime),
  /** Last modification time bounds, inclusive; spelled as ABP spells them (spec 3). */
  minModifitionTime: Type.Optional(DateTime),
  maxModifitionTime: Type.Optional(DateTime),
});
export type GetIdentityUsersInput = Static<typeof GetIdentityUsersInput>;

export const IdentityUserPagedResult = EstimatedPagedResultDto(IdentityUserDto);

export const IdentityRoleDto = Type.Object({
  id: Guid,
  name: Type.String(),
  isDefault: Type.Boolean(),
  isStatic: Type.Boolean(),
  isPublic: Type.Boolean(),
  userCount: Type.Integer(),
  creationTime: DateTime,
  concurrencyStamp: Type.String(),
  extraProperties: ExtraProperties,
});
export type IdentityRoleDto = Static<typeof IdentityRoleDto>;

const roleInputFields = {
  name: Type.String({ minLength: 1, maxLength: 256 }),
  isDefault: Type.Optional(Type.Boolean({ default: false })),
  isPublic: Type.Optional(Type.Boolean({ default: false })),
};

export const IdentityRoleCreateDto = Type.Object(roleInputFields, { additionalProperties: false });
export type IdentityRoleCreateDto = Static<typeof IdentityRoleCreateDto>;

export const IdentityRoleUpdateDto = Type.Object(
  { ...roleInputFields, concurrencyStamp: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
);
export type IdentityRoleUpdateDto = Static<typeof IdentityRoleUpdateDto>;

export const GetIdentityRolesInput = pagedQuery({ filter: Type.Optional(Type.String({ maxLength: 256 })) });
export type GetIdentityRolesInput = Static<typeof GetIdentityRolesInput>;

export const IdentityRolePagedResult = PagedResultDto(IdentityRoleDto);
export const IdentityRoleListResult = ListResultDto(IdentityRoleDto);

/** UserData: the small user record other modules look up (AbpIdentity.UserLookup). */
export const UserData = Type.Object({ ...userDataFields, extraProperties: ExtraProperties });
export type UserData = Static<typeof UserData>;

export const UserLookupSearchInput = pagedQuery({ filter: Type.Optional(Type.String({ maxLength: 256 })) });
export type UserLookupSearchInput = Static<typeof UserLookupSearchInput>;
export const UserLookupCountInput = Type.Object({ filter: Type.Optional(Type.String({ maxLength: 256 })) });
export const UserDataListResult = ListResultDto(UserData);
