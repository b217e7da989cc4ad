// Pure rules of the audit logging screen (spec 2.6, 9): the status code table against Node's own
// reason phrases, the relative-time units, the Detail modal's impersonator and changed-value rules,
// and the URL that keeps a list view shareable.
import { STATUS_CODES } from 'node:http';
import { describe, expect, it } from 'vitest';
import { fetchPageInput, pagedListMachine } from '../../machines/generic/paged-list.machine.ts';
import { createActor } from 'xstate';
import {
  changeTypeName,
  changeTypeVariant,
  extraPropertiesJson,
  isChangedValue,
  tenantImpersonator,
  userImpersonator,
} from '../../src/screens/audit-logs/audit-log-view.ts';
import { httpMethods, httpStatusCodes, statusCodeLabel } from '../../src/screens/audit-logs/http-status-codes.ts';
import { httpMethodBadgeVariant, statusCodeBadgeVariant } from '../../src/ui/status.ts';
import {
  auditLogFields,
  auditLogSortFields,
  entityChangeFields,
  entityChangeSortFields,
  isoToLocalInput,
  localInputToIso,
  readListState,
  tabOf,
  toApiQuery,
  writeListState,
} from '../../src/screens/audit-logs/list-url.ts';
import { ageOf, formatAge } from '../../src/screens/audit-logs/relative-time.ts';

describe('HTTP status codes and methods', () => {
  it('lists the standard codes 100–511 in order, each with its reason phrase', () => {
    const codes = httpStatusCodes.map(([code]) => code);
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    expect(codes[0]).toBe(100);
    expect(codes.at(-1)).toBe(511);
    // Node's table holds the registered codes plus two unregistered ones (418 and 509).
    const registered = Object.keys(STATUS_CODES)
      .map(Number)
      .filter((code) => code >= 100 && code <= 511 && code !== 418 && code !== 509);
    expect(codes).toEqual(registered);
    for (const [code, reason] of httpStatusCodes) expect(reason.toLowerCase()).toBe(STATUS_CODES[code]?.toLowerCase());
  });

  it("labels a code as 'code - message'", () => {
    expect(statusCodeLabel(404)).toBe('404 - Not Found');
    expect(statusCodeLabel(200)).toBe('200 - OK');
    expect(statusCodeLabel(599)).toBe('599');
  });

  it('offers the eight methods of spec 9', () => {
    expect(httpMethods).toEqual(['GET', 'POST', 'DELETE', 'PUT', 'HEAD', 'CONNECT', 'OPTIONS', 'TRACE']);
  });

  it('colours every listed code and method as spec 9 says', () => {
    const byClass = { 1: 'light', 2: 'success', 3: 'warning', 4: 'danger', 5: 'danger' } as const;
    for (const [code] of httpStatusCodes) expect(statusCodeBadgeVariant(code), String(code)).toBe(byClass[Math.floor(code / 100) as 1]);
    expect(httpMethods.map(httpMethodBadgeVariant)).toEqual(['info', 'success', 'danger', 'warning', 'light', 'light', 'light', 'light']);
    expect([0, 1, 2].map(changeTypeVariant)).toEqual(['success', 'warning', 'danger']);
  });
});

describe('relative time of a change', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('is in days from one day, else hours from one hour, else minutes', () => {
    expect(ageOf('2026-03-07T11:00:00Z', now)).toEqual({ value: 3, unit: 'day' });
    expect(ageOf('2026-03-09T12:00:00Z', now)).toEqual({ value: 1, unit: 'day' });
    expect(ageOf('2026-03-09T12:00:01Z', now)).toEqual({ value: 23, unit: 'hour' });
    expect(ageOf('2026-03-10T11:00:00Z', now)).toEqual({ value: 1, unit: 'hour' });
    expect(ageOf('2026-03-10T11:00:01Z', now)).toEqual({ value: 59, unit: 'minute' });
    expect(ageOf('2026-03-10T11:59:59Z', now)).toEqual({ value: 0, unit: 'minute' });
    expect(ageOf('2026-03-10T12:05:00Z', now)).toEqual({ value: 0, unit: 'minute' });
  });

  it('reads naturally in the UI culture', () => {
    expect(formatAge({ value: 3, unit: 'day' }, 'en')).toBe('3 days ago');
    expect(formatAge({ value: 1, unit: 'hour' }, 'en')).toBe('1 hour ago');
    expect(formatAge({ value: 2, unit: 'hour' }, 'fr')).toBe('il y a 2 heures');
    expect(formatAge({ value: 5, unit: 'minute' }, 'ar')).not.toBe(formatAge({ value: 5, unit: 'minute' }, 'en'));
  });
});

