// Issue 19, one formatter: the SPA's texts are ICU messages formatted by @formatjs/intl in the
// user's culture and time zone. Arabic has six plural categories: a bulk-action result and the users'
// import report are checked for 0, 1, 2, 3, 11 and 100, from the bundled sources and from the server's
// compiled messages (what the SPA, which has no ICU parser, reads); a date shows in a non-UTC user
// time zone; a number in a text is grouped as the culture writes it (a settings field's limit); the
// reader of simple messages agrees with the ICU parser on every shipped text.
import { parse } from '@formatjs/icu-messageformat-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { withCompiledMessages } from '../../server/localization/compiled.ts';
import { resourceTexts } from '../../server/localization/index.ts';
import { catalogueResourceNames, messageKind, shippedTexts } from '../../server/localization/catalogue.ts';
import { icuParseOptions } from '../../server/localization/message-syntax.ts';
import { type AreaTexts, translator } from '../../src/i18n/define-texts.ts';
import { compiledMarker, messageOf, simpleMessage } from '../../src/i18n/compiled-messages.ts';
import { currentTimeZone, formatAmount, intlFor, setUserTimeZone } from '../../src/i18n/intl.ts';
import { serverText, setServerTexts } from '../../src/i18n/server-texts.ts';
import { usersTexts } from '../../src/screens/identity/users/users-texts.ts';
import { settingsTexts } from '../../src/screens/setting-management/settings-texts.ts';
import { languageManagementTexts } from '../../src/screens/language-management/language-management-texts.ts';
import { dateTimeFormatter } from '../../src/views/kit/date-format.ts';
import { kitTexts } from '../../src/views/kit/kit-texts.ts';

const counts = [0, 1, 2, 3, 11, 100];

const arabicBulkDone = ['تم: لا صفوف', 'تم: صف واحد', 'تم: صفان', 'تم: 3 صفوف', 'تم: 11 صفًا', 'تم: 100 صف'];
const arabicSelected = ['لم يُحدَّد أي صف', 'تم تحديد صف واحد', 'تم تحديد صفين', 'تم تحديد 3 صفوف', 'تم تحديد 11 صفًا', 'تم تحديد 100 صف'];
const arabicUsers = ['لا مستخدمين', 'مستخدم واحد', 'مستخدمان', '3 مستخدمين', '11 مستخدمًا', '100 مستخدم'];
const arabicRows = ['لا صفوف', 'صف واحد', 'صفان', '3 صفوف', '11 صفًا', '100 صف'];

type Translate = (key: never, ...args: number[]) => string;

function expectArabicPlurals(kit: Translate, users: Translate) {
  counts.forEach((count, index) => {
    expect(kit('bulkDone' as never, count)).toBe(arabicBulkDone[index]);
    expect(kit('bulkFailed' as never, count)).toBe(`فشل: ${arabicRows[index]}`);
    expect(kit('selectedCount' as never, count)).toBe(arabicSelected[index]);
    expect(users('importReport' as never, count, count, count)).toBe(
      `المقروء: ${arabicRows[index]}؛ المُنشأ: ${arabicUsers[index]}؛ الفاشل: ${arabicRows[index]}.`,
    );
  });
}

afterEach(() => {
  setServerTexts('en', {});
  setUserTimeZone('UTC');
});

