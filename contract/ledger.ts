// The ledger and its currencies on the wire (finance-domain.md "One ledger under everything",
// "Reference data"), under ABP's convention for an application's own services. Rules:
// - amounts are decimal strings with at most the currency's decimals ("1250.50"), answered with
//   exactly that many; never JSON numbers;
// - every money-moving POST (a transfer group, post, void, reverse) needs an `Idempotency-Key`
//   header: the same key with the same request answers the first answer again, with another request
//   409; keys live per tenant and route for at least 24 hours;
// - a broken rule (a balance flag, a closed account, a currency mismatch, an amount not above zero,
//   a pending transfer already resolved or expired, a transfer reversed twice) is a 403 business
//   error with a code and a localized message naming the limit;
// - availableBalance is the wallet view: credits posted - debits posted - debits pending.
import { type Static, type TSchema, Type } from 'typebox';
import { auditedFields, creationAuditedFields, DateTime, Guid, Nullable, PagedResultDto, pagedQuery } from './common.ts';

/**
 * Marks a string schema as a decimal written as text (an amount, a rate): the server refuses a JSON
 * number there (server/modules/ledger/decimal-text.ts) instead of letting Ajv's type coercion turn
 * 1.5 into "1.5", since a float has already lost exactness by the time it is parsed.
 */
export const decimalTextKind = Symbol.for('finance.decimalText');

export function DecimalText<T extends TSchema>(schema: T): T {
  return Object.assign(schema, { [decimalTextKind]: true });
}

/** A positive or zero decimal amount as text, at most 14 integer digits and 4 decimals (fits a bigint). */
export const MoneyText = DecimalText(Type.String({ pattern: '^[0-9]{1,14}(\\.[0-9]{1,4})?$', maxLength: 19 }));
const CurrencyCode = Type.String({ pattern: '^[A-Z]{2,8}$', minLength: 2, maxLength: 8 });
const Code = Type.String({ minLength: 1, maxLength: 64 });

export const IdempotencyHeaders = Type.Object({ 'idempotency-key': Type.String({ minLength: 1, maxLength: 128 }) });

// Currencies

export const CurrencyDto = Type.Object({
  id: Guid,
  code: Type.String(),
  name: Type.String(),
  symbol: Type.String(),
  decimals: Type.Integer(),
  currencyTypeId: Guid,
  isActive: Type.Boolean(),
  concurrencyStamp: Type.String(),
  ...auditedFields,
});
export type CurrencyDto = Static<typeof CurrencyDto>;

const currencyFields = {
  name: Type.String({ minLength: 1, maxLength: 64 }),
  symbol: Type.Optional(Type.String({ maxLength: 8 })),
  decimals: Type.Integer({ minimum: 0, maximum: 4 }),
  currencyTypeId: Guid,
  isActive: Type.Optional(Type.Boolean()),
};

export const CreateCurrencyDto = Type.Object({ code: CurrencyCode, ...currencyFields }, { additionalProperties: false });
export type CreateCurrencyDto = Static<typeof CreateCurrencyDto>;

export const UpdateCurrencyDto = Type.Object(
  { ...currencyFields, concurrencyStamp: Type.Optional(Type.String({ maxLength: 40 })) },
  { additionalProperties: false },
);
export type UpdateCurrencyDto = Static<typeof UpdateCurrencyDto>;

export const GetCurrenciesInput = pagedQuery({
  filter: Type.Optional(Type.String({ maxLength: 64 })),
  isActive: Type.Optional(Type.Boolean()),
});
export type GetCurrenciesInput = Static<typeof GetCurrenciesInput>;

export const CurrencyPagedResult = PagedResultDto(CurrencyDto);

// Ledger accounts

export const LedgerAccountDto = Type.Object({
  id: Guid,
  code: Type.String(),
  name: Type.String(),
  currencyCode: Type.String(),
  accountTypeId: Guid,
  parentId: Nullable(Guid),
  ownerPartyId: Nullable(Guid),
  debitsMustNotExceedCredits: Type.Boolean(),
  creditsMustNotExceedDebits: Type.Boolean(),
  isClosed: Type.Boolean(),
  isSystem: Type.Boolean(),
  debitsPosted: Type.String(),
  creditsPosted: Type.String(),
  debitsPending: Type.String(),
  creditsPending: Type.String(),
  availableBalance: Type.String(),
  concurrencyStamp: Type.String(),
  ...auditedFields,
});
export type LedgerAccountDto = Static<typeof LedgerAccountDto>;

const accountFlags = {
  debitsMustNotExceedCredits: Type.Optional(Type.Boolean()),
  creditsMustNotExceedDebits: Type.Optional(Type.Boolean()),
};

export const CreateLedgerAccountDto = Type.Object(
  {
    code: Code,
    name: Type.String({ minLength: 1, maxLength: 256 }),
    currencyCode: CurrencyCode,
    accountTypeId: Guid,
    parentId: Type.Optional(Nullable(Guid)),
    ownerPartyId: Type.Optional(Nullable(Guid)),
    ...accountFlags,
  },
  { additionalProperties: false },
);
export type CreateLedgerAccountDto = Static<typeof CreateLedgerAccountDto>;

export const UpdateLedgerAccountDto = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 256 }),
    ...accountFlags,
    isClosed: Type.Optional(Type.Boolean()),
    concurrencyStamp: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type UpdateLedgerAccountDto = Static<typeof UpdateLedgerAccountDto>;

