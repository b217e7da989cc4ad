// /api/text-template-management (ABP contract 7.7, TextTemplateManagement's TemplateDefinition and
// TemplateContent controllers), host and tenant alike. Rules:
// - reads need TextTemplateManagement.TextTemplates; save, restore and preview need
//   TextTemplateManagement.TextTemplates.EditContents; all need the TextTemplateManagement.Enable
//   feature of the caller's tenant;
// - every call acts on the caller's own side (the host's contents or its tenant's): a tenant's edit
//   changes that tenant's mail only;
// - the definitions are the product's (definitions.ts); the list filters by name or display name (in
//   the request's culture), sorts by name or displayName, and pages in memory (a handful of rows);
// - a content that does not parse or render is refused with 400 naming its line and column.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  GetTemplateContentInput,
  GetTemplateDefinitionListInput,
  PreviewTemplateContentInput,
  RestoreTemplateContentInput,
  TemplateDefinitionDto,
  TemplateDefinitionPagedResult,
  TemplateNameParams,
  TemplatePreviewDto,
  TextTemplateContentDto,
  UpdateTemplateContentInput,
} from '../../../contract/text-templates.ts';
import type { AppContext } from '../../context.ts';
import { invalidField } from '../../errors.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import { type TemplateDefinition, templateDefinitions } from './definitions.ts';
import { renderEngineName } from './engine.ts';
import { renderDocument } from './render.ts';
import { checkContent, cultureKey, definitionOrNotFound, effectiveContent, restoreToDefault, saveContent } from './store.ts';

const basePath = '/api/text-template-management';
const tags = ['TextTemplateManagement'];
const feature = 'TextTemplateManagement.Enable';
const read = { auth: { permission: 'TextTemplateManagement.TextTemplates' }, feature };
const edit = { auth: { permission: 'TextTemplateManagement.TextTemplates.EditContents' }, feature };

/** The display name in the request's culture with the owner's edits from language management (request.t). */
function definitionDto(definition: TemplateDefinition, request: FastifyRequest): TemplateDefinitionDto {
  return {
    name: definition.name,
    displayName: request.t(`TextTemplateManagement::${definition.displayNameKey}`),
    isLayout: definition.isLayout,
    layout: definition.layout,
    isInlineLocalized: definition.isInlineLocalized,
    defaultCultureName: definition.defaultCultureName,
    renderEngine: renderEngineName,
    isNotSandboxedEngine: false,
  };
}

function listDefinitions(request: FastifyRequest, input: GetTemplateDefinitionListInput) {
  const culture = request.culture;
  const filter = input.filterText?.trim().toLowerCase() ?? '';
  let rows = templateDefinitions
    .map((d) => definitionDto(d, request))
    .filter((d) => !filter || d.name.toLowerCase().includes(filter) || d.displayName.toLowerCase().includes(filter));
  const sorting = input.sorting?.trim();
  if (sorting) {
    const [field = '', direction = 'asc', ...rest] = sorting.split(/\s+/);
    const key = ({ name: 'name', displayname: 'displayName' } as const)[field.toLowerCase() as 'name' | 'displayname'];
    const dir = direction.toLowerCase();
    if (!key || rest.length || (dir !== 'asc' && dir !== 'desc')) {
      throw invalidField('sorting', 'AbpValidation::The field {0} is invalid.', 'sorting');
    }
    rows = [...rows].sort((a, b) => a[key].localeCompare(b[key], culture) * (dir === 'desc' ? -1 : 1));
  }
  const skip = input.skipCount ?? 0;
  return { totalCount: rows.length, items: rows.slice(skip, skip + (input.maxResultCount ?? 10)) };
}

export async function textTemplateRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const owner = (request: FastifyRequest) => ({ tenantId: tenantIdOf(request), userId: request.currentUser?.id ?? null });

  app.get(
    `${basePath}/template-definitions`,
    { schema: { tags, querystring: GetTemplateDefinitionListInput, response: { 200: TemplateDefinitionPagedResult } }, config: read },
    (request) => listDefinitions(request, request.query),
  );
  app.get(
    `${basePath}/template-definitions/:name`,
    { schema: { tags, params: TemplateNameParams, response: { 200: TemplateDefinitionDto } }, config: read },
    (request) => definitionDto(definitionOrNotFound(request.params.name), request),
  );
  app.get(
    `${basePath}/template-contents`,
    { schema: { tags, querystring: GetTemplateContentInput, response: { 200: TextTemplateContentDto } }, config: read },
    async (request): Promise<TextTemplateContentDto> => {
      const definition = definitionOrNotFound(request.query.templateName);
      const key = await cultureKey(ctx, tenantIdOf(request), request.query.cultureName);
      const { content } = await effectiveContent(ctx.db, tenantIdOf(request), definition, key || null);
      return { name: definition.name, cultureName: key || null, content };
    },
  );
  app.put(
    `${basePath}/template-contents`,
    { schema: { tags, body: UpdateTemplateContentInput, response: { 200: TextTemplateContentDto } }, config: edit },
    async (request): Promise<TextTemplateContentDto> => {
      const definition = definitionOrNotFound(request.body.templateName);
      const key = await cultureKey(ctx, tenantIdOf(request), request.body.cultureName);
      await saveContent(ctx, owner(request), definition, key, request.body.content);
      return { name: definition.name, cultureName: key || null, content: request.body.content };
    },
  );
  app.put(
    `${basePath}/template-contents/restore-to-default`,
    { schema: { tags, body: RestoreTemplateContentInput, response: { 204: Type.Null() } }, config: edit },
    async (request, reply) => {
      const definition = definitionOrNotFound(request.body.templateName);
      await restoreToDefault(
        ctx.db,
        tenantIdOf(request),
        definition.name,
        await cultureKey(ctx, tenantIdOf(request), request.body.cultureName),
      );
      return reply.code(204).send(null);
    },
  );
  app.post(
    `${basePath}/template-contents/preview`,
    { schema: { tags, body: PreviewTemplateContentInput, response: { 200: TemplatePreviewDto } }, config: edit },
    async (request) => {
      const definition = definitionOrNotFound(request.body.templateName);
      const key = await cultureKey(ctx, tenantIdOf(request), request.body.cultureName);
      const culture = key || request.culture;
      await checkContent(ctx, tenantIdOf(request), definition, culture, request.body.content);
      const { subject, html } = await renderDocument(
        ctx,
        tenantIdOf(request),
        definition,
        culture,
        request.body.content,
        definition.sample,
      );
      return { subject, html };
    },
  );
}
