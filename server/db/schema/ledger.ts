// The double-entry ledger (finance-domain.md "One ledger under everything"; server/modules/ledger).
// Rules:
// - every row is tenant-owned (host rows: null tenant); amounts and totals are integer minor units
//   of their currency (bigint), never floats;
// - ledger_accounts carry the four running totals, changed only by the ledger service inside the
//   transaction that writes the transfer, with the account rows locked in id order;
// - ledger_transfers is append-only: no code path updates or deletes a row. A reversal names the
//   transfer it reverses (unique: at most once); a post or void names its pending transfer (unique:
//   a pending transfer is resolved at most once);
// - each tenant's transfers form a hash chain (sequence 1, 2, ... with previous_hash and hash);
//   ledger_chain_heads holds the last link per tenant and is the lock that orders appends;
// - ledger_idempotency_keys: one row per tenant, route and Idempotency-Key, inserted first in the
//   transaction that makes the effect, holding the answer; kept at least 24 hours.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { concurrencyStamp, creationAudited, id, tenantId, tenantKey } from './columns.ts';
import { lookupValues } from './lookups.ts';

const minor = (name: string) => bigint(name, { mode: 'bigint' }).notNull().default(sql`0`);
const lookupRef = (name: string) => uuid(name).references(() => lookupValues.id, { onUpdate: 'cascade', onDelete: 'restrict' });

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    tenantId: tenantId(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 256 }).notNull(),
    currencyCode: varchar('currency_code', { length: 8 }).notNull(),
    accountTypeId: lookupRef('account_type_id').notNull(),
    parentId: uuid('parent_id'),
    ownerPartyId: uuid('owner_party_id'),
    debitsMustNotExceedCredits: boolean('debits_must_not_exceed_credits').notNull().default(false),
    creditsMustNotExceedDebits: boolean('credits_must_not_exceed_debits').notNull().default(false),
    isClosed: boolean('is_closed').notNull().default(false),
    isSystem: boolean('is_system').notNull().default(false),
    debitsPosted: minor('debits_posted'),
    creditsPosted: minor('credits_posted'),
    debitsPending: minor('debits_pending'),
    creditsPending: minor('credits_pending'),
    concurrencyStamp: concurrencyStamp(),
    ...creationAudited(),
    lastModificationTime: timestamp('last_modification_time', { withTimezone: true, mode: 'date' }),
    lastModifierId: uuid('last_modifier_id'),
  },
  (t) => [
    index('ledger_accounts_tenant_idx').on(t.tenantId),
    uniqueIndex('ledger_accounts_tenant_currency_code_idx').on(tenantKey(t.tenantId), t.currencyCode, t.code),
    index('ledger_accounts_parent_idx').on(t.parentId),
    index('ledger_accounts_owner_idx').on(t.ownerPartyId),
    check('ledger_accounts_one_flag', sql`not (${t.debitsMustNotExceedCredits} and ${t.creditsMustNotExceedDebits})`),
    check(
      'ledger_accounts_totals_not_negative',
      sql`${t.debitsPosted} >= 0 and ${t.creditsPosted} >= 0 and ${t.debitsPending} >= 0 and ${t.creditsPending} >= 0`,
    ),
  ],
);

export const ledgerTransferKinds = ['Posted', 'Pending', 'PostPending', 'VoidPending'] as const;
export type LedgerTransferKind = (typeof ledgerTransferKinds)[number];

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantId(),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<LedgerTransferKind>().notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 128 }),
    debitAccountId: uuid('debit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: uuid('credit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currencyCode: varchar('currency_code', { length: 8 }).notNull(),
    transactionTypeId: lookupRef('transaction_type_id').notNull(),
    code: varchar('code', { length: 64 }),
    documentKind: varchar('document_kind', { length: 64 }),
    documentId: uuid('document_id'),
    serviceId: uuid('service_id'),
    linkedGroupId: uuid('linked_group_id').notNull(),
    pendingId: uuid('pending_id'),
    timeoutAt: timestamp('timeout_at', { withTimezone: true, mode: 'date' }),
    reversalOfId: uuid('reversal_of_id'),
    /**
     * The audit log of the request that made it (ADR 0030: a transfer is its own history, no entity
     * change repeats it; this leads from it to who, from where, with which client). In its hash.
     */
    auditLogId: uuid('audit_log_id'),
    ...creationAudited(),
    previousHash: varchar('previous_hash', { length: 64 }).notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
  },
  (t) => [
    index('ledger_transfers_tenant_idx').on(t.tenantId),
    uniqueIndex('ledger_transfers_tenant_sequence_idx').on(tenantKey(t.tenantId), t.sequence),
    // With the creation time: an account's transfers of a day or a month (account rules' period totals).
    index('ledger_transfers_debit_idx').on(t.debitAccountId, t.creationTime),
    index('ledger_transfers_credit_idx').on(t.creditAccountId, t.creationTime),
    index('ledger_transfers_group_idx').on(t.linkedGroupId),
    index('ledger_transfers_creation_idx').on(t.tenantId, t.creationTime),
    uniqueIndex('ledger_transfers_pending_idx').on(t.pendingId),
    uniqueIndex('ledger_transfers_reversal_idx').on(t.reversalOfId),
    index('ledger_transfers_timeout_idx').on(t.timeoutAt).where(sql`${t.kind} = 'Pending' and ${t.timeoutAt} is not null`),
    // The transfers made for a service: "is this service in use" (kernel delete) and a caller's day
    // for a service (the service-permission guard's daily limit). Only transfers that name one.
    index('ledger_transfers_service_idx').on(t.serviceId, t.creationTime).where(sql`${t.serviceId} is not null`),
    check('ledger_transfers_amount_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_two_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
  ],
);

/** The last link of each tenant's chain; the host's key is the zero GUID. */
export const ledgerChainHeads = pgTable('ledger_chain_heads', {
  tenantKey: uuid('tenant_key').primaryKey(),
  lastSequence: bigint('last_sequence', { mode: 'number' }).notNull().default(0),
  lastHash: varchar('last_hash', { length: 64 }).notNull(),
});

export const ledgerIdempotencyKeys = pgTable(
  'ledger_idempotency_keys',
  {
    tenantKey: uuid('tenant_key').notNull(),
    route: varchar('route', { length: 128 }).notNull(),
    key: varchar('key', { length: 128 }).notNull(),
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    statusCode: integer('status_code'),
    response: text('response'),
    creationTime: timestamp('creation_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantKey, t.route, t.key] }), index('ledger_idempotency_keys_creation_idx').on(t.creationTime)],
);
