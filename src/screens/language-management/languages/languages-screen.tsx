// Languages (/language-management/languages; spec 2.2 Language management, 6 LanguageManagement.Languages,
// ABP Language Management's LanguageDto): the host's or tenant's languages; create (culture and UI
// culture from the server's culture list, display name, flag from the flag list, enabled), edit
// (display name, flag, enabled), set as default, delete (never the default one: the row offers
// neither, the server refuses it too), and the missing-translations report of a language.
import { useMemo } from 'react';
import { CreateLanguageDto } from '../../../../contract/language-management.ts';
import {
  createLanguage,
  deleteLanguage,
  getCultureList,
  getFlagList,
  getLanguage,
  getLanguages,
  type LanguageDto,
  setDefaultLanguage,
  updateLanguage,
} from '../../../api/language-management.ts';
import type { Http } from '../../../api/http.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { Badge } from '../../../ui/index.ts';
import { type KitTextKey, kitTexts } from '../../../views/kit/kit-texts.ts';
import { abpListQuery, type Option, type ResourceSpec } from '../../../views/kit/resource-spec.ts';
import { ResourceScreen } from '../../../views/kit/resource-screen.tsx';
import { schemaValidator } from '../../../views/kit/schema-validator.ts';
import { languageManagementTexts } from '../language-management-texts.ts';
import { MissingTextsPanel } from './missing-texts-panel.tsx';

export type LanguageKey = Parameters<ReturnType<typeof languageManagementTexts>>[0];

async function choices(http: Http, signal: AbortSignal, t: AreaTranslate<LanguageKey>) {
  const [cultures, flags] = await Promise.all([getCultureList(http, signal), getFlagList(http, signal)]);
  const cultureOptions: Option[] = cultures.map((c) => ({ id: c.name, label: c.displayName }));
  const flagOptions: Option[] = [{ id: '', label: t('noFlag') }, ...flags.map((f) => ({ id: f, label: f.toUpperCase() }))];
  return { __cultures: cultureOptions, __flags: flagOptions };
}

