// Text template management on the wire (ABP contract 7.7, `@volo/abp.ng.text-template-management`).
// Rules:
// - GET /api/text-template-management/template-definitions (filterText + paging) and .../{name};
// - GET /api/text-template-management/template-contents?templateName=&cultureName= answers the
//   content that applies to that culture (the owner's edit, else the default);
// - PUT .../template-contents {templateName, cultureName?, content} saves (a template that does not
//   parse is refused with 400 naming the line and column) and answers the content DTO;
// - PUT .../template-contents/restore-to-default {templateName, cultureName?} drops the owner's edit;
// - POST .../template-contents/preview (ours, beside ABP's surface) renders a content with the
//   template's sample data, as the mail would carry it, without saving anything;
// - a null or absent cultureName is the inline-localized content (every culture).
import { type Static, Type } from 'typebox';
import { Nullable, pagedQuery, PagedResultDto } from './common.ts';

export const maxTemplateContentLength = 65_536;

const templateName = Type.String({ minLength: 1, maxLength: 128 });
const cultureName = Type.Optional(Nullable(Type.String({ maxLength: 10 })));

export const TemplateDefinitionDto = Type.Object({
  name: Type.String(),
  displayName: Type.String(),
  isLayout: Type.Boolean(),
  layout: Nullable(Type.String()),
  isInlineLocalized: Type.Boolean(),
  defaultCultureName: Nullable(Type.String()),
  renderEngine: Type.String(),
  isNotSandboxedEngine: Type.Boolean(),
});
export type TemplateDefinitionDto = Static<typeof TemplateDefinitionDto>;

export const GetTemplateDefinitionListInput = pagedQuery({ filterText: Type.Optional(Type.String({ maxLength: 256 })) });
export type GetTemplateDefinitionListInput = Static<typeof GetTemplateDefinitionListInput>;

export const TemplateDefinitionPagedResult = PagedResultDto(TemplateDefinitionDto);
export type TemplateDefinitionPagedResult = Static<typeof TemplateDefinitionPagedResult>;

export const TemplateNameParams = Type.Object({ name: templateName }, { additionalProperties: false });

export const TextTemplateContentDto = Type.Object({
  name: Type.String(),
  cultureName: Nullable(Type.String()),
  content: Type.String(),
});
export type TextTemplateContentDto = Static<typeof TextTemplateContentDto>;

export const GetTemplateContentInput = Type.Object({ templateName, cultureName });
export type GetTemplateContentInput = Static<typeof GetTemplateContentInput>;

export const UpdateTemplateContentInput = Type.Object({
  templateName,
  cultureName,
  content: Type.String({ maxLength: maxTemplateContentLength }),
});
export type UpdateTemplateContentInput = Static<typeof UpdateTemplateContentInput>;

export const RestoreTemplateContentInput = Type.Object({ templateName, cultureName });
export type RestoreTemplateContentInput = Static<typeof RestoreTemplateContentInput>;

export const PreviewTemplateContentInput = UpdateTemplateContentInput;
export type PreviewTemplateContentInput = Static<typeof PreviewTemplateContentInput>;

/** The preview: the whole HTML document of the mail (layout included) and its subject. */
export const TemplatePreviewDto = Type.Object({ subject: Type.String(), html: Type.String() });
export type TemplatePreviewDto = Static<typeof TemplatePreviewDto>;
