// Shapes every module shares on the wire (ABP contract section 5): paged/sorted list requests,
// list envelopes, audit field groups and extra properties. Rules:
// - maxResultCount 1..1000 (default 10), above 1000 the schema fails with a 400 naming it;
// - `sorting` is a free "field asc, other desc" string; each module maps it onto its allow-list;
// - timestamps leave as ISO strings and nullable fields as explicit nulls (never omitted).
import { type Static, type TProperties, type TSchema, Type } from 'typebox';

export const maxMaxResultCount = 1000;

/** `T | null`, how ABP sends absent optional values. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Guid = Type.String({ format: 'uuid' });
export const DateTime = Type.String({ format: 'date-time' });

export const ExtraProperties = Type.Record(Type.String(), Type.Unknown());

export const IdParams = Type.Object({ id: Guid }, { additionalProperties: false });
export type IdParams = Static<typeof IdParams>;

export const pagedAndSortedProperties = {
  skipCount: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647, default: 0 })),
  maxResultCount: Type.Optional(Type.Integer({ minimum: 1, maximum: maxMaxResultCount, default: 10 })),
  sorting: Type.Optional(Type.String({ maxLength: 256 })),
};

export const PagedAndSortedResultRequest = Type.Object(pagedAndSortedProperties);
export type PagedAndSortedResultRequest = Static<typeof PagedAndSortedResultRequest>;

/** A paged, sorted query string with the module's own filters beside the paging fields. */
export const pagedQuery = <P extends TProperties>(filters: P) => Type.Object({ ...pagedAndSortedProperties, ...filters });

export const PagedResultDto = <T extends TSchema>(item: T) => Type.Object({ totalCount: Type.Integer(), items: Type.Array(item) });
/**
 * A page of a list that may grow large (audit logs, users): totalCount is exact unless
 * extraProperties.totalCountIsEstimate is true; then it is PostgreSQL's planner estimate (a large or
 * slow-to-count set, ADR 0006), to show as "about N".
 */
export const EstimatedPagedResultDto = <T extends TSchema>(item: T) =>
  Type.Object({
    ...PagedResultDto(item).properties,
    extraProperties: Type.Optional(Type.Object({ totalCountIsEstimate: Type.Boolean() })),
  });
export const ListResultDto = <T extends TSchema>(item: T) => Type.Object({ items: Type.Array(item) });

export interface PagedResult<T> {
  totalCount: number;
  items: T[];
}

export const creationAuditedFields = {
  creationTime: DateTime,
  creatorId: Nullable(Guid),
};

export const auditedFields = {
  ...creationAuditedFields,
  lastModificationTime: Nullable(DateTime),
  lastModifierId: Nullable(Guid),
};

export const fullAuditedFields = {
  ...auditedFields,
  isDeleted: Type.Boolean(),
  deleterId: Nullable(Guid),
  deletionTime: Nullable(DateTime),
};

export const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);
