// Language management (ABP Language Management, contract 7.6): the host's or tenant's languages
// (paged list, all, one, create, update, delete, set as default; culture, flag and resource lists)
// and their texts (paged list with ABP's filters, one text, a new value in the query string,
// restore), plus ours: the missing-translations report, export and import of a language's texts.
import type { PagedResult } from '../../contract/common.ts';
import type {
  CreateLanguageDto,
  CultureInfoDto,
  ImportLanguageTextsInput,
  ImportLanguageTextsResultDto,
  LanguageDto,
  LanguageTextDto,
  MissingTextsReportDto,
  UpdateLanguageDto,
} from '../../contract/language-management.ts';
import type { Http } from './http.ts';

export type { ImportLanguageTextsResultDto, LanguageDto, LanguageTextDto, MissingTextsReportDto };

const languages = '/api/language-management/languages';
const texts = '/api/language-management/language-texts';
const one = (id: string) => `${languages}/${encodeURIComponent(id)}`;
const textPath = (resourceName: string, cultureName: string, name: string) =>
  `${texts}/${encodeURIComponent(resourceName)}/${encodeURIComponent(cultureName)}/${encodeURIComponent(name)}`;

export const getLanguages = (http: Http, query: Record<string, string | number | boolean>, signal?: AbortSignal) =>
  http<PagedResult<LanguageDto>>(languages, { query, signal });
export const getAllLanguages = (http: Http, signal?: AbortSignal) => http<{ items: LanguageDto[] }>(`${languages}/all`, { signal });
export const getLanguage = (http: Http, id: string, signal?: AbortSignal) => http<LanguageDto>(one(id), { signal });
export const createLanguage = (http: Http, body: CreateLanguageDto) => http<LanguageDto>(languages, { method: 'POST', body });
export const updateLanguage = (http: Http, id: string, body: UpdateLanguageDto) => http<LanguageDto>(one(id), { method: 'PUT', body });
export async function deleteLanguage(http: Http, id: string): Promise<void> {
  await http(one(id), { method: 'DELETE' });
}
export async function setDefaultLanguage(http: Http, id: string): Promise<void> {
  await http(`${one(id)}/set-as-default`, { method: 'PUT' });
}
export const getCultureList = (http: Http, signal?: AbortSignal) => http<CultureInfoDto[]>(`${languages}/culture-list`, { signal });
export const getFlagList = (http: Http, signal?: AbortSignal) => http<string[]>(`${languages}/flag-list`, { signal });
export const getLanguageResources = (http: Http, signal?: AbortSignal) =>
  http<Array<{ name: string }>>(`${languages}/resources`, { signal });

export const getLanguageTexts = (http: Http, query: Record<string, string | number | boolean>, signal?: AbortSignal) =>
  http<PagedResult<LanguageTextDto>>(texts, { query, signal });
export const getLanguageText = (
  http: Http,
  resourceName: string,
  cultureName: string,
  name: string,
  baseCultureName: string,
  signal?: AbortSignal,
) => http<LanguageTextDto>(textPath(resourceName, cultureName, name), { query: { baseCultureName }, signal });
export async function updateLanguageText(
  http: Http,
  resourceName: string,
  cultureName: string,
  name: string,
  value: string,
): Promise<void> {
  await http(textPath(resourceName, cultureName, name), { method: 'PUT', query: { value } });
}
export async function restoreLanguageText(http: Http, resourceName: string, cultureName: string, name: string): Promise<void> {
  await http(`${textPath(resourceName, cultureName, name)}/restore`, { method: 'PUT' });
}
export const getMissingTexts = (http: Http, cultureName: string, signal?: AbortSignal) =>
  http<MissingTextsReportDto>(`${texts}/missing/${encodeURIComponent(cultureName)}`, { signal });
export const exportLanguageTexts = (http: Http, query: Record<string, string | number | boolean>, signal?: AbortSignal) =>
  http.raw(`${texts}/export`, { query, signal, responseType: 'blob' });
export const importLanguageTexts = (http: Http, body: ImportLanguageTextsInput, signal?: AbortSignal) =>
  http<ImportLanguageTextsResultDto>(`${texts}/import`, { method: 'POST', body, signal });
