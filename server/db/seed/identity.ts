// Identity seed, idempotent (runs at every start):
// - host: static public role 'admin' holding every host-side permission, user 'admin' / '1q2w3E*';
// - demo data (SEED_DEMO_DATA not 'false'): tenant 'acme' with its own 'admin' (same password)
//   holding every tenant-side permission, and a few roles and users on both sides so lists are not
//   empty. Permissions defined later are granted to 'admin' on the next start.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { hashPassword } from '../../modules/identity/passwords.ts';
import { permissionNamesFor } from '../../modules/permission-management/definitions.ts';
import { normalizeName } from '../../modules/saas/tenant-store.ts';
import { permissionGrants, roles, tenants, userRoles, users } from '../schema/index.ts';

export const adminPassword = '1q2w3E*';

const demoRoles = ['manager', 'accountant', 'auditor'];
const demoPeople: Array<[string, string, string, string[]]> = [
  ['john.smith', 'John', 'Smith', ['manager']],
  ['maria.garcia', 'Maria', 'Garcia', ['accountant']],
  ['ahmed.hassan', 'Ahmed', 'Hassan', ['accountant', 'auditor']],
  ['lena.petrosyan', 'Lena', 'Petrosyan', ['auditor']],
  ['claire.dubois', 'Claire', 'Dubois', ['manager']],
  ['omar.khalil', 'Omar', 'Khalil', []],
  ['sara.nasser', 'Sara', 'Nasser', ['accountant']],
  ['david.chen', 'David', 'Chen', []],
];

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

const tenantIs = (column: typeof roles.tenantId | typeof users.tenantId, tenantId: string | null) =>
  tenantId ? eq(column, tenantId) : isNull(column);

async function ensureRole(tx: Tx, tenantId: string | null, name: string, flags: { isStatic?: boolean; isPublic?: boolean } = {}) {
  const [existing] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(tenantIs(roles.tenantId, tenantId), eq(roles.normalizedName, normalizeName(name))));
  if (existing) return existing.id;
  const [created] = await tx
    .insert(roles)
    .values({ tenantId, name, normalizedName: normalizeName(name), isStatic: flags.isStatic ?? false, isPublic: flags.isPublic ?? true })
    .returning({ id: roles.id });
  return created!.id;
}

async function ensureUser(
  tx: Tx,
  tenantId: string | null,
  person: { userName: string; email: string; name: string; surname: string | null; passwordHash: string },
  roleIds: string[],
) {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(tenantIs(users.tenantId, tenantId), eq(users.normalizedUserName, normalizeName(person.userName)), eq(users.isDeleted, false)),
    );
  if (existing) return existing.id;
  const [created] = await tx
    .insert(users)
    .values({
      tenantId,
      userName: person.userName,
      normalizedUserName: normalizeName(person.userName),
      email: person.email,
      normalizedEmail: normalizeName(person.email),
      emailConfirmed: true,
      name: person.name,
      surname: person.surname,
      passwordHash: person.passwordHash,
      lastPasswordChangeTime: new Date(),
    })
    .returning({ id: users.id });
  if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: created!.id, roleId, tenantId })));
  return created!.id;
}

async function grantAll(tx: Tx, tenantId: string | null, roleName: string, side: 'host' | 'tenant') {
  const names = permissionNamesFor(side);
  if (!names.length) return;
  await tx
    .insert(permissionGrants)
    .values(names.map((name) => ({ tenantId, name, providerName: 'R', providerKey: roleName })))
    .onConflictDoNothing();
}

async function seedSide(
  tx: Tx,
  tenantId: string | null,
  options: { adminEmail: string; demo: boolean; passwordHash: string; domain: string },
) {
  const adminRoleId = await ensureRole(tx, tenantId, 'admin', { isStatic: true, isPublic: true });
  await ensureUser(
    tx,
    tenantId,
    { userName: 'admin', email: options.adminEmail, name: 'admin', surname: null, passwordHash: options.passwordHash },
    [adminRoleId],
  );
  await grantAll(tx, tenantId, 'admin', tenantId ? 'tenant' : 'host');
  if (!options.demo) return;
  const roleIds = new Map<string, string>();
  for (const name of demoRoles) roleIds.set(name, await ensureRole(tx, tenantId, name));
  for (const [userName, name, surname, memberOf] of demoPeople) {
    await ensureUser(
      tx,
      tenantId,
      { userName, email: `${userName}@${options.domain}`, name, surname, passwordHash: options.passwordHash },
      memberOf.map((r) => roleIds.get(r)!),
    );
  }
}

export async function seedIdentity(ctx: AppContext, options: { demo: boolean }): Promise<void> {
  // One hash for every seeded account: argon2id is deliberately slow and they share the password.
  const passwordHash = await hashPassword(adminPassword);
  await ctx.db.transaction(async (tx) => {
    // Two instances starting together on PostgreSQL must not seed twice.
    if (ctx.database.kind === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    await seedSide(tx, null, { adminEmail: 'admin@abp.io', demo: options.demo, passwordHash, domain: 'finance.example' });
    if (!options.demo) return;
    let [acme] = await tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(eq(tenants.normalizedName, 'ACME'), eq(tenants.isDeleted, false)));
    if (!acme) [acme] = await tx.insert(tenants).values({ name: 'acme', normalizedName: 'ACME' }).returning({ id: tenants.id });
    await seedSide(tx, acme!.id, { adminEmail: 'admin@acme.example', demo: true, passwordHash, domain: 'acme.example' });
  });
  await ctx.cache.publish('permissions');
}
