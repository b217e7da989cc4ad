// Organization units on the wire (ABP contract 7.2, Identity Pro's OrganizationUnitAppService and the
// user lookups that list units). Rules:
// - bodies are closed objects: code, parentId on update, tenantId or any other server-owned field
//   is dropped before the handler sees it; the code is always computed by the server;
// - `code` is the dotted 5-digit path ("00001.00002"): sorting by it lists the tree depth-first;
// - userCount counts the unit's own live members (not its descendants').
import { type Static, Type } from 'typebox';
import { DateTime, ExtraProperties, fullAuditedFields, Guid, ListResultDto, Nullable, PagedResultDto, pagedQuery } from './common.ts';
import { IdentityRoleDto } from './identity.ts';

const displayName = Type.String({ minLength: 1, maxLength: 128 });

export const OrganizationUnitWithDetailsDto = Type.Object({
  id: Guid,
  parentId: Nullable(Guid),
  code: Type.String(),
  displayName: Type.String(),
  roles: Type.Array(IdentityRoleDto),
  userCount: Type.Integer(),
  concurrencyStamp: Type.String(),
  ...fullAuditedFields,
  extraProperties: ExtraProperties,
});
export type OrganizationUnitWithDetailsDto = Static<typeof OrganizationUnitWithDetailsDto>;

/** A role link of a unit, as OrganizationUnitDto lists them. */
export const OrganizationUnitRoleDto = Type.Object({
  organizationUnitId: Guid,
  roleId: Guid,
  creationTime: DateTime,
  creatorId: Nullable(Guid),
});
export type OrganizationUnitRoleDto = Static<typeof OrganizationUnitRoleDto>;

export const OrganizationUnitDto = Type.Object({
  id: Guid,
  parentId: Nullable(Guid),
  code: Type.String(),
  displayName: Type.String(),
  roles: Type.Array(OrganizationUnitRoleDto),
  ...fullAuditedFields,
  extraProperties: ExtraProperties,
});
export type OrganizationUnitDto = Static<typeof OrganizationUnitDto>;

export const OrganizationUnitCreateDto = Type.Object(
  { displayName, parentId: Type.Optional(Nullable(Guid)) },
  { additionalProperties: false },
);
export type OrganizationUnitCreateDto = Static<typeof OrganizationUnitCreateDto>;

export const OrganizationUnitUpdateDto = Type.Object(
  { displayName, concurrencyStamp: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
);
export type OrganizationUnitUpdateDto = Static<typeof OrganizationUnitUpdateDto>;

/** newParentId null or absent moves the unit to the root. */
export const OrganizationUnitMoveInput = Type.Object({ newParentId: Type.Optional(Nullable(Guid)) }, { additionalProperties: false });
export type OrganizationUnitMoveInput = Static<typeof OrganizationUnitMoveInput>;

export const OrganizationUnitRoleInput = Type.Object({ roleIds: Type.Array(Guid, { maxItems: 1000 }) }, { additionalProperties: false });
export type OrganizationUnitRoleInput = Static<typeof OrganizationUnitRoleInput>;

export const OrganizationUnitUserInput = Type.Object({ userIds: Type.Array(Guid, { maxItems: 1000 }) }, { additionalProperties: false });
export type OrganizationUnitUserInput = Static<typeof OrganizationUnitUserInput>;

const filter = Type.Optional(Type.String({ maxLength: 256 }));

export const GetOrganizationUnitInput = pagedQuery({ filter });
export type GetOrganizationUnitInput = Static<typeof GetOrganizationUnitInput>;

/** Roles (or users) not yet in unit `id`; without `id`, all of them. */
export const GetAvailableRolesInput = pagedQuery({ filter, id: Type.Optional(Guid) });
export type GetAvailableRolesInput = Static<typeof GetAvailableRolesInput>;
export const GetAvailableUsersInput = pagedQuery({ filter, id: Type.Optional(Guid) });
export type GetAvailableUsersInput = Static<typeof GetAvailableUsersInput>;

export const GetOrganizationUnitRolesInput = pagedQuery({});
export type GetOrganizationUnitRolesInput = Static<typeof GetOrganizationUnitRolesInput>;

export const DeleteOrganizationUnitInput = Type.Object({ id: Guid }, { additionalProperties: false });

/** The target unit of move-all-users; absent = the users just leave the unit. */
export const MoveAllUsersToUnitInput = Type.Object({ organizationId: Type.Optional(Guid) });
export type MoveAllUsersToUnitInput = Static<typeof MoveAllUsersToUnitInput>;

export const OrganizationUnitPagedResult = PagedResultDto(OrganizationUnitWithDetailsDto);
export const OrganizationUnitListResult = ListResultDto(OrganizationUnitWithDetailsDto);

export const OrganizationUnitLookupDto = Type.Object({ id: Guid, displayName: Type.String() });
export type OrganizationUnitLookupDto = Static<typeof OrganizationUnitLookupDto>;
export const IdentityRoleLookupDto = Type.Object({ id: Guid, name: Type.String() });
export type IdentityRoleLookupDto = Static<typeof IdentityRoleLookupDto>;
