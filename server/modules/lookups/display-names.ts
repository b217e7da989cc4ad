// Display names of lookup values (spec 9's values, localized): a value's stored name starts empty
// (spec 3), so what a screen shows is its text in server/localization/resources/FinanceLookups,
// keyed `Type:Code` (by type name and code, so an imported id mapping keeps every name). Rules:
// - a stored name, once an installation sets one, wins over the resource text;
// - an owner's edit of the text in language management (FinanceLookups, the request's culture) wins
//   over the shipped text (localizeWith, as every server text);
// - a culture without the key falls back to English (localize), a key missing everywhere to the code;
// - country names were taken from the ICU region names (Intl.DisplayNames) of each language when the
//   files were written; abbreviations whose meaning the spec does not give (InvoiceType SEI, PRI,
//   SA, SD, SO, SRI; VoucherType FV, DV, CIV, RWV, COV; CurrencyType BC2; AttachmentsType SLF;
//   PersonType MOTC) are named by their code in every language.
import { localizeWith, type TextOverrides } from '../../localization/index.ts';

export const lookupNamesResource = 'FinanceLookups';

export function lookupDisplayName(
  culture: string,
  type: string,
  code: string,
  storedName = '',
  overrides: TextOverrides | null = null,
): string {
  if (storedName) return storedName;
  const key = `${type}:${code}`;
  const text = localizeWith(overrides, culture, `${lookupNamesResource}::${key}`);
  return text === key ? code : text;
}
