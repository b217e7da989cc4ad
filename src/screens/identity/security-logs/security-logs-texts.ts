// Texts of the administrators' security logs screen (spec 2.2, 3, 7.13), in its own chunk; ABP
// Identity's wording.
import { defineTexts } from '../../../i18n/define-texts.ts';

const en = {
  title: 'Security logs',
  table: 'Security logs',
  time: 'Time',
  dateRange: 'Date',
  from: 'From',
  to: 'To',
  applicationName: 'Application name',
  identity: 'Identity',
  action: 'Action',
  userName: 'User name',
  clientId: 'Client ID',
  correlationId: 'Correlation ID',
  clientIpAddress: 'Client IP address',
  browserInfo: 'Browser',
  tenantName: 'Tenant',
  details: 'Details',
  detailTitle: 'Security log of {0}',
  noUser: '(no user)',
};

type Key = keyof typeof en;

export const identitySecurityLogsTextSets: {
  en: Record<Key, string>;
  ar: Record<Key, string>;
  fr: Record<Key, string>;
  hy: Record<Key, string>;
} = {
  en,
  ar: {
    title: 'سجلات الأمان',
    table: 'سجلات الأمان',
    time: 'الوقت',
    dateRange: 'التاريخ',
    from: 'من',
    to: 'إلى',
    applicationName: 'اسم التطبيق',
    identity: 'الهوية',
    action: 'الإجراء',
    userName: 'اسم المستخدم',
    clientId: 'معرّف العميل',
    correlationId: 'معرّف الارتباط',
    clientIpAddress: 'عنوان IP للعميل',
    browserInfo: 'المتصفح',
    tenantName: 'المستأجر',
    details: 'التفاصيل',
    detailTitle: 'سجل أمان {0}',
    noUser: '(بلا مستخدم)',
  },
  fr: {
    title: 'Journaux de sécurité',
    table: 'Journaux de sécurité',
    time: 'Heure',
    dateRange: 'Date',
    from: 'Du',
    to: 'Au',
    applicationName: "Nom de l'application",
    identity: 'Identité',
    action: 'Action',
    userName: "Nom d'utilisateur",
    clientId: 'ID client',
    correlationId: 'ID de corrélation',
    clientIpAddress: 'Adresse IP du client',
    browserInfo: 'Navigateur',
    tenantName: 'Locataire',
    details: 'Détails',
    detailTitle: 'Journal de sécurité de {0}',
    noUser: '(aucun utilisateur)',
  },
  hy: {
    title: 'Անվտանգության մատյաններ',
    table: 'Անվտանգության մատյաններ',
    time: 'Ժամանակ',
    dateRange: 'Ամսաթիվ',
    from: 'Սկսած',
    to: 'Մինչև',
    applicationName: 'Հավելվածի անուն',
    identity: 'Ինքնություն',
    action: 'Գործողություն',
    userName: 'Օգտանուն',
    clientId: 'Հաճախորդի ID',
    correlationId: 'Համահարաբերակցության ID',
    clientIpAddress: 'Հաճախորդի IP հասցե',
    browserInfo: 'Դիտարկիչ',
    tenantName: 'Վարձակալ',
    details: 'Մանրամասներ',
    detailTitle: '{0}-ի անվտանգության մատյան',
    noUser: '(առանց օգտատիրոջ)',
  },
};

export type IdentitySecurityLogsKey = Key;
export const identitySecurityLogsTexts = defineTexts(identitySecurityLogsTextSets);