export function languagesSpec(t: AreaTranslate<LanguageKey>, kit: AreaTranslate<KitTextKey>): ResourceSpec<LanguageDto> {
  const labels = {
    displayName: t('displayName'),
    cultureName: t('cultureName'),
    uiCultureName: t('uiCultureName'),
    flagIcon: t('flagIcon'),
    isEnabled: t('isEnabled'),
  };
  const validateLanguage = schemaValidator(CreateLanguageDto, labels, {
    required: (label) => kit('fieldRequired', label),
    tooLong: (label, limit) => kit('fieldTooLong', label, limit),
    invalid: (label) => kit('fieldInvalid', label),
  });
  const yesNo = (value: boolean) => <Badge variant={value ? 'success' : 'light'}>{value ? t('yes') : t('no')}</Badge>;
  return {
    title: t('languages'),
    tableLabel: t('languages'),
    getId: (item) => item.id,
    getLabel: (item) => item.displayName,
    defaultSorting: { id: 'displayName', direction: 'asc' },
    columns: [
      {
        id: 'displayName',
        header: labels.displayName,
        sortable: true,
        cell: (item) => (
          <span lang={item.cultureName} dir={item.isRightToLeft ? 'rtl' : 'ltr'}>
            {item.displayName}
          </span>
        ),
      },
      { id: 'cultureName', header: labels.cultureName, sortable: true, dir: 'ltr', cell: (item) => item.cultureName },
      { id: 'uiCultureName', header: labels.uiCultureName, sortable: true, dir: 'ltr', cell: (item) => item.uiCultureName },
      { id: 'flagIcon', header: labels.flagIcon, dir: 'ltr', cell: (item) => item.flagIcon?.toUpperCase() ?? '' },
      { id: 'direction', header: t('direction'), cell: (item) => (item.isRightToLeft ? t('rightToLeft') : t('leftToRight')) },
      { id: 'isEnabled', header: labels.isEnabled, sortable: true, cell: (item) => yesNo(item.isEnabled) },
      {
        id: 'isDefaultLanguage',
        header: t('isDefault'),
        cell: (item) => (item.isDefaultLanguage ? <Badge variant="info">{t('isDefault')}</Badge> : ''),
      },
    ],
    list: (http, query, signal) => getLanguages(http, abpListQuery(query), signal),
    form: {
      entityName: t('language'),
      createPermission: 'LanguageManagement.Languages.Create',
      updatePermission: 'LanguageManagement.Languages.Edit',
      initialValues: { cultureName: '', uiCultureName: '', displayName: '', flagIcon: '', isEnabled: true },
      fields: (isCreate) => [
        ...(isCreate
          ? [
              { name: 'cultureName', label: labels.cultureName, kind: 'select' as const, isRequired: true, optionsFrom: '__cultures' },
              { name: 'uiCultureName', label: labels.uiCultureName, kind: 'select' as const, isRequired: true, optionsFrom: '__cultures' },
            ]
          : []),
        { name: 'displayName', label: labels.displayName, kind: 'text', isRequired: true, maxLength: 32, autoComplete: 'off' },
        { name: 'flagIcon', label: labels.flagIcon, kind: 'select', optionsFrom: '__flags' },
        { name: 'isEnabled', label: labels.isEnabled, kind: 'checkbox' },
      ],
      validate: (values) =>
        validateLanguage({
          ...values,
          // The edit form has no cultures (they cannot change): check the rest.
          cultureName: values.__isCreate ? values.cultureName : 'en',
          uiCultureName: values.__isCreate ? values.uiCultureName : 'en',
          flagIcon: values.flagIcon || null,
        }),
      loadNew: async (http, signal) => ({
        values: {
          __isCreate: true,
          cultureName: '',
          uiCultureName: '',
          displayName: '',
          flagIcon: '',
          isEnabled: true,
          ...(await choices(http, signal, t)),
        },
        concurrencyStamp: null,
      }),
      load: async (http, id, signal) => {
        const [item, options] = await Promise.all([getLanguage(http, id, signal), choices(http, signal, t)]);
        return {
          values: { displayName: item.displayName, flagIcon: item.flagIcon ?? '', isEnabled: item.isEnabled, ...options },
          concurrencyStamp: item.concurrencyStamp,
        };
      },
      save: (http, { id, values, concurrencyStamp }) => {
        const common = {
          displayName: String(values.displayName ?? '').trim(),
          flagIcon: values.flagIcon ? String(values.flagIcon) : null,
          isEnabled: values.isEnabled === true,
        };
        return id === null
          ? createLanguage(http, { ...common, cultureName: String(values.cultureName), uiCultureName: String(values.uiCultureName) })
          : updateLanguage(http, id, { ...common, concurrencyStamp: concurrencyStamp ?? undefined });
      },
    },
    rowActions: [
      {
        id: 'setAsDefault',
        label: t('setAsDefault'),
        icon: 'check',
        permission: 'LanguageManagement.Languages.ChangeDefault',
        isAvailable: (item) => !item.isDefaultLanguage && item.isEnabled,
        successText: t('setAsDefaultDone'),
        run: (http, item) => setDefaultLanguage(http, item.id),
      },
      {
        id: 'missingTexts',
        label: t('missingTexts'),
        icon: 'file-text',
        permission: 'LanguageManagement.LanguageTexts',
        dialogTitle: (item) => t('missingTitle', item.displayName),
        panel: ({ item }) => <MissingTextsPanel cultureName={item.cultureName} t={t} />,
      },
      {
        id: 'delete',
        label: kit('delete'),
        icon: 'x',
        isDanger: true,
        permission: 'LanguageManagement.Languages.Delete',
        isAvailable: (item) => !item.isDefaultLanguage,
        confirm: (item) => t('deleteLanguage', item.displayName),
        removesRow: true,
        successText: kit('successfullyDeleted'),
        run: (http, item) => deleteLanguage(http, item.id),
      },
    ],
  };
}

export default function LanguagesScreen() {
  const t = useAreaTexts(languageManagementTexts);
  const kit = useAreaTexts(kitTexts);
  const spec = useMemo(() => languagesSpec(t, kit), [t, kit]);
  return <ResourceScreen spec={spec} />;
}
