// Feature definitions: groups of features with a default value, a value type in ABP's JSON shape
// (contract 4.2) and whether clients see them in application-configuration. Rules:
// - toggles default to 'true' (a module is on unless switched off) except OAuth and LDAP login;
// - a value is valid only when its value type's validator accepts it (validateFeatureValue);
// - display names are "Resource::Key" texts of AbpFeatureManagement, localized when answered.

export interface ValueValidator {
  name: 'BOOLEAN' | 'NUMERIC' | 'STRING' | 'NULL';
  properties: Record<string, unknown>;
}

export interface SelectionItem {
  value: string;
  displayText: { resourceName: string; name: string };
}

export interface FeatureValueType {
  name: 'ToggleStringValueType' | 'FreeTextStringValueType' | 'SelectionStringValueType';
  properties: Record<string, unknown>;
  validator: ValueValidator;
  itemSource?: { items: SelectionItem[] };
}

export interface FeatureDefinition {
  name: string;
  displayName: string;
  description: string | null;
  defaultValue: string;
  parentName: string | null;
  isVisibleToClients: boolean;
  valueType: FeatureValueType;
}

export interface FeatureGroupDefinition {
  name: string;
  displayName: string;
  features: FeatureDefinition[];
}

const fm = (key: string) => `AbpFeatureManagement::${key}`;

const toggle = (): FeatureValueType => ({ name: 'ToggleStringValueType', properties: {}, validator: { name: 'BOOLEAN', properties: {} } });
const numeric = (min: number, max: number): FeatureValueType => ({
  name: 'FreeTextStringValueType',
  properties: {},
  validator: { name: 'NUMERIC', properties: { MinValue: min, MaxValue: max } },
});
const selection = (values: string[]): FeatureValueType => ({
  name: 'SelectionStringValueType',
  properties: {},
  validator: { name: 'NULL', properties: {} },
  itemSource: {
    items: values.map((value) => ({ value, displayText: { resourceName: 'AbpFeatureManagement', name: `Feature:Value:${value}` } })),
  },
});

function feature(name: string, defaultValue: string, valueType: FeatureValueType, parentName: string | null = null): FeatureDefinition {
  return {
    name,
    displayName: fm(`Feature:${name}`),
    description: null,
    defaultValue,
    parentName,
    isVisibleToClients: true,
    valueType,
  };
}

export const featureGroups: FeatureGroupDefinition[] = [
  {
    name: 'Identity',
    displayName: fm('FeatureGroup:Identity'),
    features: [
      feature('Identity.TwoFactor', 'Optional', selection(['Optional', 'Disabled', 'Forced'])),
      feature('Identity.MaxUserCount', '0', numeric(0, 2_147_483_647)),
      feature('Identity.EnableOAuthLogin', 'false', toggle()),
    ],
  },
  {
    name: 'Account',
    displayName: fm('FeatureGroup:Account'),
    features: [feature('Account.EnableLdapLogin', 'false', toggle())],
  },
  {
    name: 'AuditLogging',
    displayName: fm('FeatureGroup:AuditLogging'),
    features: [feature('AuditLogging.Enable', 'true', toggle())],
  },
  {
    name: 'LanguageManagement',
    displayName: fm('FeatureGroup:LanguageManagement'),
    features: [feature('LanguageManagement.Enable', 'true', toggle())],
  },
  {
    name: 'SettingManagement',
    displayName: fm('FeatureGroup:SettingManagement'),
    features: [
      feature('SettingManagement.Enable', 'true', toggle()),
      feature('SettingManagement.AllowChangingEmailSettings', 'true', toggle(), 'SettingManagement.Enable'),
    ],
  },
  {
    name: 'TextTemplateManagement',
    displayName: fm('FeatureGroup:TextTemplateManagement'),
    features: [feature('TextTemplateManagement.Enable', 'true', toggle())],
  },
];

export const allFeatures = (): FeatureDefinition[] => featureGroups.flatMap((g) => g.features);

const byName = new Map(allFeatures().map((f) => [f.name, f]));

export const findFeature = (name: string): FeatureDefinition | undefined => byName.get(name);

/** Depth of a feature below its root (the UI indents children by it). */
export function featureDepth(definition: FeatureDefinition): number {
  let depth = 0;
  let parent = definition.parentName ? byName.get(definition.parentName) : undefined;
  while (parent) {
    depth++;
    parent = parent.parentName ? byName.get(parent.parentName) : undefined;
  }
  return depth;
}

/** Whether a value fits the definition's value type (booleans lowercase, numbers in range, known items). */
export function validateFeatureValue(definition: FeatureDefinition, value: string): boolean {
  const { valueType } = definition;
  if (valueType.itemSource && !valueType.itemSource.items.some((item) => item.value === value)) return false;
  switch (valueType.validator.name) {
    case 'BOOLEAN':
      return value === 'true' || value === 'false';
    case 'NUMERIC': {
      if (!/^-?\d+(\.\d+)?$/.test(value)) return false;
      const n = Number(value);
      const { MinValue, MaxValue } = valueType.validator.properties as { MinValue?: number; MaxValue?: number };
      return (MinValue === undefined || n >= MinValue) && (MaxValue === undefined || n <= MaxValue);
    }
    default:
      return value.length <= 128;
  }
}
