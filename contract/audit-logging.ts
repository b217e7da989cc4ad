// Audit logging on the wire (spec 3 "Audit logging", 7.8, 7.14; ABP contract 7.5). Rules:
// - AuditLogDto carries its actions and entity changes (each with its property changes) only on
//   GET /audit-logs/{id}; the list answers the same DTO with both arrays empty, as ABP's list does
//   not include details;
// - changeType is 0 Created, 1 Updated, 2 Deleted;
// - list queries take the paging fields of contract/common.ts (maxResultCount above 1000 is a 400);
// - statistics answer {data: {label: value}}: per-day labels are the culture's short date, the
//   error-rate labels are the localized 'Fault' and 'Success', in that order (clients colour the
//   shares by position, since the labels are translated);
// - settings: the tenant variant has isExpiredDeleterEnabled and expiredDeleterPeriod (days, >= 0),
//   the global (host-only) variant adds isPeriodicDeleterEnabled; GET answers also report the
//   deleter's last run (read-only, ignored on PUT).
import { type Static, Type } from 'typebox';
import { DateTime, EstimatedPagedResultDto, ExtraProperties, Guid, Nullable, pagedQuery } from './common.ts';

export const EntityChangeType = { Created: 0, Updated: 1, Deleted: 2 } as const;
export type EntityChangeType = (typeof EntityChangeType)[keyof typeof EntityChangeType];

export const EntityPropertyChangeDto = Type.Object({
  id: Guid,
  tenantId: Nullable(Guid),
  entityChangeId: Guid,
  propertyName: Type.String(),
  propertyTypeFullName: Type.String(),
  originalValue: Nullable(Type.String()),
  newValue: Nullable(Type.String()),
});
export type EntityPropertyChangeDto = Static<typeof EntityPropertyChangeDto>;

export const EntityChangeDto = Type.Object({
  id: Guid,
  auditLogId: Guid,
  tenantId: Nullable(Guid),
  changeTime: DateTime,
  changeType: Type.Integer({ minimum: 0, maximum: 2 }),
  entityTenantId: Nullable(Guid),
  entityId: Nullable(Type.String()),
  entityTypeFullName: Type.String(),
  propertyChanges: Type.Array(EntityPropertyChangeDto),
  extraProperties: ExtraProperties,
});
export type EntityChangeDto = Static<typeof EntityChangeDto>;

export const EntityChangeWithUsernameDto = Type.Object({
  entityChange: EntityChangeDto,
  userName: Nullable(Type.String()),
});
export type EntityChangeWithUsernameDto = Static<typeof EntityChangeWithUsernameDto>;

export const AuditLogActionDto = Type.Object({
  id: Guid,
  tenantId: Nullable(Guid),
  auditLogId: Guid,
  serviceName: Nullable(Type.String()),
  methodName: Nullable(Type.String()),
  parameters: Nullable(Type.String()),
  executionTime: DateTime,
  executionDuration: Type.Integer(),
  extraProperties: ExtraProperties,
});
export type AuditLogActionDto = Static<typeof AuditLogActionDto>;

export const AuditLogDto = Type.Object({
  id: Guid,
  userId: Nullable(Guid),
  userName: Nullable(Type.String()),
  tenantId: Nullable(Guid),
  tenantName: Nullable(Type.String()),
  impersonatorUserId: Nullable(Guid),
  impersonatorUserName: Nullable(Type.String()),
  impersonatorTenantId: Nullable(Guid),
  impersonatorTenantName: Nullable(Type.String()),
  executionTime: DateTime,
  executionDuration: Type.Integer(),
  clientIpAddress: Nullable(Type.String()),
  clientName: Nullable(Type.String()),
  clientId: Nullable(Type.String()),
  correlationId: Nullable(Type.String()),
  browserInfo: Nullable(Type.String()),
  httpMethod: Nullable(Type.String()),
  url: Nullable(Type.String()),
  exceptions: Nullable(Type.String()),
  comments: Nullable(Type.String()),
  httpStatusCode: Nullable(Type.Integer()),
  applicationName: Nullable(Type.String()),
  extraProperties: ExtraProperties,
  actions: Type.Array(AuditLogActionDto),
  entityChanges: Type.Array(EntityChangeDto),
});
export type AuditLogDto = Static<typeof AuditLogDto>;

export const AuditLogListDto = EstimatedPagedResultDto(AuditLogDto);
export const EntityChangeListDto = EstimatedPagedResultDto(EntityChangeDto);

const text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/**
 * A day ("2026-11-22") or a date-time, with or without an offset ("2026-11-22T10:00:00",
 * "2026-11-22T10:00:00.000Z"): clients send either; a value without an offset is taken as UTC.
 */
export const DateOrDateTime = Type.String({
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}([Tt ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,7})?)?([Zz]|[+-]\\d{2}:?\\d{2})?)?$',
});

/** The filters of the audit log list (also used by the exports, without paging). */
export const auditLogFilterProperties = {
  startTime: Type.Optional(DateOrDateTime),
  endTime: Type.Optional(DateOrDateTime),
  url: text(256),
  clientId: text(64),
  userName: text(256),
  applicationName: text(96),
  clientIpAddress: text(64),
  correlationId: text(64),
  httpMethod: text(16),
  httpStatusCode: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
  maxExecutionDuration: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  minExecutionDuration: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  hasException: Type.Optional(Type.Boolean()),
};
export const GetAuditLogListQuery = pagedQuery(auditLogFilterProperties);
export type GetAuditLogListQuery = Static<typeof GetAuditLogListQuery>;
export type AuditLogFilter = Omit<GetAuditLogListQuery, 'skipCount' | 'maxResultCount' | 'sorting'> & { sorting?: string };

