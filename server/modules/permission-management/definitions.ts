// Permission definitions: groups of permissions with their parent, display name, the side that may
// hold them (host, tenant or both), the providers that may grant them and an optional required
// feature. Rules:
// - names are ABP's (contract 8.2) for the framework modules and `Finance.<Group>` for the product;
// - a child inherits its parent's side, providers and feature unless it overrides them;
// - display names are "Resource::Key" texts localized when answered (AbpPermissionManagement holds
//   the framework ones, Finance the product ones; shared verbs such as Create live under Permission:*).

export type MultiTenancySide = 'host' | 'tenant' | 'both';

export interface PermissionDefinition {
  name: string;
  /** A localizable "Resource::Key". */
  displayName: string;
  parentName: string | null;
  side: MultiTenancySide;
  allowedProviders: string[];
  requiredFeature?: string;
}

export interface PermissionGroupDefinition {
  name: string;
  /** A localizable "Resource::Key". */
  displayName: string;
  permissions: PermissionDefinition[];
}

/** The product's own permission prefix (documented in docs/permissions.md). */
export const productPrefix = 'Finance';

/** R role, U user, C OAuth client: every provider may grant unless a definition narrows it. */
export const permissionProviders = ['R', 'U', 'C'] as const;

interface Node {
  /** Suffix appended to the parent's name with a dot (a top-level node carries its full name). */
  name: string;
  displayName: string;
  side?: MultiTenancySide;
  providers?: string[];
  feature?: string;
  children?: Node[];
}

const pm = (key: string) => `AbpPermissionManagement::Permission:${key}`;
const verb = (suffix: string, children?: Node[]): Node => ({ name: suffix, displayName: pm(suffix), children });
const crud = (...extra: Node[]): Node[] => [verb('Create'), verb('Update'), verb('Delete'), ...extra];
const node = (name: string, children: Node[] = [], options: Partial<Node> = {}): Node => ({
  name,
  displayName: pm(name),
  children,
  ...options,
});

function group(name: string, displayName: string, roots: Node[], defaults: Partial<Node> = {}): PermissionGroupDefinition {
  const permissions: PermissionDefinition[] = [];
  const walk = (n: Node, parent: PermissionDefinition | null) => {
    const definition: PermissionDefinition = {
      name: parent ? `${parent.name}.${n.name}` : n.name,
      displayName: n.displayName,
      parentName: parent?.name ?? null,
      side: n.side ?? parent?.side ?? defaults.side ?? 'both',
      allowedProviders: n.providers ?? parent?.allowedProviders ?? defaults.providers ?? [...permissionProviders],
    };
    const feature = n.feature ?? parent?.requiredFeature ?? defaults.feature;
    if (feature) definition.requiredFeature = feature;
    permissions.push(definition);
    for (const child of n.children ?? []) walk(child, definition);
  };
  for (const root of roots) walk(root, null);
  return { name, displayName, permissions };
}

const identity = group('AbpIdentity', pm('Group:AbpIdentity'), [
  node('AbpIdentity.Roles', [...crud(), verb('ManagePermissions')]),
  node('AbpIdentity.Users', [
    verb('Create'),
    verb('Update', [verb('ManageRoles'), verb('ManageOU')]),
    verb('Delete'),
    verb('ManagePermissions'),
    verb('ViewDetails'),
    verb('Impersonation'),
    verb('Import'),
    verb('Export'),
  ]),
  // Claim types are host-wide (one definition for every tenant): only the host may manage them.
  node('AbpIdentity.ClaimTypes', crud(), { side: 'host' }),
  node('AbpIdentity.OrganizationUnits', [verb('ManageOU'), verb('ManageMembers'), verb('ManageRoles')]),
  node('AbpIdentity.SecurityLogs'),
  node('AbpIdentity.Sessions'),
  node('AbpIdentity.SettingManagement'),
  node('AbpIdentity.UserLookup'),
]);

const saas = group(
  'Saas',
  pm('Group:Saas'),
  [
    node('Saas.Tenants', [...crud(), verb('ManageFeatures'), verb('ManageConnectionStrings'), verb('Impersonation'), verb('SetPassword')]),
    node('Saas.Editions', crud(verb('ManageFeatures'))),
    node('Saas.SettingManagement'),
  ],
  { side: 'host' },
);

const auditLogging = group(
  'AuditLogging',
  pm('Group:AuditLogging'),
  [node('AuditLogging.AuditLogs', [verb('SettingManagement'), verb('Export')])],
  {
    feature: 'AuditLogging.Enable',
  },
);

