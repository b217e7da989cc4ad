// Issue 18: the first paint formats its texts without @formatjs/intl (src/i18n/format-text.ts). A
// simple message (literal text and `{name}` arguments) must come out exactly as the one formatter
// (intl.ts, issue 19) formats it, for every shipped text in every language and for every kind of
// value; a complex message asked for before intl.ts has loaded shows its `other` branch, then the
// real text once the formatter is there (the readers are told through notifyTextsChanged).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueResourceNames, shippedTexts } from '../../server/localization/catalogue.ts';
import { simpleMessage } from '../../src/i18n/compiled-messages.ts';
import { formatText } from '../../src/i18n/format-text.ts';
import { formatIcu, intlFor, type MessageValues } from '../../src/i18n/intl.ts';

const cultures = ['en', 'ar', 'fr', 'hy'];
const date = new Date(Date.UTC(2026, 10, 26, 12, 30));
const valueSets: MessageValues[] = [
  {},
  { 0: 'alpha', 1: 'beta', 2: 'gamma', count: 'x', name: 'n' },
  { 0: 0, 1: 1234.5, 2: -1, count: 3, name: 0 },
  { 0: null, 1: undefined, 2: '', count: null, name: undefined },
  { 0: date, 1: 'and', 2: date, count: date, name: date },
];

describe('simple messages without formatjs', () => {
  it('come out exactly as @formatjs/intl formats them: every shipped simple text, every language, strings, numbers, dates, empty and missing values', () => {
    let compared = 0;
    const different: string[] = [];
    for (const culture of cultures)
      for (const resource of catalogueResourceNames())
        for (const [key, text] of Object.entries(shippedTexts(resource, culture))) {
          if (!simpleMessage(text)) continue;
          for (const values of valueSets) {
            const ours = formatText(culture, 'UTC', key, text, values);
            const theirs = formatIcu(intlFor(culture, 'UTC'), key, text, values);
            if (ours !== theirs) different.push(`${resource}::${key} (${culture}): ${ours} ≠ ${theirs}`);
            compared += 1;
          }
        }
    expect(different).toEqual([]);
    expect(compared).toBeGreaterThan(5_000);
  }, 120_000);

  it('literal text, arguments side by side, a date among text, and a missing value (the id, as formatMessage gives it)', () => {
    for (const [text, values] of [
      ['Plain', {}],
      ['', {}],
      ['{0}{1}', { 0: 'a', 1: 'b' }],
      ['{0}', { 0: date }],
      ['On {0}: {1}', { 0: date, 1: 'x' }],
      ['{0} and {1}', { 0: date, 1: date }],
      ['Hello {name}', {}],
      ['{a}{b}', { a: '', b: '' }],
    ] as Array<[string, MessageValues]>)
      expect(formatText('en', 'UTC', 'some.key', text, values), text).toBe(formatIcu(intlFor('en', 'UTC'), 'some.key', text, values));
  });
});

describe('a complex message before @formatjs/intl has loaded', () => {
  afterEach(() => {
    vi.doUnmock('../../src/i18n/intl.ts');
    vi.resetModules();
  });

  it('shows the other branch with the plain number, then the real text once the formatter has loaded', async () => {
    vi.resetModules();
    // A fresh format-text.ts whose intl.ts has not loaded (the unit setup loads the real one).
    let release: () => void = () => {};
    const loaded = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.doMock('../../src/i18n/intl.ts', async () => {
      await loaded;
      const formatter = await import('../../src/i18n/format-text.ts');
      formatter.setFullFormatter({ formatComplex: (_culture, _zone, _id, _text, values) => `formatted ${String(values.count)}` });
      return {};
    });
    const fresh = await import('../../src/i18n/format-text.ts');
    const { subscribeServerTexts } = await import('../../src/i18n/server-texts.ts');
    const changed = vi.fn();
    subscribeServerTexts(changed);
    const plural = `\u0001${JSON.stringify([
      {
        type: 6,
        value: 'count',
        options: { one: { value: [{ type: 0, value: 'one row' }] }, other: { value: [{ type: 7 }, { type: 0, value: ' rows' }] } },
        offset: 0,
        pluralType: 'cardinal',
      },
      { type: 0, value: ' in ' },
      {
        type: 5,
        value: 'where',
        options: { list: { value: [{ type: 0, value: 'the list' }] }, other: { value: [{ type: 0, value: 'all' }] } },
      },
    ])}`;
    expect(fresh.formatText('en', 'UTC', 'rows', plural, { count: 3, where: 'list' })).toBe('3 rows in the list');
    expect(fresh.formatText('en', 'UTC', 'rows', plural, { count: 1, where: 'x' })).toBe('1 rows in all');
    release();
    await fresh.loadFormatter();
    expect(changed).toHaveBeenCalled();
    expect(fresh.formatText('en', 'UTC', 'rows', plural, { count: 3, where: 'list' })).toBe('formatted 3');
  });

  it('re-renders nobody when no complex message was shown before the formatter loaded', async () => {
    vi.resetModules();
    vi.doMock('../../src/i18n/intl.ts', async () => {
      const formatter = await import('../../src/i18n/format-text.ts');
      formatter.setFullFormatter({ formatComplex: () => 'formatted' });
      return {};
    });
    const fresh = await import('../../src/i18n/format-text.ts');
    const { subscribeServerTexts } = await import('../../src/i18n/server-texts.ts');
    const changed = vi.fn();
    subscribeServerTexts(changed);
    expect(fresh.formatText('en', 'UTC', 'hello', 'Hello {name}', { name: 'Ann' })).toBe('Hello Ann');
    await fresh.loadFormatter();
    expect(changed).not.toHaveBeenCalled();
  });
});
