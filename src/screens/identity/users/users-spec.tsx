// Users (/identity/users; spec 2.2, 3, 6 AbpIdentity.Users, 7.13) as a spec of the resource kit.
// Rules: the free text and spec 3's advanced filters (role, organization unit, user name, phone,
// e-mail, name, surname, locked out, not active, e-mail confirmed, external, creation and
// modification ranges) are the list's query, its export's and its "all matching" bulk actions';
// create/edit is one modal with tabs (user information; roles among the assignable ones, the
// defaults preselected on create; organization units; claims checked against their types); the
// password is asked on create only (Set password is the row action after that, its policy errors
// on the field from the server); lock until a future date-time (one user, or in bulk: the same form
// before 'Are you sure?') / unlock; two-factor on/off; the
// permission modal of provider 'U' (grants through a role or unit shown locked, naming the source);
// the user's sessions with revoke; delete. Export is ABP's download-token then a browser navigation.
import { Type } from 'typebox';
import type { EntityFieldErrors, EntityValues } from '../../../../machines/generic/entity-form.machine.ts';
import type { BulkTarget, BulkValues } from '../../../../machines/generic/list-selection.machine.ts';
import {
  type BulkUserAction,
  createUser,
  deleteUser,
  getAssignableRoles,
  getAvailableOrganizationUnits,
  getDownloadToken,
  getUser,
  getUserClaims,
  getUserClaimTypes,
  getUserOrganizationUnits,
  getUserRoles,
  getUsers,
  type IdentityUserDto,
  lockUser,
  runBulkUserAction,
  setTwoFactor,
  setUserPassword,
  unlockUser,
  updateUser,
  updateUserClaims,
  userFileUrl,
} from '../../../api/identity-users.ts';
import type { Http } from '../../../api/http.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { Badge, clusterClass } from '../../../ui/index.ts';
import { claimsForm, claimsOf, claimTypeOption, kitClaimTexts } from '../../../views/kit/claims.ts';
import { dateTimeFormatter } from '../../../views/kit/date-format.ts';
import type { KitTextKey } from '../../../views/kit/kit-texts.ts';
import { abpFilterQuery, abpListQuery, type FormFieldSpec, type ResourceSpec } from '../../../views/kit/resource-spec.ts';
import { schemaValidator } from '../../../views/kit/schema-validator.ts';
import { UserSessions } from './user-sessions.tsx';
import { bulkBody, defaultLockEnd, lockEndOf, type UsersKey, unitOptions, userValidator, usersFilters } from './users-rules.ts';

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** What the screen gives the spec from the session: who is signed in, and how to sign in as another user. */
export interface SessionHooks {
  currentUserId: string | null;
  impersonate: (userId: string) => void;
}

