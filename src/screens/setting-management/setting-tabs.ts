// The tabs of the settings screen (spec 2.5). Rules: each tab has an order and a policy (and may need
// a feature); only tabs the caller is granted and that are built show, sorted by order (ties keep the
// registry order, as ABP's all-100 orders do). Today only Audit Logging is built; Saas Management,
// the Identity settings group, Account and Time Zone arrive with their own issues, each as one
// entry here with its own lazily loaded tab module.
import type { ComponentType } from 'react';
import { type Access, type FeatureRequirement, isFeatureOn, isGranted } from '../../app/access.ts';
import type { SettingsTextKey } from './settings-texts.ts';

export interface SettingTab {
  id: string;
  order: number;
  policy: string;
  feature?: FeatureRequirement;
  title: SettingsTextKey;
  load: () => Promise<{ default: ComponentType }>;
}

export const settingTabs: readonly SettingTab[] = [
  {
    id: 'audit-logging',
    order: 100,
    policy: 'AuditLogging.AuditLogs.SettingManagement',
    title: 'auditLogging',
    load: () => import('./audit-logging/audit-logging-settings-tab.tsx'),
  },
];

export function visibleSettingTabs(access: Access, tabs: readonly SettingTab[] = settingTabs): SettingTab[] {
  return tabs
    .map((tab, index) => ({ tab, index }))
    .filter(({ tab }) => isGranted(access, tab.policy) && isFeatureOn(access, tab.feature))
    .sort((a, b) => a.tab.order - b.tab.order || a.index - b.index)
    .map(({ tab }) => tab);
}
