// Audit-log statistics for the dashboard widgets (spec 7.14): average execution duration per day
// and error rate over a date range, each answering {data: {label: value}}. Rules: the range is
// whole local days, sent as ISO instants from the start of the first day to the end of the last,
// so today's logs count whatever the server's reading of a bare date; labels keep the server's order.
import type { Http } from './http.ts';

export interface DateRange {
  /** yyyy-MM-dd, local days. */
  startDate: string;
  endDate: string;
}

export interface StatisticPoint {
  label: string;
  value: number;
}

export interface AuditStatistics {
  averageDurations: StatisticPoint[];
  errorRate: StatisticPoint[];
}

const base = '/api/audit-logging/audit-logs/statistics';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last 7 days, today included (the widgets' default range). */
export function lastSevenDays(today: Date): DateRange {
  return { startDate: isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6)), endDate: isoDay(today) };
}

function localDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) || isoDay(date) !== day ? null : date;
}

/** A range is valid when both days are real dates and the start is not after the end. */
export function isValidRange(range: DateRange): boolean {
  const start = localDay(range.startDate);
  const end = localDay(range.endDate);
  return start !== null && end !== null && start.getTime() <= end.getTime();
}

/** The query of a statistics call: the first day's start and the last day's end, as instants. */
export function rangeQuery(range: DateRange): { startDate: string; endDate: string } {
  const start = localDay(range.startDate) ?? new Date(Number.NaN);
  const end = localDay(range.endDate) ?? new Date(Number.NaN);
  const endOfDay = new Date(end.getFullYear(), end.getMonth(), end.getDate(), 23, 59, 59, 999);
  return { startDate: start.toISOString(), endDate: endOfDay.toISOString() };
}

/** {data: {label: value}} as points; values that are not numbers are left out. */
export function toPoints(answer: unknown): StatisticPoint[] {
  const data = (answer as { data?: unknown } | null)?.data;
  if (typeof data !== 'object' || data === null) return [];
  return Object.entries(data as Record<string, unknown>)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]))
    .map(([label, value]) => ({ label, value }));
}

export async function getAuditStatistics(http: Http, range: DateRange, signal?: AbortSignal): Promise<AuditStatistics> {
  const query = rangeQuery(range);
  const [averageDurations, errorRate] = await Promise.all([
    http(`${base}/average-execution-duration-per-day`, { query, signal }),
    http(`${base}/error-rate`, { query, signal }),
  ]);
  return { averageDurations: toPoints(averageDurations), errorRate: toPoints(errorRate) };
}
