// Paging and sorting for list endpoints (ABP contract section 5). Rules:
// - `sorting` is "field [asc|desc], other [asc|desc]"; field names match the allow-list
//   case-insensitively (Angular sends camelCase column props); an unknown field or direction is a
//   400 naming `sorting`, never a raw SQL fragment;
// - every list ends with a unique tie-breaker so pages never overlap or skip rows.
import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { invalidField } from '../../errors.ts';

export type SortableColumns = Record<string, AnyPgColumn | SQL>;

export interface PageRequest {
  skipCount?: number;
  maxResultCount?: number;
  sorting?: string;
}

const invalidSorting = () => invalidField('sorting', 'AbpValidation::The field {0} is invalid.', 'sorting');

/**
 * Maps a sorting string onto ORDER BY terms. `defaults` applies when the string is empty;
 * `tieBreaker` (usually the id) is always appended.
 */
export function orderBy(sorting: string | undefined, columns: SortableColumns, defaults: SQL[], tieBreaker: AnyPgColumn): SQL[] {
  const byLowerName = new Map(Object.entries(columns).map(([name, column]) => [name.toLowerCase(), column]));
  const terms: SQL[] = [];
  const text = sorting?.trim() ?? '';
  if (text) {
    for (const part of text.split(',')) {
      const [field = '', direction = 'asc', ...rest] = part.trim().split(/\s+/);
      const column = byLowerName.get(field.toLowerCase());
      const dir = direction.toLowerCase();
      if (!column || rest.length || (dir !== 'asc' && dir !== 'desc')) throw invalidSorting();
      terms.push(dir === 'desc' ? desc(column) : asc(column));
    }
  }
  return [...(terms.length ? terms : defaults), asc(tieBreaker)];
}

export const pageOf = (request: PageRequest) => ({ offset: request.skipCount ?? 0, limit: request.maxResultCount ?? 10 });

/** `%text%` for ILIKE with the LIKE wildcards in the user's text taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
