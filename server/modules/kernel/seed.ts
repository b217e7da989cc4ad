// The kernel's seeded services, for the host and every tenant at every start (idempotent) and by
// seedTenantServices for a tenant made later: one CategoryNode "Wallet operations" holding a
// ServiceNode per operation of the product (top-up, money transfer, request money, invoice payment,
// refund, cash out) with the fixed codes of contract/kernel.ts serviceCodes, which the documents
// name. Seeded nodes are system nodes (never deleted, code fixed). When a node is first made, the
// tenant's admin role (if it has one) is allowed to use it, so the operations work out of the box;
// a grant removed later is not made again (service permissions are default-deny).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { serviceCodes } from '../../../contract/kernel.ts';
import type { AppContext } from '../../context.ts';
import { roles, serviceNodes, servicePermissions, tenants } from '../../db/schema/index.ts';
import type { Executor } from '../identity/user-repository.ts';
import { lookupIdOf } from '../ledger/currency-service.ts';
import { sameTenant } from '../shared/tenancy.ts';

export const seededServices = [
  { code: serviceCodes.topUp, name: 'Top-up' },
  { code: serviceCodes.moneyTransfer, name: 'Money transfer' },
  { code: serviceCodes.requestMoney, name: 'Request money' },
  { code: serviceCodes.invoicePayment, name: 'Invoice payment' },
  { code: serviceCodes.refund, name: 'Refund' },
  { code: serviceCodes.cashOut, name: 'Cash out' },
] as const;

export async function seedTenantServices(db: Executor, tenantId: string | null): Promise<void> {
  const categoryType = await lookupIdOf(db, 'ServiceNodeType', 'CategoryNode');
  const serviceType = await lookupIdOf(db, 'ServiceNodeType', 'ServiceNode');
  await db
    .insert(serviceNodes)
    .values({ tenantId, code: serviceCodes.walletOperations, name: 'Wallet operations', nodeTypeId: categoryType, isSystem: true })
    .onConflictDoNothing();
  const [root] = await db
    .select({ id: serviceNodes.id })
    .from(serviceNodes)
    .where(and(sameTenant(serviceNodes.tenantId, tenantId), eq(serviceNodes.code, serviceCodes.walletOperations)));
  const made = await db
    .insert(serviceNodes)
    .values(seededServices.map((service) => ({ tenantId, parentId: root!.id, ...service, nodeTypeId: serviceType, isSystem: true })))
    .onConflictDoNothing()
    .returning({ id: serviceNodes.id });
  if (!made.length) return;
  const [admin] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(sameTenant(roles.tenantId, tenantId), eq(roles.normalizedName, 'ADMIN')));
  if (!admin) return;
  await db
    .insert(servicePermissions)
    .values(made.map(({ id }) => ({ tenantId, serviceId: id, granteeType: 'Role' as const, granteeId: admin.id })))
    .onConflictDoNothing();
}

export async function seedServices(ctx: AppContext): Promise<void> {
  const live = await ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.isDeleted, false));
  await ctx.db.transaction(async (tx) => {
    // Two instances starting together on PostgreSQL must not seed twice.
    if (ctx.database.kind === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(727277)`);
    for (const tenantId of [null, ...live.map((t) => t.id)]) await seedTenantServices(tx, tenantId);
  });
}

/** The ids of the seeded services of a tenant, by code. */
export async function seededServiceIds(db: Executor, tenantId: string | null): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: serviceNodes.id, code: serviceNodes.code })
    .from(serviceNodes)
    .where(and(sameTenant(serviceNodes.tenantId, tenantId), inArray(serviceNodes.code, Object.values(serviceCodes))));
  return new Map(rows.map((row) => [row.code, row.id]));
}
