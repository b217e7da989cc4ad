// OpenIddict Pro applications and scopes on the wire (ABP contract 7.8, `@volo/abp.ng.openiddictpro`).
// Rules:
// - applications are host-only (the OpenIddictPro policies are host-side); scopes too;
// - ApplicationDto carries every field of ABP's; `clientSecret` is null on every read: the secret is
//   answered once, by the create (or update) that set it and by PUT /{id}/client-secret, which
//   generates a new one; the server keeps only a hash;
// - flows are ABP's booleans (allowPasswordFlow, …) and extensionGrantTypes the names of extension
//   grants (LinkLogin, Impersonation); clientType 'public' | 'confidential', consentType
//   'implicit' | 'explicit' | 'external' | 'systematic', applicationType 'web' | 'native';
// - token lifetimes are seconds or null (the server's default);
// - DELETE takes the id in the query string (`DELETE /api/openiddict/applications?id=`), as ABP's.
import { type Static, Type } from 'typebox';
import { ExtraProperties, Guid, Nullable, PagedResultDto, pagedQuery } from './common.ts';

export const clientTypes = ['public', 'confidential'] as const;
export const consentTypes = ['implicit', 'explicit', 'external', 'systematic'] as const;
export const applicationTypes = ['web', 'native'] as const;
export const extensionGrantNames = ['LinkLogin', 'Impersonation'] as const;

const uri = Type.String({ minLength: 1, maxLength: 2000 });
const optionalUri = Type.Optional(Nullable(Type.String({ maxLength: 2000 })));

const flowFields = {
  allowPasswordFlow: Type.Boolean(),
  allowClientCredentialsFlow: Type.Boolean(),
  allowAuthorizationCodeFlow: Type.Boolean(),
  allowRefreshTokenFlow: Type.Boolean(),
  allowHybridFlow: Type.Boolean(),
  allowImplicitFlow: Type.Boolean(),
  allowTokenExchangeFlow: Type.Boolean(),
  allowEndSessionEndpoint: Type.Boolean(),
  allowDeviceAuthorizationEndpoint: Type.Boolean(),
  forcePkce: Type.Boolean(),
  allowPushedAuthorizationEndpoint: Type.Boolean(),
  forcePushedAuthorization: Type.Boolean(),
};
export type ApplicationFlows = { [K in keyof typeof flowFields]: boolean };
export const flowNames = Object.keys(flowFields) as Array<keyof typeof flowFields>;

export const ApplicationDto = Type.Object({
  id: Guid,
  applicationType: Nullable(Type.String()),
  clientId: Type.String(),
  displayName: Nullable(Type.String()),
  clientType: Type.String(),
  clientSecret: Nullable(Type.String()),
  jsonWebKeySet: Nullable(Type.String()),
  consentType: Type.String(),
  extensionGrantTypes: Type.Array(Type.String()),
  postLogoutRedirectUris: Type.Array(Type.String()),
  redirectUris: Type.Array(Type.String()),
  frontChannelLogoutUri: Nullable(Type.String()),
  ...flowFields,
  scopes: Type.Array(Type.String()),
  clientUri: Nullable(Type.String()),
  logoUri: Nullable(Type.String()),
  /** The product's own SPA client: editable, never deleted. */
  isFirstParty: Type.Boolean(),
  concurrencyStamp: Type.String(),
  extraProperties: ExtraProperties,
});
export type ApplicationDto = Static<typeof ApplicationDto>;

const optionalFlows = Object.fromEntries(Object.entries(flowFields).map(([k, v]) => [k, Type.Optional(v)])) as {
  [K in keyof typeof flowFields]: ReturnType<typeof Type.Optional<(typeof flowFields)[K]>>;
};

const applicationInputFields = {
  applicationType: Type.Optional(Nullable(Type.Union([Type.Literal('web'), Type.Literal('native')]))),
  clientId: Type.String({ minLength: 1, maxLength: 100, pattern: '^\\S+$' }),
  displayName: Type.String({ minLength: 1, maxLength: 256 }),
  clientType: Type.Union([Type.Literal('public'), Type.Literal('confidential')]),
  /** Empty on a confidential client's create: the server generates one. */
  clientSecret: Type.Optional(Nullable(Type.String({ maxLength: 256 }))),
  jsonWebKeySet: Type.Optional(Nullable(Type.String({ maxLength: 16_000 }))),
  consentType: Type.Optional(
    Nullable(Type.Union([Type.Literal('implicit'), Type.Literal('explicit'), Type.Literal('external'), Type.Literal('systematic')])),
  ),
  extensionGrantTypes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 20 })),
  postLogoutRedirectUris: Type.Optional(Type.Array(uri, { maxItems: 50 })),
  redirectUris: Type.Optional(Type.Array(uri, { maxItems: 50 })),
  frontChannelLogoutUri: optionalUri,
  ...optionalFlows,
  scopes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 100 })),
  clientUri: optionalUri,
  logoUri: optionalUri,
  extraProperties: Type.Optional(ExtraProperties),
};

