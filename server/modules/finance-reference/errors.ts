// Refusals of exchange rates and account rules, localized through the Finance resource (keys
// ExchangeRate:* and AccountRule:*): a broken rule is a 403 business error with a code a client may
// react to and a message naming the rule and the limit; a malformed value a 400 naming the field; a
// transition the approval machine does not accept a 409.
import { AppError, businessError, invalidField } from '../../errors.ts';

const key = (name: string) => `Finance::${name}`;
const rule = (name: string, ...params: Array<string | number>) => businessError(`Finance.${name}`, key(name), ...params);

export const financeReferenceErrors = {
  sameCurrency: (member: string, code: string) => invalidField(member, key('ExchangeRate:SameCurrency'), code),
  crossSameCurrency: (member: string, code: string) => invalidField(member, key('ExchangeRate:CrossSameCurrency'), code),
  rateNotPositive: (member: string, rate: string) => invalidField(member, key('ExchangeRate:RateNotPositive'), rate),
  effectiveInPast: (member: string, at: string) => invalidField(member, key('ExchangeRate:EffectiveInPast'), at),
  duplicateRate: (base: string, quote: string, at: string) => rule('ExchangeRate:Duplicate', base, quote, at),
  noRateInForce: (base: string, quote: string, at: string) =>
    new AppError({
      status: 404,
      code: 'Finance.ExchangeRate:NoRateInForce',
      text: { key: key('ExchangeRate:NoRateInForce'), params: [base, quote, at] },
    }),
  fxAccountMissing: (currency: string) => rule('ExchangeRate:FxAccountMissing', currency),
  limitTooPrecise: (member: string, currency: string, decimals: number, amount: string) =>
    invalidField(member, key('Ledger:TooManyDecimals'), currency, decimals, amount),
  minAboveMax: (member: string) => invalidField(member, key('AccountRule:MinAboveMax')),
  transitionNotAllowed: (name: string, status: string, action: string) =>
    new AppError({
      status: 409,
      code: 'Finance.AccountRule:TransitionNotAllowed',
      text: { key: key('AccountRule:TransitionNotAllowed'), params: [name, status, action] },
    }),
  authorCannotDecide: (name: string) => rule('AccountRule:AuthorCannotDecide', name),
  /** A posting past an approved rule: the rule's name, the account, the limit and what the posting would make. */
  limitExceeded: (limit: AccountRuleLimit, ruleName: string, account: string, limitText: string, currency: string, reached: string) =>
    rule(`AccountRule:${limit}`, ruleName, account, limitText, currency, reached),
};

export type AccountRuleLimit =
  | 'MaxSingleAmount'
  | 'MinBalance'
  | 'MaxBalance'
  | 'Overdraft'
  | 'DailyDebitLimit'
  | 'DailyCreditLimit'
  | 'MonthlyDebitLimit'
  | 'MonthlyCreditLimit';