/** The filters of the entity change list (also used by its export, without paging and auditLogId). */
export const entityChangeFilterProperties = {
  auditLogId: Type.Optional(Guid),
  entityChangeType: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
  entityId: text(128),
  entityTypeFullName: text(128),
  startDate: Type.Optional(DateOrDateTime),
  endDate: Type.Optional(DateOrDateTime),
};
export const GetEntityChangesQuery = pagedQuery(entityChangeFilterProperties);
export type GetEntityChangesQuery = Static<typeof GetEntityChangesQuery>;
export type EntityChangeFilter = Omit<GetEntityChangesQuery, 'skipCount' | 'maxResultCount' | 'sorting'> & { sorting?: string };

export const EntityChangesWithUsernameQuery = Type.Object({
  entityId: Type.String({ minLength: 1, maxLength: 128 }),
  entityTypeFullName: Type.String({ minLength: 1, maxLength: 128 }),
});
export type EntityChangesWithUsernameQuery = Static<typeof EntityChangesWithUsernameQuery>;

/** startDate and endDate are days (a date-time is accepted too); the end day is included. */
export const StatisticsQuery = Type.Object({ startDate: DateOrDateTime, endDate: DateOrDateTime });
export type StatisticsQuery = Static<typeof StatisticsQuery>;

export const StatisticsDto = Type.Object({ data: Type.Record(Type.String(), Type.Number()) });
export type StatisticsDto = Static<typeof StatisticsDto>;

/** Read-only facts about the expired log deleter, added to both settings answers. */
const deleterRunFields = {
  lastDeleterRunTime: Nullable(DateTime),
  lastDeleterDeletedCount: Nullable(Type.Integer()),
};

export const AuditLogSettingsDto = Type.Object({
  isExpiredDeleterEnabled: Type.Boolean(),
  expiredDeleterPeriod: Type.Integer(),
  ...deleterRunFields,
});
export type AuditLogSettingsDto = Static<typeof AuditLogSettingsDto>;

export const AuditLogGlobalSettingsDto = Type.Object({
  isExpiredDeleterEnabled: Type.Boolean(),
  expiredDeleterPeriod: Type.Integer(),
  isPeriodicDeleterEnabled: Type.Boolean(),
  ...deleterRunFields,
});
export type AuditLogGlobalSettingsDto = Static<typeof AuditLogGlobalSettingsDto>;

const periodField = Type.Integer({ minimum: 0, maximum: 36_500 });

export const UpdateAuditLogSettingsDto = Type.Object(
  {
    isExpiredDeleterEnabled: Type.Boolean(),
    expiredDeleterPeriod: periodField,
  },
  { additionalProperties: false },
);
export type UpdateAuditLogSettingsDto = Static<typeof UpdateAuditLogSettingsDto>;

export const UpdateAuditLogGlobalSettingsDto = Type.Object(
  {
    isExpiredDeleterEnabled: Type.Boolean(),
    expiredDeleterPeriod: periodField,
    isPeriodicDeleterEnabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type UpdateAuditLogGlobalSettingsDto = Static<typeof UpdateAuditLogGlobalSettingsDto>;

// Exports (server/modules/audit-logging/export-routes.ts). Rules:
// - both export queries take the list's filters and sorting, never paging;
// - at most 10,000 matching rows answer at once: {fileData: base64 xlsx, fileName, isBackgroundJob:
//   false, jobId: null}; more start a background job: {fileData: null, fileName, isBackgroundJob: true,
//   jobId}; follow it at export-jobs/{jobId} until status is 'Completed' (then GET
//   download-excel/{fileName}) or 'Failed';
// - a job and its file belong to the user who started it and expire (expiresAt; then 404).
export const ExportAuditLogsQuery = Type.Object({ ...auditLogFilterProperties, sorting: Type.Optional(Type.String({ maxLength: 256 })) });
export type ExportAuditLogsQuery = Static<typeof ExportAuditLogsQuery>;

const { auditLogId: _auditLogId, ...entityChangeExportFilters } = entityChangeFilterProperties;
export const ExportEntityChangesQuery = Type.Object({
  ...entityChangeExportFilters,
  sorting: Type.Optional(Type.String({ maxLength: 256 })),
});
export type ExportEntityChangesQuery = Static<typeof ExportEntityChangesQuery>;

export const AuditLogExportResultDto = Type.Object({
  fileData: Nullable(Type.String()),
  fileName: Type.String(),
  isBackgroundJob: Type.Boolean(),
  jobId: Nullable(Guid),
});
export type AuditLogExportResultDto = Static<typeof AuditLogExportResultDto>;

export const AuditLogExportJobDto = Type.Object({
  id: Guid,
  kind: Type.String(),
  status: Type.Union([Type.Literal('Queued'), Type.Literal('Running'), Type.Literal('Completed'), Type.Literal('Failed')]),
  /** 0..100; 100 only when Completed. */
  progress: Type.Integer(),
  processed: Type.Integer(),
  total: Nullable(Type.Integer()),
  fileName: Type.String(),
  /** A localized message when Failed, otherwise null. */
  error: Nullable(Type.String()),
  creationTime: DateTime,
  completionTime: Nullable(DateTime),
  /** When the job and its file are removed. */
  expiresAt: DateTime,
});
export type AuditLogExportJobDto = Static<typeof AuditLogExportJobDto>;

export const ExportJobParams = Type.Object({ jobId: Guid }, { additionalProperties: false });
export const DownloadExcelParams = Type.Object(
  { fileName: Type.String({ minLength: 6, maxLength: 128, pattern: '^[A-Za-z0-9_.-]+\\.xlsx$' }) },
  { additionalProperties: false },
);
export type DownloadExcelParams = Static<typeof DownloadExcelParams>;
