// Inventory categories and products (finance-domain.md "Inventory"; contract/inventory.ts): the whole
// category tree, one category, create, update, move, delete (one with children or products answers
// 403); the paged products, one product, create, update with its concurrency stamp and prices,
// delete (a referenced product answers 403: deactivate it instead).
import type { PagedResult } from '../../contract/common.ts';
import type {
  CategoryDto,
  CreateCategoryDto,
  CreateProductDto,
  ProductDto,
  UpdateCategoryDto,
  UpdateProductDto,
} from '../../contract/inventory.ts';
import type { Http } from './http.ts';

export type { CategoryDto, CreateCategoryDto, CreateProductDto, ProductDto, UpdateCategoryDto, UpdateProductDto };

const category = '/api/app/category';
const product = '/api/app/product';
const at = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

export async function getAllCategories(http: Http, signal?: AbortSignal): Promise<CategoryDto[]> {
  return (await http<{ items: CategoryDto[] }>(`${category}/all`, { signal })).items;
}
export const getCategory = (http: Http, id: string, signal?: AbortSignal) => http<CategoryDto>(at(category, id), { signal });
export const createCategory = (http: Http, body: CreateCategoryDto) => http<CategoryDto>(category, { method: 'POST', body });
export const updateCategory = (http: Http, id: string, body: UpdateCategoryDto) =>
  http<CategoryDto>(at(category, id), { method: 'PUT', body });
export const moveCategory = (http: Http, id: string, parentId: string | null) =>
  http<CategoryDto>(`${at(category, id)}/move`, { method: 'PUT', body: { parentId } });
export async function deleteCategory(http: Http, id: string): Promise<void> {
  await http(at(category, id), { method: 'DELETE' });
}

export function getProducts(http: Http, query: Record<string, string | number | boolean>, signal?: AbortSignal) {
  return http<PagedResult<ProductDto>>(product, { query, signal });
}
export const getProduct = (http: Http, id: string, signal?: AbortSignal) => http<ProductDto>(at(product, id), { signal });
export const createProduct = (http: Http, body: CreateProductDto) => http<ProductDto>(product, { method: 'POST', body });
export const updateProduct = (http: Http, id: string, body: UpdateProductDto) => http<ProductDto>(at(product, id), { method: 'PUT', body });
export async function deleteProduct(http: Http, id: string): Promise<void> {
  await http(at(product, id), { method: 'DELETE' });
}
