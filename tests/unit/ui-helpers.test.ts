// Pure helpers of the design system: badge colours (spec 9), pager arithmetic, sort cycling,
// breakpoints and theme resolution. No DOM, no CSS: these files import no *.css.ts.
import { describe, expect, it } from 'vitest';
import { initials } from '../../src/ui/initials.ts';
import { estimatedPageRange, pageRange } from '../../src/ui/pagination.ts';
import { httpMethodBadgeVariant, statusCodeBadgeVariant } from '../../src/ui/status.ts';
import { ariaSort, nextSort, toSorting } from '../../src/ui/table-sort.ts';
import { breakpointOf, breakpoints, mediaDown, mediaUp } from '../../src/ui/theme/breakpoints.ts';
import { resolveTheme } from '../../src/ui/theme/theme-names.ts';

describe('status code badge', () => {
  it.each([
    [200, 'success'],
    [204, 'success'],
    [301, 'warning'],
    [304, 'warning'],
    [400, 'danger'],
    [404, 'danger'],
    [500, 'danger'],
    [503, 'danger'],
    [100, 'light'],
    [0, 'light'],
    [null, 'light'],
    [undefined, 'light'],
    [Number.NaN, 'light'],
  ] as const)('%s -> %s', (code, variant) => {
    expect(statusCodeBadgeVariant(code)).toBe(variant);
  });
});

describe('HTTP method badge', () => {
  it.each([
    ['GET', 'info'],
    ['POST', 'success'],
    ['DELETE', 'danger'],
    ['PUT', 'warning'],
    ['get', 'info'],
    ['HEAD', 'light'],
    ['OPTIONS', 'light'],
    ['', 'light'],
    [null, 'light'],
  ] as const)('%s -> %s', (method, variant) => {
    expect(httpMethodBadgeVariant(method)).toBe(variant);
  });
});

describe('pageRange', () => {
  it('first page of many', () => {
    expect(pageRange(0, 10, 95)).toEqual({
      from: 1,
      to: 10,
      total: 95,
      pageCount: 10,
      hasPrevious: false,
      hasNext: true,
      isEstimate: false,
    });
  });
  it('last, partial page', () => {
    expect(pageRange(9, 10, 95)).toEqual({
      from: 91,
      to: 95,
      total: 95,
      pageCount: 10,
      hasPrevious: true,
      hasNext: false,
      isEstimate: false,
    });
  });
  it('empty list', () => {
    expect(pageRange(0, 10, 0)).toEqual({ from: 0, to: 0, total: 0, pageCount: 1, hasPrevious: false, hasNext: false, isEstimate: false });
  });
  it('clamps a page index past the end (rows deleted meanwhile)', () => {
    expect(pageRange(5, 10, 12)).toMatchObject({ from: 11, to: 12, hasNext: false, hasPrevious: true });
  });
});

describe('estimatedPageRange (a total the server estimated, ADR 0006)', () => {
  it('a full first page: next is open, no page count is claimed', () => {
    expect(estimatedPageRange(0, 10, 1_234_567, 10)).toEqual({
      from: 1,
      to: 10,
      total: 1_234_567,
      pageCount: null,
      hasPrevious: false,
      hasNext: true,
      isEstimate: true,
    });
  });
  it('a full page past the estimate is not clamped to it, and the total is never below the rows seen', () => {
    expect(estimatedPageRange(1500, 10, 12_000, 10)).toMatchObject({
      from: 15_001,
      to: 15_010,
      total: 15_010,
      hasNext: true,
      hasPrevious: true,
    });
  });
  it('a short page ends the list; an empty one shows no rows', () => {
    expect(estimatedPageRange(3, 10, 12_000, 4)).toMatchObject({ from: 31, to: 34, hasNext: false });
    expect(estimatedPageRange(3, 10, 12_000, 0)).toMatchObject({ from: 0, to: 0, hasNext: false, hasPrevious: true });
  });
});

describe('sorting', () => {
  it('a new column sorts ascending, the same column flips', () => {
    expect(nextSort(null, 'name')).toEqual({ id: 'name', direction: 'asc' });
    expect(nextSort({ id: 'name', direction: 'asc' }, 'name')).toEqual({ id: 'name', direction: 'desc' });
    expect(nextSort({ id: 'name', direction: 'desc' }, 'name')).toEqual({ id: 'name', direction: 'asc' });
    expect(nextSort({ id: 'name', direction: 'desc' }, 'email')).toEqual({ id: 'email', direction: 'asc' });
  });
  it('aria-sort and the ABP sorting string', () => {
    expect(ariaSort({ id: 'name', direction: 'desc' }, 'name')).toBe('descending');
    expect(ariaSort({ id: 'name', direction: 'asc' }, 'name')).toBe('ascending');
    expect(ariaSort({ id: 'name', direction: 'asc' }, 'email')).toBe('none');
    expect(toSorting({ id: 'creationTime', direction: 'desc' })).toBe('creationTime desc');
    expect(toSorting(null)).toBeUndefined();
  });
});

describe('breakpoints and themes', () => {
  it('match the spec (sm 480, md 768, lg 992, xl 1200) and never overlap', () => {
    expect(breakpoints).toEqual({ sm: 480, md: 768, lg: 992, xl: 1200 });
    expect(mediaUp('md')).toBe('screen and (min-width: 768px)');
    expect(mediaDown('md')).toBe('screen and (max-width: 767.98px)');
    expect([0, 479, 480, 767, 768, 991, 992, 1199, 1200].map(breakpointOf)).toEqual(['xs', 'xs', 'sm', 'sm', 'md', 'md', 'lg', 'lg', 'xl']);
  });
  it('System follows the operating system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('dim', true)).toBe('dim');
  });
});

describe('avatar initials', () => {
  it.each([
    ['admin', 'A'],
    ['John Smith', 'JS'],
    ['john.smith', 'JS'],
    ['  Ada Byron Lovelace ', 'AL'],
    ['أحمد علي', 'أع'],
    ['', ''],
  ])('%s -> %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
