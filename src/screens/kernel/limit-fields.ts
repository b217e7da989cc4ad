// A service permission form's limits (service-permission-spec.tsx), apart from the UI so the rules
// are tested alone: both limits optional; a limit is a decimal string and needs a currency.
import type { EntityValues } from '../../../machines/generic/entity-form.machine.ts';
import type { AreaTranslate } from '../../i18n/define-texts.ts';

const amountPattern = /^[0-9]{1,14}(\.[0-9]{1,4})?$/;

export const limitsOf = (values: EntityValues) => {
  const text = (name: string) => (typeof values[name] === 'string' && values[name] !== '' ? String(values[name]).trim() : null);
  return { currencyCode: text('currencyCode'), maxAmount: text('maxAmount'), dailyLimit: text('dailyLimit') };
};

export function limitErrors(values: EntityValues, t: AreaTranslate<'amountInvalid' | 'limitNeedsCurrency'>): Record<string, string> {
  const errors: Record<string, string> = {};
  const limits = limitsOf(values);
  for (const name of ['maxAmount', 'dailyLimit'] as const) {
    const value = limits[name];
    if (value !== null && !amountPattern.test(value)) errors[name] = t('amountInvalid');
    else if (value !== null && limits.currencyCode === null) errors.currencyCode = t('limitNeedsCurrency');
  }
  return errors;
}
