// The Audit Logging settings tab's pure rules (spec 2.5, 4.8, 5) and the settings screen's tab
// framework: the deletion note's date, the period saved, the deleter status read, and which tabs
// a caller sees in which order.
import { describe, expect, it } from 'vitest';
import {
  deletionCutoffDate,
  periodToSave,
  toAuditLogGlobalSettings,
  toAuditLogSettings,
  toDeleterStatus,
} from '../../src/api/audit-settings.ts';
import type { Access } from '../../src/app/access.ts';
import { type SettingTab, settingTabs, visibleSettingTabs } from '../../src/screens/setting-management/setting-tabs.ts';

describe('audit log settings rules', () => {
  it('names the date today minus the period, MM/dd/yyyy', () => {
    expect(deletionCutoffDate(new Date(2026, 10, 22, 15, 30), 30)).toBe('10/23/2026');
    expect(deletionCutoffDate(new Date(2026, 10, 22), 0)).toBe('11/22/2026');
    // Across a year and a leap day.
    expect(deletionCutoffDate(new Date(2024, 2, 1), 1)).toBe('02/29/2024');
    expect(deletionCutoffDate(new Date(2026, 0, 5), 10)).toBe('12/26/2025');
    // An empty or nonsense period counts as 0.
    expect(deletionCutoffDate(new Date(2026, 10, 22), Number.NaN)).toBe('11/22/2026');
  });

  it('saves the period only while the deleter is on, and 0 when empty', () => {
    expect(periodToSave(true, 90)).toBe(90);
    expect(periodToSave(true, null)).toBe(0);
    expect(periodToSave(true, '')).toBe(0);
    expect(periodToSave(true, '15')).toBe(15);
    expect(periodToSave(false, 90)).toBe(0);
    expect(periodToSave(true, -3)).toBe(0);
    expect(toAuditLogSettings({ isExpiredDeleterEnabled: false, expiredDeleterPeriod: 90, lastRunTime: 'x' })).toEqual({
      isExpiredDeleterEnabled: false,
      expiredDeleterPeriod: 0,
    });
    expect(toAuditLogGlobalSettings({ isExpiredDeleterEnabled: true, expiredDeleterPeriod: 7, isPeriodicDeleterEnabled: true })).toEqual({
      isExpiredDeleterEnabled: true,
      expiredDeleterPeriod: 7,
      isPeriodicDeleterEnabled: true,
    });
  });

  it("reads the deleter's last run when the server sends it", () => {
    expect(toDeleterStatus({ lastRunTime: '2026-11-22T05:00:00Z', lastDeletedCount: 12 })).toEqual({
      lastRunTime: '2026-11-22T05:00:00Z',
      lastDeletedCount: 12,
    });
    expect(toDeleterStatus({ deleter: { lastExecutionTime: 't', lastRemovedCount: 0 } })).toEqual({
      lastRunTime: 't',
      lastDeletedCount: 0,
    });
    expect(toDeleterStatus({})).toEqual({ lastRunTime: null, lastDeletedCount: null });
  });
});

describe('settings tabs', () => {
  const load = async () => ({ default: () => null });
  const access = (...policies: string[]): Access => ({
    isAuthenticated: true,
    grantedPolicies: Object.fromEntries(policies.map((policy) => [policy, true])),
    features: {},
  });

  it('shows the Audit Logging tab only with its policy', () => {
    expect(visibleSettingTabs(access('AuditLogging.AuditLogs.SettingManagement')).map((tab) => tab.id)).toEqual(['audit-logging']);
    expect(visibleSettingTabs(access('AuditLogging.AuditLogs'))).toEqual([]);
    expect(settingTabs.find((tab) => tab.id === 'audit-logging')).toMatchObject({
      order: 100,
      policy: 'AuditLogging.AuditLogs.SettingManagement',
    });
  });

  it('orders by order, keeps the registry order on ties, and honours features', () => {
    const tabs: SettingTab[] = [
      { id: 'a', order: 100, policy: 'A', title: 'general', load },
      { id: 'b', order: 50, policy: 'B', title: 'general', load },
      { id: 'c', order: 100, policy: 'C', title: 'general', load },
      { id: 'd', order: 1, policy: 'D', title: 'general', load, feature: { name: 'F', rule: 'enabled' } },
    ];
    expect(visibleSettingTabs(access('A', 'B', 'C', 'D'), tabs).map((tab) => tab.id)).toEqual(['b', 'a', 'c']);
    expect(visibleSettingTabs({ ...access('A', 'D'), features: { F: 'true' } }, tabs).map((tab) => tab.id)).toEqual(['d', 'a']);
  });
});