export function usersSpec(
  t: AreaTranslate<UsersKey>,
  kit: AreaTranslate<KitTextKey>,
  locale: string,
  session: SessionHooks = { currentUserId: null, impersonate: () => {} },
): ResourceSpec<IdentityUserDto> {
  const when = dateTimeFormatter(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const filters = usersFilters(t);
  const labels = {
    userName: t('userName'),
    name: t('name'),
    surname: t('surname'),
    email: t('email'),
    phoneNumber: t('phoneNumber'),
    password: t('password'),
    newPassword: t('newPassword'),
    lockoutEnd: t('lockUntil'),
  };
  const fieldTexts = {
    required: (label: string) => kit('fieldRequired', label),
    tooLong: (label: string, limit: number) => kit('fieldTooLong', label, limit),
    invalid: (label: string) => kit('fieldInvalid', label),
  };
  const validateUser = userValidator(labels, fieldTexts, kitClaimTexts(kit));
  // Lock until (one user or in bulk): a future date-time, offered one day ahead.
  const lockUntil: FormFieldSpec = { name: 'lockoutEnd', label: labels.lockoutEnd, kind: 'dateTime', isRequired: true };
  const validateLockEnd = (values: EntityValues): EntityFieldErrors => {
    const end = lockEndOf(values.lockoutEnd, Date.now());
    return 'error' in end ? { lockoutEnd: t(end.error) } : {};
  };
  const lockEndIso = (values: EntityValues) => {
    const end = lockEndOf(values.lockoutEnd, Date.now());
    if ('error' in end) throw new Error(t(end.error));
    return end.iso;
  };
  const bulk = (id: BulkUserAction, label: string, permission: string, body: (values: BulkValues) => object = () => ({})) => ({
    id,
    label,
    permission,
    run: async (http: Http, target: BulkTarget, signal: AbortSignal, values: BulkValues = {}) => {
      const report = await runBulkUserAction(http, id, bulkBody(target, filters, body(values)), signal);
      return { done: report.done, skipped: report.skipped.length, failed: report.failed };
    },
  });
  const loadChoices = async (http: Http, signal: AbortSignal) => {
    const [roles, units, types] = await Promise.all([
      getAssignableRoles(http, signal),
      getAvailableOrganizationUnits(http, signal),
      getUserClaimTypes(http, signal),
    ]);
    return {
      __roles: roles.map((role) => ({ id: role.name, label: role.name })),
      __defaultRoles: roles.filter((role) => role.isDefault).map((role) => role.name),
      __units: unitOptions(units),
      __claimTypes: types.map(claimTypeOption),
    };
  };
  const status = (user: IdentityUserDto) => (
    <span className={clusterClass}>
      {user.isActive ? <Badge variant="success">{t('active')}</Badge> : <Badge variant="light">{t('inactive')}</Badge>}
      {user.isLockedOut && <Badge variant="danger">{t('locked')}</Badge>}
      {user.twoFactorEnabled && <Badge variant="info">{t('twoFactor')}</Badge>}
    </span>
  );

  return {
    title: t('title'),
    tableLabel: t('table'),
    getId: (user) => user.id,
    getLabel: (user) => user.userName,
    defaultSorting: { id: 'userName', direction: 'asc' },
    filters,
    columns: [
      { id: 'userName', header: t('userName'), sortable: true, cell: (user) => user.userName },
      { id: 'email', header: t('email'), sortable: true, cell: (user) => user.email, dir: 'ltr' },
      { id: 'phoneNumber', header: t('phoneNumber'), cell: (user) => user.phoneNumber ?? '' },
      { id: 'roles', header: t('roles'), cell: (user) => user.roleNames.join(', ') },
      { id: 'status', header: t('status'), cell: status },
      { id: 'creationTime', header: t('creationTime'), sortable: true, cell: (user) => when(user.creationTime) },
    ],
    list: (http, query, signal) => getUsers(http, abpListQuery(query, filters), signal),
    export: {
      resource: 'users',
      formats: ['csv', 'xlsx'],
      permission: 'AbpIdentity.Users.Export',
      request: async (http, { format, filters: values }, signal) => {
        const token = await getDownloadToken(http, signal);
        const path = format === 'csv' ? 'export-as-csv' : 'export-as-excel';
        return { kind: 'link', url: userFileUrl(path, { ...abpFilterQuery(values, filters), token }), fileName: `UserList.${format}` };
      },
    },
    permissions: { providerName: 'U', providerKey: (user) => user.id, policy: 'AbpIdentity.Users.ManagePermissions' },
    bulkActions: [
      {
        ...bulk('lock', t('bulkLock'), 'AbpIdentity.Users.Update', (values) => ({ lockoutEnd: lockEndIso(values) })),
        dialog: {
          title: t('bulkLockTitle'),
          fields: [lockUntil],
          initialValues: () => ({ lockoutEnd: defaultLockEnd(Date.now()) }),
          validate: validateLockEnd,
        },
      },
      bulk('unlock', t('bulkUnlock'), 'AbpIdentity.Users.Update'),
      bulk('activate', t('bulkActivate'), 'AbpIdentity.Users.Update'),
      bulk('deactivate', t('bulkDeactivate'), 'AbpIdentity.Users.Update'),
      bulk('delete', t('bulkDelete'), 'AbpIdentity.Users.Delete'),
    ],
    form: {
      entityName: t('entityName'),
      createPermission: 'AbpIdentity.Users.Create',
      updatePermission: 'AbpIdentity.Users.Update',
      initialValues: {},
      tabs: [
        {
          id: 'info',
          label: t('tabInfo'),
          fields: [
            'userName',
            'name',
            'surname',
            'email',
            'phoneNumber',
            'password',
            'isActive',
            'lockoutEnabled',
            'shouldChangePasswordOnNextLogin',
            'emailConfirmed',
            'phoneNumberConfirmed',
          ],
        },
        { id: 'roles', label: t('roles'), fields: ['roleNames'] },
        { id: 'units', label: t('units'), fields: ['organizationUnitIds'] },
        { id: 'claims', label: t('claims'), fields: ['claims'] },
      ],
      fields: (isCreate) => [
        { name: 'userName', label: labels.userName, kind: 'text', isRequired: true, maxLength: 256, autoComplete: 'off' },
        { name: 'name', label: labels.name, kind: 'text', maxLength: 64 },
        { name: 'surname', label: labels.surname, kind: 'text', maxLength: 64 },
        { name: 'email', label: labels.email, kind: 'text', isRequired: true, maxLength: 256, autoComplete: 'off' },
        { name: 'phoneNumber', label: labels.phoneNumber, kind: 'text', maxLength: 16 },
        ...(isCreate ? [{ name: 'password', label: labels.password, kind: 'password' as const, isRequired: true, maxLength: 128 }] : []),
        { name: 'isActive', label: t('isActive'), kind: 'checkbox' },
        { name: 'lockoutEnabled', label: t('lockoutEnabled'), kind: 'checkbox' },
        { name: 'shouldChangePasswordOnNextLogin', label: t('shouldChangePassword'), kind: 'checkbox' },
        { name: 'emailConfirmed', label: t('emailConfirmed'), kind: 'checkbox' },
        { name: 'phoneNumberConfirmed', label: t('phoneConfirmed'), kind: 'checkbox' },
        { name: 'roleNames', label: t('roles'), kind: 'multiSelect', optionsFrom: '__roles' },
        { name: 'organizationUnitIds', label: t('units'), kind: 'multiSelect', optionsFrom: '__units' },
        { name: 'claims', label: t('claims'), kind: 'claims', optionsFrom: '__claimTypes' },
      ],
      validate: validateUser,
      loadNew: async (http, signal) => {
        const choices = await loadChoices(http, signal);
        return {
          values: {
            __isCreate: true,
            userName: '',
            name: '',
            surname: '',
            email: '',
            phoneNumber: '',
            password: '',
            isActive: true,
            lockoutEnabled: true,
            shouldChangePasswordOnNextLogin: false,
            emailConfirmed: false,
            phoneNumberConfirmed: false,
            roleNames: choices.__defaultRoles,
            organizationUnitIds: [],
            claims: [],
            ...choices,
          },
          concurrencyStamp: null,
        };
      },
      load: async (http, id, signal) => {
        const [user, roles, units, claims, choices] = await Promise.all([
          getUser(http, id, signal),
          getUserRoles(http, id, signal),
          getUserOrganizationUnits(http, id, signal),
          getUserClaims(http, id, signal),
          loadChoices(http, signal),
        ]);
        return {
          values: {
            userName: user.userName,
            name: user.name ?? '',
            surname: user.surname ?? '',
            email: user.email,
            phoneNumber: user.phoneNumber ?? '',
            isActive: user.isActive,
            lockoutEnabled: user.lockoutEnabled,
            shouldChangePasswordOnNextLogin: user.shouldChangePasswordOnNextLogin,
            emailConfirmed: user.emailConfirmed,
            phoneNumberConfirmed: user.phoneNumberConfirmed,
            roleNames: roles.map((role) => role.name),
            organizationUnitIds: units.map((unit) => unit.id),
            claims: claims.map((claim) => ({ claimType: claim.claimType, claimValue: claim.claimValue ?? '' })),
            ...choices,
          },
          concurrencyStamp: user.concurrencyStamp,
        };
      },
      save: async (http, { id, values, concurrencyStamp }) => {
        const body = {
          userName: String(values.userName ?? '').trim(),
          name: text(values.name),
          surname: text(values.surname),
          email: String(values.email ?? '').trim(),
          phoneNumber: text(values.phoneNumber),
          isActive: values.isActive === true,
          lockoutEnabled: values.lockoutEnabled === true,
          shouldChangePasswordOnNextLogin: values.shouldChangePasswordOnNextLogin === true,
          emailConfirmed: values.emailConfirmed === true,
          phoneNumberConfirmed: values.phoneNumberConfirmed === true,
          roleNames: Array.isArray(values.roleNames) ? (values.roleNames as string[]) : [],
          organizationUnitIds: Array.isArray(values.organizationUnitIds) ? (values.organizationUnitIds as string[]) : [],
        };
        const saved =
          id === null
            ? await createUser(http, { ...body, password: String(values.password ?? '') })
            : await updateUser(http, id, { ...body, concurrencyStamp: concurrencyStamp ?? '' });
        await updateUserClaims(http, saved.id, claimsOf(values.claims));
        return saved;
      },
    },
    rowActions: [
      {
        id: 'claims',
        label: t('claims'),
        permission: 'AbpIdentity.Users.Update',
        dialogTitle: (user) => t('claimsTitle', user.userName),
        dialog: claimsForm<IdentityUserDto>({
          label: t('claims'),
          texts: kitClaimTexts(kit),
          loadClaims: getUserClaims,
          loadTypes: getUserClaimTypes,
          saveClaims: updateUserClaims,
        }),
      },
      {
        id: 'setPassword',
        label: t('setPassword'),
        permission: 'AbpIdentity.Users.Update',
        dialogTitle: (user) => t('setPasswordTitle', user.userName),
        dialog: {
          entityName: t('setPassword'),
          initialValues: {},
          fields: [{ name: 'newPassword', label: labels.newPassword, kind: 'password', isRequired: true, maxLength: 128 }],
          validate: schemaValidator(Type.Object({ newPassword: Type.String({ minLength: 1, maxLength: 128 }) }), labels, fieldTexts),
          load: async () => ({ values: { newPassword: '' }, concurrencyStamp: null }),
          save: (http, { id, values }) => setUserPassword(http, id ?? '', String(values.newPassword ?? '')),
        },
      },
      {
        id: 'lock',
        label: t('lock'),
        permission: 'AbpIdentity.Users.Update',
        isAvailable: (user) => !user.isLockedOut && user.lockoutEnabled,
        dialogTitle: (user) => t('lockTitle', user.userName),
        dialog: {
          entityName: t('lock'),
          initialValues: {},
          fields: [lockUntil],
          validate: validateLockEnd,
          load: async () => ({ values: { lockoutEnd: defaultLockEnd(Date.now()) }, concurrencyStamp: null }),
          save: async (http, { id, values }) => lockUser(http, id ?? '', lockEndIso(values)),
        },
      },
      {
        id: 'unlock',
        label: t('unlock'),
        permission: 'AbpIdentity.Users.Update',
        isAvailable: (user) => user.isLockedOut,
        successText: t('unlocked'),
        run: (http, user) => unlockUser(http, user.id),
      },
      {
        id: 'enableTwoFactor',
        label: t('enableTwoFactor'),
        permission: 'AbpIdentity.Users.Update',
        isAvailable: (user) => !user.twoFactorEnabled,
        successText: t('twoFactorChanged'),
        run: (http, user) => setTwoFactor(http, user.id, true),
      },
      {
        id: 'disableTwoFactor',
        label: t('disableTwoFactor'),
        permission: 'AbpIdentity.Users.Update',
        isAvailable: (user) => user.twoFactorEnabled,
        successText: t('twoFactorChanged'),
        run: (http, user) => setTwoFactor(http, user.id, false),
      },
      {
        id: 'sessions',
        label: t('sessions'),
        permission: 'AbpIdentity.Sessions',
        dialogTitle: (user) => t('sessionsTitle', user.userName),
        panel: ({ item }) => <UserSessions userId={item.id} />,
      },
      {
        // The auth machine runs the Impersonation grant (auth.impersonate) and takes the app home.
        id: 'impersonate',
        label: t('impersonate'),
        permission: 'AbpIdentity.Users.Impersonation',
        isAvailable: (user) => user.id !== session.currentUserId && user.isActive,
        confirm: (user) => t('impersonateConfirm', user.userName),
        successText: t('impersonateStarted'),
        run: async (_, user) => session.impersonate(user.id),
      },
      {
        id: 'delete',
        label: kit('delete'),
        icon: 'x',
        isDanger: true,
        permission: 'AbpIdentity.Users.Delete',
        confirm: (user) => t('deleteConfirm', user.userName),
        removesRow: true,
        successText: kit('successfullyDeleted'),
        run: (http, user) => deleteUser(http, user.id),
      },
    ],
  };
}
