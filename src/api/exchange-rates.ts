// Exchange rates (finance-domain.md "Reference data"; contract/finance-reference.ts): the paged list
// with base/quote/effective filters (each row says whether it is the one in force now), create (no
// update or delete: history is never edited), the rate in force at an instant and a conversion.
import type { PagedResult } from '../../contract/common.ts';
import type { ConversionDto, CreateExchangeRateDto, ExchangeRateDto } from '../../contract/finance-reference.ts';
import type { Http } from './http.ts';

export type { ConversionDto, CreateExchangeRateDto, ExchangeRateDto };

const base = '/api/app/exchange-rate';

export function getExchangeRates(http: Http, query: Record<string, string | number | boolean>, signal?: AbortSignal) {
  return http<PagedResult<ExchangeRateDto>>(base, { query, signal });
}

export function createExchangeRate(http: Http, body: CreateExchangeRateDto) {
  return http<ExchangeRateDto>(base, { method: 'POST', body });
}

export function getRateInForce(
  http: Http,
  query: { baseCurrencyCode: string; quoteCurrencyCode: string; at?: string },
  signal?: AbortSignal,
) {
  return http<ExchangeRateDto>(`${base}/in-force`, { query, signal });
}
