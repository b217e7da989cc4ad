// /api/permission-management/permissions (ABP contract 4.1). Rules:
// - providerName R (key = role name), U (key = user id) or C (key = OAuth client id);
// - GET lists the permissions that provider may hold on the current side, each with whether it is
//   granted and by which providers (a user's role grants show as {R, role} and lock the checkbox);
// - PUT carries only the changed entries and is applied as one transaction; an unknown name or one
//   the provider may not hold is a 400 and nothing is written.
import { type Static, Type } from 'typebox';
import { Nullable } from './common.ts';

export const PermissionProviderQuery = Type.Object({
  providerName: Type.String({ minLength: 1, maxLength: 64 }),
  providerKey: Type.String({ minLength: 1, maxLength: 256 }),
});
export type PermissionProviderQuery = Static<typeof PermissionProviderQuery>;

export const PermissionByGroupQuery = Type.Object({
  groupName: Type.String({ minLength: 1, maxLength: 128 }),
  providerName: Type.String({ minLength: 1, maxLength: 64 }),
  providerKey: Type.String({ minLength: 1, maxLength: 256 }),
});
export type PermissionByGroupQuery = Static<typeof PermissionByGroupQuery>;

export const ProviderInfoDto = Type.Object({ providerName: Type.String(), providerKey: Type.String() });

export const PermissionGrantInfoDto = Type.Object({
  name: Type.String(),
  displayName: Type.String(),
  parentName: Nullable(Type.String()),
  isGranted: Type.Boolean(),
  allowedProviders: Type.Array(Type.String()),
  grantedProviders: Type.Array(ProviderInfoDto),
});
export type PermissionGrantInfoDto = Static<typeof PermissionGrantInfoDto>;

export const PermissionGroupDto = Type.Object({
  name: Type.String(),
  displayName: Type.String(),
  displayNameKey: Nullable(Type.String()),
  displayNameResource: Nullable(Type.String()),
  permissions: Type.Array(PermissionGrantInfoDto),
});
export type PermissionGroupDto = Static<typeof PermissionGroupDto>;

export const GetPermissionListResultDto = Type.Object({
  entityDisplayName: Type.String(),
  groups: Type.Array(PermissionGroupDto),
});
export type GetPermissionListResultDto = Static<typeof GetPermissionListResultDto>;

export const UpdatePermissionDto = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 128 }), isGranted: Type.Boolean() },
  { additionalProperties: false },
);

export const UpdatePermissionsDto = Type.Object(
  { permissions: Type.Array(UpdatePermissionDto, { maxItems: 1000 }) },
  { additionalProperties: false },
);
export type UpdatePermissionsDto = Static<typeof UpdatePermissionsDto>;
