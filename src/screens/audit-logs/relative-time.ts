// The age of an entity change (spec 2.6 'Changes' header, 9): in days if at least one day, else in
// hours if at least one hour, else in minutes (whole units, rounded down; a change "from the
// future" because of clock skew counts as 0 minutes). Formatting goes through the SPA's formatter
// (src/i18n/intl.ts) in the UI culture, so "3 days ago" reads naturally in every language.
import { intlFor } from '../../i18n/intl.ts';

export type AgeUnit = 'day' | 'hour' | 'minute';
export interface Age {
  value: number;
  unit: AgeUnit;
}

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

export function ageOf(time: Date | string, now: Date): Age {
  const elapsed = Math.max(0, now.getTime() - new Date(time).getTime());
  if (elapsed >= day) return { value: Math.floor(elapsed / day), unit: 'day' };
  if (elapsed >= hour) return { value: Math.floor(elapsed / hour), unit: 'hour' };
  return { value: Math.floor(elapsed / minute), unit: 'minute' };
}

/** "3 days ago", "il y a 2 heures", "منذ 5 دقائق"… */
export function formatAge(age: Age, culture: string): string {
  return intlFor(culture).formatRelativeTime(-age.value, age.unit, { numeric: 'always' });
}
