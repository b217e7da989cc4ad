// The products list (finance-domain.md "Inventory"; /api/app/product) as a spec of the resource kit,
// used by the Products screen (every product, filters) and in the categories tree's panel (one
// category, fixed). Rules: the SKU is fixed once created; category, product type (ProductType) and
// tax target (TaxTarget) are chosen from the tenant's categories and the lookup catalogue; a price
// per price level (PriceLevel) and active currency of the tenant, each a decimal string with at most
// the currency's decimals (never a number), empty for no price; a product in use cannot be deleted
// (the server's message says so): Deactivate is offered on an active row.
import { CreateProductDto } from '../../../contract/inventory.ts';
import type { EntityValues } from '../../../machines/generic/entity-form.machine.ts';
import { getCurrencies } from '../../api/currencies.ts';
import type { Http } from '../../api/http.ts';
import {
  createProduct,
  deleteProduct,
  getAllCategories,
  getProduct,
  getProducts,
  type ProductDto,
  updateProduct,
} from '../../api/inventory.ts';
import { getLookupOptions } from '../../api/lookups.ts';
import type { AreaTranslate } from '../../i18n/define-texts.ts';
import { Badge } from '../../ui/index.ts';
import type { KitTextKey } from '../../views/kit/kit-texts.ts';
import { listExport } from '../../views/kit/list-export.ts';
import { abpListQuery, type FilterSpec, type FormFieldSpec, type Option, type ResourceSpec } from '../../views/kit/resource-spec.ts';
import { schemaValidator } from '../../views/kit/schema-validator.ts';
import type { inventoryTexts } from './inventory-texts.ts';
import { type PriceSlot, priceErrors, pricesOf, slotName, slotsOf } from './price-fields.ts';

type InventoryKey = Parameters<ReturnType<typeof inventoryTexts>>[0];
type Texts = AreaTranslate<InventoryKey>;

type ProductRow = ProductDto & { typeLabel: string; pricesText: string };

async function categoryOptions(http: Http, signal: AbortSignal): Promise<Option[]> {
  const all = await getAllCategories(http, signal);
  const depth = (id: string | null): number => {
    let level = 0;
    for (
      let at = all.find((c) => c.id === id)?.parentId ?? null;
      at !== null && level < all.length;
      at = all.find((c) => c.id === at)?.parentId ?? null
    )
      level++;
    return level;
  };
  return all.map((category) => ({ id: category.id, label: `${'\u2003'.repeat(depth(category.id))}${category.name}` }));
}

async function loadChoices(http: Http, signal: AbortSignal) {
  const [categories, types, taxTargets, levels, currencies] = await Promise.all([
    categoryOptions(http, signal),
    getLookupOptions(http, 'ProductType', signal),
    getLookupOptions(http, 'TaxTarget', signal),
    getLookupOptions(http, 'PriceLevel', signal),
    getCurrencies(http, { maxResultCount: 100, isActive: true, sorting: 'code' }, signal).then(
      (page) => page.items,
      () => [],
    ),
  ]);
  const slots: PriceSlot[] = levels.flatMap((level) =>
    currencies.map((currency) => ({
      name: slotName(String(level.id), currency.code),
      priceLevelId: String(level.id),
      levelLabel: level.label,
      currencyCode: currency.code,
      decimals: currency.decimals,
    })),
  );
  return { __categories: categories, __types: types, __taxTargets: taxTargets, __slots: slots };
}

const bodyOf = (values: EntityValues) => ({
  name: String(values.name ?? '').trim(),
  description: String(values.description ?? ''),
  categoryId: String(values.categoryId ?? ''),
  productTypeId: String(values.productTypeId ?? ''),
  taxTargetId: typeof values.taxTargetId === 'string' && values.taxTargetId !== '' ? values.taxTargetId : null,
  isActive: values.isActive !== false,
  prices: pricesOf(values),
});

