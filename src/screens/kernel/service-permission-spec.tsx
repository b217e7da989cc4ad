// The service permissions list (finance-domain.md "Kernel"; /api/app/service-permission) as a spec
// of the resource kit, used by the Service permissions screen (every service, a service filter)
// and inside the services tree's panel (one service, fixed). Rules: a grant names a role, a user
// or a party type (PersonType lookup), chosen from the list of that kind (a list the caller may
// not read stays empty); limits are optional, need a currency (the tenant's currencies) and are
// decimal strings with at most its decimals, never numbers; the service and the grantee are fixed
// once granted (edit changes the limits only).
import { CreateServicePermissionDto } from '../../../contract/kernel.ts';
import type { EntityValues } from '../../../machines/generic/entity-form.machine.ts';
import { getCurrencies } from '../../api/currencies.ts';
import type { Http } from '../../api/http.ts';
import { getAllRoles } from '../../api/identity-roles.ts';
import { getUsers } from '../../api/identity-users.ts';
import {
  createServicePermission,
  deleteServicePermission,
  getAllServices,
  getServicePermission,
  getServicePermissions,
  type ServicePermissionDto,
  updateServicePermission,
} from '../../api/kernel.ts';
import { getLookupOptions, getLookupValues } from '../../api/lookups.ts';
import type { AreaTranslate } from '../../i18n/define-texts.ts';
import type { KitTextKey } from '../../views/kit/kit-texts.ts';
import { abpListQuery, type FilterSpec, type FormFieldSpec, type Option, type ResourceSpec } from '../../views/kit/resource-spec.ts';
import { schemaValidator } from '../../views/kit/schema-validator.ts';
import type { kernelTexts } from './kernel-texts.ts';
import { limitErrors, limitsOf } from './limit-fields.ts';

type KernelKey = Parameters<ReturnType<typeof kernelTexts>>[0];
type Texts = AreaTranslate<KernelKey>;

const quietly = async (load: () => Promise<Option[]>) => load().catch((): Option[] => []);

/** The choices a grant form needs: services that are operations, the three kinds of grantee, the currencies. */
async function loadChoices(http: Http, signal: AbortSignal) {
  const [serviceTypes, services, roles, users, partyTypes, currencies] = await Promise.all([
    getLookupValues(http, 'ServiceNodeType', signal),
    getAllServices(http, signal),
    quietly(async () => (await getAllRoles(http, signal)).map((role) => ({ id: role.id, label: role.name }))),
    quietly(async () =>
      (await getUsers(http, { maxResultCount: 1000, sorting: 'userName' }, signal)).items.map((u) => ({ id: u.id, label: u.userName })),
    ),
    getLookupOptions(http, 'PersonType', signal),
    quietly(async () =>
      (await getCurrencies(http, { maxResultCount: 100, isActive: true }, signal)).items.map((c) => ({ id: c.code, label: c.code })),
    ),
  ]);
  // By code: the label is the localized name.
  const category = serviceTypes.find((type) => type.code === 'CategoryNode')?.id;
  return {
    __services: services
      .filter((node) => node.nodeTypeId !== category)
      .map((node) => ({ id: node.id, label: `${node.name} (${node.code})` })),
    __Role: roles,
    __User: users,
    __PartyType: partyTypes,
    __currencies: currencies,
  };
}