describe('plural forms', () => {
  it('Arabic: zero, one, two, few, many and other in a bulk-action result and an import report (bundled texts)', () => {
    expectArabicPlurals(kitTexts('ar') as Translate, usersTexts('ar') as Translate);
  });

  it('the same through the server’s compiled messages, as the SPA reads them', () => {
    const compiled = withCompiledMessages(resourceTexts('ar') as Record<string, Record<string, string>>);
    const done = compiled['Finance.Kit']!.bulkDone!;
    expect(done.startsWith(compiledMarker)).toBe(true);
    expect(Array.isArray(messageOf(done))).toBe(true);
    setServerTexts('ar', compiled);
    expect(serverText('Finance.Kit', 'ar', 'bulkDone')).toBe(done);
    // As in the SPA's bundle: English only, the resource named; the Arabic comes from the server.
    const englishOnly = <Keys extends string>(sets: AreaTexts<Keys>): AreaTexts<Keys> => ({ en: sets.en, ar: {}, fr: {}, hy: {} });
    expectArabicPlurals(
      translator('Finance.Kit', englishOnly(kitTexts.sets), 'ar') as Translate,
      translator('Finance.Identity.Users', englishOnly(usersTexts.sets), 'ar') as Translate,
    );
  });

  it('English and French: one and other; Armenian keeps the noun singular after a number', () => {
    expect(kitTexts('en')('bulkDone', 1)).toBe('Done: 1 row');
    expect(kitTexts('en')('bulkDone', 47)).toBe('Done: 47 rows');
    expect(usersTexts('en')('importReport', 50, 47, 3)).toBe('50 rows read: 47 users created, 3 rows failed.');
    expect(kitTexts('fr')('selectedCount', 0)).toBe('0 ligne sélectionnée');
    expect(kitTexts('fr')('selectedCount', 2)).toBe('2 lignes sélectionnées');
    expect(kitTexts('hy')('bulkDone', 3)).toBe('Կատարված՝ 3 տող');
  });
});

describe('the language texts import report', () => {
  it('Arabic: six plural forms for the texts read, changed and the unknown keys ignored', () => {
    const arabicTexts = ['لا نصوص', 'نص واحد', 'نصان', '3 نصوص', '11 نصًا', '100 نص'];
    const arabicKeys = ['لا مفاتيح', 'مفتاح واحد', 'مفتاحان', '3 مفاتيح', '11 مفتاحًا', '100 مفتاح'];
    const report = languageManagementTexts('ar') as Translate;
    counts.forEach((count, index) => {
      expect(report('importReport' as never, count, count, count)).toBe(
        `في الملف: ${arabicTexts[index]}؛ المُغيَّر: ${arabicTexts[index]}؛ المفاتيح غير المعروفة هنا المُتجاهَلة: ${arabicKeys[index]}.`,
      );
    });
  });

  it('English, French and Armenian: one and other', () => {
    expect(languageManagementTexts('en')('importReport', 1, 1, 1)).toBe('1 text in the file: 1 changed; 1 key unknown here was ignored.');
    expect(languageManagementTexts('en')('importReport', 12, 0, 2)).toBe(
      '12 texts in the file: 0 changed; 2 keys unknown here were ignored.',
    );
    expect(languageManagementTexts('fr')('importReport', 12, 1, 0)).toBe(
      '12 textes dans le fichier : 1 modifié ; 0 clé inconnue ici a été ignorée.',
    );
    expect(languageManagementTexts('fr')('importReport', 12, 3, 2)).toBe(
      '12 textes dans le fichier : 3 modifiés ; 2 clés inconnues ici ont été ignorées.',
    );
    expect(languageManagementTexts('hy')('importReport', 12, 3, 2)).toBe(
      'Ֆայլում 12 տեքստ․ փոխվել է 3-ը, այստեղ անհայտ 2 բանալի անտեսվել է։',
    );
  });
});

