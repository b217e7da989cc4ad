// Audit logging API (spec 7.14) and audit log settings (spec 7.8). Rules:
// - reads need AuditLogging.AuditLogs, settings AuditLogging.AuditLogs.SettingManagement; all of it
//   sits behind the AuditLogging.Enable feature;
// - a tenant sees its own logs and changes only, the host the host's; another tenant's id is 404;
// - paging: maxResultCount 1..1000 (400 above), sorting on the allow-lists of the repository;
// - settings: a tenant reads and writes its own level (falling back to the host's values), the host
//   the global one; /settings/global is host-only (403 for a tenant) and adds
//   isPeriodicDeleterEnabled; both answers add the last run of the expired-log deleter (read-only);
// - exports are registered by export-routes.ts (the scale work's module).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  AuditLogDto,
  AuditLogGlobalSettingsDto,
  AuditLogListDto,
  AuditLogSettingsDto,
  EntityChangeDto,
  EntityChangeListDto,
  EntityChangesWithUsernameQuery,
  EntityChangeWithUsernameDto,
  GetAuditLogListQuery,
  GetEntityChangesQuery,
  StatisticsDto,
  StatisticsQuery,
  UpdateAuditLogGlobalSettingsDto,
  UpdateAuditLogSettingsDto,
} from '../../../contract/audit-logging.ts';
import { IdParams } from '../../../contract/common.ts';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../errors.ts';
import { lastDeleterRun } from '../../jobs/audit-log-deleter.ts';
import { getSettingValues, setSettingValues, tenantOrGlobal } from '../setting-management/store.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import type { RouteModule } from '../index.ts';
import { auditExportRoutes } from './export-routes.ts';
import {
  averageExecutionDurationPerDay,
  entityChangesWithUsername,
  errorRate,
  getAuditLog,
  getEntityChange,
  getEntityChangeWithUsername,
  listAuditLogs,
  listEntityChanges,
} from './audit-log-repository.ts';

const base = '/api/audit-logging/audit-logs';
const tags = ['AuditLogging'];
const feature = 'AuditLogging.Enable';
const NoContent = { 204: Type.Null() };
const read = { auth: { permission: 'AuditLogging.AuditLogs' }, feature } as const;
const manage = { auth: { permission: 'AuditLogging.AuditLogs.SettingManagement' }, feature } as const;

const setting = {
  isExpiredDeleterEnabled: 'Volo.AuditLogging.IsExpiredDeleterEnabled',
  expiredDeleterPeriod: 'Volo.AuditLogging.ExpiredDeleterPeriod',
  isPeriodicDeleterEnabled: 'Volo.AuditLogging.IsPeriodicDeleterEnabled',
} as const;

const isTrue = (value: string | null | undefined) => value?.toLowerCase() === 'true';
const period = (value: string | null | undefined) => Math.max(0, Math.floor(Number(value) || 0));