export const CreateApplicationInput = Type.Object(applicationInputFields, { additionalProperties: false });
export type CreateApplicationInput = Static<typeof CreateApplicationInput>;

export const UpdateApplicationInput = Type.Object(
  { ...applicationInputFields, concurrencyStamp: Type.Optional(Type.String({ maxLength: 40 })) },
  { additionalProperties: false },
);
export type UpdateApplicationInput = Static<typeof UpdateApplicationInput>;

export const GetApplicationListInput = pagedQuery({ filter: Type.Optional(Type.String({ maxLength: 256 })) });
export type GetApplicationListInput = Static<typeof GetApplicationListInput>;
export const ApplicationPagedResult = PagedResultDto(ApplicationDto);

/** The answer of PUT /api/openiddict/applications/{id}/client-secret: the new secret, shown once. */
export const ClientSecretDto = Type.Object({ clientSecret: Type.String() });
export type ClientSecretDto = Static<typeof ClientSecretDto>;

export const tokenLifetimeNames = [
  'accessTokenLifetime',
  'authorizationCodeLifetime',
  'deviceCodeLifetime',
  'identityTokenLifetime',
  'refreshTokenLifetime',
  'userCodeLifetime',
  'requestTokenLifetime',
  'issuedTokenLifetime',
] as const;
export type TokenLifetimeName = (typeof tokenLifetimeNames)[number];

const lifetime = Nullable(Type.Integer({ minimum: 1, maximum: 31_536_000 }));
export const ApplicationTokenLifetimeDto = Type.Object(
  Object.fromEntries(tokenLifetimeNames.map((n) => [n, lifetime])) as {
    [K in TokenLifetimeName]: typeof lifetime;
  },
);
export type ApplicationTokenLifetimeDto = Static<typeof ApplicationTokenLifetimeDto>;
export const UpdateApplicationTokenLifetimeInput = Type.Object(
  Object.fromEntries(tokenLifetimeNames.map((n) => [n, Type.Optional(lifetime)])) as {
    [K in TokenLifetimeName]: ReturnType<typeof Type.Optional<typeof lifetime>>;
  },
  { additionalProperties: false },
);
export type UpdateApplicationTokenLifetimeInput = Static<typeof UpdateApplicationTokenLifetimeInput>;

export const DeleteByIdQuery = Type.Object({ id: Guid }, { additionalProperties: false });

export const ScopeDto = Type.Object({
  id: Guid,
  name: Type.String(),
  displayName: Nullable(Type.String()),
  description: Nullable(Type.String()),
  buildIn: Type.Boolean(),
  resources: Type.Array(Type.String()),
  concurrencyStamp: Type.String(),
  extraProperties: ExtraProperties,
});
export type ScopeDto = Static<typeof ScopeDto>;

const scopeInputFields = {
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\s]+$' }),
  displayName: Type.Optional(Nullable(Type.String({ maxLength: 256 }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  resources: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 })),
  extraProperties: Type.Optional(ExtraProperties),
};
export const CreateScopeInput = Type.Object(scopeInputFields, { additionalProperties: false });
export type CreateScopeInput = Static<typeof CreateScopeInput>;
export const UpdateScopeInput = Type.Object(
  { ...scopeInputFields, concurrencyStamp: Type.Optional(Type.String({ maxLength: 40 })) },
  { additionalProperties: false },
);
export type UpdateScopeInput = Static<typeof UpdateScopeInput>;
export const GetScopeListInput = pagedQuery({ filter: Type.Optional(Type.String({ maxLength: 256 })) });
export type GetScopeListInput = Static<typeof GetScopeListInput>;
export const ScopePagedResult = PagedResultDto(ScopeDto);
export const ScopeList = Type.Array(ScopeDto);
