// Audit logging on the wire (spec 3 "Audit logging", 7.8, 7.14; ABP contract 7.5). Rules:
// - AuditLogDto carries its actions and entity changes (each with its property changes) only on
//   GET /audit-logs/{id}; the list answers the same DTO with both arrays empty, as ABP's list does
//   not include details;
// - changeType is 0 Created, 1 Updated, 2 Deleted;
// - list queries take the paging fields of contract/common.ts (maxResultCount above 1000 is a 400);
// - statistics answer {data: {label: value}}: per-day labels are the culture's short date, the
//   error-rate labels are the localized 'Success' and 'Fault';
// - settings: the tenant variant has isExpiredDeleterEnabled and expiredDeleterPeriod (days, >= 0),
//   the global (host-only) variant adds isPeriodicDeleterEnabled; GET answers also report the
//   deleter's last run (read-only, ignored on PUT).
import { type Static, Type } from 'typebox';
import { DateTime, ExtraProperties, Guid, Nullable, PagedResultDto, pagedQuery } from './common.ts';

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

export const AuditLogListDto = PagedResultDto(AuditLogDto);
export const EntityChangeListDto = PagedResultDto(EntityChangeDto);

const text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/** The filters of the audit log list (also used by the exports, without paging). */
export const auditLogFilterProperties = {
  startTime: Type.Optional(DateTime),
  endTime: Type.Optional(DateTime),
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
  startDate: Type.Optional(DateTime),
  endDate: Type.Optional(DateTime),
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
export const StatisticsQuery = Type.Object({ startDate: DateTime, endDate: DateTime });
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
