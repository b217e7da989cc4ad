// Claim types (/identity/claim-types; spec 2.2, 6 AbpIdentity.ClaimTypes, 7.13): the first screen
// built as a spec of the resource kit. Rules: a static claim type is neither edited nor deleted
// (the server refuses it too); the value type is ABP's IdentityClaimValueType (0 String, 1 Int,
// 2 Boolean, 3 DateTime); validation comes from the contract's CreateClaimTypeDto plus "the regex
// must compile"; an edit sends the concurrency stamp it loaded.
import { useMemo } from 'react';
import { claimValueTypeNames, CreateClaimTypeDto } from '../../../../contract/identity-claims.ts';
import type { EntityValues } from '../../../../machines/generic/entity-form.machine.ts';
import {
  type ClaimTypeDto,
  createClaimType,
  deleteClaimType,
  getClaimType,
  getClaimTypes,
  updateClaimType,
} from '../../../api/identity-claim-types.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { Badge } from '../../../ui/index.ts';
import { type KitTextKey, kitTexts } from '../../../views/kit/kit-texts.ts';
import { abpListQuery, type ResourceSpec } from '../../../views/kit/resource-spec.ts';
import { ResourceScreen } from '../../../views/kit/resource-screen.tsx';
import { schemaValidator } from '../../../views/kit/schema-validator.ts';
import { claimTypesTexts } from './claim-types-texts.ts';

type ClaimTypesKey = Parameters<ReturnType<typeof claimTypesTexts>>[0];

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

function regexCompiles(values: EntityValues): boolean {
  if (typeof values.regex !== 'string' || values.regex === '') return true;
  try {
    new RegExp(values.regex);
    return true;
  } catch {
    return false;
  }
}

export function claimTypesSpec(t: AreaTranslate<ClaimTypesKey>, kit: AreaTranslate<KitTextKey>): ResourceSpec<ClaimTypeDto> {
  const labels = {
    name: t('name'),
    required: t('required'),
    regex: t('regex'),
    regexDescription: t('regexDescription'),
    description: t('description'),
    valueType: t('valueType'),
  };
  const yesNo = (value: boolean) => <Badge variant={value ? 'success' : 'light'}>{value ? t('yes') : t('no')}</Badge>;
  return {
    title: t('title'),
    tableLabel: t('table'),
    getId: (item) => item.id,
    getLabel: (item) => item.name,
    defaultSorting: { id: 'name', direction: 'asc' },
    columns: [
      { id: 'name', header: t('name'), sortable: true, cell: (item) => item.name },
      { id: 'valueType', header: t('valueType'), sortable: true, cell: (item) => item.valueTypeAsString },
      { id: 'description', header: t('description'), cell: (item) => item.description ?? '' },
      { id: 'required', header: t('required'), cell: (item) => yesNo(item.required) },
      { id: 'isStatic', header: t('isStatic'), cell: (item) => yesNo(item.isStatic) },
    ],
    list: (http, query, signal) => getClaimTypes(http, abpListQuery(query), signal),
    form: {
      entityName: t('entityName'),
      createPermission: 'AbpIdentity.ClaimTypes.Create',
      updatePermission: 'AbpIdentity.ClaimTypes.Update',
      isEditable: (item) => !item.isStatic,
      initialValues: { name: '', required: false, regex: '', regexDescription: '', description: '', valueType: 0 },
      fields: [
        { name: 'name', label: labels.name, kind: 'text', isRequired: true, maxLength: 256 },
        { name: 'required', label: labels.required, kind: 'checkbox' },
        { name: 'regex', label: labels.regex, kind: 'text', maxLength: 512 },
        { name: 'regexDescription', label: labels.regexDescription, kind: 'text', maxLength: 128 },
        { name: 'description', label: labels.description, kind: 'multiline', maxLength: 256 },
        {
          name: 'valueType',
          label: labels.valueType,
          kind: 'select',
          isRequired: true,
          options: claimValueTypeNames.map((name, index) => ({ id: index, label: name })),
        },
      ],
      validate: schemaValidator(
        CreateClaimTypeDto,
        labels,
        {
          required: (label) => kit('fieldRequired', label),
          tooLong: (label, limit) => kit('fieldTooLong', label, limit),
          invalid: (label) => kit('fieldInvalid', label),
        },
        (values): Record<string, string> => (regexCompiles(values) ? {} : { regex: t('regexInvalid') }),
      ),
      load: async (http, id, signal) => {
        const item = await getClaimType(http, id, signal);
        return {
          values: {
            name: item.name,
            required: item.required,
            regex: item.regex ?? '',
            regexDescription: item.regexDescription ?? '',
            description: item.description ?? '',
            valueType: item.valueType,
          },
          concurrencyStamp: item.concurrencyStamp,
        };
      },
      save: (http, { id, values, concurrencyStamp }) => {
        const body = {
          name: String(values.name ?? '').trim(),
          required: values.required === true,
          regex: text(values.regex),
          regexDescription: text(values.regexDescription),
          description: text(values.description),
          valueType: typeof values.valueType === 'number' ? values.valueType : 0,
        };
        return id === null ? createClaimType(http, body) : updateClaimType(http, id, { ...body, concurrencyStamp: concurrencyStamp ?? '' });
      },
    },
    rowActions: [
      {
        id: 'delete',
        label: kit('delete'),
        icon: 'x',
        isDanger: true,
        permission: 'AbpIdentity.ClaimTypes.Delete',
        isAvailable: (item) => !item.isStatic,
        confirm: (item) => t('deleteConfirm', item.name),
        removesRow: true,
        successText: kit('successfullyDeleted'),
        run: (http, item) => deleteClaimType(http, item.id),
      },
    ],
  };
}

export default function ClaimTypesScreen() {
  const t = useAreaTexts(claimTypesTexts);
  const kit = useAreaTexts(kitTexts);
  const spec = useMemo(() => claimTypesSpec(t, kit), [t, kit]);
  return <ResourceScreen spec={spec} />;
}
