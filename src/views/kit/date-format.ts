// Dates in a list's cells and labels as the user's culture writes them, one helper for every spec
// (they take the culture as `locale`). Rules: no value shows nothing; a value that is not a date
// shows as it came, never "Invalid Date"; the default is a short date with the time to the second;
// formatted by the SPA's one formatter (src/i18n/intl.ts) in the user's time zone (spec 2.5).
import { intlFor } from '../../i18n/intl.ts';

export type FormatDate = (value: string | null | undefined) => string;

export function dateTimeFormatter(
  locale: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'medium' },
): FormatDate {
  return (value) => {
    if (!value) return '';
    const date = new Date(value);
    // Looked up per value: the user's time zone may arrive after the spec is built.
    return Number.isNaN(date.getTime()) ? value : intlFor(locale).formatDate(date, options);
  };
}
