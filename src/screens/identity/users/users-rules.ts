// The users screen's own rules, apart from its view (issue 9; spec 3, 7.13): the advanced filters,
// organization units read as a tree, the lock end (a future date-time, offered one day ahead on a
// whole hour), the bulk body (ids, or the
// list filter with the count the user saw), and the user form's client validation (the create
// schema of the contract; an edit sends no password; claims against their types).
import { IdentityUserCreateDto } from '../../../../contract/identity.ts';
import type { EntityFieldErrors, EntityValues } from '../../../../machines/generic/entity-form.machine.ts';
import type { BulkTarget } from '../../../../machines/generic/list-selection.machine.ts';
import { getOrganizationUnitLookup, getRoleLookup } from '../../../api/identity-users.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { type ClaimTexts, validateClaims } from '../../../views/kit/claims.ts';
import { abpFilterQuery, type FilterSpec } from '../../../views/kit/resource-spec.ts';
import { schemaValidator, type ValidatorTexts } from '../../../views/kit/schema-validator.ts';
import type { usersTexts } from './users-texts.ts';

export type UsersKey = Parameters<ReturnType<typeof usersTexts>>[0];

/** The lock end a lock form starts with: the next whole local hour, one day ahead (a datetime-local value). */
export function defaultLockEnd(now: number): string {
  const end = new Date(now + 24 * 60 * 60 * 1000);
  end.setMinutes(60, 0, 0);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${end.getFullYear()}-${two(end.getMonth() + 1)}-${two(end.getDate())}T${two(end.getHours())}:${two(end.getMinutes())}`;
}

/** Organization units by their code (00001.00002): the path of display names, so the list reads as a tree. */
export function unitOptions(units: Array<{ id: string; code: string; displayName: string }>) {
  const byCode = new Map(units.map((unit) => [unit.code, unit]));
  const pathOf = (code: string): string => {
    const parentCode = code.split('.').slice(0, -1).join('.');
    const parent = parentCode ? byCode.get(parentCode) : undefined;
    const own = byCode.get(code)?.displayName ?? '';
    return parent ? `${pathOf(parentCode)} › ${own}` : own;
  };
  return [...units].sort((a, b) => a.code.localeCompare(b.code)).map((unit) => ({ id: unit.id, label: pathOf(unit.code) }));
}

/** A future local date-time (datetime-local) as an ISO instant, or the error's key. */
export function lockEndOf(value: unknown, now: number): { iso: string } | { error: 'lockUntilRequired' | 'lockUntilPast' } {
  if (typeof value !== 'string' || value === '') return { error: 'lockUntilRequired' };
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return { error: 'lockUntilRequired' };
  if (time <= now) return { error: 'lockUntilPast' };
  return { iso: new Date(time).toISOString() };
}

export function usersFilters(t: AreaTranslate<UsersKey>): FilterSpec[] {
  return [
    {
      kind: 'select',
      name: 'roleId',
      label: t('filterRole'),
      loadOptions: async (http, signal) => (await getRoleLookup(http, signal)).map((role) => ({ id: role.id, label: role.name })),
    },
    {
      kind: 'select',
      name: 'organizationUnitId',
      label: t('filterUnit'),
      loadOptions: async (http, signal) =>
        (await getOrganizationUnitLookup(http, signal)).map((unit) => ({ id: unit.id, label: unit.displayName })),
    },
    { kind: 'text', name: 'userName', label: t('userName') },
    { kind: 'text', name: 'phoneNumber', label: t('phoneNumber') },
    { kind: 'text', name: 'emailAddress', label: t('email') },
    { kind: 'text', name: 'name', label: t('name') },
    { kind: 'text', name: 'surname', label: t('surname') },
    { kind: 'boolean', name: 'isLockedOut', label: t('lockedOut') },
    { kind: 'boolean', name: 'notActive', label: t('notActive') },
    { kind: 'boolean', name: 'emailConfirmed', label: t('emailConfirmed') },
    { kind: 'boolean', name: 'isExternal', label: t('external') },
    {
      kind: 'dateRange',
      label: t('creationRange'),
      from: 'minCreationTime',
      to: 'maxCreationTime',
      fromLabel: `${t('creationRange')}: ${t('from')}`,
      toLabel: `${t('creationRange')}: ${t('to')}`,
    },
    {
      kind: 'dateRange',
      label: t('modificationRange'),
      from: 'minModifitionTime',
      to: 'maxModifitionTime',
      fromLabel: `${t('modificationRange')}: ${t('from')}`,
      toLabel: `${t('modificationRange')}: ${t('to')}`,
    },
  ];
}

/** The body of a bulk call: explicit ids, or the list filter with the count the user saw. */
export function bulkBody(target: BulkTarget, filters: readonly FilterSpec[], extra: object = {}): object {
  if ('ids' in target) return { ids: target.ids, ...extra };
  return { filter: abpFilterQuery(target.filters, filters), expectedCount: target.expectedCount, ...extra };
}

export function userValidator(labels: Record<string, string>, fieldTexts: ValidatorTexts, claimTexts: ClaimTexts) {
  const checkUser = schemaValidator(IdentityUserCreateDto, labels, fieldTexts);
  const checkClaims = validateClaims('claims', '__claimTypes', claimTexts);
  return (values: EntityValues): EntityFieldErrors => {
    const sent = Object.fromEntries(Object.entries(values).filter(([key]) => !key.startsWith('__') && key !== 'claims'));
    // An edit sends no password (Set password changes it): check the rest as the create schema says.
    const errors = checkUser(values.__isCreate === true ? sent : { ...sent, password: 'unchanged' });
    return { ...errors, ...checkClaims(values) };
  };
}
