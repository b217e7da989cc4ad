// Text templates (/text-template-management/text-templates; spec 2.2 Text templates, 6
// TextTemplateManagement.TextTemplates(.EditContents), ABP contract 7.7): the product's mail
// templates, filtered by name or display name. Edit opens the contents in tabs: the content for all
// languages (inline-localized) first, then one per language the owner has enabled (the configuration's
// languages, so a language added in language management gets its tab), each with its live preview (the kit's preview
// field: rendered on the server with the template's sample data, shown in a sandboxed frame). Save
// sends only the tabs that changed; a content the server refuses (it does not parse) names its line
// and column on its tab. Restore to default drops every edit of the template on the caller's side.
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { LanguageMachine } from '../../../machines/shell/language.machine.ts';
import { maxTemplateContentLength } from '../../../contract/text-templates.ts';
import type { Http } from '../../api/http.ts';
import {
  getTemplateContent,
  getTemplateDefinitions,
  previewTemplateContent,
  restoreTemplateContent,
  type TemplateDefinitionDto,
  updateTemplateContent,
} from '../../api/text-templates.ts';
import { useSystem } from '../../app/system-context.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import type { AreaTranslate } from '../../i18n/define-texts.ts';
import { Badge } from '../../ui/index.ts';
import { abpListQuery, type FormFieldSpec, type ResourceSpec } from '../../views/kit/resource-spec.ts';
import { ResourceScreen } from '../../views/kit/resource-screen.tsx';
import { changedContents, contentField, loadedKey, nameKey, type TemplateCulture, templateCultures } from './template-contents.ts';
import { textTemplateTexts } from './text-templates-texts.ts';

type Key = Parameters<ReturnType<typeof textTemplateTexts>>[0];

/** The server names the refused field `content`: put its message on the tab's field. */
function onTab(error: unknown, key: string): unknown {
  const list = (error as { data?: { error?: { validationErrors?: Array<{ members?: string[] }> } } } | null)?.data?.error?.validationErrors;
  if (Array.isArray(list))
    for (const item of list) item.members = (item.members ?? []).map((m) => (m === 'content' ? contentField(key) : m));
  return error;
}

export function textTemplatesSpec(t: AreaTranslate<Key>, cultures: readonly TemplateCulture[]): ResourceSpec<TemplateDefinitionDto> {
  const cultureLabel = (culture: TemplateCulture) => culture.label ?? t('allLanguages');
  const fields = (_isCreate: boolean, values: Readonly<Record<string, unknown>>): FormFieldSpec[] => {
    const templateName = String(values[nameKey] ?? '');
    return cultures.flatMap((culture): FormFieldSpec[] => [
      {
        name: contentField(culture.key),
        label: t('contentIn', cultureLabel(culture)),
        kind: 'multiline',
        description: culture.cultureName === null ? t('inlineHint') : t('cultureHint'),
        maxLength: maxTemplateContentLength,
        rows: 10,
        isLeftToRight: true,
      },
      {
        name: `preview_${culture.key}`,
        label: t('previewIn', cultureLabel(culture)),
        kind: 'preview',
        preview: {
          source: (current) => String(current[contentField(culture.key)] ?? ''),
          render: async (http: Http, content: string, signal: AbortSignal) =>
            (await previewTemplateContent(http, { templateName, cultureName: culture.cultureName, content }, signal)).html,
          pendingText: t('previewUpdating'),
        },
      },
    ]);
  };
  return {
    title: t('title'),
    tableLabel: t('title'),
    getId: (item) => item.name,
    getLabel: (item) => item.displayName,
    columns: [
      { id: 'displayName', header: t('displayName'), sortable: true, cell: (item) => item.displayName },
      { id: 'name', header: t('name'), sortable: true, dir: 'ltr', cell: (item) => item.name },
      {
        id: 'isLayout',
        header: t('isLayout'),
        cell: (item) => <Badge variant={item.isLayout ? 'info' : 'light'}>{item.isLayout ? t('yes') : t('no')}</Badge>,
      },
      { id: 'layout', header: t('layout'), dir: 'ltr', cell: (item) => item.layout ?? '' },
    ],
    list: (http, query, signal) => {
      // ABP's definitions list names its free text `filterText`.
      const { filter, ...rest } = abpListQuery(query);
      return getTemplateDefinitions(http, filter === undefined ? rest : { ...rest, filterText: filter }, signal);
    },
    form: {
      entityName: t('templateContents'),
      title: t('editContents'),
      description: t('description'),
      isCreatable: false,
      updatePermission: 'TextTemplateManagement.TextTemplates.EditContents',
      initialValues: {},
      fields,
      tabs: cultures.map((culture) => ({
        id: culture.key,
        label: cultureLabel(culture),
        fields: [contentField(culture.key), `preview_${culture.key}`],
      })),
      validate: () => ({}),
      load: async (http, id, signal) => {
        const contents = await Promise.all(cultures.map((culture) => getTemplateContent(http, id, culture.cultureName, signal)));
        const loaded = Object.fromEntries(cultures.map((culture, at) => [culture.key, contents[at]!.content]));
        return {
          values: {
            [nameKey]: id,
            [loadedKey]: loaded,
            ...Object.fromEntries(cultures.map((culture) => [contentField(culture.key), loaded[culture.key]])),
          },
          concurrencyStamp: null,
        };
      },
      save: async (http, { id, values }) => {
        for (const change of changedContents(values, cultures)) {
          try {
            await updateTemplateContent(http, { templateName: id!, cultureName: change.cultureName, content: change.content });
          } catch (error) {
            throw onTab(error, change.key);
          }
        }
        return null;
      },
    },
    rowActions: [
      {
        id: 'restoreToDefault',
        label: t('restoreToDefault'),
        icon: 'history',
        permission: 'TextTemplateManagement.TextTemplates.EditContents',
        confirm: (item) => t('restoreConfirm', item.displayName),
        successText: t('restored'),
        run: async (http, item) => {
          for (const culture of cultures) await restoreTemplateContent(http, item.name, culture.cultureName);
        },
      },
    ],
  };
}

/** The languages the owner has enabled, as the configuration offers them (the shipped four until it loads). */
const selectOfferedLanguages = (snapshot: SnapshotFrom<LanguageMachine>) => snapshot.context.languages;

export default function TextTemplatesScreen() {
  const t = useAreaTexts(textTemplateTexts);
  const { language } = useSystem();
  const languages = useSelector(language, selectOfferedLanguages);
  const spec = useMemo(() => textTemplatesSpec(t, templateCultures(languages)), [t, languages]);
  return <ResourceScreen spec={spec} />;
}
