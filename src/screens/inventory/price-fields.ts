// A product form's price fields (product-spec.tsx), apart from the UI so the rules are tested alone:
// one text field per price level and active currency; a price is empty (no price) or a decimal
// string with at most the currency's decimals, never a number.
import type { EntityValues } from '../../../machines/generic/entity-form.machine.ts';
import type { AreaTranslate } from '../../i18n/define-texts.ts';

/** One price field: a price level in one currency. */
export interface PriceSlot {
  name: string;
  priceLevelId: string;
  levelLabel: string;
  currencyCode: string;
  decimals: number;
}

export const slotName = (levelId: string, code: string) => `price__${levelId}__${code}`;

export const slotsOf = (values: EntityValues) => (Array.isArray(values.__slots) ? (values.__slots as PriceSlot[]) : []);

const pricePattern = (decimals: number) => new RegExp(decimals ? `^[0-9]{1,14}(\\.[0-9]{1,${decimals}})?$` : '^[0-9]{1,14}$');

/** The prices the form holds, as the server takes them (empty fields left out). */
export const pricesOf = (values: EntityValues) =>
  slotsOf(values)
    .filter((slot) => typeof values[slot.name] === 'string' && String(values[slot.name]).trim() !== '')
    .map((slot) => ({ priceLevelId: slot.priceLevelId, currencyCode: slot.currencyCode, amount: String(values[slot.name]).trim() }));

/** A message per price field whose text is not a price in its currency. */
export function priceErrors(values: EntityValues, t: AreaTranslate<'priceInvalid'>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const slot of slotsOf(values)) {
    const text = typeof values[slot.name] === 'string' ? String(values[slot.name]).trim() : '';
    if (text !== '' && !pricePattern(slot.decimals).test(text)) errors[slot.name] = t('priceInvalid', slot.decimals);
  }
  return errors;
}
