// The users and roles screens' own rules (issue 9): organization units read as a tree, the lock end
// must be a future date-time (offered one day ahead), bulk bodies send ids or the list filter with the count seen (date
// ranges as instants), claims checked against their type's regex and value type, and the user form's
// client validation (the create schema; no password on an edit).
import { describe, expect, it } from 'vitest';
import {
  bulkBody,
  defaultLockEnd,
  lockEndOf,
  unitOptions,
  userValidator,
  usersFilters,
} from '../../src/screens/identity/users/users-rules.ts';
import { claimValueError } from '../../src/views/kit/claims.ts';
import { readKitListState, writeKitListState } from '../../src/views/kit/list-url.ts';

const t = ((key: string, ...args: unknown[]) => [key, ...args].join(':')) as never;

describe('users screen rules', () => {
  it('lists organization units as paths in code order', () => {
    expect(
      unitOptions([
        { id: 'b', code: '00001.00001', displayName: 'Sales' },
        { id: 'a', code: '00001', displayName: 'Head office' },
        { id: 'c', code: '00002', displayName: 'Branch' },
      ]),
    ).toEqual([
      { id: 'a', label: 'Head office' },
      { id: 'b', label: 'Head office › Sales' },
      { id: 'c', label: 'Branch' },
    ]);
  });

  it('locks only until a future date-time', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(lockEndOf('', now)).toEqual({ error: 'lockUntilRequired' });
    expect(lockEndOf('2025-12-31T10:00', now)).toEqual({ error: 'lockUntilPast' });
    expect(lockEndOf('2026-02-01T10:00', now)).toHaveProperty('iso');
  });

  it('offers a lock end one day ahead on the next whole local hour, which the form accepts', () => {
    const now = new Date(2026, 0, 31, 9, 41, 12).getTime();
    expect(defaultLockEnd(now)).toBe('2026-02-01T10:00');
    expect(defaultLockEnd(new Date(2026, 11, 31, 23, 0, 0).getTime())).toBe('2027-01-02T00:00');
    expect(lockEndOf(defaultLockEnd(now), now)).toEqual({ iso: new Date(2026, 1, 1, 10, 0).toISOString() });
  });

  it('sends ids, or the filter (dates as instants) with the count the user saw', () => {
    const filters = usersFilters(t);
    expect(bulkBody({ ids: ['u1'] }, filters)).toEqual({ ids: ['u1'] });
    const body = bulkBody({ filters: { isLockedOut: false, minCreationTime: '2026-01-02', filter: '' }, expectedCount: 7 }, filters, {
      lockoutEnd: 'x',
    }) as { filter: Record<string, unknown>; expectedCount: number; lockoutEnd: string };
    expect(body.expectedCount).toBe(7);
    expect(body.lockoutEnd).toBe('x');
    expect(body.filter.isLockedOut).toBe(false);
    expect(body.filter.minCreationTime).toBe(new Date('2026-01-02T00:00:00.000').toISOString());
    expect('filter' in body.filter).toBe(false);
  });

  it('keeps the advanced filters in the URL and drops what does not parse', () => {
    const filters = usersFilters(t);
    const state = readKitListState(
      '?isLockedOut=true&notActive=maybe&minCreationTime=2026-01-02&maxCreationTime=02/01/2026&page=3&sorting=userName%20desc&x=1',
      filters,
      ['userName'],
    );
    expect(state).toEqual({
      filters: { isLockedOut: true, minCreationTime: '2026-01-02' },
      sorting: { id: 'userName', direction: 'desc' },
      page: 3,
    });
    expect(writeKitListState(state)).toBe('?isLockedOut=true&minCreationTime=2026-01-02&sorting=userName+desc&page=3');
  });

  it('checks a claim value against its type', () => {
    const texts = {
      unknownType: 'unknown',
      regexMismatch: () => 'format',
      wrongType: (name: string) => `type ${name}`,
      required: 'required',
    };
    const age = { name: 'age', required: true, regex: null, regexDescription: null, valueType: 1 };
    const code = { name: 'code', required: false, regex: '[A-Z]{3}', regexDescription: null, valueType: 0 };
    expect(claimValueError(age, '', texts)).toBe('required');
    expect(claimValueError(age, '4x', texts)).toBe('type Int');
    expect(claimValueError(age, '42', texts)).toBeNull();
    expect(claimValueError(code, 'ABCD', texts)).toBe('format');
    expect(claimValueError(code, 'ABC', texts)).toBeNull();
    expect(claimValueError(undefined, 'x', texts)).toBe('unknown');
  });

  it('validates the user form: required fields and e-mail on create, no password on edit', () => {
    const validate = userValidator(
      {},
      { required: (l) => `required ${l}`, tooLong: () => 'long', invalid: (l) => `invalid ${l}` },
      { unknownType: 'u', regexMismatch: () => 'f', wrongType: () => 'w', required: 'r' },
    );
    const base = { userName: 'ann', email: 'ann@example.com', name: '', claims: [], __claimTypes: [], __roles: [] };
    expect(validate({ ...base, __isCreate: true, password: '' })).toHaveProperty('password');
    expect(validate({ ...base, __isCreate: true, password: '1q2w3E*' })).toEqual({});
    expect(validate(base)).toEqual({});
    expect(validate({ ...base, email: 'not an e-mail' })).toHaveProperty('email');
    expect(validate({ ...base, userName: '' })).toHaveProperty('userName');
  });
});
