// The lookup catalogue on the wire (spec 3 "Product entities and lookups", 9 "Lookup values";
// finance-domain.md "Lookup catalogue"), under ABP's convention for an application's own services
// (/api/app/<kebab-case singular>). Rules:
// - GET /api/app/lookup lists the types, GET /api/app/lookup/{type} the values of one type, named by
//   its name (case-insensitive) or its GUID; an unknown type answers 404;
// - every signed-in user of the host or any tenant reads the same catalogue; the ids are the
//   product's fixed GUIDs (docs/lookups.md); a value's name starts empty (spec 3); displayName is the value's name in the request's
//   culture (the stored name when set, else the product's text for `Type:Code`, else the code);
// - PUT /api/app/lookup/id-mapping (host, Finance.Lookups.ManageIds) replaces ids with an
//   authoritative mapping in one transaction: a type by name, a value by type and code; rows that
//   reference a lookup id follow it (ON UPDATE CASCADE); an unknown type or value, an entry mapped
//   twice or an id another entry holds is a 400 naming the entry, and nothing changes.
import { type Static, Type } from 'typebox';
import { Guid, ListResultDto } from './common.ts';

export const LookupTypeDto = Type.Object({
  id: Guid,
  name: Type.String(),
  valueCount: Type.Integer({ minimum: 0 }),
});
export type LookupTypeDto = Static<typeof LookupTypeDto>;

export const LookupValueDto = Type.Object({
  id: Guid,
  lookupTypeId: Guid,
  code: Type.String(),
  name: Type.String(),
  displayName: Type.String(),
});
export type LookupValueDto = Static<typeof LookupValueDto>;

export const LookupTypeListResult = ListResultDto(LookupTypeDto);
export const LookupValueListResult = ListResultDto(LookupValueDto);

export const LookupTypeParams = Type.Object({ type: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false });

export const LookupIdMappingInput = Type.Object(
  {
    types: Type.Optional(
      Type.Array(Type.Object({ name: Type.String({ minLength: 1, maxLength: 128 }), id: Guid }, { additionalProperties: false }), {
        maxItems: 1000,
      }),
    ),
    values: Type.Optional(
      Type.Array(
        Type.Object(
          { type: Type.String({ minLength: 1, maxLength: 128 }), code: Type.String({ minLength: 1, maxLength: 128 }), id: Guid },
          { additionalProperties: false },
        ),
        { maxItems: 10000 },
      ),
    ),
  },
  { additionalProperties: false },
);
export type LookupIdMappingInput = Static<typeof LookupIdMappingInput>;

export const LookupIdMappingResult = Type.Object({ types: Type.Integer(), values: Type.Integer() });
