// Language texts (/language-management/texts; spec 2.2 Language management, 6
// LanguageManagement.LanguageTexts, ABP Language Management's LanguageTextDto): every text of the
// server's resources in a target culture beside a base culture, filtered by resource, cultures,
// "only empty values" and free text, paged; edit a value (sent in the query string, as ABP does; a
// malformed message is refused by the server with its position, shown on the field), restore the
// shipped text; export the filtered texts as JSON or XLIFF 2 and import a translated file.
import { useMemo } from 'react';
import { maxTextValueLength } from '../../../../contract/language-management.ts';
import {
  exportLanguageTexts,
  getAllLanguages,
  getLanguageResources,
  getLanguageText,
  getLanguageTexts,
  type LanguageTextDto,
  restoreLanguageText,
  updateLanguageText,
} from '../../../api/language-management.ts';
import type { Http } from '../../../api/http.ts';
import { useSelector } from '@xstate/react';
import { isGranted } from '../../../app/access.ts';
import { selectAccess, shallowEqual } from '../../../app/shell-view.ts';
import { useSystem } from '../../../app/system-context.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import { useSessionHttp } from '../../../app/use-session-http.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { Badge } from '../../../ui/index.ts';
import { type KitTextKey, kitTexts } from '../../../views/kit/kit-texts.ts';
import { dispositionFileName } from '../../../views/kit/list-export.ts';
import { abpFilterQuery, abpListQuery, type FilterSpec, type Option, type ResourceSpec } from '../../../views/kit/resource-spec.ts';
import { ResourceScreen } from '../../../views/kit/resource-screen.tsx';
import { languageManagementTexts } from '../language-management-texts.ts';
import type { LanguageKey } from '../languages/languages-screen.tsx';
import { TextsImport } from './texts-import.tsx';

/** A row's id: the text's address and the base culture it was listed against. */
export const textId = (row: Pick<LanguageTextDto, 'resourceName' | 'cultureName' | 'name' | 'baseCultureName'>) =>
  JSON.stringify([row.resourceName, row.cultureName, row.name, row.baseCultureName]);
export const textAddress = (id: string) => {
  const [resourceName = '', cultureName = '', name = '', baseCultureName = 'en'] = JSON.parse(id) as string[];
  return { resourceName, cultureName, name, baseCultureName };
};

const languageOptions = async (http: Http, signal: AbortSignal): Promise<Option[]> =>
  (await getAllLanguages(http, signal)).items.map((l) => ({ id: l.cultureName, label: `${l.displayName} (${l.cultureName})` }));

