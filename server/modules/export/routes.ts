// The HTTP side of every list's export (contract/exports.ts holds the wire rules). Rules:
// - exportRoute declares GET <list>/export on a list: the list's query without paging plus `format`,
//   the list's permissions (all of them) and feature; 200 with the file when small, else 202 with
//   the job and a Location header;
// - GET /api/exports/jobs/{id} and /api/exports/jobs/{id}/file serve every kind of job: the caller
//   must be the job's creator in the same tenant (else 404, as for an unknown id) and must still hold
//   the permissions and feature of the job's list (else 403);
// - the file is read from the database (any instance serves it) by the job id; the download names it
//   by the job's file name.
import type { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { TObject } from 'typebox';
import { ExportFileResponse, type ExportFormat, ExportJobDto, ExportJobParams } from '../../../contract/exports.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, unauthenticated } from '../../errors.ts';
import { type ExportCaller, type ExportJobState, listExportsOf } from '../../jobs/list-export.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import { type ListExport, listExportOf } from './definition.ts';

export const exportJobsBase = '/api/exports/jobs';
const tags = ['Exports'];

export const exportCallerOf = (request: FastifyRequest): ExportCaller => {
  if (!request.currentUser) throw unauthenticated();
  return { tenantId: tenantIdOf(request), userId: request.currentUser.id };
};

/** The failure texts a job may record, localized when read. */
const failureText: Record<string, string | undefined> = {
  Failed: 'AbpExceptionHandling::InternalServerErrorMessage',
  Stopped: 'AbpExceptionHandling::InternalServerErrorMessage',
  Lost: 'AbpExceptionHandling::InternalServerErrorMessage',
};

export function jobDto(request: FastifyRequest, state: ExportJobState): ExportJobDto {
  const downloadable = state.status === 'Completed' && Date.parse(state.expiresAt) > Date.now();
  return {
    id: state.id,
    kind: state.kind,
    format: state.format,
    status: state.status,
    totalRows: state.totalRows,
    processedRows: state.processedRows,
    progress: state.progress,
    fileName: state.fileName,
    downloadUrl: downloadable ? `${exportJobsBase}/${state.id}/file` : null,
    error: state.error === null ? null : request.t(failureText[state.error] ?? 'AbpExceptionHandling::InternalServerErrorMessage'),
    creationTime: state.creationTime,
    completionTime: state.completionTime,
    expiresAt: state.expiresAt,
  };
}

/** Sends a file answer: its type, its name (ASCII and UTF-8 forms) and no caching. */
export function sendExportFile(reply: FastifyReply, file: { contentType: string; fileName: string }, body: Buffer | Readable) {
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header('cache-control', 'no-store')
    .send(body);
}

export interface ExportRouteOptions<F> {
  url: string;
  tags: string[];
  /** The list's export query (contract/exports.ts exportQuery of the list's query schema). */
  querystring: TObject;
  definition: ListExport<F>;
}

/** GET <url>: the list's rows as a file now, or a job for a large set. */
export function exportRoute<F>(fastify: FastifyInstance, ctx: AppContext, options: ExportRouteOptions<F>) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { definition } = options;
  const schema: FastifySchema = {
    tags: options.tags,
    querystring: options.querystring,
    response: { 200: ExportFileResponse, 202: ExportJobDto },
  };
  app.get(
    options.url,
    { schema, config: { auth: { permission: definition.permissions, all: true }, feature: definition.feature } },
    async (request, reply) => {
      const { format = 'csv', ...filter } = request.query as { format?: ExportFormat } & Record<string, unknown>;
      const started = await listExportsOf(ctx).start(definition, exportCallerOf(request), filter as F, {
        format,
        culture: request.culture,
      });
      if (started.kind === 'file') return sendExportFile(reply, started, started.bytes);
      return reply.code(202).header('location', `${exportJobsBase}/${started.job.id}`).send(jobDto(request, started.job));
    },
  );
}

/** The caller may still read jobs of this kind: the list's permissions and feature. */
async function checkKindAccess(ctx: AppContext, request: FastifyRequest, kind: string) {
  const definition = listExportOf(kind);
  const tenantId = tenantIdOf(request);
  if (!definition) throw forbidden();
  if (definition.feature && !(await ctx.features.isEnabled(tenantId, definition.feature))) throw forbidden();
  for (const name of definition.permissions) {
    if (!(await ctx.permissions.isGranted(request.currentUser, tenantId, name))) throw forbidden();
  }
}

export async function exportJobRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const exports = listExportsOf(ctx);
  app.addHook('onClose', () => exports.close());
  const signedIn = { auth: { authenticated: true as const } };

  app.get(
    `${exportJobsBase}/:id`,
    { schema: { tags, params: ExportJobParams, response: { 200: ExportJobDto } }, config: signedIn },
    async (request) => {
      const state = await exports.state(request.params.id, exportCallerOf(request));
      await checkKindAccess(ctx, request, state.kind);
      return jobDto(request, state);
    },
  );

  app.get(
    `${exportJobsBase}/:id/file`,
    { schema: { tags, params: ExportJobParams, response: { 200: ExportFileResponse } }, config: signedIn },
    async (request, reply) => {
      const file = await exports.storedFile({ id: request.params.id }, exportCallerOf(request));
      await checkKindAccess(ctx, request, file.kind);
      reply.header('content-length', file.size);
      return sendExportFile(reply, file, file.content());
    },
  );
}
