// /api/language-management/languages and /api/language-management/language-texts (ABP contract 7.6,
// the Language Management module's LanguageController and LanguageTextController). Rules:
// - host and tenant alike: every call reads and writes the caller's host or tenant only;
// - permissions LanguageManagement.Languages (+ .Create, .Edit, .Delete, .ChangeDefault) and
//   LanguageManagement.LanguageTexts (+ .Edit), behind the LanguageManagement.Enable feature (the
//   permission definitions carry it);
// - PUT of a text takes the value in the query string, as ABP's proxies send it; void actions 204;
// - ours beside ABP's surface: missing-translations report, export and import of a language's texts.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '../../../contract/common.ts';
import {
  CreateLanguageDto,
  CultureInfoList,
  CultureParams,
  ExportLanguageTextsInput,
  FlagList,
  GetLanguagesTextsInput,
  GetLanguageTextQuery,
  ImportLanguageTextsInput,
  ImportLanguageTextsResultDto,
  LanguageDto,
  LanguageList,
  LanguagePagedResult,
  LanguageResourceList,
  LanguageTextDto,
  LanguageTextPagedResult,
  LanguageTextParams,
  MissingTextsReportDto,
  UpdateLanguageDto,
  UpdateLanguageTextQuery,
} from '../../../contract/language-management.ts';
import type { AppContext } from '../../context.ts';
import { catalogueResourceNames } from '../../localization/catalogue.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import { cultureList, flagList } from './cultures.ts';
import {
  allLanguages,
  createLanguage,
  deleteLanguage,
  getLanguage,
  listLanguages,
  setDefaultLanguage,
  updateLanguage,
} from './language-service.ts';
import { exportTexts, getText, importTexts, listTexts, missingTexts, restoreText, updateText } from './text-service.ts';

const languagesPath = '/api/language-management/languages';
const textsPath = '/api/language-management/language-texts';
const tags = ['LanguageManagement'];
const permission = (name: string | string[]) => ({ auth: { permission: name } });
/** ABP's PUTs without a body (set-as-default, a text's value in the query string, restore). */
const NoBody = Type.Optional(Type.Null());
const languagesOrTexts = ['LanguageManagement.Languages', 'LanguageManagement.LanguageTexts'];

