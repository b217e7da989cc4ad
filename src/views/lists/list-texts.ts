// The generic texts of a paged list (filters, table states, pager) shared by list screens: an area
// spreads them into its own defineTexts sets, e.g. `en: { ...listTexts.en, title: '…' }`, and passes
// its translator to the list view (paged-list-view.tsx); a key it sets itself wins.
import type { ListTextKey } from './paged-list-view.tsx';

type Common = Exclude<ListTextKey, 'empty' | 'emptyDescription' | 'loadFailed'>;

export const listTexts: { en: Record<Common, string>; ar: Record<Common, string>; fr: Record<Common, string>; hy: Record<Common, string> } =
  {
    en: {
      filters: 'Filters',
      filtersInForce: 'Filters ({0})',
      refresh: 'Refresh',
      loading: 'Loading…',
      retry: 'Try again',
      actionsColumn: 'Actions',
      pagination: 'Pages',
      pageSize: 'Rows per page',
      previous: 'Previous page',
      next: 'Next page',
      range: '{0}–{1} of {2}',
      rangeEstimate: '{0}–{1} of about {2, number, ::compact-long}',
    },
    ar: {
      filters: 'عوامل التصفية',
      filtersInForce: 'عوامل التصفية ({0})',
      refresh: 'تحديث',
      loading: 'جارٍ التحميل…',
      retry: 'حاول مرة أخرى',
      actionsColumn: 'الإجراءات',
      pagination: 'الصفحات',
      pageSize: 'صفوف في الصفحة',
      previous: 'الصفحة السابقة',
      next: 'الصفحة التالية',
      range: '{0}–{1} من {2}',
      rangeEstimate: '{0}–{1} من حوالي {2, number, ::compact-long}',
    },
    fr: {
      filters: 'Filtres',
      filtersInForce: 'Filtres ({0})',
      refresh: 'Actualiser',
      loading: 'Chargement…',
      retry: 'Réessayer',
      actionsColumn: 'Actions',
      pagination: 'Pages',
      pageSize: 'Lignes par page',
      previous: 'Page précédente',
      next: 'Page suivante',
      range: '{0}–{1} sur {2}',
      rangeEstimate: '{0}–{1} sur environ {2, number, ::compact-long}',
    },
    hy: {
      filters: 'Ֆիլտրեր',
      filtersInForce: 'Ֆիլտրեր ({0})',
      refresh: 'Թարմացնել',
      loading: 'Բեռնվում է…',
      retry: 'Կրկին փորձել',
      actionsColumn: 'Գործողություններ',
      pagination: 'Էջեր',
      pageSize: 'Տողեր էջում',
      previous: 'Նախորդ էջ',
      next: 'Հաջորդ էջ',
      range: '{0}–{1}՝ {2}-ից',
      rangeEstimate: '{0}–{1}՝ մոտ {2, number, ::compact-long}-ից',
    },
  };