describe('Detail modal rules', () => {
  const none = { impersonatorTenantId: null, impersonatorTenantName: null, impersonatorUserId: null, impersonatorUserName: null };
  it('shows a tenant impersonator by name, else id, only when an id exists', () => {
    expect(tenantImpersonator(none)).toBeNull();
    expect(tenantImpersonator({ ...none, impersonatorTenantName: 'acme' })).toBeNull();
    expect(tenantImpersonator({ ...none, impersonatorTenantId: 't-1', impersonatorTenantName: 'acme' })).toBe('acme');
    expect(tenantImpersonator({ ...none, impersonatorTenantId: 't-1' })).toBe('t-1');
  });

  it("shows a user impersonator as 'name (id)' or the id", () => {
    expect(userImpersonator(none)).toBeNull();
    expect(userImpersonator({ ...none, impersonatorUserId: 'u-1', impersonatorUserName: 'admin' })).toBe('admin (u-1)');
    expect(userImpersonator({ ...none, impersonatorUserId: 'u-1' })).toBe('u-1');
  });

  it('marks a differing new value of an Updated change only', () => {
    expect(isChangedValue({ changeType: 1 }, { originalValue: 'a', newValue: 'b' })).toBe(true);
    expect(isChangedValue({ changeType: 1 }, { originalValue: null, newValue: 'b' })).toBe(true);
    expect(isChangedValue({ changeType: 1 }, { originalValue: 'a', newValue: 'a' })).toBe(false);
    expect(isChangedValue({ changeType: 0 }, { originalValue: null, newValue: 'b' })).toBe(false);
    expect(isChangedValue({ changeType: 2 }, { originalValue: 'a', newValue: null })).toBe(false);
  });

  it('names change types and prints extra properties as JSON', () => {
    expect([0, 1, 2, 3].map(changeTypeName)).toEqual(['Created', 'Updated', 'Deleted', null]);
    expect(extraPropertiesJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(extraPropertiesJson(null)).toBe('{}');
  });
});

describe('list view in the URL', () => {
  it('reads filters, sorting and page, dropping what does not parse', () => {
    const search =
      '?userName=%20admin%20&httpMethod=GET&httpStatusCode=404&minExecutionDuration=abc&maxExecutionDuration=-5&hasException=maybe&startTime=2026-03-01T10:00:00.000Z&endTime=nonsense&sorting=executionDuration%20DESC&page=3&unknown=1';
    expect(readListState(search, auditLogFields, auditLogSortFields)).toEqual({
      filters: { userName: 'admin', httpMethod: 'GET', httpStatusCode: 404, startTime: '2026-03-01T10:00:00.000Z' },
      sorting: { id: 'executionDuration', direction: 'desc' },
      page: 3,
    });
    expect(readListState('?sorting=password%20asc&page=0&hasException=false', auditLogFields, auditLogSortFields)).toEqual({
      filters: { hasException: false },
      sorting: null,
      page: 1,
    });
  });

  it('writes the tab, the applied filters, sorting and page, and reads them back', () => {
    const state = {
      filters: { entityChangeType: 1, entityId: 'u 1', startDate: '2026-03-01T10:00:00.000Z' },
      sorting: { id: 'changeTime', direction: 'desc' as const },
      page: 2,
    };
    const search = writeListState('entity-changes', state);
    expect(tabOf(search)).toBe('entity-changes');
    expect(readListState(search, entityChangeFields, entityChangeSortFields)).toEqual(state);
    expect(writeListState('audit-logs', { filters: { url: '' }, sorting: null, page: 1 })).toBe('');
    expect(tabOf('')).toBe('audit-logs');
  });

  it('turns a page request into the API query (paging of spec 9: 10 from 0)', () => {
    const actor = createActor(pagedListMachine, { input: { autoLoad: false, filters: { hasException: false, url: ' ' } } });
    const input = fetchPageInput(actor.getSnapshot().context);
    expect(toApiQuery(input)).toEqual({ hasException: false, skipCount: 0, maxResultCount: 10 });
    expect(toApiQuery({ ...input, sorting: { id: 'userName', direction: 'asc' }, skipCount: 20 })).toMatchObject({
      sorting: 'userName asc',
      skipCount: 20,
    });
  });

  it('shows instants in local time in datetime-local inputs and back', () => {
    const iso = localInputToIso('2026-03-01T10:30');
    expect(iso).toMatch(/Z$/);
    expect(isoToLocalInput(iso)).toBe('2026-03-01T10:30');
    expect(localInputToIso('')).toBeNull();
    expect(isoToLocalInput('bad')).toBe('');
  });
});
