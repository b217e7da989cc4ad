// Roles (/identity/roles; spec 2.2, 6 AbpIdentity.Roles, 7.13) as a spec of the resource kit. Rules:
// the name shows the default / public / static badges; a static role keeps its name (the field is
// read-only, the server refuses a rename too) and cannot be deleted; deleting says its users lose
// the role; Claims edits the role's claims against the claim types (regex and value type checked
// here and by the server); Permissions is the permission modal of provider 'R' with the role's name;
// Move all users moves every user of the role to another role (or none); Export is every matching
// role as CSV or Excel.
import { useMemo } from 'react';
import { IdentityRoleCreateDto } from '../../../../contract/identity.ts';
import {
  createRole,
  deleteRole,
  getAllRoles,
  getRole,
  getRoleClaims,
  getRoleClaimTypes,
  getRoles,
  type IdentityRoleDto,
  moveAllUsersOfRole,
  updateRole,
  updateRoleClaims,
} from '../../../api/identity-roles.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { Badge, clusterClass } from '../../../ui/index.ts';
import { dateTimeFormatter } from '../../../views/kit/date-format.ts';
import { claimsForm, kitClaimTexts } from '../../../views/kit/claims.ts';
import { type KitTextKey, kitTexts } from '../../../views/kit/kit-texts.ts';
import { listExport } from '../../../views/kit/list-export.ts';
import { ResourceScreen } from '../../../views/kit/resource-screen.tsx';
import { abpListQuery, type ResourceSpec } from '../../../views/kit/resource-spec.ts';
import { schemaValidator } from '../../../views/kit/schema-validator.ts';
import { rolesTexts } from './roles-texts.ts';

type RolesKey = Parameters<ReturnType<typeof rolesTexts>>[0];

export function rolesSpec(t: AreaTranslate<RolesKey>, kit: AreaTranslate<KitTextKey>, locale: string): ResourceSpec<IdentityRoleDto> {
  const labels = { name: t('name'), isDefault: t('isDefault'), isPublic: t('isPublic') };
  const dateTime = dateTimeFormatter(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    title: t('title'),
    tableLabel: t('table'),
    getId: (role) => role.id,
    getLabel: (role) => role.name,
    defaultSorting: { id: 'name', direction: 'asc' },
    columns: [
      {
        id: 'name',
        header: t('name'),
        sortable: true,
        cell: (role) => (
          <span className={clusterClass}>
            <span>{role.name}</span>
            {role.isDefault && <Badge variant="info">{t('isDefault')}</Badge>}
            {role.isPublic && <Badge variant="light">{t('isPublic')}</Badge>}
            {role.isStatic && <Badge variant="warning">{t('isStatic')}</Badge>}
          </span>
        ),
      },
      { id: 'userCount', header: t('userCount'), align: 'end', cell: (role) => String(role.userCount) },
      { id: 'creationTime', header: t('creationTime'), sortable: true, cell: (role) => dateTime(role.creationTime) },
    ],
    list: (http, query, signal) => getRoles(http, abpListQuery(query), signal),
    export: listExport('/api/identity/roles', { resource: 'roles', fileName: 'Roles' }),
    permissions: { providerName: 'R', providerKey: (role) => role.name, policy: 'AbpIdentity.Roles.ManagePermissions' },
    form: {
      entityName: t('entityName'),
      createPermission: 'AbpIdentity.Roles.Create',
      updatePermission: 'AbpIdentity.Roles.Update',
      initialValues: { name: '', isDefault: false, isPublic: false, isStatic: false },
      fields: [
        {
          name: 'name',
          label: labels.name,
          kind: 'text',
          isRequired: true,
          maxLength: 256,
          isReadOnly: (values) => values.isStatic === true,
        },
        { name: 'isDefault', label: labels.isDefault, kind: 'checkbox' },
        { name: 'isPublic', label: labels.isPublic, kind: 'checkbox' },
      ],
      validate: schemaValidator(IdentityRoleCreateDto, labels, {
        required: (label) => kit('fieldRequired', label),
        tooLong: (label, limit) => kit('fieldTooLong', label, limit),
        invalid: (label) => kit('fieldInvalid', label),
      }),
      load: async (http, id, signal) => {
        const role = await getRole(http, id, signal);
        return {
          values: { name: role.name, isDefault: role.isDefault, isPublic: role.isPublic, isStatic: role.isStatic },
          concurrencyStamp: role.concurrencyStamp,
        };
      },
      save: (http, { id, values, concurrencyStamp }) => {
        const body = { name: String(values.name ?? '').trim(), isDefault: values.isDefault === true, isPublic: values.isPublic === true };
        return id === null ? createRole(http, body) : updateRole(http, id, { ...body, concurrencyStamp: concurrencyStamp ?? '' });
      },
    },
    rowActions: [
      {
        id: 'claims',
        label: t('claims'),
        permission: 'AbpIdentity.Roles.Update',
        dialogTitle: (role) => t('claimsTitle', role.name),
        dialog: claimsForm<IdentityRoleDto>({
          label: t('claims'),
          texts: kitClaimTexts(kit),
          loadClaims: getRoleClaims,
          loadTypes: getRoleClaimTypes,
          saveClaims: updateRoleClaims,
        }),
      },
      {
        id: 'moveAllUsers',
        label: t('moveAllUsers'),
        permission: 'AbpIdentity.Roles.Update',
        isAvailable: (role) => role.userCount > 0,
        dialogTitle: (role) => t('moveAllUsersTitle', role.name),
        dialog: {
          entityName: t('moveAllUsers'),
          initialValues: {},
          fields: [{ name: 'roleId', label: t('targetRole'), kind: 'select', optionsFrom: '__roles' }],
          validate: () => ({}),
          load: async (http, id, signal) => {
            const [role, roles] = await Promise.all([getRole(http, id, signal), getAllRoles(http, signal)]);
            return {
              values: {
                roleId: 'none',
                __roles: [
                  { id: 'none', label: t('noTargetRole', role.name) },
                  ...roles.filter((one) => one.id !== id).map((one) => ({ id: one.id, label: one.name })),
                ],
              },
              concurrencyStamp: null,
            };
          },
          save: (http, { id, values }) =>
            moveAllUsersOfRole(http, id ?? '', typeof values.roleId === 'string' && values.roleId !== 'none' ? values.roleId : null),
        },
      },
      {
        id: 'delete',
        label: kit('delete'),
        icon: 'x',
        isDanger: true,
        permission: 'AbpIdentity.Roles.Delete',
        isAvailable: (role) => !role.isStatic,
        confirm: (role) => t('deleteConfirm', role.name, role.userCount),
        removesRow: true,
        successText: kit('successfullyDeleted'),
        run: (http, role) => deleteRole(http, role.id),
      },
    ],
  };
}

export default function RolesScreen() {
  const t = useAreaTexts(rolesTexts);
  const kit = useAreaTexts(kitTexts);
  const locale = typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en';
  const spec = useMemo(() => rolesSpec(t, kit, locale), [t, kit, locale]);
  return <ResourceScreen spec={spec} />;
}
