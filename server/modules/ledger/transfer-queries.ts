// Reading the journal: transfers of the caller's tenant, filtered by account (either side),
// currency, group, kind, document or idempotency key; newest first by default; amounts in the
// currency's decimals.
import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { GetLedgerTransfersInput, LedgerTransferDto } from '../../../contract/ledger.ts';
import type { PagedResult } from '../../../contract/common.ts';
import type { AppContext } from '../../context.ts';
import { currencies, ledgerTransfers } from '../../db/schema/index.ts';
import { orderBy, pageOf } from '../shared/paging.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { currencyOfRow } from './currency-service.ts';
import { findTransfer, toTransferDto } from './transfer-service.ts';

const joinCurrency = currencyOfRow(ledgerTransfers);

const sortable = {
  sequence: ledgerTransfers.sequence,
  creationTime: ledgerTransfers.creationTime,
  amount: ledgerTransfers.amount,
  currencyCode: ledgerTransfers.currencyCode,
  kind: ledgerTransfers.kind,
};

export async function listTransfers(
  ctx: AppContext,
  tenantId: string | null,
  input: GetLedgerTransfersInput,
): Promise<PagedResult<LedgerTransferDto>> {
  const conditions: SQL[] = [sameTenant(ledgerTransfers.tenantId, tenantId)];
  if (input.accountId)
    conditions.push(or(eq(ledgerTransfers.debitAccountId, input.accountId), eq(ledgerTransfers.creditAccountId, input.accountId))!);
  if (input.currencyCode) conditions.push(eq(ledgerTransfers.currencyCode, input.currencyCode));
  if (input.linkedGroupId) conditions.push(eq(ledgerTransfers.linkedGroupId, input.linkedGroupId));
  if (input.kind) conditions.push(eq(ledgerTransfers.kind, input.kind));
  if (input.documentKind) conditions.push(eq(ledgerTransfers.documentKind, input.documentKind));
  if (input.documentId) conditions.push(eq(ledgerTransfers.documentId, input.documentId));
  if (input.idempotencyKey) conditions.push(eq(ledgerTransfers.idempotencyKey, input.idempotencyKey));
  const where = and(...conditions);
  const { offset, limit } = pageOf(input);
  const [total, rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(ledgerTransfers).where(where),
    ctx.db
      .select({ transfer: ledgerTransfers, decimals: currencies.decimals })
      .from(ledgerTransfers)
      .leftJoin(currencies, joinCurrency)
      .where(where)
      .orderBy(...orderBy(input.sorting, sortable, [desc(ledgerTransfers.sequence)], ledgerTransfers.id))
      .offset(offset)
      .limit(limit),
  ]);
  return { totalCount: Number(total[0]?.value ?? 0), items: rows.map((r) => toTransferDto(r.transfer, r.decimals ?? 0)) };
}

export async function getTransfer(ctx: AppContext, tenantId: string | null, id: string): Promise<LedgerTransferDto> {
  const row = await findTransfer(ctx.db, tenantId, id);
  const [currency] = await ctx.db
    .select({ decimals: currencies.decimals })
    .from(currencies)
    .where(and(sameTenant(currencies.tenantId, tenantId), eq(currencies.code, row.currencyCode)));
  return toTransferDto(row, currency?.decimals ?? 0);
}
