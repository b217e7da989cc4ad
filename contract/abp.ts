// The framework endpoints under /api/abp (ABP wire contract 1 and 2.1): application configuration,
// application localization and the anonymous tenant lookup. Rules:
// - every key of ApplicationConfigurationDto is present (ABP's Angular client throws on several
//   missing ones: currentCulture.cultureName, objectExtensions.modules, currentUser.roles, the three
//   *.Enable feature values), nullable values are sent as null, never omitted;
// - grantedPolicies lists only granted names (value true); setting and feature values are strings;
// - a tenant that is not found is a 200 FindTenantResultDto with success:false, not a 404.
import { type Static, Type } from 'typebox';
import { Nullable } from './common.ts';

const StringMap = Type.Record(Type.String(), Type.String());
const NullableStringMap = Type.Record(Type.String(), Nullable(Type.String()));

export const LanguageInfo = Type.Object({
  cultureName: Type.String(),
  uiCultureName: Type.String(),
  displayName: Type.String(),
  twoLetterISOLanguageName: Type.String(),
  flagIcon: Nullable(Type.String()),
});
export type LanguageInfo = Static<typeof LanguageInfo>;

export const DateTimeFormatDto = Type.Object({
  calendarAlgorithmType: Type.String(),
  dateTimeFormatLong: Type.String(),
  shortDatePattern: Type.String(),
  fullDateTimePattern: Type.String(),
  dateSeparator: Type.String(),
  shortTimePattern: Type.String(),
  longTimePattern: Type.String(),
});

export const CurrentCultureDto = Type.Object({
  displayName: Type.String(),
  englishName: Type.String(),
  threeLetterIsoLanguageName: Type.String(),
  twoLetterIsoLanguageName: Type.String(),
  isRightToLeft: Type.Boolean(),
  cultureName: Type.String({ minLength: 1 }),
  name: Type.String(),
  nativeName: Type.String(),
  dateTimeFormat: DateTimeFormatDto,
});
export type CurrentCultureDto = Static<typeof CurrentCultureDto>;

const NameValue = Type.Object({ name: Type.String(), value: Type.String() });

export const ApplicationLocalizationConfigurationDto = Type.Object({
  /** Resource -> key -> text; empty unless includeLocalizationResources is true. */
  values: Type.Record(Type.String(), StringMap),
  /** Never filled here: /api/abp/application-localization supplies it and the client merges it in. */
  resources: Type.Record(Type.String(), Type.Unknown()),
  languages: Type.Array(LanguageInfo),
  currentCulture: CurrentCultureDto,
  defaultResourceName: Nullable(Type.String()),
  languagesMap: Type.Record(Type.String(), Type.Array(NameValue)),
  languageFilesMap: Type.Record(Type.String(), Type.Array(NameValue)),
  useRouteBasedCulture: Type.Boolean(),
});

export const CurrentUserDto = Type.Object({
  isAuthenticated: Type.Boolean(),
  id: Nullable(Type.String()),
  tenantId: Nullable(Type.String()),
  impersonatorUserId: Nullable(Type.String()),
  impersonatorTenantId: Nullable(Type.String()),
  impersonatorUserName: Nullable(Type.String()),
  impersonatorTenantName: Nullable(Type.String()),
  userName: Nullable(Type.String()),
  name: Nullable(Type.String()),
  surName: Nullable(Type.String()),
  email: Nullable(Type.String()),
  emailVerified: Type.Boolean(),
  phoneNumber: Nullable(Type.String()),
  phoneNumberVerified: Type.Boolean(),
  roles: Type.Array(Type.String()),
});
export type CurrentUserDto = Static<typeof CurrentUserDto>;

export const CurrentTenantDto = Type.Object({
  id: Nullable(Type.String()),
  name: Nullable(Type.String()),
  isAvailable: Type.Boolean(),
});
export type CurrentTenantDto = Static<typeof CurrentTenantDto>;

export const TimingDto = Type.Object({
  timeZone: Type.Object({
    iana: Type.Object({ timeZoneName: Nullable(Type.String()) }),
    windows: Type.Object({ timeZoneId: Nullable(Type.String()) }),
  }),
});

export const ApplicationConfigurationDto = Type.Object({
  localization: ApplicationLocalizationConfigurationDto,
  auth: Type.Object({ grantedPolicies: Type.Record(Type.String(), Type.Boolean()) }),
  setting: Type.Object({ values: NullableStringMap }),
  currentUser: CurrentUserDto,
  features: Type.Object({ values: NullableStringMap }),
  globalFeatures: Type.Object({ enabledFeatures: Type.Array(Type.String()) }),
  multiTenancy: Type.Object({ isEnabled: Type.Boolean() }),
  currentTenant: CurrentTenantDto,
  timing: TimingDto,
  clock: Type.Object({ kind: Type.Union([Type.Literal('Unspecified'), Type.Literal('Utc'), Type.Literal('Local')]) }),
  objectExtensions: Type.Object({
    modules: Type.Record(Type.String(), Type.Unknown()),
    enums: Type.Record(Type.String(), Type.Unknown()),
  }),
  extraProperties: Type.Record(Type.String(), Type.Unknown()),
});
export type ApplicationConfigurationDto = Static<typeof ApplicationConfigurationDto>;

/** Booleans arrive as text in query strings; Fastify's coercion turns 'true'/'false' into booleans. */
export const ApplicationConfigurationQuery = Type.Object({
  includeLocalizationResources: Type.Optional(Type.Boolean({ default: true })),
});

export const ApplicationLocalizationQuery = Type.Object({
  cultureName: Type.String({ minLength: 1, maxLength: 32 }),
  onlyDynamics: Type.Optional(Type.Boolean({ default: false })),
  /** This product's extension (issue 19): its own resources only, ICU messages precompiled, as its SPA reads them. */
  compiledMessages: Type.Optional(Type.Boolean({ default: false })),
});

export const ApplicationLocalizationResourceDto = Type.Object({
  texts: StringMap,
  baseResources: Type.Array(Type.String()),
});

export const ApplicationLocalizationDto = Type.Object({
  resources: Type.Record(Type.String(), ApplicationLocalizationResourceDto),
  currentCulture: CurrentCultureDto,
});
export type ApplicationLocalizationDto = Static<typeof ApplicationLocalizationDto>;

export const FindTenantResultDto = Type.Object({
  success: Type.Boolean(),
  tenantId: Nullable(Type.String()),
  name: Nullable(Type.String()),
  normalizedName: Nullable(Type.String()),
  isActive: Type.Boolean(),
});
export type FindTenantResultDto = Static<typeof FindTenantResultDto>;

export const TenantByNameParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 64 }) });
/** Any text is accepted: a value that is not a GUID simply finds no tenant (success:false). */
export const TenantByIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
