// Currencies (/financial/currency; finance-domain.md "Reference data", spec 6 Finance.Currency):
// a spec of the resource kit over /api/app/currency. Rules: the code (2-8 capitals) is fixed once
// created (read-only in the edit form); decimals 0-4; the type is a value of the lookup CurrencyType
// (its options come from the lookup catalogue); a currency in use cannot be deleted, only
// deactivated: Delete shows the server's 403 message, Deactivate is offered on an active row; the
// list exports (CSV or XLSX) through the kit, as GET /api/app/currency/export.
import { useMemo } from 'react';
import { CreateCurrencyDto } from '../../../../contract/ledger.ts';
import type { EntityValues } from '../../../../machines/generic/entity-form.machine.ts';
import { type CurrencyDto, createCurrency, deleteCurrency, getCurrencies, getCurrency, updateCurrency } from '../../../api/currencies.ts';
import type { Http } from '../../../api/http.ts';
import { getLookupOptions } from '../../../api/lookups.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { Badge } from '../../../ui/index.ts';
import { type KitTextKey, kitTexts } from '../../../views/kit/kit-texts.ts';
import { listExport } from '../../../views/kit/list-export.ts';
import { abpListQuery, type FilterSpec, type ResourceSpec } from '../../../views/kit/resource-spec.ts';
import { ResourceScreen } from '../../../views/kit/resource-screen.tsx';
import { schemaValidator } from '../../../views/kit/schema-validator.ts';
import { currencyTexts } from './currency-texts.ts';

type CurrencyKey = Parameters<ReturnType<typeof currencyTexts>>[0];
type CurrencyRow = CurrencyDto & { typeLabel: string };

const loadTypes = async (http: Http, signal: AbortSignal) => ({ __types: await getLookupOptions(http, 'CurrencyType', signal) });

const bodyOf = (values: EntityValues) => ({
  name: String(values.name ?? '').trim(),
  symbol: String(values.symbol ?? '').trim(),
  decimals: typeof values.decimals === 'number' ? values.decimals : 0,
  currencyTypeId: String(values.currencyTypeId ?? ''),
  isActive: values.isActive === true,
});

