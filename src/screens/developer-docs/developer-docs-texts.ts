// Texts of the machine documentation door (/docs/open, issue 12), in its own chunk.
import { type CompleteAreaTexts, defineTexts } from '../../i18n/define-texts.ts';

type Key = 'title' | 'opening' | 'failed' | 'retry' | 'open' | 'replay';

const sets: CompleteAreaTexts<Key> = {
  en: {
    title: 'Machine docs',
    opening: 'Opening the machine documentation…',
    failed: 'The machine documentation could not be opened. Check your connection and try again.',
    retry: 'Try again',
    open: 'Open the machine documentation',
    replay: 'Open the replay viewer',
  },
  ar: {
    title: 'توثيق الآلات',
    opening: 'جارٍ فتح توثيق الآلات…',
    failed: 'تعذّر فتح توثيق الآلات. تحقّق من اتصالك ثم حاول مجددًا.',
    retry: 'حاول مجددًا',
    open: 'فتح توثيق الآلات',
    replay: 'فتح عارض الإعادة',
  },
  fr: {
    title: 'Documentation des machines',
    opening: 'Ouverture de la documentation des machines…',
    failed: "La documentation des machines n'a pas pu être ouverte. Vérifiez votre connexion et réessayez.",
    retry: 'Réessayer',
    open: 'Ouvrir la documentation des machines',
    replay: 'Ouvrir la visionneuse de relecture',
  },
  hy: {
    title: 'Մեքենաների փաստաթղթեր',
    opening: 'Մեքենաների փաստաթղթերը բացվում են…',
    failed: 'Չհաջողվեց բացել մեքենաների փաստաթղթերը։ Ստուգեք կապը և նորից փորձեք։',
    retry: 'Կրկին փորձել',
    open: 'Բացել մեքենաների փաստաթղթերը',
    replay: 'Բացել վերարտադրման դիտիչը',
  },
};

export const developerDocsTexts = defineTexts(sets);
