// OpenID scopes (/openiddict/Scopes; spec 2.2 OpenID, 6 OpenIddictPro.Scope, ABP OpenIddict Pro's
// ScopeDto): list, create/edit (name, display name, description, resources one per line), delete.
// Built-in scopes are neither edited nor deleted (the server refuses it too).
import { useMemo } from 'react';
import { CreateScopeInput } from '../../../../contract/openiddict.ts';
import { createScope, deleteScope, getScope, getScopes, type ScopeDto, updateScope } from '../../../api/openiddict.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { Badge } from '../../../ui/index.ts';
import { type KitTextKey, kitTexts } from '../../../views/kit/kit-texts.ts';
import { abpListQuery, type ResourceSpec } from '../../../views/kit/resource-spec.ts';
import { ResourceScreen } from '../../../views/kit/resource-screen.tsx';
import { schemaValidator } from '../../../views/kit/schema-validator.ts';
import { linesOf } from '../applications/application-rules.ts';
import { openIddictTexts } from '../openiddict-texts.ts';

type Key = Parameters<ReturnType<typeof openIddictTexts>>[0];

const optional = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export function scopesSpec(t: AreaTranslate<Key>, kit: AreaTranslate<KitTextKey>): ResourceSpec<ScopeDto> {
  const labels = { name: t('name'), displayName: t('displayName'), description: t('description'), resources: t('resources') };
  const validateScope = schemaValidator(CreateScopeInput, labels, {
    required: (label) => kit('fieldRequired', label),
    tooLong: (label, limit) => kit('fieldTooLong', label, limit),
    invalid: (label) => kit('fieldInvalid', label),
  });
  return {
    title: t('scopes'),
    tableLabel: t('scopes'),
    getId: (item) => item.id,
    getLabel: (item) => item.name,
    defaultSorting: { id: 'name', direction: 'asc' },
    columns: [
      { id: 'name', header: t('name'), sortable: true, dir: 'ltr', cell: (item) => item.name },
      { id: 'displayName', header: t('displayName'), sortable: true, cell: (item) => item.displayName ?? '' },
      { id: 'description', header: t('description'), cell: (item) => item.description ?? '' },
      { id: 'resources', header: t('resources'), dir: 'ltr', cell: (item) => item.resources.join(', ') },
      {
        id: 'buildIn',
        header: t('buildIn'),
        cell: (item) => <Badge variant={item.buildIn ? 'info' : 'light'}>{item.buildIn ? t('yes') : t('no')}</Badge>,
      },
    ],
    list: (http, query, signal) => getScopes(http, abpListQuery(query), signal),
    form: {
      entityName: t('scope'),
      createPermission: 'OpenIddictPro.Scope.Create',
      updatePermission: 'OpenIddictPro.Scope.Update',
      isEditable: (item) => !item.buildIn,
      initialValues: { name: '', displayName: '', description: '', resources: '' },
      fields: [
        { name: 'name', label: labels.name, kind: 'text', isRequired: true, maxLength: 200, autoComplete: 'off' },
        { name: 'displayName', label: labels.displayName, kind: 'text', maxLength: 256 },
        { name: 'description', label: labels.description, kind: 'multiline', maxLength: 1000 },
        { name: 'resources', label: labels.resources, kind: 'multiline', description: t('resourcesHint') },
      ],
      // Resources are typed one per line: checked as the list the API takes.
      validate: (values) => validateScope({ ...values, resources: linesOf(values.resources) }),
      load: async (http, id, signal) => {
        const item = await getScope(http, id, signal);
        return {
          values: {
            name: item.name,
            displayName: item.displayName ?? '',
            description: item.description ?? '',
            resources: item.resources.join('\n'),
          },
          concurrencyStamp: item.concurrencyStamp,
        };
      },
      save: (http, { id, values, concurrencyStamp }) => {
        const body = {
          name: String(values.name ?? '').trim(),
          displayName: optional(values.displayName),
          description: optional(values.description),
          resources: linesOf(values.resources),
        };
        return id === null ? createScope(http, body) : updateScope(http, id, { ...body, concurrencyStamp: concurrencyStamp ?? undefined });
      },
    },
    rowActions: [
      {
        id: 'delete',
        label: kit('delete'),
        icon: 'x',
        isDanger: true,
        permission: 'OpenIddictPro.Scope.Delete',
        isAvailable: (item) => !item.buildIn,
        confirm: (item) => t('deleteScope', item.name),
        removesRow: true,
        successText: kit('successfullyDeleted'),
        run: (http, item) => deleteScope(http, item.id),
      },
    ],
  };
}

export default function ScopesScreen() {
  const t = useAreaTexts(openIddictTexts);
  const kit = useAreaTexts(kitTexts);
  const spec = useMemo(() => scopesSpec(t, kit), [t, kit]);
  return <ResourceScreen spec={spec} />;
}
