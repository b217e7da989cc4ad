// Cultures a language can be created from, described by the runtime's ICU data (Intl), as ABP
// describes them from .NET's CultureInfo. Rules:
// - a culture name is canonicalized (`pt-br` -> `pt-BR`); one ICU does not know is refused;
// - the culture list is ABP's `{displayName, name}` with "English name (name)" as display name;
// - direction comes from ICU's text info (ar, fa, he, ur, ... are right to left);
// - flags are the flag-icons names (ABP's flag list): ISO 3166 region codes in lower case.

/** Cultures offered for a new language (neutral ones and common regional ones). */
const offeredCultures = [
  'af',
  'am',
  'ar',
  'ar-AE',
  'ar-EG',
  'ar-SA',
  'az',
  'be',
  'bg',
  'bn',
  'bs',
  'ca',
  'cs',
  'cy',
  'da',
  'de',
  'de-AT',
  'de-CH',
  'de-DE',
  'el',
  'en',
  'en-AU',
  'en-CA',
  'en-GB',
  'en-IN',
  'en-US',
  'es',
  'es-ES',
  'es-MX',
  'et',
  'eu',
  'fa',
  'fi',
  'fil',
  'fr',
  'fr-BE',
  'fr-CA',
  'fr-CH',
  'fr-FR',
  'ga',
  'gl',
  'gu',
  'he',
  'hi',
  'hr',
  'hu',
  'hy',
  'id',
  'is',
  'it',
  'ja',
  'ka',
  'kk',
  'km',
  'kn',
  'ko',
  'ky',
  'lo',
  'lt',
  'lv',
  'mk',
  'ml',
  'mn',
  'mr',
  'ms',
  'my',
  'nb',
  'ne',
  'nl',
  'nl-BE',
  'pa',
  'pl',
  'ps',
  'pt',
  'pt-BR',
  'pt-PT',
  'ro',
  'ru',
  'si',
  'sk',
  'sl',
  'sq',
  'sr',
  'sv',
  'sw',
  'ta',
  'te',
  'th',
  'tr',
  'uk',
  'ur',
  'uz',
  'vi',
  'zh-Hans',
  'zh-Hant',
];

/** flag-icons names of the regions a language is usually shown with (ABP's flag list is of this kind). */
const flags = [
  'ad',
  'ae',
  'af',
  'al',
  'am',
  'ar',
  'at',
  'au',
  'az',
  'ba',
  'bd',
  'be',
  'bg',
  'bh',
  'br',
  'by',
  'ca',
  'ch',
  'cl',
  'cn',
  'co',
  'cz',
  'de',
  'dk',
  'dz',
  'ee',
  'eg',
  'es',
  'fi',
  'fr',
  'gb',
  'ge',
  'gr',
  'hk',
  'hr',
  'hu',
  'id',
  'ie',
  'il',
  'in',
  'iq',
  'ir',
  'is',
  'it',
  'jo',
  'jp',
  'ke',
  'kg',
  'kh',
  'kr',
  'kw',
  'kz',
  'la',
  'lb',
  'lk',
  'lt',
  'lu',
  'lv',
  'ma',
  'md',
  'me',
  'mk',
  'mm',
  'mn',
  'mx',
  'my',
  'ng',
  'nl',
  'no',
  'np',
  'nz',
  'om',
  'pe',
  'ph',
  'pk',
  'pl',
  'pt',
  'qa',
  'ro',
  'rs',
  'ru',
  'sa',
  'se',
  'sg',
  'si',
  'sk',
  'sy',
  'th',
  'tn',
  'tr',
  'tw',
  'tz',
  'ua',
  'us',
  'uz',
  've',
  'vn',
  'za',
];

/** The canonical form of a culture name, or null when ICU does not know it. */
export function canonicalCulture(name: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(name.trim());
    if (!canonical) return null;
    // A tag is well formed before it is known: ICU must name its language.
    const english = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(canonical);
    return english ? canonical : null;
  } catch {
    return null;
  }
}

export function englishNameOf(culture: string): string {
  return new Intl.DisplayNames(['en'], { type: 'language' }).of(culture) ?? culture;
}

export function nativeNameOf(culture: string): string {
  try {
    return new Intl.DisplayNames([culture], { type: 'language' }).of(culture) ?? culture;
  } catch {
    return culture;
  }
}

export function isRightToLeftCulture(culture: string): boolean {
  try {
    const locale = new Intl.Locale(culture) as Intl.Locale & {
      getTextInfo?: () => { direction: string };
      textInfo?: { direction: string };
    };
    return (locale.getTextInfo?.() ?? locale.textInfo)?.direction === 'rtl';
  } catch {
    return false;
  }
}

export const twoLetterOf = (culture: string) => culture.split('-')[0]!.toLowerCase();

export const cultureList = () =>
  offeredCultures
    .map((name) => ({ name, displayName: `${englishNameOf(name)} (${name})` }))
    .sort((a, b) => a.displayName.localeCompare(b.displayName, 'en'));

export const flagList = () => [...flags];
