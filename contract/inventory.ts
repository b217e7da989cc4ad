// Inventory categories and products on the wire (finance-domain.md "Inventory"). Rules:
// - GET /api/app/category/all answers every category of the caller's tenant (a tree: parentId); a
//   category with children or products is not deleted;
// - a product's SKU is unique per tenant; its type is a ProductType lookup value, its tax target a
//   TaxTarget one, its category one of the tenant's;
// - prices: at most one per price level (PriceLevel lookup value) and currency (an active currency
//   of the tenant), a decimal string with at most the currency's decimals, answered with exactly
//   that many, never a JSON number;
// - a product something references (a kernel ProductNode; later invoice lines) is not deleted, only
//   deactivated (403 business error Finance.Inventory:ProductInUse).
import { type Static, Type } from 'typebox';
import { auditedFields, Guid, ListResultDto, Nullable, PagedResultDto, pagedQuery } from './common.ts';
import { MoneyText } from './ledger.ts';

const Stamp = Type.String({ maxLength: 40 });

export const CategoryDto = Type.Object({
  id: Guid,
  parentId: Nullable(Guid),
  name: Type.String(),
  description: Type.String(),
  productCount: Type.Integer(),
  concurrencyStamp: Type.String(),
  ...auditedFields,
});
export type CategoryDto = Static<typeof CategoryDto>;

export const CreateCategoryDto = Type.Object(
  {
    parentId: Type.Optional(Nullable(Guid)),
    name: Type.String({ minLength: 1, maxLength: 128 }),
    description: Type.Optional(Type.String({ maxLength: 512 })),
  },
  { additionalProperties: false },
);
export type CreateCategoryDto = Static<typeof CreateCategoryDto>;

export const UpdateCategoryDto = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 128 }),
    description: Type.Optional(Type.String({ maxLength: 512 })),
    concurrencyStamp: Type.Optional(Stamp),
  },
  { additionalProperties: false },
);
export type UpdateCategoryDto = Static<typeof UpdateCategoryDto>;

export const CategoryListResult = ListResultDto(CategoryDto);

export const ProductPriceDto = Type.Object({ priceLevelId: Guid, currencyCode: Type.String(), amount: Type.String() });
export type ProductPriceDto = Static<typeof ProductPriceDto>;

export const ProductPriceInput = Type.Object(
  {
    priceLevelId: Guid,
    currencyCode: Type.String({ pattern: '^[A-Z]{2,8}$', minLength: 2, maxLength: 8 }),
    amount: MoneyText,
  },
  { additionalProperties: false },
);
export type ProductPriceInput = Static<typeof ProductPriceInput>;

export const ProductDto = Type.Object({
  id: Guid,
  sku: Type.String(),
  name: Type.String(),
  description: Type.String(),
  categoryId: Guid,
  categoryName: Type.String(),
  productTypeId: Guid,
  taxTargetId: Nullable(Guid),
  isActive: Type.Boolean(),
  prices: Type.Array(ProductPriceDto),
  concurrencyStamp: Type.String(),
  ...auditedFields,
});
export type ProductDto = Static<typeof ProductDto>;

const productFields = {
  name: Type.String({ minLength: 1, maxLength: 256 }),
  description: Type.Optional(Type.String({ maxLength: 1024 })),
  categoryId: Guid,
  productTypeId: Guid,
  taxTargetId: Type.Optional(Nullable(Guid)),
  isActive: Type.Optional(Type.Boolean()),
  prices: Type.Optional(Type.Array(ProductPriceInput, { maxItems: 32 })),
};

export const CreateProductDto = Type.Object(
  { sku: Type.String({ pattern: '^[A-Za-z0-9_.\\-/]{1,64}$', minLength: 1, maxLength: 64 }), ...productFields },
  { additionalProperties: false },
);
export type CreateProductDto = Static<typeof CreateProductDto>;

export const UpdateProductDto = Type.Object({ ...productFields, concurrencyStamp: Type.Optional(Stamp) }, { additionalProperties: false });
export type UpdateProductDto = Static<typeof UpdateProductDto>;

export const GetProductsInput = pagedQuery({
  filter: Type.Optional(Type.String({ maxLength: 128 })),
  categoryId: Type.Optional(Guid),
  productTypeId: Type.Optional(Guid),
  isActive: Type.Optional(Type.Boolean()),
});
export type GetProductsInput = Static<typeof GetProductsInput>;

export const ProductPagedResult = PagedResultDto(ProductDto);
