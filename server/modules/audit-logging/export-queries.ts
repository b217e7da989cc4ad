// The audit-log lists as exports (export/definition.ts): the audit logs and the entity changes,
// each with its columns, the list's own filter (audit-log-repository.ts) and the list's order, so an
// export holds exactly what the list shows, across all pages. Headers are AbpAuditLogging texts.
import { sql } from 'drizzle-orm';
import type { AuditLogFilter, EntityChangeFilter } from '../../../contract/audit-logging.ts';
import { auditLogs, entityChanges } from '../../db/schema/index.ts';
import { listQuery, type ListExport, registerListExport, utcText } from '../export/definition.ts';
import { auditLogConditions, auditLogOrder, entityChangeConditions, entityChangeOrder } from './audit-log-repository.ts';

export type ExportKind = 'AuditLogs' | 'EntityChanges';
export type ExportFilter = AuditLogFilter | EntityChangeFilter;

const asText = (value: unknown) => (value === null || value === undefined ? null : String(value));
const changeTypeNames = ['Created', 'Updated', 'Deleted'];
const header = (key: string) => `AbpAuditLogging::Export:${key}`;
const permissions = ['AuditLogging.AuditLogs', 'AuditLogging.AuditLogs.Export'];
const feature = 'AuditLogging.Enable';

const auditLogExport: ListExport<AuditLogFilter> = registerListExport<AuditLogFilter>({
  kind: 'AuditLogs',
  sheetName: 'AuditLogs',
  permissions,
  feature,
  columns: [
    { header: header('HttpStatusCode'), key: 'httpStatusCode', width: 10 },
    { header: header('HttpMethod'), key: 'httpMethod', width: 10 },
    { header: header('Url'), key: 'url', width: 60 },
    { header: header('UserName'), key: 'userName', width: 20 },
    { header: header('ClientIpAddress'), key: 'clientIpAddress', width: 18 },
    { header: header('ExecutionTime'), key: 'executionTime', width: 20 },
    { header: header('ExecutionDuration'), key: 'executionDuration', width: 12 },
    { header: header('ApplicationName'), key: 'applicationName', width: 24 },
    { header: header('ClientId'), key: 'clientId', width: 18 },
    { header: header('ClientName'), key: 'clientName', width: 18 },
    { header: header('CorrelationId'), key: 'correlationId', width: 34 },
    { header: header('BrowserInfo'), key: 'browserInfo', width: 40 },
    { header: header('TenantName'), key: 'tenantName', width: 16 },
    { header: header('Impersonator'), key: 'impersonatorUserName', width: 18 },
    { header: header('Comments'), key: 'comments', width: 30 },
    { header: header('Exceptions'), key: 'exceptions', width: 60 },
    { header: header('Id'), key: 'id', width: 38 },
  ],
  from: (tenantId, filter) => sql`from ${auditLogs} where ${auditLogConditions(tenantId, filter)}`,
  query(tenantId, filter) {
    return listQuery(
      [
        ['httpStatusCode', auditLogs.httpStatusCode],
        ['httpMethod', auditLogs.httpMethod],
        ['url', auditLogs.url],
        ['userName', auditLogs.userName],
        ['clientIpAddress', auditLogs.clientIpAddress],
        ['executionTime', utcText(auditLogs.executionTime)],
        ['executionDuration', auditLogs.executionDuration],
        ['applicationName', auditLogs.applicationName],
        ['clientId', auditLogs.clientId],
        ['clientName', auditLogs.clientName],
        ['correlationId', auditLogs.correlationId],
        ['browserInfo', auditLogs.browserInfo],
        ['tenantName', auditLogs.tenantName],
        ['impersonatorUserName', auditLogs.impersonatorUserName],
        ['comments', auditLogs.comments],
        ['exceptions', auditLogs.exceptions],
        ['id', auditLogs.id],
      ],
      this.from(tenantId, filter),
      auditLogOrder(filter.sorting),
    );
  },
  toRow: (raw) => ({
    ...(raw as Record<string, string | null>),
    httpStatusCode: raw.httpStatusCode === null ? null : Number(raw.httpStatusCode),
    executionDuration: Number(raw.executionDuration),
  }),
});

const entityChangeExport: ListExport<EntityChangeFilter> = registerListExport<EntityChangeFilter>({
  kind: 'EntityChanges',
  sheetName: 'EntityChanges',
  permissions,
  feature,
  columns: [
    { header: header('ChangeTime'), key: 'changeTime', width: 20 },
    { header: header('ChangeType'), key: 'changeType', width: 10 },
    { header: header('TenantId'), key: 'tenantId', width: 38 },
    { header: header('EntityId'), key: 'entityId', width: 38 },
    { header: header('EntityTypeFullName'), key: 'entityTypeFullName', width: 40 },
    { header: header('UserName'), key: 'userName', width: 20 },
    { header: header('PropertyChanges'), key: 'propertyChanges', width: 60 },
    { header: header('AuditLogId'), key: 'auditLogId', width: 38 },
    { header: header('Id'), key: 'id', width: 38 },
  ],
  from: (tenantId, filter) => sql`from ${entityChanges} where ${entityChangeConditions(tenantId, filter)}`,
  query(tenantId, filter) {
    // One row per change; its property changes as "Name: original -> new" lines.
    return listQuery(
      [
        ['changeTime', utcText(entityChanges.changeTime)],
        ['changeType', entityChanges.changeType],
        ['tenantId', entityChanges.tenantId],
        ['entityId', entityChanges.entityId],
        ['entityTypeFullName', entityChanges.entityTypeFullName],
        ['userName', sql`(select a.user_name from audit_logs a where a.id = ${entityChanges.auditLogId})`],
        [
          'propertyChanges',
          sql`(select string_agg(p ->> 'propertyName' || ': ' || coalesce(p ->> 'originalValue', '') || ' -> ' || coalesce(p ->> 'newValue', ''), E'\n' order by n)
               from jsonb_array_elements(${entityChanges.propertyChanges}) with ordinality as e(p, n))`,
        ],
        ['auditLogId', entityChanges.auditLogId],
        ['id', entityChanges.id],
      ],
      this.from(tenantId, filter),
      entityChangeOrder(filter.sorting),
    );
  },
  toRow: (raw) => ({
    ...(raw as Record<string, string | null>),
    changeType: changeTypeNames[Number(raw.changeType)] ?? asText(raw.changeType),
  }),
});

export const exportDefinitions: Record<ExportKind, ListExport<ExportFilter>> = {
  AuditLogs: auditLogExport as ListExport<ExportFilter>,
  EntityChanges: entityChangeExport as ListExport<ExportFilter>,
};