const languageManagement = group(
  'LanguageManagement',
  pm('Group:LanguageManagement'),
  [
    node('LanguageManagement.Languages', [verb('Create'), verb('Edit'), verb('ChangeDefault'), verb('Delete')]),
    node('LanguageManagement.LanguageTexts', [verb('Edit')]),
  ],
  // Languages and texts are per host and per tenant.
  { feature: 'LanguageManagement.Enable' },
);

// OpenID applications and scopes are the identity server's, shared by every tenant: host only.
const openIddict = group(
  'OpenIddictPro',
  pm('Group:OpenIddictPro'),
  [node('OpenIddictPro.Application', crud(verb('ManagePermissions'))), node('OpenIddictPro.Scope', crud())],
  { side: 'host' },
);

// Text templates are per host and per tenant (each side edits its own mail).
const textTemplates = group(
  'TextTemplateManagement',
  pm('Group:TextTemplateManagement'),
  [node('TextTemplateManagement.TextTemplates', [verb('EditContents'), verb('EditNonSandboxedContents')])],
  { feature: 'TextTemplateManagement.Enable' },
);

const settingManagement = group(
  'SettingManagement',
  pm('Group:SettingManagement'),
  [node('SettingManagement.Emailing', [verb('Test')]), node('SettingManagement.TimeZone')],
  { feature: 'SettingManagement.Enable' },
);

const featureManagement = group('FeatureManagement', pm('Group:FeatureManagement'), [
  node('FeatureManagement.ManageHostFeatures', [], { side: 'host' }),
]);

const account = group('AbpAccount', pm('Group:AbpAccount'), [node('AbpAccount.SettingManagement')]);

/** The product's permission groups (spec 6); each menu requires its group's default permission. */
export const productGroups = [
  'Wallet',
  'Balances',
  'Invoices',
  'Vouchers',
  'TopUp',
  'Kyc',
  'Services',
  'Inventory',
  'Product',
  'Category',
  'FinancialManagement',
  'Rebate',
  'Currency',
  'ExchangeRate',
  'AccountManagement',
  'AccountRule',
] as const;

/** Read-only views (balances are computed) have no Create/Update/Delete children. */
const readOnlyGroups = new Set<string>(['Balances']);

const fin = (key: string) => `Finance::Permission:${key}`;

const product = group(productPrefix, fin(productPrefix), [
  // Separate policies per side (spec 6), so both are top level rather than children of a gate.
  { name: `${productPrefix}.Dashboard.Host`, displayName: fin('Dashboard.Host'), side: 'host' },
  { name: `${productPrefix}.Dashboard.Tenant`, displayName: fin('Dashboard.Tenant'), side: 'tenant' },
  // The lookup catalogue is shared by every tenant: only the host may replace its ids.
  {
    name: `${productPrefix}.Lookups`,
    displayName: fin('Lookups'),
    side: 'host',
    children: [{ name: 'ManageIds', displayName: fin('Lookups.ManageIds') }],
  },
  // The ledger under every money document (finance-domain.md): read, make transfers, reverse them.
  {
    name: `${productPrefix}.Ledger`,
    displayName: fin('Ledger'),
    children: [verb('Create'), verb('Update'), { name: 'Reverse', displayName: fin('Ledger.Reverse') }],
  },
  // The machine documentation site at /docs/machines/ (issue 12): host side, so only the host
  // admin holds it after seeding; granted to QA and developers by hand.
  {
    name: `${productPrefix}.Developer`,
    displayName: fin('Developer'),
    side: 'host',
    children: [{ name: 'Docs', displayName: fin('Developer.Docs') }],
  },
  ...productGroups.map(
    (g): Node => ({
      name: `${productPrefix}.${g}`,
      displayName: fin(g),
      children: readOnlyGroups.has(g) ? [] : crud(),
    }),
  ),
]);

export const permissionGroups: PermissionGroupDefinition[] = [
  identity,
  saas,
  auditLogging,
  languageManagement,
  openIddict,
  textTemplates,
  settingManagement,
  featureManagement,
  account,
  product,
];

export const allPermissions = (): PermissionDefinition[] => permissionGroups.flatMap((g) => g.permissions);

const byName = new Map(allPermissions().map((p) => [p.name, p]));

export const findPermission = (name: string): PermissionDefinition | undefined => byName.get(name);

/** Whether the definition may be held on this side (null tenant = host). */
export const sideAllows = (definition: PermissionDefinition, tenantId: string | null): boolean =>
  definition.side === 'both' || definition.side === (tenantId ? 'tenant' : 'host');

/** Every permission that may be granted on the given side (the seeder grants them all to 'admin'). */
export function permissionNamesFor(side: 'host' | 'tenant'): string[] {
  return allPermissions()
    .filter((p) => p.side === 'both' || p.side === side)
    .map((p) => p.name);
}