export function textsSpec(t: AreaTranslate<LanguageKey>, kit: AreaTranslate<KitTextKey>): ResourceSpec<LanguageTextDto> {
  const filters: FilterSpec[] = [
    {
      kind: 'select',
      name: 'resourceName',
      label: t('resourceName'),
      loadOptions: async (http, signal) => (await getLanguageResources(http, signal)).map((r) => ({ id: r.name, label: r.name })),
    },
    { kind: 'select', name: 'baseCultureName', label: t('baseCultureName'), loadOptions: languageOptions },
    { kind: 'select', name: 'targetCultureName', label: t('targetCultureName'), loadOptions: languageOptions },
    { kind: 'boolean', name: 'getOnlyEmptyValues', label: t('onlyEmptyValues') },
  ];
  const value = (text: string | null) => text ?? '';
  return {
    title: t('languageTexts'),
    tableLabel: t('languageTexts'),
    getId: textId,
    getLabel: (row) => row.name,
    defaultSorting: { id: 'name', direction: 'asc' },
    filters,
    filtersOpen: true,
    columns: [
      { id: 'name', header: t('name'), sortable: true, dir: 'ltr', cell: (row) => row.name },
      {
        id: 'baseValue',
        header: t('baseValue'),
        sortable: true,
        cell: (row) => (
          <span lang={row.baseCultureName} dir="auto">
            {value(row.baseValue)}
          </span>
        ),
      },
      {
        id: 'value',
        header: t('value'),
        sortable: true,
        cell: (row) => (
          <span lang={row.cultureName} dir="auto">
            {value(row.value)} {row.isChanged && <Badge variant="info">{t('edited')}</Badge>}
          </span>
        ),
      },
      { id: 'resourceName', header: t('resourceName'), sortable: true, dir: 'ltr', cell: (row) => row.resourceName },
    ],
    list: (http, query, signal) => getLanguageTexts(http, abpListQuery(query, filters), signal),
    form: {
      entityName: t('text'),
      title: t('editText'),
      isCreatable: false,
      updatePermission: 'LanguageManagement.LanguageTexts.Edit',
      initialValues: { name: '', baseValue: '', value: '' },
      fields: [
        { name: 'name', label: t('name'), kind: 'text', isReadOnly: () => true },
        { name: 'baseValue', label: t('baseValue'), kind: 'multiline', isReadOnly: () => true },
        {
          name: 'value',
          label: t('value'),
          kind: 'multiline',
          isRequired: true,
          maxLength: maxTextValueLength,
          description: t('valueHint'),
        },
      ],
      validate: (values): Record<string, string> => {
        const text = String(values.value ?? '');
        if (text.trim() === '') return { value: kit('fieldRequired', t('value')) };
        if (text.length > maxTextValueLength) return { value: kit('fieldTooLong', t('value'), maxTextValueLength) };
        return {};
      },
      load: async (http, id, signal) => {
        const address = textAddress(id);
        const row = await getLanguageText(http, address.resourceName, address.cultureName, address.name, address.baseCultureName, signal);
        return { values: { name: row.name, baseValue: value(row.baseValue), value: value(row.value) }, concurrencyStamp: null };
      },
      save: async (http, { id, values }) => {
        const address = textAddress(id ?? '[]');
        await updateLanguageText(http, address.resourceName, address.cultureName, address.name, String(values.value ?? ''));
      },
    },
    rowActions: [
      {
        id: 'restore',
        label: t('restore'),
        icon: 'history',
        permission: 'LanguageManagement.LanguageTexts.Edit',
        isAvailable: (row) => row.isChanged,
        confirm: (row) => t('restoreConfirm', row.name),
        successText: t('restored'),
        run: (http, row) => restoreLanguageText(http, row.resourceName, row.cultureName, row.name),
      },
    ],
    export: {
      resource: 'languageTexts',
      formats: ['json', 'xliff'],
      formatLabels: { json: t('exportJson'), xliff: t('exportXliff') },
      permission: 'LanguageManagement.LanguageTexts',
      request: async (http, input, signal) => {
        const format = input.format === 'xliff' ? 'xliff' : 'json';
        const response = await exportLanguageTexts(http, { ...abpFilterQuery(input.filters, filters), format }, signal);
        const fileName = dispositionFileName(response.headers.get('content-disposition'), `texts.${format === 'xliff' ? 'xlf' : 'json'}`);
        return { kind: 'link', url: URL.createObjectURL(response._data as Blob), fileName };
      },
    },
  };
}

export default function TextsScreen() {
  const t = useAreaTexts(languageManagementTexts);
  const kit = useAreaTexts(kitTexts);
  const http = useSessionHttp();
  const { auth } = useSystem();
  const access = useSelector(auth, selectAccess, shallowEqual);
  const spec = useMemo(
    () => ({
      ...textsSpec(t, kit),
      ...(isGranted(access, 'LanguageManagement.LanguageTexts.Edit')
        ? { toolbar: ({ refresh }: { refresh: () => void }) => <TextsImport http={http} t={t} kit={kit} onImported={refresh} /> }
        : {}),
    }),
    [t, kit, http, access],
  );
  return <ResourceScreen spec={spec} />;
}
