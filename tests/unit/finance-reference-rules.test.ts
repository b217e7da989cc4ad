// The exchange rates and account rules screens' own rules (issue 11): the rate form refuses the same
// currency twice, a rate of zero, a number with more than 12 decimals and an effective date-time
// that does not parse; the account rule form refuses a missing name, type or currency, an amount with
// more than 4 decimals or a sign (the minimum balance alone may be negative), and a minimum above
// the maximum. Texts in English, as the screens show them.
import { describe, expect, it } from 'vitest';
import { validateAccountRule } from '../../src/screens/account-management/rule/account-rule-rules.ts';
import { accountRuleTexts } from '../../src/screens/account-management/rule/account-rule-texts.ts';
import { validateExchangeRate } from '../../src/screens/financial/exchange-rate/exchange-rate-rules.ts';
import { exchangeRateTexts } from '../../src/screens/financial/exchange-rate/exchange-rate-texts.ts';
import { kitTexts } from '../../src/views/kit/kit-texts.ts';

const kit = kitTexts('en');

describe('exchange rate form', () => {
  const validate = validateExchangeRate(exchangeRateTexts('en'), kit);
  const rate = { baseCurrencyCode: 'USD', quoteCurrencyCode: 'LL', rate: '89500', effectiveFrom: '' };

  it('accepts a rate of up to 12 decimals with or without a date', () => {
    expect(validate(rate)).toEqual({});
    expect(validate({ ...rate, rate: '0.000011173184', effectiveFrom: '2030-01-01T10:00' })).toEqual({});
  });

  it('refuses the same currency twice, zero, too many decimals, a non-number and a bad date', () => {
    expect(validate({ ...rate, quoteCurrencyCode: 'USD' })).toEqual({ quoteCurrencyCode: 'Choose two different currencies.' });
    const invalidRate = 'The rate is a number greater than 0 with at most 12 decimals (e.g. 89500 or 0.000011173184).';
    for (const text of ['0', '0.000', '1.0000000000001', '1e3', '-1', '1,5'])
      expect(validate({ ...rate, rate: text })).toEqual({ rate: invalidRate });
    expect(validate({ ...rate, rate: ' ' })).toEqual({ rate: 'The Rate field is required.' });
    expect(validate({ ...rate, effectiveFrom: 'tomorrow' })).toEqual({ effectiveFrom: 'The Effective from field is not valid.' });
    expect(validate({ rate: '1' })).toEqual({
      baseCurrencyCode: 'The Base currency field is required.',
      quoteCurrencyCode: 'The Quote currency field is required.',
    });
  });
});

describe('account rule form', () => {
  const validate = validateAccountRule(accountRuleTexts('en'), kit);
  const rule = {
    name: 'Wallet cap',
    accountTypeId: 'type',
    currencyCode: 'USD',
    dailyDebitLimit: '100.50',
    minBalance: '',
    maxBalance: '',
  };

  it('accepts empty limits, decimal amounts and a negative minimum balance', () => {
    expect(validate(rule)).toEqual({});
    expect(validate({ ...rule, minBalance: '-20', maxBalance: '1000' })).toEqual({});
  });

  it('refuses missing fields, malformed amounts and a minimum above the maximum', () => {
    expect(validate({ name: ' ' })).toEqual({
      name: 'The Name field is required.',
      accountTypeId: 'The Account type field is required.',
      currencyCode: 'The Currency field is required.',
    });
    const invalid = 'An amount such as 1250.50, at most 4 decimals.';
    expect(validate({ ...rule, dailyDebitLimit: '1.23456' })).toEqual({ dailyDebitLimit: invalid });
    expect(validate({ ...rule, maxSingleAmount: '-5' })).toEqual({ maxSingleAmount: invalid });
    expect(validate({ ...rule, monthlyCreditLimit: '1e6' })).toEqual({ monthlyCreditLimit: invalid });
    expect(validate({ ...rule, minBalance: '10', maxBalance: '9.99' })).toEqual({
      minBalance: 'The minimum balance is above the maximum balance.',
    });
  });
});
