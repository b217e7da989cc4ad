// Texts of the dashboard page (issue 20.8): its period, shared by every widget, and the page without
// any widget for the user. The title and the widgets' region keep the shell's keys (dashboard.title,
// dashboard.widgets); the audit widgets have their own (audit-widgets/widget-texts.ts).
import { defineTexts } from '../../i18n/define-texts.ts';

export const dashboardTexts = defineTexts({
  en: {
    period: 'Period',
    startDate: 'Start date',
    endDate: 'End date',
    invalidPeriod: 'Choose a start date and an end date, the start not after the end.',
    noWidgets: 'Nothing to show yet',
    noWidgetsText: 'The widgets you are allowed to see appear here.',
  },
  ar: {
    period: 'الفترة',
    startDate: 'تاريخ البداية',
    endDate: 'تاريخ النهاية',
    invalidPeriod: 'اختر تاريخ بداية وتاريخ نهاية، على ألا تكون البداية بعد النهاية.',
    noWidgets: 'لا شيء لعرضه بعد',
    noWidgetsText: 'تظهر هنا الأدوات المسموح لك بعرضها.',
  },
  fr: {
    period: 'Période',
    startDate: 'Date de début',
    endDate: 'Date de fin',
    invalidPeriod: 'Choisissez une date de début et une date de fin, le début ne dépassant pas la fin.',
    noWidgets: 'Rien à afficher pour le moment',
    noWidgetsText: 'Les widgets que vous êtes autorisé à voir apparaissent ici.',
  },
  hy: {
    period: 'Ժամանակահատված',
    startDate: 'Սկզբի ամսաթիվ',
    endDate: 'Ավարտի ամսաթիվ',
    invalidPeriod: 'Ընտրեք սկզբի և ավարտի ամսաթվերը․ սկիզբը չպետք է լինի ավարտից հետո։',
    noWidgets: 'Ցուցադրելու բան դեռ չկա',
    noWidgetsText: 'Այստեղ կհայտնվեն այն վիջեթները, որոնք թույլատրված են ձեզ։',
  },
});
