// .NET culture data for the supported languages, as ABP sends it in currentCulture. Rules:
// - patterns are .NET format strings (the Angular client converts them), taken from .NET's ICU
//   culture data for the neutral cultures en, ar, fr and hy;
// - Arabic is right-to-left; its calendar here is the Gregorian one the product uses.
import type { CurrentCultureDto } from '../../../contract/abp.ts';
import { defaultCulture, findLanguage } from '../../localization/index.ts';
import { englishNameOf, isRightToLeftCulture, nativeNameOf, twoLetterOf } from '../language-management/cultures.ts';

const cultureData: Record<
  string,
  Omit<CurrentCultureDto, 'cultureName' | 'name' | 'displayName' | 'englishName' | 'isRightToLeft' | 'twoLetterIsoLanguageName'>
> = {
  en: {
    threeLetterIsoLanguageName: 'eng',
    nativeName: 'English',
    dateTimeFormat: {
      calendarAlgorithmType: 'SolarCalendar',
      dateTimeFormatLong: 'dddd, MMMM d, yyyy',
      shortDatePattern: 'M/d/yyyy',
      fullDateTimePattern: 'dddd, MMMM d, yyyy h:mm:ss tt',
      dateSeparator: '/',
      shortTimePattern: 'h:mm tt',
      longTimePattern: 'h:mm:ss tt',
    },
  },
  ar: {
    threeLetterIsoLanguageName: 'ara',
    nativeName: 'العربية',
    dateTimeFormat: {
      calendarAlgorithmType: 'SolarCalendar',
      dateTimeFormatLong: 'dddd، d MMMM yyyy',
      shortDatePattern: 'd/M/yyyy',
      fullDateTimePattern: 'dddd، d MMMM yyyy h:mm:ss tt',
      dateSeparator: '/',
      shortTimePattern: 'h:mm tt',
      longTimePattern: 'h:mm:ss tt',
    },
  },
  fr: {
    threeLetterIsoLanguageName: 'fra',
    nativeName: 'français',
    dateTimeFormat: {
      calendarAlgorithmType: 'SolarCalendar',
      dateTimeFormatLong: 'dddd d MMMM yyyy',
      shortDatePattern: 'dd/MM/yyyy',
      fullDateTimePattern: 'dddd d MMMM yyyy HH:mm:ss',
      dateSeparator: '/',
      shortTimePattern: 'HH:mm',
      longTimePattern: 'HH:mm:ss',
    },
  },
  hy: {
    threeLetterIsoLanguageName: 'hye',
    nativeName: 'հայերեն',
    dateTimeFormat: {
      calendarAlgorithmType: 'SolarCalendar',
      dateTimeFormatLong: 'dddd, d MMMM, yyyy թ.',
      shortDatePattern: 'dd.MM.yyyy',
      fullDateTimePattern: 'dddd, d MMMM, yyyy թ. HH:mm:ss',
      dateSeparator: '.',
      shortTimePattern: 'HH:mm',
      longTimePattern: 'HH:mm:ss',
    },
  },
};

/**
 * The currentCulture object of a culture. The shipped cultures have their .NET data; another
 * culture a language was created for is described from ICU (names, direction) with the nearest
 * shipped culture's patterns (else English's).
 */
export function currentCultureOf(culture: string, displayName?: string): CurrentCultureDto {
  const language = findLanguage(culture);
  if (language && language.cultureName === culture.toLowerCase()) {
    const data = cultureData[language.cultureName] ?? cultureData[defaultCulture]!;
    return {
      ...data,
      displayName: displayName ?? language.displayName,
      englishName: language.englishName,
      twoLetterIsoLanguageName: language.twoLetterISOLanguageName,
      isRightToLeft: language.isRightToLeft,
      cultureName: language.cultureName,
      name: language.cultureName,
    };
  }
  const data = cultureData[language?.cultureName ?? defaultCulture] ?? cultureData[defaultCulture]!;
  const nativeName = nativeNameOf(culture);
  return {
    ...data,
    nativeName,
    displayName: displayName ?? nativeName,
    englishName: englishNameOf(culture),
    twoLetterIsoLanguageName: twoLetterOf(culture),
    isRightToLeft: isRightToLeftCulture(culture),
    cultureName: culture,
    name: culture,
  };
}
