// Language management on the wire (ABP contract 7.6, `@volo/abp.ng.language-management`). Rules:
// - languages are the host's or the current tenant's; GET /languages is ABP's paged list (its query
//   type also carries the texts' filters, as ABP's GetLanguagesTextsInput does; only `filter` applies),
//   GET /languages/all the unpaged `{items}`;
// - a culture name is a BCP 47 tag of at most 10 characters (ABP's MaxCultureNameLength), a display
//   name at most 32, a flag icon at most 48;
// - language texts are addressed by resource, culture and key; PUT takes the new value in the query
//   string (`?value=`), as ABP's proxies send it; /restore drops the override;
// - ours beside ABP's surface: GET /language-texts/missing/{cultureName} (the missing-translations
//   report), GET /language-texts/export (JSON or XLIFF 2 of the filtered texts) and POST
//   /language-texts/import (one language's texts; only changed values are stored; a report).
import { type Static, Type } from 'typebox';
import { creationAuditedFields, ExtraProperties, Guid, ListResultDto, Nullable, PagedResultDto, pagedQuery } from './common.ts';

export const cultureNamePattern = '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$';
const CultureName = Type.String({ minLength: 2, maxLength: 10, pattern: cultureNamePattern });
const DisplayName = Type.String({ minLength: 1, maxLength: 32 });
const FlagIcon = Type.Optional(Nullable(Type.String({ maxLength: 48 })));

export const LanguageDto = Type.Object({
  id: Guid,
  cultureName: Type.String(),
  uiCultureName: Type.String(),
  displayName: Type.String(),
  flagIcon: Nullable(Type.String()),
  isEnabled: Type.Boolean(),
  isDefaultLanguage: Type.Boolean(),
  /** Ours: the culture is written right to left (the layout turns RTL in it). */
  isRightToLeft: Type.Boolean(),
  ...creationAuditedFields,
  concurrencyStamp: Type.String(),
  extraProperties: ExtraProperties,
});
export type LanguageDto = Static<typeof LanguageDto>;

export const CreateLanguageDto = Type.Object({
  displayName: DisplayName,
  cultureName: CultureName,
  uiCultureName: CultureName,
  flagIcon: FlagIcon,
  isEnabled: Type.Boolean(),
  extraProperties: Type.Optional(ExtraProperties),
});
export type CreateLanguageDto = Static<typeof CreateLanguageDto>;

export const UpdateLanguageDto = Type.Object({
  displayName: DisplayName,
  flagIcon: FlagIcon,
  isEnabled: Type.Boolean(),
  concurrencyStamp: Type.Optional(Type.String({ maxLength: 40 })),
  extraProperties: Type.Optional(ExtraProperties),
});
export type UpdateLanguageDto = Static<typeof UpdateLanguageDto>;

const textFilters = {
  filter: Type.Optional(Type.String({ maxLength: 256 })),
  resourceName: Type.Optional(Type.String({ maxLength: 128 })),
  baseCultureName: Type.Optional(Type.String({ maxLength: 10 })),
  targetCultureName: Type.Optional(Type.String({ maxLength: 10 })),
  getOnlyEmptyValues: Type.Optional(Type.Boolean()),
};

export const GetLanguagesTextsInput = pagedQuery(textFilters);
export type GetLanguagesTextsInput = Static<typeof GetLanguagesTextsInput>;

export const LanguagePagedResult = PagedResultDto(LanguageDto);
export const LanguageList = ListResultDto(LanguageDto);
export const LanguageResourceDto = Type.Object({ name: Type.String() });
export const LanguageResourceList = Type.Array(LanguageResourceDto);
export const CultureInfoDto = Type.Object({ displayName: Type.String(), name: Type.String() });
export type CultureInfoDto = Static<typeof CultureInfoDto>;
export const CultureInfoList = Type.Array(CultureInfoDto);
export const FlagList = Type.Array(Type.String());

export const LanguageTextDto = Type.Object({
  resourceName: Type.String(),
  cultureName: Type.String(),
  baseCultureName: Type.String(),
  baseValue: Nullable(Type.String()),
  name: Type.String(),
  value: Nullable(Type.String()),
  /** Ours: the value is an administrator's override (restore brings the shipped text back). */
  isChanged: Type.Boolean(),
});
export type LanguageTextDto = Static<typeof LanguageTextDto>;
export const LanguageTextPagedResult = PagedResultDto(LanguageTextDto);

export const LanguageTextParams = Type.Object(
  {
    resourceName: Type.String({ minLength: 1, maxLength: 128 }),
    cultureName: Type.String({ minLength: 2, maxLength: 10 }),
    name: Type.String({ minLength: 1, maxLength: 512 }),
  },
  { additionalProperties: false },
);
export type LanguageTextParams = Static<typeof LanguageTextParams>;
export const GetLanguageTextQuery = Type.Object({ baseCultureName: Type.Optional(Type.String({ maxLength: 10 })) });
/** ABP's LanguageTextConsts.MaxValueLength. */
export const maxTextValueLength = 64 * 1024;
export const UpdateLanguageTextQuery = Type.Object({ value: Type.Optional(Type.String({ maxLength: maxTextValueLength })) });

export const CultureParams = Type.Object({ cultureName: Type.String({ minLength: 2, maxLength: 10 }) }, { additionalProperties: false });

export const MissingTextsResourceDto = Type.Object({
  resourceName: Type.String(),
  totalCount: Type.Integer(),
  missingCount: Type.Integer(),
  missingKeys: Type.Array(Type.String()),
});
export const MissingTextsReportDto = Type.Object({
  cultureName: Type.String(),
  totalCount: Type.Integer(),
  missingCount: Type.Integer(),
  resources: Type.Array(MissingTextsResourceDto),
});
export type MissingTextsReportDto = Static<typeof MissingTextsReportDto>;

export const TextFileFormat = Type.Union([Type.Literal('json'), Type.Literal('xliff')], { default: 'json' });
export type TextFileFormat = Static<typeof TextFileFormat>;
export const ExportLanguageTextsInput = Type.Object({ ...textFilters, format: Type.Optional(TextFileFormat) });
export type ExportLanguageTextsInput = Static<typeof ExportLanguageTextsInput>;

export const ImportLanguageTextsInput = Type.Object({
  /** The language the file is for; when absent, the one the file names (JSON "culture", XLIFF trgLang). */
  cultureName: Type.Optional(Type.String({ minLength: 2, maxLength: 10 })),
  format: TextFileFormat,
  /** The file's text (JSON or XLIFF 2), at most 5 MB. */
  content: Type.String({ minLength: 1, maxLength: 5_000_000 }),
});
export type ImportLanguageTextsInput = Static<typeof ImportLanguageTextsInput>;

export const ImportLanguageTextsResultDto = Type.Object({
  cultureName: Type.String(),
  /** Entries in the file. */
  totalCount: Type.Integer(),
  changedCount: Type.Integer(),
  unchangedCount: Type.Integer(),
  /** Keys the file names that no resource holds (ignored). */
  unknownKeys: Type.Array(Type.String()),
  changed: Type.Array(Type.Object({ resourceName: Type.String(), name: Type.String() })),
});
export type ImportLanguageTextsResultDto = Static<typeof ImportLanguageTextsResultDto>;
