// The exchange rates screen's own rules (finance-domain.md "Reference data"): the create form's
// client validation: two different currencies, a rate written as a decimal greater than 0 with at
// most 12 decimals (never a number: it is sent as text), an effective date-time that parses or none.
import type { EntityValues } from '../../../../machines/generic/entity-form.machine.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import type { KitTextKey } from '../../../views/kit/kit-texts.ts';
import { localDateTimeToInstant } from '../../../views/kit/list-url.ts';
import type { exchangeRateTexts } from './exchange-rate-texts.ts';

type ExchangeRateKey = Parameters<ReturnType<typeof exchangeRateTexts>>[0];

const ratePattern = /^[0-9]{1,18}(\.[0-9]{1,12})?$/;

export function validateExchangeRate(t: AreaTranslate<ExchangeRateKey>, kit: AreaTranslate<KitTextKey>) {
  return (values: EntityValues): Record<string, string> => {
    const errors: Record<string, string> = {};
    if (!values.baseCurrencyCode) errors.baseCurrencyCode = kit('fieldRequired', t('baseCurrency'));
    if (!values.quoteCurrencyCode) errors.quoteCurrencyCode = kit('fieldRequired', t('quoteCurrency'));
    else if (values.quoteCurrencyCode === values.baseCurrencyCode) errors.quoteCurrencyCode = t('sameCurrency');
    const rate = typeof values.rate === 'string' ? values.rate.trim() : '';
    if (rate === '') errors.rate = kit('fieldRequired', t('rate'));
    else if (!ratePattern.test(rate) || !/[1-9]/.test(rate)) errors.rate = t('rateInvalid');
    if (typeof values.effectiveFrom === 'string' && values.effectiveFrom !== '' && localDateTimeToInstant(values.effectiveFrom) === null)
      errors.effectiveFrom = kit('fieldInvalid', t('effectiveFrom'));
    return errors;
  };
}
