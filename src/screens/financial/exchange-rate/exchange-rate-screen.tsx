// Exchange rates (/financial/exchange-rate; finance-domain.md "Reference data", spec 6
// Finance.ExchangeRate): a spec of the resource kit over /api/app/exchange-rate. Rules: history is
// never edited or deleted (no Edit, no Delete: a new rate is a new row); each row says whether it is
// the rate in force for its pair now (the latest already effective), scheduled (effective later) or
// superseded; the currencies come from the tenant's currencies; the rate is a decimal text (> 0, at
// most 12 decimals), never a number; an empty effective date means now.
import { useMemo } from 'react';
import { currencyOptions } from '../../../api/currencies.ts';
import { createExchangeRate, type ExchangeRateDto, getExchangeRates } from '../../../api/exchange-rates.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { Badge } from '../../../ui/index.ts';
import { dateTimeFormatter } from '../../../views/kit/date-format.ts';
import { type KitTextKey, kitTexts } from '../../../views/kit/kit-texts.ts';
import { listExport } from '../../../views/kit/list-export.ts';
import { localDateTimeToInstant } from '../../../views/kit/list-url.ts';
import { abpListQuery, type FilterSpec, type ResourceSpec } from '../../../views/kit/resource-spec.ts';
import { ResourceScreen } from '../../../views/kit/resource-screen.tsx';
import { validateExchangeRate } from './exchange-rate-rules.ts';
import { exchangeRateTexts } from './exchange-rate-texts.ts';

type ExchangeRateKey = Parameters<ReturnType<typeof exchangeRateTexts>>[0];

export function exchangeRateSpec(
  t: AreaTranslate<ExchangeRateKey>,
  kit: AreaTranslate<KitTextKey>,
  locale: string,
): ResourceSpec<ExchangeRateDto> {
  const when = dateTimeFormatter(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const filters: FilterSpec[] = [
    { kind: 'select', name: 'baseCurrencyCode', label: t('baseCurrency'), loadOptions: currencyOptions },
    { kind: 'select', name: 'quoteCurrencyCode', label: t('quoteCurrency'), loadOptions: currencyOptions },
    {
      kind: 'dateRange',
      label: t('effective'),
      from: 'effectiveFromMin',
      to: 'effectiveFromMax',
      fromLabel: t('from'),
      toLabel: t('to'),
    },
  ];
  const status = (item: ExchangeRateDto) =>
    item.isInForce ? (
      <Badge variant="success">{t('inForce')}</Badge>
    ) : new Date(item.effectiveFrom).getTime() > Date.now() ? (
      <Badge variant="info">{t('scheduled')}</Badge>
    ) : (
      <Badge variant="light">{t('superseded')}</Badge>
    );
  return {
    title: t('title'),
    tableLabel: t('table'),
    intro: <p>{t('intro')}</p>,
    getId: (item) => item.id,
    getLabel: (item) => `${item.baseCurrencyCode}/${item.quoteCurrencyCode} ${when(item.effectiveFrom)}`,
    search: false,
    filters,
    columns: [
      { id: 'pair', header: t('pair'), dir: 'ltr', cell: (item) => `${item.baseCurrencyCode}/${item.quoteCurrencyCode}` },
      { id: 'rate', header: t('rate'), dir: 'ltr', cell: (item) => item.rate },
      { id: 'effectiveFrom', header: t('effectiveFrom'), sortable: true, cell: (item) => when(item.effectiveFrom) },
      { id: 'status', header: t('status'), cell: status },
    ],
    list: (http, query, signal) => getExchangeRates(http, abpListQuery(query, filters), signal),
    export: listExport('/api/app/exchange-rate', { resource: 'exchange-rates', fileName: 'ExchangeRates', filters }),
    form: {
      entityName: t('entityName'),
      createPermission: 'Finance.ExchangeRate.Create',
      isEditable: () => false,
      initialValues: { baseCurrencyCode: null, quoteCurrencyCode: null, rate: '', effectiveFrom: '' },
      fields: [
        { name: 'baseCurrencyCode', label: t('baseCurrency'), kind: 'select', isRequired: true, optionsFrom: '__currencies' },
        { name: 'quoteCurrencyCode', label: t('quoteCurrency'), kind: 'select', isRequired: true, optionsFrom: '__currencies' },
        { name: 'rate', label: t('rate'), kind: 'text', isRequired: true, maxLength: 31, description: t('rateHint') },
        { name: 'effectiveFrom', label: t('effectiveFrom'), kind: 'dateTime', description: t('effectiveFromHint') },
      ],
      validate: validateExchangeRate(t, kit),
      loadNew: async (http, signal) => ({
        values: {
          baseCurrencyCode: null,
          quoteCurrencyCode: null,
          rate: '',
          effectiveFrom: '',
          __currencies: await currencyOptions(http, signal),
        },
        concurrencyStamp: null,
      }),
      load: () => Promise.reject(new Error('An exchange rate is never edited.')),
      save: (http, { values }) => {
        const effectiveFrom = typeof values.effectiveFrom === 'string' ? localDateTimeToInstant(values.effectiveFrom) : null;
        return createExchangeRate(http, {
          baseCurrencyCode: String(values.baseCurrencyCode ?? ''),
          quoteCurrencyCode: String(values.quoteCurrencyCode ?? ''),
          rate: String(values.rate ?? '').trim(),
          ...(effectiveFrom ? { effectiveFrom } : {}),
        });
      },
    },
  };
}

export default function ExchangeRateScreen() {
  const t = useAreaTexts(exchangeRateTexts);
  const kit = useAreaTexts(kitTexts);
  const locale = document.documentElement.lang || 'en';
  const spec = useMemo(() => exchangeRateSpec(t, kit, locale), [t, kit, locale]);
  return <ResourceScreen spec={spec} />;
}
