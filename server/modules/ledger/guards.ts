// Posting guards: rules owned by other modules (account rules, service permissions) that the ledger
// runs on every posting, inside the writing transaction, after the accounts are locked and the
// ledger's own guards passed, and before anything is written. A guard refuses by throwing (a
// business error naming the rule and the limit); it never writes. Each module adds its guard to
// `postingGuardsFor` below, so the ledger's write path has one call site for all of them.
import type { AppContext } from '../../context.ts';
import type { ledgerAccounts, LedgerTransferKind } from '../../db/schema/index.ts';
import type { Tx } from '../identity/user-repository.ts';
import { accountRuleGuard } from '../finance-reference/account-rule-guard.ts';
import { servicePermissionGuard } from '../kernel/guard.ts';

export type LockedAccount = typeof ledgerAccounts.$inferSelect;

/** One leg as the guards see it: the accounts as locked (totals before this group). */
export interface PostingLeg {
  kind: LedgerTransferKind;
  debitAccount: LockedAccount;
  creditAccount: LockedAccount;
  amount: bigint;
  currencyCode: string;
  transactionTypeId: string;
  serviceId: string | null;
  /** Set on a reversal (a Posted leg that moves back the money of the transfer it names). */
  reversalOfId: string | null;
}

export interface PostingCaller {
  tenantId: string | null;
  userId: string | null;
}

export type PostingGuard = (tx: Tx, caller: PostingCaller, legs: readonly PostingLeg[]) => Promise<void>;

/** The guards of every module, in the order they run. */
export function postingGuardsFor(ctx: AppContext): PostingGuard[] {
  return [servicePermissionGuard, accountRuleGuard(ctx)];
}
