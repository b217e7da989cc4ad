// The account rules screen's own rules (finance-domain.md "Account management"): the limits a rule
// may set, each a decimal text of the rule's currency (at most 4 decimals; the minimum balance may be
// below zero, the others not), and the form's client validation (name, account type and currency
// required; minimum not above maximum). The server checks the currency's own decimals.
import type { EntityValues } from '../../../../machines/generic/entity-form.machine.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import type { KitTextKey } from '../../../views/kit/kit-texts.ts';
import type { accountRuleTexts } from './account-rule-texts.ts';

type AccountRuleKey = Parameters<ReturnType<typeof accountRuleTexts>>[0];

export const limitNames = [
  'minBalance',
  'maxBalance',
  'maxSingleAmount',
  'dailyDebitLimit',
  'dailyCreditLimit',
  'monthlyDebitLimit',
  'monthlyCreditLimit',
] as const;
const amountPattern = /^[0-9]{1,14}(\.[0-9]{1,4})?$/;
const signedPattern = /^-?[0-9]{1,14}(\.[0-9]{1,4})?$/;

export const limitText = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export function validateAccountRule(t: AreaTranslate<AccountRuleKey>, kit: AreaTranslate<KitTextKey>) {
  return (values: EntityValues): Record<string, string> => {
    const errors: Record<string, string> = {};
    const name = typeof values.name === 'string' ? values.name.trim() : '';
    if (name === '') errors.name = kit('fieldRequired', t('name'));
    else if (name.length > 128) errors.name = kit('fieldTooLong', t('name'), 128);
    if (!values.accountTypeId) errors.accountTypeId = kit('fieldRequired', t('accountType'));
    if (!values.currencyCode) errors.currencyCode = kit('fieldRequired', t('currency'));
    for (const field of limitNames) {
      const text = limitText(values[field]);
      if (text !== null && !(field === 'minBalance' ? signedPattern : amountPattern).test(text)) errors[field] = t('amountInvalid');
    }
    const min = limitText(values.minBalance);
    const max = limitText(values.maxBalance);
    if (!errors.minBalance && !errors.maxBalance && min !== null && max !== null && Number(min) > Number(max))
      errors.minBalance = t('minAboveMax');
    return errors;
  };
}
