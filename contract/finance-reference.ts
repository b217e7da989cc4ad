// Exchange rates and account rules on the wire (finance-domain.md "Reference data", "Account
// management"), under ABP's convention for an application's own services. Rules:
// - a rate is a decimal string (> 0, at most 12 decimals, at most 18 integer digits), answered
//   without trailing zeros ("89500", "0.000011173184"); units of the quote currency per unit of the
//   base; history is never edited or deleted: a new rate is a new row effective from its instant;
// - the rate in force at an instant is the latest effective at or before it; isInForce in a list
//   says whether a row is the one in force now for its pair;
// - a conversion rounds once, half to even, to the quote currency's decimals;
// - account rule limits are decimal strings in the rule's currency (at most its decimals), null
//   where the rule sets none; status is Pending, Approved or Rejected (rule-approval.machine.ts);
//   an approve/reject the machine does not accept answers 409, by the author 403.
import { type Static, Type } from 'typebox';
import { auditedFields, creationAuditedFields, DateTime, Guid, Nullable, PagedResultDto, pagedQuery } from './common.ts';
import { DecimalText, LedgerTransferDto, MoneyText } from './ledger.ts';

const CurrencyCode = Type.String({ pattern: '^[A-Z]{2,8}$', minLength: 2, maxLength: 8 });
/** A rate as text: digits, an optional point and at most 12 decimals. */
export const RateText = DecimalText(Type.String({ pattern: '^[0-9]{1,18}(\\.[0-9]{1,12})?$', maxLength: 31 }));

// Exchange rates

export const ExchangeRateDto = Type.Object({
  id: Guid,
  baseCurrencyCode: Type.String(),
  quoteCurrencyCode: Type.String(),
  rate: Type.String(),
  effectiveFrom: DateTime,
  isInForce: Type.Boolean(),
  ...creationAuditedFields,
});
export type ExchangeRateDto = Static<typeof ExchangeRateDto>;

export const CreateExchangeRateDto = Type.Object(
  {
    baseCurrencyCode: CurrencyCode,
    quoteCurrencyCode: CurrencyCode,
    rate: RateText,
    /** Absent: now. */
    effectiveFrom: Type.Optional(DateTime),
  },
  { additionalProperties: false },
);
export type CreateExchangeRateDto = Static<typeof CreateExchangeRateDto>;

export const GetExchangeRatesInput = pagedQuery({
  baseCurrencyCode: Type.Optional(Type.String({ maxLength: 8 })),
  quoteCurrencyCode: Type.Optional(Type.String({ maxLength: 8 })),
  /** Rows effective from this instant on. */
  effectiveFromMin: Type.Optional(DateTime),
  /** Rows effective up to this instant. */
  effectiveFromMax: Type.Optional(DateTime),
});
export type GetExchangeRatesInput = Static<typeof GetExchangeRatesInput>;

export const ExchangeRatePagedResult = PagedResultDto(ExchangeRateDto);

export const GetRateInForceInput = Type.Object(
  { baseCurrencyCode: CurrencyCode, quoteCurrencyCode: CurrencyCode, at: Type.Optional(DateTime) },
  { additionalProperties: false },
);
export type GetRateInForceInput = Static<typeof GetRateInForceInput>;

export const ConvertAmountInput = Type.Object(
  { baseCurrencyCode: CurrencyCode, quoteCurrencyCode: CurrencyCode, amount: MoneyText, at: Type.Optional(DateTime) },
  { additionalProperties: false },
);
export type ConvertAmountInput = Static<typeof ConvertAmountInput>;

export const ConversionDto = Type.Object({
  baseCurrencyCode: Type.String(),
  quoteCurrencyCode: Type.String(),
  amount: Type.String(),
  convertedAmount: Type.String(),
  rate: Type.String(),
  rateId: Guid,
  effectiveFrom: DateTime,
});
export type ConversionDto = Static<typeof ConversionDto>;

