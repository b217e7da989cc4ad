// Currencies as a list export (export/definition.ts), like the other reference lists: the list's own
// WHERE and ORDER BY (currencyListFilter, currencyListOrder), so a file holds exactly the rows the
// list shows for the same filter, across all pages, in the caller's tenant. The currency type is its
// CurrencyType code (as the account rules' export names the account type); headers are Finance texts.
import { sql } from 'drizzle-orm';
import type { GetCurrenciesInput } from '../../../contract/ledger.ts';
import { currencies, lookupValues } from '../../db/schema/index.ts';
import { type ExportColumn, listQuery, type ListExport, registerListExport, utcText } from '../export/definition.ts';
import { currencyListFilter, currencyListOrder } from './currency-service.ts';

const column = (key: string, header: string, width = 18): ExportColumn => ({ key, header: `Finance::${header}`, width });
type CurrencyFilter = Omit<GetCurrenciesInput, 'skipCount' | 'maxResultCount'>;

export const currencyListExport: ListExport<CurrencyFilter> = registerListExport<CurrencyFilter>({
  kind: 'Currencies',
  sheetName: 'Currencies',
  permissions: ['Finance.Currency'],
  columns: [
    column('code', 'Currency:Export:Code', 10),
    column('name', 'Currency:Export:Name', 24),
    column('symbol', 'Currency:Export:Symbol', 8),
    column('decimals', 'Currency:Export:Decimals', 8),
    column('currencyType', 'Currency:Export:CurrencyType', 12),
    column('isActive', 'Currency:Export:IsActive', 8),
    column('creationTime', 'Currency:Export:CreationTime', 20),
    column('id', 'Currency:Export:Id', 38),
  ],
  from: (tenantId, filter) =>
    sql`from ${currencies} left join ${lookupValues} on ${lookupValues.id} = ${currencies.currencyTypeId} where ${currencyListFilter(tenantId, filter)}`,
  query(tenantId, filter) {
    return listQuery(
      [
        ['code', currencies.code],
        ['name', currencies.name],
        ['symbol', currencies.symbol],
        ['decimals', currencies.decimals],
        ['currencyType', lookupValues.code],
        ['isActive', currencies.isActive],
        ['creationTime', utcText(currencies.creationTime)],
        ['id', currencies.id],
      ],
      this.from(tenantId, filter),
      currencyListOrder(filter.sorting),
    );
  },
});
