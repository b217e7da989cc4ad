// Texts of the administrators' sessions screen (spec 3 "Session filter", 7.13), in its own chunk.
import { type CompleteAreaTexts, defineTexts } from '../../../i18n/define-texts.ts';

const en = {
  title: 'Sessions',
  table: 'Sessions',
  user: 'User',
  userName: 'User name',
  device: 'Device',
  clientId: 'Client ID',
  ipAddresses: 'IP addresses',
  signedIn: 'Logged in',
  lastAccessed: 'Last activity',
  current: 'This session',
  revoke: 'Revoke',
  revoked: 'The session was revoked.',
  revokeConfirm: "The session of {0} on {1} will be ended: that browser's next request is refused. Do you confirm that?",
  sessionLabel: '{0} on {1}',
};

type Key = keyof typeof en;

export const identitySessionsTextSets: CompleteAreaTexts<Key> = {
  en,
  ar: {
    title: 'الجلسات',
    table: 'الجلسات',
    user: 'المستخدم',
    userName: 'اسم المستخدم',
    device: 'الجهاز',
    clientId: 'معرّف العميل',
    ipAddresses: 'عناوين IP',
    signedIn: 'تسجيل الدخول',
    lastAccessed: 'آخر نشاط',
    current: 'هذه الجلسة',
    revoke: 'إبطال',
    revoked: 'تم إبطال الجلسة.',
    revokeConfirm: 'ستنتهي جلسة {0} على {1}: سيُرفض الطلب التالي لذلك المتصفح. هل تؤكد ذلك؟',
    sessionLabel: '{0} على {1}',
  },
  fr: {
    title: 'Sessions',
    table: 'Sessions',
    user: 'Utilisateur',
    userName: "Nom d'utilisateur",
    device: 'Appareil',
    clientId: 'ID client',
    ipAddresses: 'Adresses IP',
    signedIn: 'Connexion',
    lastAccessed: 'Dernière activité',
    current: 'Cette session',
    revoke: 'Révoquer',
    revoked: 'La session a été révoquée.',
    revokeConfirm: 'La session de {0} sur {1} sera terminée : la prochaine requête de ce navigateur sera refusée. Confirmez-vous ?',
    sessionLabel: '{0} sur {1}',
  },
  hy: {
    title: 'Սեսիաներ',
    table: 'Սեսիաներ',
    user: 'Օգտատեր',
    userName: 'Օգտանուն',
    device: 'Սարք',
    clientId: 'Հաճախորդի ID',
    ipAddresses: 'IP հասցեներ',
    signedIn: 'Մուտք',
    lastAccessed: 'Վերջին ակտիվություն',
    current: 'Այս սեսիան',
    revoke: 'Չեղարկել',
    revoked: 'Սեսիան չեղարկվեց։',
    revokeConfirm: '{0}-ի սեսիան {1}-ում կավարտվի․ այդ դիտարկիչի հաջորդ հարցումը կմերժվի։ Հաստատո՞ւմ եք։',
    sessionLabel: '{0}՝ {1}',
  },
};

export type IdentitySessionsKey = Key;
export const identitySessionsTexts = defineTexts(identitySessionsTextSets);