export function productSpec(
  t: Texts,
  kit: AreaTranslate<KitTextKey>,
  options: { categoryId?: string; categoryName?: string } = {},
): ResourceSpec<ProductRow> {
  const labels = {
    sku: t('sku'),
    name: t('name'),
    description: t('description'),
    categoryId: t('category'),
    productTypeId: t('productType'),
    taxTargetId: t('taxTarget'),
  };
  const filters: FilterSpec[] = [
    ...(options.categoryId ? [] : [{ kind: 'select' as const, name: 'categoryId', label: t('category'), loadOptions: categoryOptions }]),
    {
      kind: 'select',
      name: 'productTypeId',
      label: t('productType'),
      loadOptions: (http, signal) => getLookupOptions(http, 'ProductType', signal),
    },
    { kind: 'boolean', name: 'isActive', label: t('isActive') },
  ];
  const fields = (isCreate: boolean, values: EntityValues): FormFieldSpec[] => [
    { name: 'sku', label: labels.sku, kind: 'text', isRequired: true, maxLength: 64, isReadOnly: () => !isCreate, autoComplete: 'off' },
    { name: 'name', label: labels.name, kind: 'text', isRequired: true, maxLength: 256 },
    { name: 'categoryId', label: labels.categoryId, kind: 'select', isRequired: true, optionsFrom: '__categories' },
    { name: 'productTypeId', label: labels.productTypeId, kind: 'select', isRequired: true, optionsFrom: '__types' },
    { name: 'taxTargetId', label: labels.taxTargetId, kind: 'select', optionsFrom: '__taxTargets' },
    ...slotsOf(values).map(
      (slot): FormFieldSpec => ({
        name: slot.name,
        label: t('price', slot.levelLabel, slot.currencyCode),
        kind: 'text',
        maxLength: 19,
        autoComplete: 'off',
        description: t('priceHint', slot.decimals),
      }),
    ),
    { name: 'description', label: labels.description, kind: 'multiline', maxLength: 1024 },
    { name: 'isActive', label: t('isActive'), kind: 'checkbox' },
  ];
  const initial = {
    sku: '',
    name: '',
    categoryId: options.categoryId ?? null,
    productTypeId: null,
    taxTargetId: null,
    description: '',
    isActive: true,
  };
  return {
    title: options.categoryName ? t('productsOf', options.categoryName) : t('productsTitle'),
    tableLabel: options.categoryName ? t('productsOf', options.categoryName) : t('productsTable'),
    getId: (item) => item.id,
    getLabel: (item) => item.sku,
    defaultSorting: { id: 'sku', direction: 'asc' },
    filters,
    columns: [
      { id: 'sku', header: t('sku'), sortable: true, dir: 'ltr', cell: (item) => item.sku },
      { id: 'name', header: t('name'), sortable: true, cell: (item) => item.name },
      ...(options.categoryId ? [] : [{ id: 'category', header: t('category'), cell: (item: ProductRow) => item.categoryName }]),
      { id: 'productType', header: t('productType'), cell: (item) => item.typeLabel },
      { id: 'prices', header: t('prices'), cell: (item) => item.pricesText || t('noPrice') },
      {
        id: 'isActive',
        header: t('isActive'),
        sortable: true,
        cell: (item) => <Badge variant={item.isActive ? 'success' : 'light'}>{item.isActive ? t('active') : t('inactive')}</Badge>,
      },
    ],
    list: async (http, query, signal) => {
      const [page, types, levels] = await Promise.all([
        getProducts(http, { ...abpListQuery(query, filters), ...(options.categoryId ? { categoryId: options.categoryId } : {}) }, signal),
        getLookupOptions(http, 'ProductType', signal),
        getLookupOptions(http, 'PriceLevel', signal),
      ]);
      const label = (list: Option[], id: string) => list.find((option) => option.id === id)?.label ?? '';
      return {
        totalCount: page.totalCount,
        items: page.items.map((item) => ({
          ...item,
          typeLabel: label(types, item.productTypeId),
          pricesText: item.prices.map((price) => `${label(levels, price.priceLevelId)} ${price.amount} ${price.currencyCode}`).join(' · '),
        })),
      };
    },
    form: {
      entityName: t('productEntity'),
      createPermission: 'Finance.Product.Create',
      updatePermission: 'Finance.Product.Update',
      initialValues: initial,
      fields,
      validate: schemaValidator(
        CreateProductDto,
        labels,
        {
          required: (label) => kit('fieldRequired', label),
          tooLong: (label, limit) => kit('fieldTooLong', label, limit),
          invalid: (label) => kit('fieldInvalid', label),
        },
        (values) => {
          const errors: Record<string, string> = {};
          if (typeof values.sku === 'string' && values.sku !== '' && !/^[A-Za-z0-9_.\-/]{1,64}$/.test(values.sku))
            errors.sku = t('skuInvalid');
          return { ...errors, ...priceErrors(values, t) };
        },
      ),
      loadNew: async (http, signal) => ({ values: { ...initial, ...(await loadChoices(http, signal)) }, concurrencyStamp: null }),
      load: async (http, id, signal) => {
        const [item, choices] = await Promise.all([getProduct(http, id, signal), loadChoices(http, signal)]);
        const prices = Object.fromEntries(item.prices.map((price) => [slotName(price.priceLevelId, price.currencyCode), price.amount]));
        return {
          values: {
            sku: item.sku,
            name: item.name,
            categoryId: item.categoryId,
            productTypeId: item.productTypeId,
            taxTargetId: item.taxTargetId,
            description: item.description,
            isActive: item.isActive,
            ...choices,
            ...prices,
          },
          concurrencyStamp: item.concurrencyStamp,
        };
      },
      save: (http, { id, values, concurrencyStamp }) =>
        id === null
          ? createProduct(http, { sku: String(values.sku ?? '').trim(), ...bodyOf(values) })
          : updateProduct(http, id, { ...bodyOf(values), concurrencyStamp: concurrencyStamp ?? '' }),
    },
    // The panel's list (one category) has no export of its own: the Products screen's filters do it.
    ...(options.categoryId ? {} : { export: listExport('/api/app/product', { resource: 'products', fileName: 'Products', filters }) }),
    rowActions: [
      {
        id: 'deactivate',
        label: t('deactivate'),
        permission: 'Finance.Product.Update',
        isAvailable: (item) => item.isActive,
        confirm: (item) => t('deactivateConfirm', item.sku),
        successText: t('deactivated'),
        run: (http, item) =>
          updateProduct(http, item.id, {
            name: item.name,
            description: item.description,
            categoryId: item.categoryId,
            productTypeId: item.productTypeId,
            taxTargetId: item.taxTargetId,
            isActive: false,
            concurrencyStamp: item.concurrencyStamp,
          }),
      },
      {
        id: 'delete',
        label: kit('delete'),
        permission: 'Finance.Product.Delete',
        isDanger: true,
        removesRow: true,
        confirm: (item) => t('productDeleteConfirm', item.sku),
        successText: kit('successfullyDeleted'),
        run: (http, item) => deleteProduct(http, item.id),
      },
    ],
  };
}
