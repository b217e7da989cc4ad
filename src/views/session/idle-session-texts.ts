// Texts of the idle sign-out warning (spec 4.6), in its own chunk with the dialog.
import { defineTexts } from '../../i18n/define-texts.ts';

export const idleSessionTexts = defineTexts({
  en: {
    title: 'Your session is about to expire',
    message:
      'You have been inactive for a while. For your security, you will be signed out in {0, plural, one {# second} other {# seconds}}.',
    paused: 'The countdown is paused while this page is hidden.',
    stay: 'Stay signed in',
    signOut: 'Sign out now',
  },
  ar: {
    title: 'جلستك على وشك الانتهاء',
    message:
      'لم تقم بأي نشاط منذ فترة. حفاظًا على أمانك، سيتم تسجيل خروجك خلال {0, plural, zero {لحظات} one {ثانية واحدة} two {ثانيتين} few {# ثوانٍ} many {# ثانية} other {# ثانية}}.',
    paused: 'يتوقف العد التنازلي مؤقتًا أثناء إخفاء هذه الصفحة.',
    stay: 'البقاء مسجلاً للدخول',
    signOut: 'تسجيل الخروج الآن',
  },
  fr: {
    title: 'Votre session est sur le point d’expirer',
    message:
      'Vous êtes inactif depuis un moment. Pour votre sécurité, vous serez déconnecté dans {0, plural, one {# seconde} other {# secondes}}.',
    paused: 'Le compte à rebours est suspendu tant que cette page est masquée.',
    stay: 'Rester connecté',
    signOut: 'Se déconnecter maintenant',
  },
  hy: {
    title: 'Ձեր սեսիան շուտով կավարտվի',
    message:
      'Դուք որոշ ժամանակ ակտիվ չեք եղել։ Ձեր անվտանգության համար դուք դուրս կբերվեք {0, plural, one {# վայրկյանից} other {# վայրկյանից}}։',
    paused: 'Հետհաշվարկը դադարեցված է, քանի դեռ այս էջը թաքնված է։',
    stay: 'Մնալ մուտք գործած',
    signOut: 'Դուրս գալ հիմա',
  },
});