export function servicePermissionSpec(
  t: Texts,
  kit: AreaTranslate<KitTextKey>,
  options: { serviceId?: string; serviceName?: string; embedded?: boolean } = {},
): ResourceSpec<ServicePermissionDto> {
  const labels = {
    serviceId: t('service'),
    granteeType: t('granteeType'),
    granteeId: t('grantee'),
    currencyCode: t('currency'),
    maxAmount: t('maxAmount'),
    dailyLimit: t('dailyLimit'),
  };
  const kinds: Option[] = [
    { id: 'Role', label: t('granteeRole') },
    { id: 'User', label: t('granteeUser') },
    { id: 'PartyType', label: t('granteePartyType') },
  ];
  const kindLabel = (kind: string) => kinds.find((k) => k.id === kind)?.label ?? kind;
  const filters: FilterSpec[] = [
    ...(options.serviceId
      ? []
      : [
          {
            kind: 'select' as const,
            name: 'serviceId',
            label: t('service'),
            loadOptions: async (http: Http, signal: AbortSignal) => (await loadChoices(http, signal)).__services,
          },
        ]),
    { kind: 'select', name: 'granteeType', label: t('granteeType'), options: kinds },
  ];
  const fields = (isCreate: boolean, values: EntityValues): FormFieldSpec[] => [
    ...(options.serviceId
      ? []
      : [
          {
            name: 'serviceId',
            label: labels.serviceId,
            kind: 'select' as const,
            isRequired: true,
            optionsFrom: '__services',
            isReadOnly: () => !isCreate,
          },
        ]),
    { name: 'granteeType', label: labels.granteeType, kind: 'select', isRequired: true, options: kinds, isReadOnly: () => !isCreate },
    {
      name: 'granteeId',
      label: labels.granteeId,
      kind: 'select',
      isRequired: true,
      optionsFrom: `__${String(values.granteeType ?? 'Role')}`,
      isReadOnly: () => !isCreate,
    },
    { name: 'currencyCode', label: labels.currencyCode, kind: 'select', optionsFrom: '__currencies', description: t('limitsHint') },
    { name: 'maxAmount', label: labels.maxAmount, kind: 'text', maxLength: 19, autoComplete: 'off' },
    { name: 'dailyLimit', label: labels.dailyLimit, kind: 'text', maxLength: 19, autoComplete: 'off' },
  ];
  return {
    title: options.serviceName ? t('permissionsOf', options.serviceName) : t('permissionsTitle'),
    tableLabel: options.serviceName ? t('permissionsOf', options.serviceName) : t('permissionsTable'),
    getId: (item) => item.id,
    getLabel: (item) => `${item.granteeName} – ${item.serviceName}`,
    defaultSorting: { id: 'creationTime', direction: 'asc' },
    filters,
    columns: [
      ...(options.serviceId ? [] : [{ id: 'service', header: t('service'), cell: (item: ServicePermissionDto) => item.serviceName }]),
      { id: 'granteeType', header: t('granteeType'), sortable: true, cell: (item) => kindLabel(item.granteeType) },
      { id: 'grantee', header: t('grantee'), cell: (item) => item.granteeName },
      { id: 'currencyCode', header: t('currency'), sortable: true, dir: 'ltr', cell: (item) => item.currencyCode ?? '' },
      { id: 'maxAmount', header: t('maxAmount'), dir: 'ltr', cell: (item) => item.maxAmount ?? t('noLimit') },
      { id: 'dailyLimit', header: t('dailyLimit'), dir: 'ltr', cell: (item) => item.dailyLimit ?? t('noLimit') },
    ],
    list: (http, query, signal) =>
      getServicePermissions(
        http,
        { ...abpListQuery(query, filters), ...(options.serviceId ? { serviceId: options.serviceId } : {}) },
        signal,
      ),
    form: {
      entityName: t('permissionEntity'),
      createPermission: 'Finance.Services.Create',
      updatePermission: 'Finance.Services.Update',
      initialValues: {
        serviceId: options.serviceId ?? null,
        granteeType: 'Role',
        granteeId: null,
        currencyCode: null,
        maxAmount: '',
        dailyLimit: '',
      },
      fields,
      validate: schemaValidator(
        CreateServicePermissionDto,
        labels,
        {
          required: (label) => kit('fieldRequired', label),
          tooLong: (label, limit) => kit('fieldTooLong', label, limit),
          invalid: (label) => kit('fieldInvalid', label),
        },
        (values) => limitErrors(values, t),
      ),
      loadNew: async (http, signal) => ({
        values: {
          serviceId: options.serviceId ?? null,
          granteeType: 'Role',
          granteeId: null,
          currencyCode: null,
          maxAmount: '',
          dailyLimit: '',
          ...(await loadChoices(http, signal)),
        },
        concurrencyStamp: null,
      }),
      load: async (http, id, signal) => {
        const [item, choices] = await Promise.all([getServicePermission(http, id, signal), loadChoices(http, signal)]);
        // The grantee keeps its name even when the caller cannot list that kind.
        const key = `__${item.granteeType}` as '__Role' | '__User' | '__PartyType';
        const own = choices[key].some((choice) => choice.id === item.granteeId)
          ? choices[key]
          : [...choices[key], { id: item.granteeId, label: item.granteeName }];
        return {
          values: {
            serviceId: item.serviceId,
            granteeType: item.granteeType,
            granteeId: item.granteeId,
            currencyCode: item.currencyCode,
            maxAmount: item.maxAmount ?? '',
            dailyLimit: item.dailyLimit ?? '',
            ...choices,
            [key]: own,
          },
          concurrencyStamp: item.concurrencyStamp,
        };
      },
      save: (http, { id, values, concurrencyStamp }) =>
        id === null
          ? createServicePermission(http, {
              serviceId: String(options.serviceId ?? values.serviceId ?? ''),
              granteeType: String(values.granteeType ?? 'Role') as ServicePermissionDto['granteeType'],
              granteeId: String(values.granteeId ?? ''),
              ...limitsOf(values),
            })
          : updateServicePermission(http, id, { ...limitsOf(values), concurrencyStamp: concurrencyStamp ?? '' }),
    },
    rowActions: [
      {
        id: 'delete',
        label: kit('delete'),
        permission: 'Finance.Services.Delete',
        isDanger: true,
        removesRow: true,
        confirm: (item) => t('permissionDeleteConfirm', item.granteeName, item.serviceName),
        successText: kit('successfullyDeleted'),
        run: (http, item) => deleteServicePermission(http, item.id),
      },
    ],
  };
}
