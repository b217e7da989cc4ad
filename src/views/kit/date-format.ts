// Dates in a list's cells and labels as the user's culture writes them, one helper for every spec
// (they take the culture as `locale`). Rules: no value shows nothing; a value that is not a date
// shows as it came, never "Invalid Date"; the default is a short date with the time to the second.
export type FormatDate = (value: string | null | undefined) => string;

export function dateTimeFormatter(
  locale: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'medium' },
): FormatDate {
  const format = new Intl.DateTimeFormat(locale, options);
  return (value) => {
    if (!value) return '';
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : format.format(date);
  };
}
