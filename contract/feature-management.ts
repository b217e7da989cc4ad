// /api/feature-management/features (ABP contract 4.2). Rules:
// - providerName E (key = edition id) or T (key = tenant id; an empty or absent key = the host's own
//   features, since ABP's client drops empty query values);
// - values are strings checked against the feature's valueType (toggles 'true'/'false', numbers in
//   range, selection items); one bad value is a 400 and nothing is written;
// - DELETE resets the provider's values to what the next provider (edition, default) supplies.
import { type Static, Type } from 'typebox';
import { Nullable } from './common.ts';

export const FeatureProviderQuery = Type.Object({
  providerName: Type.String({ minLength: 1, maxLength: 64 }),
  providerKey: Type.Optional(Type.String({ maxLength: 64 })),
});
export type FeatureProviderQuery = Static<typeof FeatureProviderQuery>;

export const FeatureValueTypeDto = Type.Object({
  name: Type.String(),
  properties: Type.Record(Type.String(), Type.Unknown()),
  validator: Type.Object({ name: Type.String(), properties: Type.Record(Type.String(), Type.Unknown()) }),
  itemSource: Type.Optional(
    Type.Object({
      items: Type.Array(
        Type.Object({ value: Type.String(), displayText: Type.Object({ resourceName: Type.String(), name: Type.String() }) }),
      ),
    }),
  ),
});

export const FeatureDto = Type.Object({
  name: Type.String(),
  displayName: Type.String(),
  value: Nullable(Type.String()),
  provider: Type.Object({ name: Type.String(), key: Nullable(Type.String()) }),
  description: Nullable(Type.String()),
  valueType: FeatureValueTypeDto,
  depth: Type.Integer(),
  parentName: Nullable(Type.String()),
});
export type FeatureDto = Static<typeof FeatureDto>;

export const FeatureGroupDto = Type.Object({
  name: Type.String(),
  displayName: Type.String(),
  features: Type.Array(FeatureDto),
});

export const GetFeatureListResultDto = Type.Object({ groups: Type.Array(FeatureGroupDto) });
export type GetFeatureListResultDto = Static<typeof GetFeatureListResultDto>;

export const UpdateFeaturesDto = Type.Object(
  {
    features: Type.Array(
      Type.Object(
        { name: Type.String({ minLength: 1, maxLength: 128 }), value: Type.String({ maxLength: 128 }) },
        { additionalProperties: false },
      ),
      { maxItems: 500 },
    ),
  },
  { additionalProperties: false },
);
export type UpdateFeaturesDto = Static<typeof UpdateFeaturesDto>;
