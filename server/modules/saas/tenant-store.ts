// Tenant look-ups for tenant resolution, cached briefly and dropped on any tenant change (topic
// 'tenants') in every instance. A tenant is active when Active, or ActiveWithLimitedTime before its
// end date; Passive tenants and soft-deleted ones cannot be used.
import { and, eq } from 'drizzle-orm';
import { TtlCache } from '../../cache.ts';
import type { AppContext, TenantInfo, TenantStore } from '../../context.ts';
import { tenants } from '../../db/schema/index.ts';

export const normalizeName = (name: string) => name.trim().toUpperCase();

export function isTenantActive(row: { activationState: number; activationEndDate: Date | null }, now = new Date()): boolean {
  if (row.activationState === 0) return true;
  if (row.activationState === 1) return !row.activationEndDate || row.activationEndDate > now;
  return false;
}

export function createTenantStore(ctx: AppContext): TenantStore {
  const cache = new TtlCache<TenantInfo | null>(30_000);
  ctx.cache.subscribe('tenants', () => cache.delete(undefined));
  const load = async (where: ReturnType<typeof eq>) => {
    const [row] = await ctx.db
      .select()
      .from(tenants)
      .where(and(where, eq(tenants.isDeleted, false)))
      .limit(1);
    if (!row) return null;
    return { id: row.id, name: row.name, normalizedName: row.normalizedName, isActive: isTenantActive(row), editionId: row.editionId };
  };
  return {
    findById: (id) => cache.getOrLoad(`id:${id}`, () => load(eq(tenants.id, id))),
    findByName: (name) => cache.getOrLoad(`name:${normalizeName(name)}`, () => load(eq(tenants.normalizedName, normalizeName(name)))),
  };
}