export const auditLoggingRoutes: RouteModule = async (fastify, ctx: AppContext) => {
  const app = (fastify as FastifyInstance).withTypeProvider<TypeBoxTypeProvider>();

  await auditExportRoutes(fastify as FastifyInstance, ctx);

  app.get(base, { schema: { tags, querystring: GetAuditLogListQuery, response: { 200: AuditLogListDto } }, config: read }, (request) =>
    listAuditLogs(ctx, tenantIdOf(request), request.query),
  );

  app.get(`${base}/:id`, { schema: { tags, params: IdParams, response: { 200: AuditLogDto } }, config: read }, (request) =>
    getAuditLog(ctx, tenantIdOf(request), request.params.id),
  );

  app.get(
    `${base}/entity-changes`,
    { schema: { tags, querystring: GetEntityChangesQuery, response: { 200: EntityChangeListDto } }, config: read },
    (request) => listEntityChanges(ctx, tenantIdOf(request), request.query),
  );

  app.get(
    `${base}/entity-changes/:id`,
    { schema: { tags, params: IdParams, response: { 200: EntityChangeDto } }, config: read },
    (request) => getEntityChange(ctx, tenantIdOf(request), request.params.id),
  );

  app.get(
    `${base}/entity-change-with-username/:id`,
    { schema: { tags, params: IdParams, response: { 200: EntityChangeWithUsernameDto } }, config: read },
    (request) => getEntityChangeWithUsername(ctx, tenantIdOf(request), request.params.id),
  );

  app.get(
    `${base}/entity-changes-with-username`,
    {
      schema: { tags, querystring: EntityChangesWithUsernameQuery, response: { 200: Type.Array(EntityChangeWithUsernameDto) } },
      config: read,
    },
    (request) => entityChangesWithUsername(ctx, tenantIdOf(request), request.query.entityId, request.query.entityTypeFullName),
  );

  app.get(
    `${base}/statistics/average-execution-duration-per-day`,
    { schema: { tags, querystring: StatisticsQuery, response: { 200: StatisticsDto } }, config: read },
    async (request) => ({
      data: await averageExecutionDurationPerDay(ctx, tenantIdOf(request), request.query.startDate, request.query.endDate, request.culture),
    }),
  );

  app.get(
    `${base}/statistics/error-rate`,
    { schema: { tags, querystring: StatisticsQuery, response: { 200: StatisticsDto } }, config: read },
    async (request) => ({
      data: await errorRate(ctx, tenantIdOf(request), request.query.startDate, request.query.endDate, (key) => request.t(key)),
    }),
  );

  const settingsOf = async (tenantId: string | null) => {
    const values = await getSettingValues(ctx, { tenantId }, (d) => d.name.startsWith('Volo.AuditLogging.'));
    return {
      isExpiredDeleterEnabled: isTrue(values[setting.isExpiredDeleterEnabled]),
      expiredDeleterPeriod: period(values[setting.expiredDeleterPeriod]),
      isPeriodicDeleterEnabled: isTrue(values[setting.isPeriodicDeleterEnabled]),
      ...(await lastDeleterRun(ctx, tenantId)),
    };
  };

  app.get('/api/audit-logging/settings', { schema: { tags, response: { 200: AuditLogSettingsDto } }, config: manage }, async (request) => {
    const { isPeriodicDeleterEnabled: _global, ...own } = await settingsOf(tenantIdOf(request));
    return own;
  });

  app.put(
    '/api/audit-logging/settings',
    { schema: { tags, body: UpdateAuditLogSettingsDto, response: NoContent }, config: manage },
    async (request, reply) => {
      const input = request.body;
      await setSettingValues(
        ctx,
        {
          [setting.isExpiredDeleterEnabled]: String(input.isExpiredDeleterEnabled),
          [setting.expiredDeleterPeriod]: String(input.expiredDeleterPeriod),
        },
        tenantOrGlobal(tenantIdOf(request)),
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/audit-logging/settings/global',
    { schema: { tags, response: { 200: AuditLogGlobalSettingsDto } }, config: manage },
    async (request) => {
      if (tenantIdOf(request)) throw forbidden();
      return settingsOf(null);
    },
  );

  app.put(
    '/api/audit-logging/settings/global',
    { schema: { tags, body: UpdateAuditLogGlobalSettingsDto, response: NoContent }, config: manage },
    async (request, reply) => {
      if (tenantIdOf(request)) throw forbidden();
      const input = request.body;
      await setSettingValues(
        ctx,
        {
          [setting.isExpiredDeleterEnabled]: String(input.isExpiredDeleterEnabled),
          [setting.expiredDeleterPeriod]: String(input.expiredDeleterPeriod),
          [setting.isPeriodicDeleterEnabled]: String(input.isPeriodicDeleterEnabled),
        },
        { providerName: 'G', providerKey: '' },
      );
      return reply.code(204).send(null);
    },
  );
};