describe('numbers in a text', () => {
  // A settings field's limit (the audit log deleter's period, at most 36,500 days) in the user's culture.
  const cultures = ['en', 'ar', 'fr', 'hy'];
  const written = (culture: string) => new Intl.NumberFormat(culture).format(36_500);

  it('are grouped as the culture writes them, from the bundled texts', () => {
    expect(settingsTexts('en')('max', 36_500)).toBe('The value must be at most 36,500.');
    expect(written('fr')).toBe('36\u202f500');
    expect(settingsTexts('fr')('max', 36_500)).toBe(`La valeur doit être au plus ${written('fr')}.`);
    for (const culture of cultures) expect(settingsTexts(culture)('max', 36_500)).toContain(written(culture));
    expect(settingsTexts('en')('min', 1_000)).toBe('The value must be at least 1,000.');
  });

  it('the same through the server’s compiled messages, as the SPA reads them', () => {
    const englishOnly = { en: settingsTexts.sets.en, ar: {}, fr: {}, hy: {} };
    try {
      for (const culture of cultures) {
        const compiled = withCompiledMessages(resourceTexts(culture) as Record<string, Record<string, string>>);
        expect(compiled['Finance.SettingManagement.Settings']!.max!.startsWith(compiledMarker)).toBe(true);
        setServerTexts(culture, compiled);
        const t = translator('Finance.SettingManagement.Settings', englishOnly, culture);
        expect(t('max', 36_500)).toContain(written(culture));
        expect(t('max', 36_500)).toBe(settingsTexts(culture)('max', 36_500));
      }
    } finally {
      for (const culture of cultures) setServerTexts(culture, {});
    }
  });
});

describe('dates in the user’s time zone', () => {
  const instant = '2026-01-01T23:30:00Z';

  it('is UTC by default and the user’s setting once known', () => {
    const options = { dateStyle: 'medium', timeStyle: 'short' } as const;
    const utc = dateTimeFormatter('en', options)(instant);
    expect(currentTimeZone()).toBe('UTC');
    expect(utc).toBe(new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' }).format(new Date(instant)));
    expect(utc).toContain('Jan 1, 2026');

    setUserTimeZone('Asia/Yerevan');
    const yerevan = dateTimeFormatter('en', options)(instant);
    expect(yerevan).toBe(new Intl.DateTimeFormat('en', { ...options, timeZone: 'Asia/Yerevan' }).format(new Date(instant)));
    expect(yerevan).toContain('Jan 2, 2026');
    expect(dateTimeFormatter('ar', options)(instant)).toBe(
      new Intl.DateTimeFormat('ar', { ...options, timeZone: 'Asia/Yerevan' }).format(new Date(instant)),
    );
    // Relative times and numbers go through the same formatter.
    expect(intlFor('fr').formatRelativeTime(-3, 'day', { numeric: 'always' })).toBe('il y a 3 jours');
    expect(intlFor('en').formatNumber(1234.5, { style: 'currency', currency: 'USD' })).toBe('$1,234.50');
    // Amounts are decimal strings, formatted without passing through a float.
    expect(formatAmount('en', '12345678901234567.89', 'USD')).toBe('$12,345,678,901,234,567.89');
    expect(formatAmount('fr', '0.10', 'EUR')).toBe(new Intl.NumberFormat('fr', { style: 'currency', currency: 'EUR' }).format(0.1));
  });

  it('falls back to UTC for an unknown zone', () => {
    setUserTimeZone('Mars/Olympus');
    expect(currentTimeZone()).toBe('UTC');
  });
});

describe('the reader of simple messages', () => {
  it('gives the ICU parser’s AST for every shipped text it accepts, and refuses what needs the parser', () => {
    let simple = 0;
    for (const resource of catalogueResourceNames().filter((name) => messageKind(name) === 'icu')) {
      for (const culture of ['en', 'ar', 'fr', 'hy']) {
        for (const text of Object.values(shippedTexts(resource, culture))) {
          const read = simpleMessage(text);
          if (read) {
            simple += 1;
            expect(read, text).toEqual(parse(text, icuParseOptions));
          }
        }
      }
    }
    expect(simple).toBeGreaterThan(1000);
    expect(simpleMessage('{0, plural, one {#} other {#}}')).toBeNull();
    expect(simpleMessage("It''s {name}")).toBeNull();
    expect(simpleMessage('a } b')).toBeNull();
    expect(simpleMessage('Hello {name}, <b>{0}</b>')).toEqual(parse('Hello {name}, <b>{0}</b>', icuParseOptions));
  });
});
