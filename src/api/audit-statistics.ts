// Audit-log statistics for the dashboard widgets (spec 7.14): average execution duration per day
// and error rate over a date range, each answering {data: {label: value}}. Rules: the range is
// whole local days, sent as ISO instants from the start of the first day to the end of the last,
// so today's logs count whatever the server's reading of a bare date; labels keep the server's order.
import { type DateRange, localDay } from './date-range.ts';
import type { Http } from './http.ts';

// The dashboard paints with its default range before this module loads (issue 18: date-range.ts).
export { type DateRange, isoDay, isValidRange, lastSevenDays } from './date-range.ts';

export interface StatisticPoint {
  label: string;
  value: number;
}

export interface AuditStatistics {
  averageDurations: StatisticPoint[];
  errorRate: StatisticPoint[];
}

const base = '/api/audit-logging/audit-logs/statistics';

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
