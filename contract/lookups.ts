// The lookup catalogue on the wire (spec 3 "Product entities and lookups", 9 "Lookup values";
// finance-domain.md "Lookup catalogue"), under ABP's convention for an application's own services
// (/api/app/<kebab-case singular>). Rules:
// - GET /api/app/lookup lists the types, GET /api/app/lookup/{type} the values of one type, named by
//   its name (case-insensitive) or its GUID; an unknown type answers 404;
// - every signed-in user of the host or any tenant reads the same catalogue; the ids are the
//   product's fixed GUIDs (docs/lookups.md); a value's name starts empty (spec 3), its code is what
//   a screen shows until a localized text exists.
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
});
export type LookupValueDto = Static<typeof LookupValueDto>;

export const LookupTypeListResult = ListResultDto(LookupTypeDto);
export const LookupValueListResult = ListResultDto(LookupValueDto);

export const LookupTypeParams = Type.Object({ type: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false });
