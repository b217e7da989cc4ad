// Audit log settings (spec 7.8, 4.8, 5): the tenant's (or host's) own settings and the host's global
// ones. Rules: when the expired deleter is off, expiredDeleterPeriod is saved as 0; an empty period
// counts as 0; the deleter's last run and removed count are read when the server sends them (the
// field names vary between versions, so a few known spellings are accepted).
import type { Http } from './http.ts';

const base = '/api/audit-logging/settings';

export interface AuditLogSettings {
  isExpiredDeleterEnabled: boolean;
  expiredDeleterPeriod: number;
}

export interface AuditLogGlobalSettings extends AuditLogSettings {
  isPeriodicDeleterEnabled: boolean;
}

/** What the deleter last did, when the server tells. */
export interface DeleterStatus {
  lastRunTime: string | null;
  lastDeletedCount: number | null;
}

type Raw = Record<string, unknown>;

/** Spec 4.8 and 5: a period only counts while the deleter is on; empty or invalid is 0. */
export function periodToSave(isEnabled: boolean, period: unknown): number {
  if (!isEnabled) return 0;
  const value = typeof period === 'number' ? period : typeof period === 'string' && period.trim() !== '' ? Number(period) : 0;
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

export function toAuditLogSettings(values: Raw): AuditLogSettings {
  const isExpiredDeleterEnabled = values.isExpiredDeleterEnabled === true;
  return { isExpiredDeleterEnabled, expiredDeleterPeriod: periodToSave(isExpiredDeleterEnabled, values.expiredDeleterPeriod) };
}

export function toAuditLogGlobalSettings(values: Raw): AuditLogGlobalSettings {
  return { ...toAuditLogSettings(values), isPeriodicDeleterEnabled: values.isPeriodicDeleterEnabled === true };
}

export function toDeleterStatus(raw: Raw): DeleterStatus {
  const source = (typeof raw.deleter === 'object' && raw.deleter !== null ? raw.deleter : raw) as Raw;
  const time = source.lastRunTime ?? source.lastDeleterRunTime ?? source.lastExecutionTime ?? null;
  const count = source.lastDeletedCount ?? source.lastRemovedCount ?? source.lastDeleterDeletedCount ?? null;
  return { lastRunTime: typeof time === 'string' ? time : null, lastDeletedCount: typeof count === 'number' ? count : null };
}

export function getAuditLogSettings(http: Http): Promise<Raw> {
  return http<Raw>(base);
}

export function updateAuditLogSettings(http: Http, settings: AuditLogSettings): Promise<unknown> {
  return http(base, { method: 'PUT', body: settings });
}

export function getAuditLogGlobalSettings(http: Http): Promise<Raw> {
  return http<Raw>(`${base}/global`);
}

export function updateAuditLogGlobalSettings(http: Http, settings: AuditLogGlobalSettings): Promise<unknown> {
  return http(`${base}/global`, { method: 'PUT', body: settings });
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** Spec 2.5 and 5: the date before which logs are deleted, today minus the period in days, MM/dd/yyyy. */
export function deletionCutoffDate(today: Date, periodDays: number): string {
  const days = Number.isFinite(periodDays) && periodDays > 0 ? Math.floor(periodDays) : 0;
  const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() - days);
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}
