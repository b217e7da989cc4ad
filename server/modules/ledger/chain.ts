// The per-tenant tamper-evident chain over ledger_transfers. Rules:
// - a transfer's hash is SHA-256 over the previous transfer's hash and every immutable field of the
//   transfer (its place in the chain included), in a fixed order, as canonical text: changing,
//   removing or reordering any row breaks the chain from that row on;
// - the transaction type enters as its lookup code, not its GUID, so an import of authoritative
//   lookup ids (which rewrites the GUID through ON UPDATE CASCADE) leaves every hash valid;
// - the chain starts at sequence 1 after the genesis hash (64 zeros); ledger_chain_heads holds the
//   last link and is locked (FOR UPDATE) once by the transaction of a batch that appends (group
//   commit, ADR 0015), after the batch's Idempotency-Keys and before its accounts; it is moved in
//   the batch's last statement, so every batch of a tenant, in any process, appends after the last.
import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { ledgerChainHeads } from '../../db/schema/index.ts';
import { rowsOf } from '../export/definition.ts';
import type { Tx } from '../identity/user-repository.ts';
import { tenantKeyOf } from './idempotency.ts';

export const genesisHash = '0'.repeat(64);

export interface ChainedFields {
  id: string;
  tenantId: string | null;
  sequence: number;
  kind: string;
  idempotencyKey: string | null;
  debitAccountId: string;
  creditAccountId: string;
  amount: bigint;
  currencyCode: string;
  transactionTypeCode: string;
  code: string | null;
  documentKind: string | null;
  documentId: string | null;
  serviceId: string | null;
  linkedGroupId: string;
  pendingId: string | null;
  timeoutAt: Date | null;
  reversalOfId: string | null;
  creationTime: Date;
  creatorId: string | null;
  auditLogId: string | null;
}

export function transferHash(previousHash: string, t: ChainedFields): string {
  const fields = [
    'v1',
    previousHash,
    t.tenantId,
    t.sequence,
    t.id,
    t.kind,
    t.idempotencyKey,
    t.debitAccountId,
    t.creditAccountId,
    t.amount.toString(),
    t.currencyCode,
    t.transactionTypeCode,
    t.code,
    t.documentKind,
    t.documentId,
    t.serviceId,
    t.linkedGroupId,
    t.pendingId,
    t.timeoutAt?.toISOString() ?? null,
    t.reversalOfId,
    t.creationTime.toISOString(),
    t.creatorId,
    // Appended only when there is one, so the transfers written before the column (ADR 0030)
    // keep their hashes.
    ...(t.auditLogId ? [t.auditLogId] : []),
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** Locks the tenant's chain head (creating it on first use) and answers its last link. */
export async function lockChainHead(tx: Tx, tenantId: string | null): Promise<{ lastSequence: number; lastHash: string }> {
  const key = tenantKeyOf(tenantId);
  const select = sql`select last_sequence::text, last_hash from ${ledgerChainHeads} where tenant_key = ${key} for update`;
  let [row] = await rowsOf<{ last_sequence: string; last_hash: string }>(tx, select);
  if (!row) {
    // A tenant made after the last start has no head yet (seed.ts makes the others'): its first append makes it.
    await tx.insert(ledgerChainHeads).values({ tenantKey: key, lastSequence: 0, lastHash: genesisHash }).onConflictDoNothing();
    [row] = await rowsOf<{ last_sequence: string; last_hash: string }>(tx, select);
  }
  return { lastSequence: Number(row!.last_sequence), lastHash: row!.last_hash };
}

/** The statement moving the tenant's head to its new last link (run while the head is locked). */
export const advanceChainHead = (tenantId: string | null, lastSequence: number, lastHash: string): SQL =>
  sql`update ${ledgerChainHeads} set last_sequence = ${lastSequence}, last_hash = ${lastHash} where tenant_key = ${tenantKeyOf(tenantId)}`;
