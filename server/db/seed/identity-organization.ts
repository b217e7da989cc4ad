// Organization-unit and claim-type seed, idempotent (runs at every start):
// - reference data: the standard claim types ABP's tokens carry (static: they can be neither edited
//   nor deleted), host-wide;
// - demo data (SEED_DEMO_DATA not 'false'): a small unit tree on the host and in 'acme' with a few
//   demo members, and the 'auditor' role on the Audit unit (its members are auditors already, so
//   the demo changes nobody's permissions). A unit is found again by tenant, parent and name.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { IdentityClaimValueType } from '../../../contract/identity-claims.ts';
import type { AppContext } from '../../context.ts';
import { normalizeName } from '../../modules/saas/tenant-store.ts';
import { sameTenant } from '../../modules/shared/tenancy.ts';
import { claimTypes, organizationUnitRoles, organizationUnits, roles, tenants, userOrganizationUnits, users } from '../schema/index.ts';

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

const standardClaimTypes: Array<{ name: string; valueType: number; description: string; regex?: string; regexDescription?: string }> = [
  { name: 'preferred_username', valueType: IdentityClaimValueType.String, description: 'The user name.' },
  { name: 'given_name', valueType: IdentityClaimValueType.String, description: 'Given name (first name).' },
  { name: 'family_name', valueType: IdentityClaimValueType.String, description: 'Surname (last name).' },
  {
    name: 'email',
    valueType: IdentityClaimValueType.String,
    description: 'E-mail address.',
    regex: '[^@\\s]+@[^@\\s]+',
    regexDescription: 'An e-mail address',
  },
  { name: 'email_verified', valueType: IdentityClaimValueType.Boolean, description: 'Whether the e-mail address is confirmed.' },
  { name: 'phone_number', valueType: IdentityClaimValueType.String, description: 'Phone number.' },
  { name: 'phone_number_verified', valueType: IdentityClaimValueType.Boolean, description: 'Whether the phone number is confirmed.' },
  { name: 'role', valueType: IdentityClaimValueType.String, description: 'A role of the user.' },
  { name: 'birthdate', valueType: IdentityClaimValueType.DateTime, description: 'Date of birth.' },
];

/** [display name, children, member user names, role names] */
type UnitSeed = [string, UnitSeed[], string[], string[]];
const demoTree: UnitSeed[] = [
  [
    'Head office',
    [
      ['Finance', [], ['maria.garcia', 'sara.nasser'], []],
      ['Audit', [], ['ahmed.hassan', 'lena.petrosyan'], ['auditor']],
    ],
    [],
    [],
  ],
  [
    'Branches',
    [
      ['North branch', [], ['john.smith'], []],
      ['South branch', [], ['claire.dubois'], []],
    ],
    [],
    [],
  ],
];

async function seedClaimTypes(tx: Tx) {
  await tx
    .insert(claimTypes)
    .values(
      standardClaimTypes.map((c) => ({
        name: c.name,
        normalizedName: normalizeName(c.name),
        isStatic: true,
        valueType: c.valueType,
        description: c.description,
        regex: c.regex ?? null,
        regexDescription: c.regexDescription ?? null,
      })),
    )
    .onConflictDoNothing();
}

async function ensureUnit(
  tx: Tx,
  tenantId: string | null,
  parent: { id: string; code: string } | null,
  index: number,
  displayName: string,
) {
  const [existing] = await tx
    .select({ id: organizationUnits.id, code: organizationUnits.code })
    .from(organizationUnits)
    .where(
      and(
        sameTenant(organizationUnits.tenantId, tenantId),
        parent ? eq(organizationUnits.parentId, parent.id) : isNull(organizationUnits.parentId),
        eq(organizationUnits.displayName, displayName),
        eq(organizationUnits.isDeleted, false),
      ),
    );
  if (existing) return existing;
  // The demo tree is seeded into an empty tenant, so position numbers are the codes.
  const segment = String(index + 1).padStart(5, '0');
  const [created] = await tx
    .insert(organizationUnits)
    .values({ tenantId, parentId: parent?.id ?? null, code: parent ? `${parent.code}.${segment}` : segment, displayName })
    .onConflictDoNothing()
    .returning({ id: organizationUnits.id, code: organizationUnits.code });
  return created ?? null;
}

async function seedTree(tx: Tx, tenantId: string | null, nodes: UnitSeed[], parent: { id: string; code: string } | null) {
  for (const [index, [displayName, children, members, roleNames]] of nodes.entries()) {
    const unit = await ensureUnit(tx, tenantId, parent, index, displayName);
    // A code already taken (someone built their own tree): the demo steps aside.
    if (!unit) continue;
    for (const userName of members) {
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(sameTenant(users.tenantId, tenantId), eq(users.normalizedUserName, normalizeName(userName)), eq(users.isDeleted, false)),
        );
      if (user)
        await tx.insert(userOrganizationUnits).values({ userId: user.id, organizationUnitId: unit.id, tenantId }).onConflictDoNothing();
    }
    for (const roleName of roleNames) {
      const [role] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(sameTenant(roles.tenantId, tenantId), eq(roles.normalizedName, normalizeName(roleName))));
      if (role)
        await tx.insert(organizationUnitRoles).values({ organizationUnitId: unit.id, roleId: role.id, tenantId }).onConflictDoNothing();
    }
    await seedTree(tx, tenantId, children, unit);
  }
}

export async function seedIdentityOrganization(ctx: AppContext, options: { demo: boolean }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (ctx.database.kind === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(727276)`);
    await seedClaimTypes(tx);
    if (!options.demo) return;
    await seedTree(tx, null, demoTree, null);
    const [acme] = await tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(eq(tenants.normalizedName, 'ACME'), eq(tenants.isDeleted, false)));
    if (acme) await seedTree(tx, acme.id, demoTree, null);
  });
}
