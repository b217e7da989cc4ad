// The audit logging screen's texts: every English key exists in Arabic, French and Armenian (none
// silently falls back to English), each keeps the same {n} placeholders, and the relative-time
// titles read with a real Intl age.
import { describe, expect, it } from 'vitest';
import { auditLogsTexts, auditLogsTextSets } from '../../src/screens/audit-logs/audit-logs-texts.ts';
import { formatAge } from '../../src/screens/audit-logs/relative-time.ts';
import { textsFor } from '../../src/i18n/texts.ts';

const english = auditLogsTextSets.en;
const placeholders = (text: string) => [...text.matchAll(/\{\d\}/g)].map((m) => m[0]).sort();

describe('audit logging texts', () => {
  it('English: the page title and the ABP relative-time titles of spec 2.6', () => {
    const t = auditLogsTexts('en');
    expect(t('Menu:AuditLogging')).toBe('Audit Logging');
    expect(t('DaysAgoWithUserTitle', formatAge({ value: 3, unit: 'day' }, 'en'), 'admin')).toBe('Changed 3 days ago by admin');
    expect(t('DaysAgoTitle', formatAge({ value: 2, unit: 'hour' }, 'en'))).toBe('Changed 2 hours ago');
  });

  it('names the page as the main menu and the breadcrumb do, in every language (issue 20.10)', () => {
    for (const culture of ['en', 'ar', 'fr', 'hy'] as const) {
      expect(auditLogsTexts(culture)('Menu:AuditLogging'), culture).toBe(textsFor(culture)('menu.auditLogging'));
    }
  });

  for (const culture of ['ar', 'fr', 'hy'] as const) {
    it(`${culture} has every key, with the same placeholders`, () => {
      const set: Record<string, string | undefined> = auditLogsTextSets[culture];
      expect(Object.keys(set).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) {
        expect(set[key], `${culture} ${key}`).toBeTruthy();
        expect(placeholders(set[key] ?? ''), `${culture} ${key}`).toEqual(placeholders(text));
      }
      expect(auditLogsTexts(culture)('DaysAgoWithUserTitle', formatAge({ value: 1, unit: 'day' }, culture), 'admin')).toContain('admin');
    });
  }
});