export async function languageManagementRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const userIdOf = (request: { currentUser: { id: string } | null }) => request.currentUser?.id ?? null;

  app.get(
    languagesPath,
    {
      schema: { tags, querystring: GetLanguagesTextsInput, response: { 200: LanguagePagedResult } },
      config: permission('LanguageManagement.Languages'),
    },
    (request) => listLanguages(ctx, tenantIdOf(request), request.query),
  );
  app.get(`${languagesPath}/all`, { schema: { tags, response: { 200: LanguageList } }, config: permission(languagesOrTexts) }, (request) =>
    allLanguages(ctx, tenantIdOf(request)),
  );
  app.get(
    `${languagesPath}/resources`,
    { schema: { tags, response: { 200: LanguageResourceList } }, config: permission(languagesOrTexts) },
    () => catalogueResourceNames().map((name) => ({ name })),
  );
  app.get(
    `${languagesPath}/culture-list`,
    { schema: { tags, response: { 200: CultureInfoList } }, config: permission('LanguageManagement.Languages') },
    () => cultureList(),
  );
  app.get(
    `${languagesPath}/flag-list`,
    { schema: { tags, response: { 200: FlagList } }, config: permission('LanguageManagement.Languages') },
    () => flagList(),
  );
  app.get(
    `${languagesPath}/:id`,
    { schema: { tags, params: IdParams, response: { 200: LanguageDto } }, config: permission('LanguageManagement.Languages') },
    (request) => getLanguage(ctx, tenantIdOf(request), request.params.id),
  );
  app.post(
    languagesPath,
    {
      schema: { tags, body: CreateLanguageDto, response: { 200: LanguageDto } },
      config: permission('LanguageManagement.Languages.Create'),
    },
    (request) => createLanguage(ctx, tenantIdOf(request), userIdOf(request), request.body),
  );
  app.put(
    `${languagesPath}/:id`,
    {
      schema: { tags, params: IdParams, body: UpdateLanguageDto, response: { 200: LanguageDto } },
      config: permission('LanguageManagement.Languages.Edit'),
    },
    (request) => updateLanguage(ctx, tenantIdOf(request), request.params.id, request.body),
  );
  app.delete(
    `${languagesPath}/:id`,
    { schema: { tags, params: IdParams, response: { 204: Type.Null() } }, config: permission('LanguageManagement.Languages.Delete') },
    async (request, reply) => {
      await deleteLanguage(ctx, tenantIdOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.put(
    `${languagesPath}/:id/set-as-default`,
    {
      schema: { tags, params: IdParams, body: NoBody, response: { 204: Type.Null() } },
      config: permission('LanguageManagement.Languages.ChangeDefault'),
    },
    async (request, reply) => {
      await setDefaultLanguage(ctx, tenantIdOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    textsPath,
    {
      schema: { tags, querystring: GetLanguagesTextsInput, response: { 200: LanguageTextPagedResult } },
      config: permission('LanguageManagement.LanguageTexts'),
    },
    (request) => listTexts(ctx, tenantIdOf(request), request.query, request.culture),
  );
  app.get(
    `${textsPath}/missing/:cultureName`,
    {
      schema: { tags, params: CultureParams, response: { 200: MissingTextsReportDto } },
      config: permission('LanguageManagement.LanguageTexts'),
    },
    (request) => missingTexts(ctx, tenantIdOf(request), request.params.cultureName),
  );
  app.get(
    `${textsPath}/export`,
    {
      schema: {
        tags,
        querystring: ExportLanguageTextsInput,
        response: { 200: Type.Unsafe<unknown>({ type: 'string', description: 'The JSON or XLIFF 2 file' }) },
      },
      config: permission('LanguageManagement.LanguageTexts'),
    },
    async (request, reply) => {
      const file = await exportTexts(ctx, tenantIdOf(request), request.query, request.culture);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .send(file.content);
    },
  );
  app.post(
    `${textsPath}/import`,
    {
      schema: { tags, body: ImportLanguageTextsInput, response: { 200: ImportLanguageTextsResultDto } },
      config: permission('LanguageManagement.LanguageTexts.Edit'),
      // A whole language's texts as XLIFF is larger than the default 1 MB body.
      bodyLimit: 6 * 1024 * 1024,
    },
    (request) => importTexts(ctx, tenantIdOf(request), userIdOf(request), request.body),
  );
  app.get(
    `${textsPath}/:resourceName/:cultureName/:name`,
    {
      schema: { tags, params: LanguageTextParams, querystring: GetLanguageTextQuery, response: { 200: LanguageTextDto } },
      config: permission('LanguageManagement.LanguageTexts'),
    },
    (request) => getText(ctx, tenantIdOf(request), request.params, request.query.baseCultureName),
  );
  app.put(
    `${textsPath}/:resourceName/:cultureName/:name`,
    {
      schema: { tags, params: LanguageTextParams, querystring: UpdateLanguageTextQuery, body: NoBody, response: { 204: Type.Null() } },
      config: permission('LanguageManagement.LanguageTexts.Edit'),
    },
    async (request, reply) => {
      await updateText(ctx, tenantIdOf(request), userIdOf(request), request.params, request.query.value);
      return reply.code(204).send(null);
    },
  );
  app.put(
    `${textsPath}/:resourceName/:cultureName/:name/restore`,
    {
      schema: { tags, params: LanguageTextParams, body: NoBody, response: { 204: Type.Null() } },
      config: permission('LanguageManagement.LanguageTexts.Edit'),
    },
    async (request, reply) => {
      await restoreText(ctx, tenantIdOf(request), request.params);
      return reply.code(204).send(null);
    },
  );
}
