// The resource kit's list pieces a screen relies on without a browser (issue 9): date-time ranges
// (kept in the URL as local date-times, sent as instants), a list without free text (no `filter`
// read from the URL), dates formatted by culture. (The screens' specs import the design system, whose
// styles need the browser build: the account lists are covered by their e2e specs.)
import { describe, expect, it } from 'vitest';
import { dateTimeFormatter } from '../../src/views/kit/date-format.ts';
import { localDateTimeToInstant, readKitListState, writeKitListState } from '../../src/views/kit/list-url.ts';
import { abpListQuery, type FilterSpec } from '../../src/views/kit/resource-spec.ts';

const range: FilterSpec = {
  kind: 'dateRange',
  withTime: true,
  label: 'Time',
  from: 'startTime',
  to: 'endTime',
  fromLabel: 'From',
  toLabel: 'To',
};
const page = { filters: {}, sorting: null, page: 1, pageSize: 10, skipCount: 0, maxResultCount: 10 };

describe('kit lists', () => {
  it('keeps a date-time range in the URL as local date-times and sends their instants', () => {
    const state = readKitListState('?startTime=2026-03-01T08:30&endTime=2026-03-01&filter=x', [range], [], false);
    expect(state.filters).toEqual({ startTime: '2026-03-01T08:30' });
    expect(writeKitListState(state)).toBe('?startTime=2026-03-01T08%3A30');
    expect(abpListQuery({ ...page, filters: { startTime: '2026-03-01T08:30', endTime: 'soon' } }, [range])).toEqual({
      skipCount: 0,
      maxResultCount: 10,
      startTime: new Date(2026, 2, 1, 8, 30).toISOString(),
    });
    expect(localDateTimeToInstant('2026-03-01T08:30:15')).toBe(new Date(2026, 2, 1, 8, 30, 15).toISOString());
    expect(localDateTimeToInstant('2026-02-30T25:00')).toBeNull();
  });

  it('reads the free text from the URL only for a list that has it', () => {
    expect(readKitListState('?filter=ann', [], []).filters).toEqual({ filter: 'ann' });
    expect(readKitListState('?filter=ann', [], [], false).filters).toEqual({});
  });

  it('formats dates by culture; nothing for no value, the value itself when it is not a date', () => {
    const short = dateTimeFormatter('en-GB', { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' });
    expect(short('2026-03-01T08:30:00Z')).toBe('01/03/2026, 08:30');
    expect(short(null)).toBe('');
    expect(short('yesterday')).toBe('yesterday');
  });
});