// A cross-currency movement (POST /api/app/ledger-transfer/cross-currency): the amount, in the debit
// account's currency, leaves it for that currency's FX liquidity account; the other currency's FX
// liquidity account pays the credit account the amount converted at the rate in force when the
// request arrives (half-even, once). Both legs are one group (all or none), need an Idempotency-Key
// (a replay answers the first rate and amounts), and pass every guard and rule; serviceId goes on the
// source leg (what the caller moves); two accounts in one currency are a 400 (a plain transfer).
export const CreateCrossCurrencyTransferDto = Type.Object(
  {
    debitAccountId: Guid,
    creditAccountId: Guid,
    amount: MoneyText,
    transactionTypeId: Type.Optional(Guid),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    documentKind: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    documentId: Type.Optional(Guid),
    serviceId: Type.Optional(Guid),
  },
  { additionalProperties: false },
);
export type CreateCrossCurrencyTransferDto = Static<typeof CreateCrossCurrencyTransferDto>;

export const CrossCurrencyTransferDto = Type.Object({
  conversion: ConversionDto,
  linkedGroupId: Guid,
  items: Type.Array(LedgerTransferDto),
});
export type CrossCurrencyTransferDto = Static<typeof CrossCurrencyTransferDto>;

// Account rules

const LimitText = Nullable(MoneyText);

const accountRuleFields = {
  name: Type.String({ minLength: 1, maxLength: 128 }),
  accountTypeId: Guid,
  currencyCode: CurrencyCode,
  minBalance: Type.Optional(Nullable(Type.String({ pattern: '^-?[0-9]{1,14}(\\.[0-9]{1,4})?$', maxLength: 20 }))),
  maxBalance: Type.Optional(LimitText),
  maxSingleAmount: Type.Optional(LimitText),
  dailyDebitLimit: Type.Optional(LimitText),
  dailyCreditLimit: Type.Optional(LimitText),
  monthlyDebitLimit: Type.Optional(LimitText),
  monthlyCreditLimit: Type.Optional(LimitText),
  overdraftAllowed: Type.Optional(Type.Boolean()),
};

export const AccountRuleStatus = Type.Union([Type.Literal('Pending'), Type.Literal('Approved'), Type.Literal('Rejected')]);

export const AccountRuleDto = Type.Object({
  id: Guid,
  name: Type.String(),
  accountTypeId: Guid,
  currencyCode: Type.String(),
  minBalance: Nullable(Type.String()),
  maxBalance: Nullable(Type.String()),
  maxSingleAmount: Nullable(Type.String()),
  dailyDebitLimit: Nullable(Type.String()),
  dailyCreditLimit: Nullable(Type.String()),
  monthlyDebitLimit: Nullable(Type.String()),
  monthlyCreditLimit: Nullable(Type.String()),
  overdraftAllowed: Type.Boolean(),
  status: AccountRuleStatus,
  approverId: Nullable(Guid),
  approvalTime: Nullable(DateTime),
  concurrencyStamp: Type.String(),
  ...auditedFields,
});
export type AccountRuleDto = Static<typeof AccountRuleDto>;

export const CreateAccountRuleDto = Type.Object(accountRuleFields, { additionalProperties: false });
export type CreateAccountRuleDto = Static<typeof CreateAccountRuleDto>;

export const UpdateAccountRuleDto = Type.Object(
  { ...accountRuleFields, concurrencyStamp: Type.Optional(Type.String({ maxLength: 40 })) },
  { additionalProperties: false },
);
export type UpdateAccountRuleDto = Static<typeof UpdateAccountRuleDto>;

export const GetAccountRulesInput = pagedQuery({
  filter: Type.Optional(Type.String({ maxLength: 128 })),
  status: Type.Optional(AccountRuleStatus),
  currencyCode: Type.Optional(Type.String({ maxLength: 8 })),
  accountTypeId: Type.Optional(Guid),
});
export type GetAccountRulesInput = Static<typeof GetAccountRulesInput>;

export const AccountRulePagedResult = PagedResultDto(AccountRuleDto);

export const AccountRuleDecisionDto = Type.Object(
  { concurrencyStamp: Type.Optional(Type.String({ maxLength: 40 })) },
  { additionalProperties: false },
);
export type AccountRuleDecisionDto = Static<typeof AccountRuleDecisionDto>;
