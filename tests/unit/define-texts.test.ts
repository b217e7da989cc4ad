import { describe, expect, it } from 'vitest';
import { defineTexts } from '../../src/i18n/define-texts.ts';

const texts = defineTexts({
  en: { greeting: 'Hello {0}', bye: 'Bye' },
  ar: { greeting: 'مرحبا {0}' },
  fr: { greeting: 'Bonjour {0}' },
  hy: {},
});

describe('defineTexts', () => {
  it('translates with placeholders by the language of a culture', () => {
    expect(texts('fr-FR')('greeting', 'Ana')).toBe('Bonjour Ana');
    expect(texts('ar')('greeting', 'Ana')).toBe('مرحبا Ana');
  });
  it('falls back to English for a missing key or an unknown language', () => {
    expect(texts('ar')('bye')).toBe('Bye');
    expect(texts('de')('greeting', 1)).toBe('Hello 1');
  });
});
