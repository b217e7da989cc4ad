// The missing-translations report of one language (ours, beside ABP's surface), in the languages
// screen's row dialog: one row per resource with its texts, how many have no translation in the
// language and their keys; the kit's list, embedded (the report is one call: its rows are paged here).
import { useMemo } from 'react';
import { getMissingTexts, type MissingTextsReportDto } from '../../../api/language-management.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import type { ResourceSpec } from '../../../views/kit/resource-spec.ts';
import { ResourceScreen } from '../../../views/kit/resource-screen.tsx';
import type { LanguageKey } from './languages-screen.tsx';

type ResourceRow = MissingTextsReportDto['resources'][number];

export function missingTextsSpec(t: AreaTranslate<LanguageKey>, cultureName: string): ResourceSpec<ResourceRow> {
  return {
    title: t('missingTexts'),
    tableLabel: t('missingTexts'),
    getId: (row) => row.resourceName,
    getLabel: (row) => row.resourceName,
    search: false,
    listTexts: { empty: t('missingNone') },
    columns: [
      { id: 'resourceName', header: t('resourceName'), dir: 'ltr', cell: (row) => row.resourceName },
      { id: 'totalCount', header: t('totalCount'), cell: (row) => row.totalCount },
      { id: 'missingCount', header: t('missingCount'), cell: (row) => row.missingCount },
      {
        id: 'missingKeys',
        header: t('missingKeys', cultureName),
        dir: 'ltr',
        cell: (row) => row.missingKeys.join(', '),
      },
    ],
    list: async (http, query, signal) => {
      const report = await getMissingTexts(http, cultureName, signal);
      const rows = report.resources.filter((r) => r.missingCount > 0);
      return { totalCount: rows.length, items: rows.slice(query.skipCount, query.skipCount + query.maxResultCount) };
    },
  };
}

export function MissingTextsPanel({ cultureName, t }: { cultureName: string; t: AreaTranslate<LanguageKey> }) {
  const spec = useMemo(() => missingTextsSpec(t, cultureName), [t, cultureName]);
  return <ResourceScreen spec={spec} embedded />;
}
