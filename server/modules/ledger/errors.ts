// The ledger's refusals: a broken rule is a 403 business error whose code a client may react to and
// whose localized message (resource Finance, keys Ledger:*) names the limit; a malformed value is a
// 400 naming the field; a reused Idempotency-Key with another request is a 409.
import { AppError, businessError, invalidField } from '../../errors.ts';

const key = (name: string) => `Finance::Ledger:${name}`;
const rule = (name: string, ...params: Array<string | number>) => businessError(`Finance.Ledger:${name}`, key(name), ...params);

export const ledgerErrors = {
  exceedsCredits: (account: string, amount: string, currency: string, available: string) =>
    rule('ExceedsCredits', account, amount, currency, available),
  exceedsDebits: (account: string, amount: string, currency: string, available: string) =>
    rule('ExceedsDebits', account, amount, currency, available),
  currencyMismatch: (currency: string, account: string, accountCurrency: string) =>
    rule('CurrencyMismatch', currency, account, accountCurrency),
  accountClosed: (account: string) => rule('AccountClosed', account),
  amountNotPositive: (amount: string) => rule('AmountNotPositive', amount),
  sameAccount: (account: string) => rule('SameAccount', account),
  currencyInactive: (currency: string) => rule('CurrencyInactive', currency),
  pendingResolved: (id: string) => rule('PendingResolved', id),
  notPending: (id: string) => rule('NotPending', id),
  pendingExpired: (id: string, at: string) => rule('PendingExpired', id, at),
  postExceedsPending: (amount: string, currency: string, pending: string) => rule('PostExceedsPending', amount, currency, pending),
  alreadyReversed: (id: string) => rule('AlreadyReversed', id),
  notReversible: (id: string, kind: string) => rule('NotReversible', id, kind),
  totalOverflow: (account: string) => rule('TotalOverflow', account),
  duplicateCurrency: (code: string) => rule('DuplicateCurrency', code),
  currencyInUse: (code: string) => rule('CurrencyInUse', code),
  decimalsInUse: (code: string) => rule('DecimalsInUse', code),
  duplicateAccountCode: (code: string, currency: string) => rule('DuplicateAccountCode', code, currency),
  systemAccountClosed: (account: string) => rule('SystemAccountClosed', account),
  closedWithPending: (account: string) => rule('ClosedWithPending', account),
  flagPastLimit: (account: string) => rule('FlagPastLimit', account),
  idempotencyKeyReused: (idempotencyKey: string) =>
    new AppError({
      status: 409,
      code: 'Finance.Ledger:IdempotencyKeyReused',
      text: { key: key('IdempotencyKeyReused'), params: [idempotencyKey] },
    }),
  tooManyDecimals: (member: string, currency: string, decimals: number, amount: string) =>
    invalidField(member, key('TooManyDecimals'), currency, decimals, amount),
  unknownCurrency: (member: string, currency: string) => invalidField(member, key('UnknownCurrency'), currency),
  invalidLookup: (member: string, id: string, type: string) => invalidField(member, key('InvalidLookup'), id, type),
};
