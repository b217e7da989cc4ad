// Audit-log exports (spec 7.14): export-to-excel, export-entity-changes-to-excel, the background
// job's progress (export-jobs/{jobId}) and download-excel/{fileName}. Rules:
// - starting an export needs AuditLogging.AuditLogs and AuditLogging.AuditLogs.Export; following and
//   downloading one needs AuditLogging.AuditLogs and being the user who started it (else 404);
// - all of it only while the tenant's AuditLogging.Enable feature is on;
// - the file answers as a binary xlsx with a content-disposition naming it, read from the database
//   (any instance serves it) by the job found for the name in the URL, never by the name itself;
// - beside ABP's calls, the exports of every list (contract/exports.ts): GET /audit-logs/export and
//   /audit-logs/entity-changes/export?format=csv|xlsx answer the file or 202 with a job followed at
//   /api/exports/jobs/{id}; the jobs are the same, in the same table.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  AuditLogExportJobDto,
  AuditLogExportResultDto,
  DownloadExcelParams,
  ExportAuditLogsQuery,
  ExportEntityChangesQuery,
  ExportJobParams,
} from '../../../contract/audit-logging.ts';
import type { AppContext } from '../../context.ts';
import { unauthenticated } from '../../errors.ts';
import { type AuditExports, auditExportsOn, type ExportCaller } from '../../jobs/audit-export.ts';
import { listExportsOf } from '../../jobs/list-export.ts';
import { xlsxContentType } from '../export/xlsx.ts';
import { exportRoute } from '../export/routes.ts';
import { exportQuery } from '../../../contract/exports.ts';
import { exportDefinitions } from './export-queries.ts';
import { tenantIdOf } from '../shared/tenancy.ts';

const base = '/api/audit-logging/audit-logs';
const tags = ['AuditLogging'];
const feature = 'AuditLogging.Enable';

const callerOf = (request: FastifyRequest): ExportCaller => {
  if (!request.currentUser) throw unauthenticated();
  return { tenantId: tenantIdOf(request), userId: request.currentUser.id };
};

/** The failure texts a job may record, localized when read. */
const failureText: Record<string, string | undefined> = {
  Failed: 'AbpExceptionHandling::InternalServerErrorMessage',
  Stopped: 'AbpExceptionHandling::InternalServerErrorMessage',
  Lost: 'AbpExceptionHandling::InternalServerErrorMessage',
};

export async function auditExportRoutes(fastify: FastifyInstance, ctx: AppContext, exports?: AuditExports): Promise<AuditExports> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // The server's one export service, shared with every other list's exports.
  const service = exports ?? auditExportsOn(listExportsOf(ctx));
  app.addHook('onClose', () => service.close());
  const startAccess = { auth: { permission: ['AuditLogging.AuditLogs', 'AuditLogging.AuditLogs.Export'], all: true }, feature };
  const readAccess = { auth: { permission: 'AuditLogging.AuditLogs' }, feature };

  app.get(
    `${base}/export-to-excel`,
    { schema: { tags, querystring: ExportAuditLogsQuery, response: { 200: AuditLogExportResultDto } }, config: startAccess },
    (request) => service.start('AuditLogs', callerOf(request), request.query, request.culture),
  );

  app.get(
    `${base}/export-entity-changes-to-excel`,
    { schema: { tags, querystring: ExportEntityChangesQuery, response: { 200: AuditLogExportResultDto } }, config: startAccess },
    (request) => service.start('EntityChanges', callerOf(request), request.query, request.culture),
  );

  exportRoute(fastify, ctx, {
    url: `${base}/export`,
    tags,
    querystring: exportQuery(ExportAuditLogsQuery),
    definition: exportDefinitions.AuditLogs,
  });
  exportRoute(fastify, ctx, {
    url: `${base}/entity-changes/export`,
    tags,
    querystring: exportQuery(ExportEntityChangesQuery),
    definition: exportDefinitions.EntityChanges,
  });

  app.get(
    `${base}/export-jobs/:jobId`,
    { schema: { tags, params: ExportJobParams, response: { 200: AuditLogExportJobDto } }, config: readAccess },
    async (request) => {
      const state = await service.state(request.params.jobId, callerOf(request));
      return {
        ...state,
        error: state.error === null ? null : request.t(failureText[state.error] ?? 'AbpExceptionHandling::InternalServerErrorMessage'),
      };
    },
  );

  app.get(
    `${base}/download-excel/:fileName`,
    {
      schema: {
        tags,
        params: DownloadExcelParams,
        response: { 200: Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'The xlsx file' }) },
      },
      config: readAccess,
    },
    async (request, reply) => {
      const file = await service.file(request.params.fileName, callerOf(request));
      return reply
        .type(xlsxContentType)
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('cache-control', 'no-store')
        .send(file.content());
    },
  );
  return service;
}
