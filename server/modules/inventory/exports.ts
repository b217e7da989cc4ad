// The products list as an export (export/definition.ts; GET /api/app/product/export): the list's own
// WHERE (productConditions) and ORDER BY (productOrder) over products in the caller's tenant, so a
// file holds exactly the rows the list shows for the same filter. Prices leave the database as
// minor units with their currency's decimals and become decimal strings here ("Retail 1.50 USD"),
// never floats; lookups are shown by code; several prices in one cell are joined with ';'.
import { sql } from 'drizzle-orm';
import type { GetProductsInput } from '../../../contract/inventory.ts';
import { categories, currencies, lookupValues, productPrices, products } from '../../db/schema/index.ts';
import { type ExportColumn, type ListExport, listQuery, registerListExport, utcText } from '../export/definition.ts';
import { formatMoney } from '../ledger/money.ts';
import { productConditions, productOrder } from './products.ts';

type ProductFilter = Omit<GetProductsInput, 'skipCount' | 'maxResultCount'>;

const column = (key: string, header: string, width = 18): ExportColumn => ({ key, header: `Finance::Inventory:Export:${header}`, width });

const lookupCode = (id: typeof products.productTypeId | typeof products.taxTargetId) =>
  sql<string>`(select ${lookupValues.code} from ${lookupValues} where ${lookupValues.id} = ${id})`;

// level code : currency : minor units : decimals, one entry per price, ';' between entries.
const pricesOf = sql<string>`(select coalesce(string_agg(
    (select ${lookupValues.code} from ${lookupValues} where ${lookupValues.id} = ${productPrices.priceLevelId})
      || ':' || ${productPrices.currencyCode} || ':' || ${productPrices.amount}::text || ':' ||
      coalesce((select ${currencies.decimals} from ${currencies}
        where ${currencies.code} = ${productPrices.currencyCode}
          and ${currencies.tenantId} is not distinct from ${products.tenantId})::text, '0'),
    ';' order by ${productPrices.priceLevelId}, ${productPrices.currencyCode}), '')
  from ${productPrices} where ${productPrices.productId} = ${products.id})`;

function priceText(raw: unknown): string {
  if (typeof raw !== 'string' || raw === '') return '';
  return raw
    .split(';')
    .map((entry) => {
      const [level = '', currency = '', minor = '0', decimals = '0'] = entry.split(':');
      return `${level} ${formatMoney(BigInt(minor), Number(decimals))} ${currency}`;
    })
    .join('; ');
}

export const productListExport: ListExport<ProductFilter> = registerListExport<ProductFilter>({
  kind: 'Products',
  sheetName: 'Products',
  permissions: ['Finance.Inventory', 'Finance.Product'],
  columns: [
    column('sku', 'Sku', 16),
    column('name', 'Name', 28),
    column('category', 'Category', 20),
    column('productType', 'ProductType', 16),
    column('taxTarget', 'TaxTarget', 16),
    column('prices', 'Prices', 36),
    column('isActive', 'IsActive', 10),
    column('creationTime', 'CreationTime', 20),
    column('id', 'Id', 38),
  ],
  from: (tenantId, filter) => sql`from ${products} where ${productConditions(tenantId, filter)}`,
  query(tenantId, filter) {
    return listQuery(
      [
        ['sku', products.sku],
        ['name', products.name],
        ['category', sql`(select ${categories.name} from ${categories} where ${categories.id} = ${products.categoryId})`],
        ['productType', lookupCode(products.productTypeId)],
        ['taxTarget', lookupCode(products.taxTargetId)],
        ['prices', pricesOf],
        ['isActive', products.isActive],
        ['creationTime', utcText(products.creationTime)],
        ['id', products.id],
      ],
      this.from(tenantId, filter),
      productOrder(filter.sorting),
    );
  },
  toRow: (raw) => ({ ...(raw as Record<string, string | boolean>), prices: priceText(raw.prices) }),
});
