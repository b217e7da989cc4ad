// Text template management (ABP contract 7.7): the template definitions (paged, ABP's `filterText`),
// the content of a template for a culture (null: the inline content of every culture), save,
// restore to default, and the server-rendered preview of a content with the template's sample data.
import type { PagedResult } from '../../contract/common.ts';
import type {
  PreviewTemplateContentInput,
  TemplateDefinitionDto,
  TemplatePreviewDto,
  TextTemplateContentDto,
  UpdateTemplateContentInput,
} from '../../contract/text-templates.ts';
import type { Http } from './http.ts';

export type { TemplateDefinitionDto, TextTemplateContentDto };

const base = '/api/text-template-management';

export const getTemplateDefinitions = (http: Http, query: Record<string, string | number | boolean>, signal?: AbortSignal) =>
  http<PagedResult<TemplateDefinitionDto>>(`${base}/template-definitions`, { query, signal });

export const getTemplateContent = (http: Http, templateName: string, cultureName: string | null, signal?: AbortSignal) =>
  http<TextTemplateContentDto>(`${base}/template-contents`, { query: { templateName, cultureName: cultureName ?? '' }, signal });

export const updateTemplateContent = (http: Http, body: UpdateTemplateContentInput) =>
  http<TextTemplateContentDto>(`${base}/template-contents`, { method: 'PUT', body });

export async function restoreTemplateContent(http: Http, templateName: string, cultureName: string | null): Promise<void> {
  await http(`${base}/template-contents/restore-to-default`, { method: 'PUT', body: { templateName, cultureName } });
}

export const previewTemplateContent = (http: Http, body: PreviewTemplateContentInput, signal?: AbortSignal) =>
  http<TemplatePreviewDto>(`${base}/template-contents/preview`, { method: 'POST', body, signal });
