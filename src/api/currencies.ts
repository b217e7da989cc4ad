// Currencies (finance-domain.md "Reference data"; contract/ledger.ts): the paged list with the free
// text and active filters, one record, create, update with its concurrency stamp, delete (a currency
// used by a ledger account answers 403: deactivate it instead).
import type { PagedResult } from '../../contract/common.ts';
import type { CreateCurrencyDto, CurrencyDto, UpdateCurrencyDto } from '../../contract/ledger.ts';
import type { Http } from './http.ts';

export type { CreateCurrencyDto, CurrencyDto, UpdateCurrencyDto };

const base = '/api/app/currency';

export function getCurrencies(http: Http, query: Record<string, string | number | boolean>, signal?: AbortSignal) {
  return http<PagedResult<CurrencyDto>>(base, { query, signal });
}

export function getCurrency(http: Http, id: string, signal?: AbortSignal) {
  return http<CurrencyDto>(`${base}/${encodeURIComponent(id)}`, { signal });
}

export function createCurrency(http: Http, body: CreateCurrencyDto) {
  return http<CurrencyDto>(base, { method: 'POST', body });
}

export function updateCurrency(http: Http, id: string, body: UpdateCurrencyDto) {
  return http<CurrencyDto>(`${base}/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export async function deleteCurrency(http: Http, id: string): Promise<void> {
  await http(`${base}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The tenant's currencies as select options: the code as the value, "USD – US dollar" as the label. */
export async function currencyOptions(http: Http, signal?: AbortSignal): Promise<Array<{ id: string; label: string }>> {
  const page = await getCurrencies(http, { maxResultCount: 1000, sorting: 'code asc' }, signal);
  return page.items.map((currency) => ({ id: currency.code, label: `${currency.code} – ${currency.name}` }));
}
