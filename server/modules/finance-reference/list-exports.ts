// Exchange rates and account rules as list exports (export/definition.ts): each is its list's own
// WHERE and ORDER BY (exchangeRateListFilter, accountRuleListFilter), so a file holds exactly the rows
// the list shows for the same filter, across all pages, in the caller's tenant. Rates are their exact
// decimal text (trailing zeros dropped), limits the rule's currency amounts as text with its decimals;
// headers are Finance texts; times are sortable UTC text.
import { sql } from 'drizzle-orm';
import type { GetAccountRulesInput, GetExchangeRatesInput } from '../../../contract/finance-reference.ts';
import { accountRules, currencies, exchangeRates, lookupValues } from '../../db/schema/index.ts';
import { type ExportColumn, listQuery, type ListExport, registerListExport, utcText } from '../export/definition.ts';
import { formatMoney } from '../ledger/money.ts';
import { accountRuleListFilter, accountRuleListOrder, limitFields } from './account-rules.ts';
import { exchangeRateListFilter, exchangeRateListOrder, inForceNow, normalizeRate } from './exchange-rates.ts';

const column = (key: string, header: string, width = 18): ExportColumn => ({ key, header: `Finance::${header}`, width });
type RateFilter = Omit<GetExchangeRatesInput, 'skipCount' | 'maxResultCount'>;
type RuleFilter = Omit<GetAccountRulesInput, 'skipCount' | 'maxResultCount'>;

export const exchangeRateListExport: ListExport<RateFilter> = registerListExport<RateFilter>({
  kind: 'ExchangeRates',
  sheetName: 'ExchangeRates',
  permissions: ['Finance.ExchangeRate'],
  columns: [
    column('baseCurrencyCode', 'ExchangeRate:Export:Base', 10),
    column('quoteCurrencyCode', 'ExchangeRate:Export:Quote', 10),
    column('rate', 'ExchangeRate:Export:Rate', 24),
    column('effectiveFrom', 'ExchangeRate:Export:EffectiveFrom', 20),
    column('isInForce', 'ExchangeRate:Export:InForce', 10),
    column('id', 'ExchangeRate:Export:Id', 38),
  ],
  from: (tenantId, filter) => sql`from ${exchangeRates} where ${exchangeRateListFilter(tenantId, filter)}`,
  query(tenantId, filter) {
    return listQuery(
      [
        ['baseCurrencyCode', exchangeRates.baseCurrencyCode],
        ['quoteCurrencyCode', exchangeRates.quoteCurrencyCode],
        ['rate', sql`${exchangeRates.rate}::text`],
        ['effectiveFrom', utcText(exchangeRates.effectiveFrom)],
        ['isInForce', inForceNow],
        ['id', exchangeRates.id],
      ],
      this.from(tenantId, filter),
      exchangeRateListOrder(filter.sorting),
    );
  },
  toRow: (raw) => ({ ...(raw as Record<string, string | boolean>), rate: normalizeRate(String(raw.rate)) }),
});

export const accountRuleListExport: ListExport<RuleFilter> = registerListExport<RuleFilter>({
  kind: 'AccountRules',
  sheetName: 'AccountRules',
  permissions: ['Finance.AccountRule'],
  columns: [
    column('name', 'AccountRule:Export:Name', 24),
    column('accountType', 'AccountRule:Export:AccountType', 18),
    column('currencyCode', 'AccountRule:Export:Currency', 10),
    ...limitFields.map((field) => column(field, `AccountRule:Export:${field[0]!.toUpperCase()}${field.slice(1)}`, 16)),
    column('overdraftAllowed', 'AccountRule:Export:OverdraftAllowed', 10),
    column('status', 'AccountRule:Export:Status', 10),
    column('id', 'AccountRule:Export:Id', 38),
  ],
  from: (tenantId, filter) =>
    sql`from ${accountRules} left join ${lookupValues} on ${lookupValues.id} = ${accountRules.accountTypeId} left join ${currencies} on ${currencies.code} = ${accountRules.currencyCode} and ${currencies.tenantId} is not distinct from ${accountRules.tenantId} where ${accountRuleListFilter(tenantId, filter)}`,
  query(tenantId, filter) {
    return listQuery(
      [
        ['name', accountRules.name],
        ['accountType', lookupValues.code],
        ['currencyCode', accountRules.currencyCode],
        ...limitFields.map((field): [string, ReturnType<typeof sql>] => [field, sql`${accountRules[field]}::text`]),
        ['decimals', sql`coalesce(${currencies.decimals}, 0)`],
        ['overdraftAllowed', accountRules.overdraftAllowed],
        ['status', accountRules.status],
        ['id', accountRules.id],
      ],
      this.from(tenantId, filter),
      accountRuleListOrder(filter.sorting),
    );
  },
  toRow: (raw) => {
    const decimals = Number(raw.decimals ?? 0);
    const { decimals: _decimals, ...row } = raw as Record<string, string | boolean | null>;
    for (const field of limitFields) {
      const value = raw[field];
      row[field] = value === null || value === undefined ? '' : formatMoney(BigInt(String(value)), decimals);
    }
    return row as Record<string, string | boolean>;
  },
});
