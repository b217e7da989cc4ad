// The dashboard's period as whole local days (yyyy-MM-dd), apart from the statistics calls
// (audit-statistics.ts) so the dashboard and its machines paint with the default range before those
// load (issue 18).
export interface DateRange {
  /** yyyy-MM-dd, local days. */
  startDate: string;
  endDate: string;
}

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

/** A yyyy-MM-dd day as a local date; null when it is no real day. */
export function localDay(day: string): Date | null {
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