export function currencySpec(t: AreaTranslate<CurrencyKey>, kit: AreaTranslate<KitTextKey>): ResourceSpec<CurrencyRow> {
  const labels = {
    code: t('code'),
    name: t('name'),
    symbol: t('symbol'),
    decimals: t('decimals'),
    currencyTypeId: t('currencyType'),
    isActive: t('isActive'),
  };
  const filters: FilterSpec[] = [{ kind: 'boolean', name: 'isActive', label: t('isActive') }];
  return {
    title: t('title'),
    tableLabel: t('table'),
    getId: (item) => item.id,
    getLabel: (item) => item.code,
    defaultSorting: { id: 'code', direction: 'asc' },
    filters,
    columns: [
      { id: 'code', header: t('code'), sortable: true, dir: 'ltr', cell: (item) => item.code },
      { id: 'name', header: t('name'), sortable: true, cell: (item) => item.name },
      { id: 'symbol', header: t('symbol'), cell: (item) => item.symbol },
      { id: 'decimals', header: t('decimals'), sortable: true, cell: (item) => String(item.decimals) },
      { id: 'currencyType', header: t('currencyType'), cell: (item) => item.typeLabel },
      {
        id: 'isActive',
        header: t('isActive'),
        sortable: true,
        cell: (item) => <Badge variant={item.isActive ? 'success' : 'light'}>{item.isActive ? t('active') : t('inactive')}</Badge>,
      },
    ],
    export: listExport('/api/app/currency', { resource: 'currencies', fileName: 'Currencies', filters }),
    list: async (http, query, signal) => {
      const [page, types] = await Promise.all([
        getCurrencies(http, abpListQuery(query, filters), signal),
        getLookupOptions(http, 'CurrencyType', signal),
      ]);
      const typeLabel = (id: string) => types.find((type) => type.id === id)?.label ?? '';
      return { totalCount: page.totalCount, items: page.items.map((item) => ({ ...item, typeLabel: typeLabel(item.currencyTypeId) })) };
    },
    form: {
      entityName: t('entityName'),
      createPermission: 'Finance.Currency.Create',
      updatePermission: 'Finance.Currency.Update',
      initialValues: { code: '', name: '', symbol: '', decimals: 2, currencyTypeId: null, isActive: true },
      fields: [
        {
          name: 'code',
          label: labels.code,
          kind: 'text',
          isRequired: true,
          maxLength: 8,
          isReadOnly: (values) => values.__isCreate !== true,
        },
        { name: 'name', label: labels.name, kind: 'text', isRequired: true, maxLength: 64 },
        { name: 'symbol', label: labels.symbol, kind: 'text', maxLength: 8 },
        { name: 'decimals', label: labels.decimals, kind: 'number', isRequired: true, description: t('decimalsHint') },
        { name: 'currencyTypeId', label: labels.currencyTypeId, kind: 'select', isRequired: true, optionsFrom: '__types' },
        { name: 'isActive', label: labels.isActive, kind: 'checkbox' },
      ],
      validate: (values) => {
        const errors = schemaValidator(CreateCurrencyDto, labels, {
          required: (label) => kit('fieldRequired', label),
          tooLong: (label, limit) => kit('fieldTooLong', label, limit),
          invalid: (label) => kit('fieldInvalid', label),
        })(values);
        // The code's own rule in words, instead of the schema's 'invalid'.
        const badCode = typeof values.code === 'string' && values.code !== '' && !/^[A-Z]{2,8}$/.test(values.code);
        return badCode ? { ...errors, code: t('codeInvalid') } : errors;
      },
      loadNew: async (http, signal) => ({
        values: {
          __isCreate: true,
          code: '',
          name: '',
          symbol: '',
          decimals: 2,
          currencyTypeId: null,
          isActive: true,
          ...(await loadTypes(http, signal)),
        },
        concurrencyStamp: null,
      }),
      load: async (http, id, signal) => {
        const [item, types] = await Promise.all([getCurrency(http, id, signal), loadTypes(http, signal)]);
        return {
          values: {
            code: item.code,
            name: item.name,
            symbol: item.symbol,
            decimals: item.decimals,
            currencyTypeId: item.currencyTypeId,
            isActive: item.isActive,
            ...types,
          },
          concurrencyStamp: item.concurrencyStamp,
        };
      },
      save: (http, { id, values, concurrencyStamp }) =>
        id === null
          ? createCurrency(http, { code: String(values.code ?? '').trim(), ...bodyOf(values) })
          : updateCurrency(http, id, { ...bodyOf(values), concurrencyStamp: concurrencyStamp ?? '' }),
    },
    rowActions: [
      {
        id: 'deactivate',
        label: t('deactivate'),
        permission: 'Finance.Currency.Update',
        isAvailable: (item) => item.isActive,
        confirm: (item) => t('deactivateConfirm', item.code),
        successText: t('deactivated'),
        run: (http, item) =>
          updateCurrency(http, item.id, {
            name: item.name,
            symbol: item.symbol,
            decimals: item.decimals,
            currencyTypeId: item.currencyTypeId,
            isActive: false,
            concurrencyStamp: item.concurrencyStamp,
          }),
      },
      {
        id: 'delete',
        label: kit('delete'),
        icon: 'x',
        isDanger: true,
        permission: 'Finance.Currency.Delete',
        confirm: (item) => t('deleteConfirm', item.code),
        removesRow: true,
        successText: kit('successfullyDeleted'),
        run: (http, item) => deleteCurrency(http, item.id),
      },
    ],
  };
}

export default function CurrencyScreen() {
  const t = useAreaTexts(currencyTexts);
  const kit = useAreaTexts(kitTexts);
  const spec = useMemo(() => currencySpec(t, kit), [t, kit]);
  return <ResourceScreen spec={spec} />;
}
