// The service-permission guard the ledger runs on every posting (server/modules/ledger/guards.ts),
// inside the writing transaction. Rules (finance-domain.md "Kernel"; contract/kernel.ts):
// - only new money is checked: legs of kind Posted or Pending that name a service (a post or void
//   of a pending transfer was checked when it was reserved; the expiry job has no user). A reversal
//   (reversalOfId set) is not new money: it moves back what was checked when the transfer was made,
//   under its own permission (Finance.Ledger.Reverse), even once the service's grant is gone;
// - the service must be a node of the caller's tenant (403 ServiceUnknown), a ServiceNode or a
//   ProductNode (403 NotAService), active (403 ServiceInactive);
// - the caller may use it when a service permission names the caller's user, one of the caller's
//   roles (or, once parties exist, the caller's party type): otherwise 403 ServiceNotAllowed.
//   Default deny: a service nobody was granted is usable by nobody;
// - a grant without a currency allows any amount in any currency; a grant with a currency covers
//   only legs in that currency, each leg at most maxAmount, and the caller's day (UTC) at most
//   dailyLimit: the Posted and Pending transfers the caller made for this service today (reversals
//   not counted; a pending one counts even if voided later) plus this group's legs. One grant that
//   allows the legs is enough; when none does, the first broken limit is named (403
//   ServiceMaxAmount / ServiceDailyLimit, with the amount, the currency and the limit).
import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { currencies, ledgerTransfers, serviceNodes, servicePermissions, userRoles } from '../../db/schema/index.ts';
import type { PostingCaller, PostingGuard, PostingLeg } from '../ledger/guards.ts';
import { formatMoney } from '../ledger/money.ts';
import type { Tx } from '../identity/user-repository.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { kernelErrors } from './errors.ts';
import { nodeKinds } from './service-nodes.ts';

const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

async function spentToday(tx: Tx, caller: PostingCaller, serviceId: string, currencyCode: string): Promise<bigint> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerTransfers.amount}), 0)::text` })
    .from(ledgerTransfers)
    .where(
      and(
        sameTenant(ledgerTransfers.tenantId, caller.tenantId),
        eq(ledgerTransfers.serviceId, serviceId),
        eq(ledgerTransfers.creatorId, caller.userId!),
        eq(ledgerTransfers.currencyCode, currencyCode),
        inArray(ledgerTransfers.kind, ['Posted', 'Pending']),
        isNull(ledgerTransfers.reversalOfId),
        gte(ledgerTransfers.creationTime, startOfUtcDay(new Date())),
      ),
    );
  return BigInt(row?.total ?? '0');
}

export const servicePermissionGuard: PostingGuard = async (tx, caller, legs) => {
  const checked = legs.filter(
    (leg) => leg.serviceId !== null && leg.reversalOfId === null && (leg.kind === 'Posted' || leg.kind === 'Pending'),
  );
  if (!checked.length) return;
  const byService = new Map<string, PostingLeg[]>();
  for (const leg of checked) byService.set(leg.serviceId!, [...(byService.get(leg.serviceId!) ?? []), leg]);
  const nodes = await tx
    .select()
    .from(serviceNodes)
    .where(and(inArray(serviceNodes.id, [...byService.keys()]), sameTenant(serviceNodes.tenantId, caller.tenantId)));
  const kinds = await nodeKinds(tx);
  const roleIds = caller.userId
    ? (await tx.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, caller.userId))).map((r) => r.id)
    : [];
  const granteeIds = [...roleIds, ...(caller.userId ? [caller.userId] : [])];
  for (const [serviceId, serviceLegs] of byService) {
    const node = nodes.find((n) => n.id === serviceId);
    if (!node) throw kernelErrors.unknownService(serviceId);
    if (kinds.get(node.nodeTypeId) === 'CategoryNode') throw kernelErrors.notAService(node.name);
    if (!node.isActive) throw kernelErrors.inactive(node.name);
    const grants = granteeIds.length
      ? await tx
          .select()
          .from(servicePermissions)
          .where(
            and(
              eq(servicePermissions.serviceId, serviceId),
              or(
                and(eq(servicePermissions.granteeType, 'User'), eq(servicePermissions.granteeId, caller.userId!)),
                and(
                  eq(servicePermissions.granteeType, 'Role'),
                  inArray(servicePermissions.granteeId, roleIds.length ? roleIds : [caller.userId!]),
                ),
              ),
            ),
          )
      : [];
    const currenciesOfLegs = [...new Set(serviceLegs.map((leg) => leg.currencyCode))];
    for (const currencyCode of currenciesOfLegs) {
      const legsIn = serviceLegs.filter((leg) => leg.currencyCode === currencyCode);
      const applicable = grants.filter((grant) => grant.currencyCode === null || grant.currencyCode === currencyCode);
      if (!applicable.length) throw kernelErrors.notAllowed(node.name);
      if (applicable.some((grant) => grant.currencyCode === null || (grant.maxAmount === null && grant.dailyLimit === null))) continue;
      const [currency] = await tx
        .select({ decimals: currencies.decimals })
        .from(currencies)
        .where(and(sameTenant(currencies.tenantId, caller.tenantId), eq(currencies.code, currencyCode)));
      const text = (minor: bigint) => formatMoney(minor, currency?.decimals ?? 0);
      let largest = 0n;
      for (const leg of legsIn) if (leg.amount > largest) largest = leg.amount;
      const groupTotal = legsIn.reduce((sum, leg) => sum + leg.amount, 0n);
      const today = applicable.some((grant) => grant.dailyLimit !== null) ? await spentToday(tx, caller, serviceId, currencyCode) : 0n;
      let refusal: Error | null = null;
      for (const grant of applicable) {
        if (grant.maxAmount !== null && largest > grant.maxAmount) {
          refusal ??= kernelErrors.maxAmount(node.name, text(largest), currencyCode, text(grant.maxAmount));
          continue;
        }
        if (grant.dailyLimit !== null && today + groupTotal > grant.dailyLimit) {
          refusal ??= kernelErrors.dailyLimit(node.name, text(today + groupTotal), currencyCode, text(grant.dailyLimit));
          continue;
        }
        refusal = null;
        break;
      }
      if (refusal) throw refusal;
    }
  }
};