export const GetLedgerAccountsInput = pagedQuery({
  filter: Type.Optional(Type.String({ maxLength: 256 })),
  currencyCode: Type.Optional(Type.String({ maxLength: 8 })),
  accountTypeId: Type.Optional(Guid),
  parentId: Type.Optional(Guid),
  ownerPartyId: Type.Optional(Guid),
  isClosed: Type.Optional(Type.Boolean()),
});
export type GetLedgerAccountsInput = Static<typeof GetLedgerAccountsInput>;

export const LedgerAccountPagedResult = PagedResultDto(LedgerAccountDto);

// Transfers

export const LedgerTransferKind = Type.Union([
  Type.Literal('Posted'),
  Type.Literal('Pending'),
  Type.Literal('PostPending'),
  Type.Literal('VoidPending'),
]);

export const LedgerTransferDto = Type.Object({
  id: Guid,
  sequence: Type.Integer(),
  kind: LedgerTransferKind,
  idempotencyKey: Nullable(Type.String()),
  debitAccountId: Guid,
  creditAccountId: Guid,
  amount: Type.String(),
  currencyCode: Type.String(),
  transactionTypeId: Guid,
  code: Nullable(Type.String()),
  documentKind: Nullable(Type.String()),
  documentId: Nullable(Guid),
  linkedGroupId: Guid,
  pendingId: Nullable(Guid),
  timeoutAt: Nullable(DateTime),
  reversalOfId: Nullable(Guid),
  /** The audit log of the request that made it (null: made by a job, or its tenant keeps no audit log). */
  auditLogId: Nullable(Guid),
  previousHash: Type.String(),
  hash: Type.String(),
  ...creationAuditedFields,
});
export type LedgerTransferDto = Static<typeof LedgerTransferDto>;

export const CreateLedgerTransferDto = Type.Object(
  {
    debitAccountId: Guid,
    creditAccountId: Guid,
    amount: MoneyText,
    currencyCode: CurrencyCode,
    /** A TransactionType lookup value (AP, AR, FA, JV); JV when absent. */
    transactionTypeId: Type.Optional(Guid),
    code: Type.Optional(Code),
    documentKind: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    documentId: Type.Optional(Guid),
    /** The kernel service (ServiceNode or ProductNode) the transfer is made for; its permissions apply. */
    serviceId: Type.Optional(Guid),
    /** Two-phase: reserve now (pending totals), post or void later. */
    pending: Type.Optional(Type.Boolean()),
    /** A pending transfer voids itself this many seconds after it was made (at most 30 days). */
    timeoutSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_592_000 })),
  },
  { additionalProperties: false },
);
export type CreateLedgerTransferDto = Static<typeof CreateLedgerTransferDto>;

/** A group: every leg or none (one database transaction). */
export const CreateLedgerTransferGroupDto = Type.Object(
  { transfers: Type.Array(CreateLedgerTransferDto, { minItems: 1, maxItems: 64 }) },
  { additionalProperties: false },
);
export type CreateLedgerTransferGroupDto = Static<typeof CreateLedgerTransferGroupDto>;

export const LedgerTransferGroupDto = Type.Object({ linkedGroupId: Guid, items: Type.Array(LedgerTransferDto) });
export type LedgerTransferGroupDto = Static<typeof LedgerTransferGroupDto>;

/** Posts a pending transfer: the whole amount when absent, or a part (the rest is released). */
export const PostPendingTransferDto = Type.Object({ amount: Type.Optional(MoneyText) }, { additionalProperties: false });
export type PostPendingTransferDto = Static<typeof PostPendingTransferDto>;

export const EmptyBody = Type.Object({}, { additionalProperties: false });

export const GetLedgerTransfersInput = pagedQuery({
  accountId: Type.Optional(Guid),
  currencyCode: Type.Optional(Type.String({ maxLength: 8 })),
  linkedGroupId: Type.Optional(Guid),
  kind: Type.Optional(LedgerTransferKind),
  documentKind: Type.Optional(Type.String({ maxLength: 64 })),
  documentId: Type.Optional(Guid),
  idempotencyKey: Type.Optional(Type.String({ maxLength: 128 })),
});
export type GetLedgerTransfersInput = Static<typeof GetLedgerTransfersInput>;

export const LedgerTransferPagedResult = PagedResultDto(LedgerTransferDto);

// Verification

export const LedgerViolationDto = Type.Object({
  kind: Type.Union([
    Type.Literal('UnbalancedCurrency'),
    Type.Literal('AccountTotals'),
    Type.Literal('HashChain'),
    Type.Literal('FlaggedAccountPastLimit'),
  ]),
  tenantId: Nullable(Guid),
  currencyCode: Nullable(Type.String()),
  accountId: Nullable(Guid),
  transferId: Nullable(Guid),
  sequence: Nullable(Type.Integer()),
  message: Type.String(),
});
export type LedgerViolationDto = Static<typeof LedgerViolationDto>;

export const LedgerVerificationDto = Type.Object({
  isValid: Type.Boolean(),
  checkedTenants: Type.Integer(),
  checkedAccounts: Type.Integer(),
  checkedTransfers: Type.Integer(),
  violation: Nullable(LedgerViolationDto),
});
export type LedgerVerificationDto = Static<typeof LedgerVerificationDto>;
