// The identity lists as exports (export/definition.ts): users, roles, claim types, organization
// units, security logs and sessions. Each one is the list's own WHERE (userListFilter, roleListFilter,
// ...) and ORDER BY over the list's table, so a file holds exactly the rows the list shows for the
// same filter, across all pages, in the caller's tenant (claim types are host-wide, as their list
// is). Headers are AbpIdentity texts; times are sortable UTC text; several values in one cell
// (roles, IP addresses) are joined with ';'.
import { sql } from 'drizzle-orm';
import type { GetIdentityClaimTypesInput } from '../../../contract/identity-claims.ts';
import type { GetOrganizationUnitInput } from '../../../contract/identity-organization.ts';
import type { GetIdentityRolesInput } from '../../../contract/identity.ts';
import type { IdentityUserFilter } from '../../../contract/identity-users.ts';
import { claimTypes, identitySessions, organizationUnits, roles, securityLogs, users } from '../../db/schema/index.ts';
import { type ExportColumn, listQuery, type ListExport, registerListExport, utcText } from '../export/definition.ts';
import { claimTypeListFilter, claimTypeListOrder } from './claim-service.ts';
import { unitListFilter, unitListOrder, unitUserCount } from './organization-unit-service.ts';
import { roleListFilter, roleListOrder, roleUserCount } from './role-service.ts';
import { type SecurityLogFilter, securityLogListFilter, securityLogListOrder } from './security-log-repository.ts';
import { type SessionFilter, sessionListFilter, sessionListOrder } from './session-repository.ts';
import { userListFilter, userListOrder } from './user-repository.ts';

const text = (key: string) => `AbpIdentity::${key}`;
const column = (key: string, header: string, width = 18): ExportColumn => ({ key, header: text(header), width });
const creationTime = column('creationTime', 'Export:CreationTime', 20);

export const userListExport: ListExport<IdentityUserFilter> = registerListExport<IdentityUserFilter>({
  kind: 'Users',
  sheetName: 'Users',
  permissions: ['AbpIdentity.Users', 'AbpIdentity.Users.Export'],
  columns: [
    column('userName', 'DisplayName:UserName', 20),
    column('email', 'DisplayName:Email', 28),
    column('roles', 'Roles', 20),
    column('phoneNumber', 'DisplayName:PhoneNumber', 16),
    column('name', 'DisplayName:Name', 14),
    column('surname', 'DisplayName:Surname', 14),
    column('isActive', 'DisplayName:IsActive', 10),
    column('lockoutEnabled', 'Export:AccountLockout', 16),
    column('emailConfirmed', 'DisplayName:EmailConfirmed', 16),
    column('twoFactorEnabled', 'Export:TwoFactorEnabled', 18),
    column('accessFailedCount', 'Export:AccessFailedCount', 18),
    creationTime,
    column('lastModificationTime', 'Export:LastModificationTime', 22),
  ],
  from: (tenantId, filter) => sql`from ${users} where ${userListFilter(tenantId, filter)}`,
  query(tenantId, filter) {
    return listQuery(
      [
        ['userName', users.userName],
        ['email', users.email],
        [
          'roles',
          sql`coalesce((select string_agg(r.name, ';' order by r.name) from user_roles ur join roles r on r.id = ur.role_id
               where ur.user_id = ${users.id}), '')`,
        ],
        ['phoneNumber', users.phoneNumber],
        ['name', users.name],
        ['surname', users.surname],
        ['isActive', users.isActive],
        ['lockoutEnabled', users.lockoutEnabled],
        ['emailConfirmed', users.emailConfirmed],
        ['twoFactorEnabled', users.twoFactorEnabled],
        ['accessFailedCount', users.accessFailedCount],
        ['creationTime', utcText(users.creationTime)],
        ['lastModificationTime', utcText(users.lastModificationTime)],
      ],
      this.from(tenantId, filter),
      userListOrder(filter.sorting),
    );
  },
});

export const roleListExport: ListExport<GetIdentityRolesInput> = registerListExport<GetIdentityRolesInput>({
  kind: 'Roles',
  sheetName: 'Roles',
  permissions: ['AbpIdentity.Roles'],
  columns: [
    column('name', 'DisplayName:RoleName', 24),
    column('isDefault', 'DisplayName:IsDefault', 10),
    column('isPublic', 'DisplayName:IsPublic', 10),
    column('isStatic', 'Export:IsStatic', 10),
    column('userCount', 'Export:UserCount', 12),
    creationTime,
    column('id', 'Export:Id', 38),
  ],
  from: (tenantId, filter) => sql`from ${roles} where ${roleListFilter(tenantId, filter)}`,
  query(tenantId, filter) {
    return listQuery(
      [
        ['name', roles.name],
        ['isDefault', roles.isDefault],
        ['isPublic', roles.isPublic],
        ['isStatic', roles.isStatic],
        ['userCount', roleUserCount],
        ['creationTime', utcText(roles.creationTime)],
        ['id', roles.id],
      ],
      this.from(tenantId, filter),
      roleListOrder(filter.sorting),
    );
  },
  toRow: (raw) => ({ ...(raw as Record<string, string | boolean>), userCount: Number(raw.userCount) }),
});

const valueTypeName = sql`(case ${claimTypes.valueType} when 1 then 'Int' when 2 then 'Boolean' when 3 then 'DateTime' else 'String' end)`;

export const claimTypeListExport: ListExport<GetIdentityClaimTypesInput> = registerListExport<GetIdentityClaimTypesInput>({
  kind: 'ClaimTypes',
  sheetName: 'ClaimTypes',
  permissions: ['AbpIdentity.ClaimTypes'],
  columns: [
    column('name', 'DisplayName:Name', 24),
    column('valueType', 'Export:ValueType', 12),
    column('required', 'Export:Required', 10),
    column('isStatic', 'Export:IsStatic', 10),
    column('regex', 'Export:Regex', 24),
    column('regexDescription', 'Export:RegexDescription', 24),
    column('description', 'Export:Description', 30),
    creationTime,
    column('id', 'Export:Id', 38),
  ],
  from: (_tenantId, filter) => sql`from ${claimTypes} where ${claimTypeListFilter(filter) ?? sql`true`}`,
  query(tenantId, filter) {
    return listQuery(
      [
        ['name', claimTypes.name],
        ['valueType', valueTypeName],
        ['required', claimTypes.required],
        ['isStatic', claimTypes.isStatic],
        ['regex', claimTypes.regex],
        ['regexDescription', claimTypes.regexDescription],
        ['description', claimTypes.description],
        ['creationTime', utcText(claimTypes.creationTime)],
        ['id', claimTypes.id],
      ],
      this.from(tenantId, filter),
      claimTypeListOrder(filter.sorting),
    );
  },
});

export const organizationUnitListExport: ListExport<GetOrganizationUnitInput> = registerListExport<GetOrganizationUnitInput>({
  kind: 'OrganizationUnits',
  sheetName: 'OrganizationUnits',
  permissions: ['AbpIdentity.OrganizationUnits'],
  columns: [
    column('displayName', 'Export:DisplayName', 28),
    column('code', 'Export:Code', 20),
    column('parent', 'Export:ParentUnit', 28),
    column('roles', 'Roles', 24),
    column('userCount', 'Export:MemberCount', 12),
    creationTime,
    column('id', 'Export:Id', 38),
  ],
  from: (tenantId, filter) => sql`from ${organizationUnits} where ${unitListFilter(tenantId, filter)}`,
  query(tenantId, filter) {
    return listQuery(
      [
        ['displayName', organizationUnits.displayName],
        ['code', organizationUnits.code],
        [
          'parent',
          sql`(select p.display_name from organization_units p where p.id = ${organizationUnits.parentId} and p.is_deleted = false)`,
        ],
        [
          'roles',
          sql`coalesce((select string_agg(r.name, ';' order by r.name) from organization_unit_roles our join roles r on r.id = our.role_id
               where our.organization_unit_id = ${organizationUnits.id}), '')`,
        ],
        ['userCount', unitUserCount],
        ['creationTime', utcText(organizationUnits.creationTime)],
        ['id', organizationUnits.id],
      ],
      this.from(tenantId, filter),
      unitListOrder(filter.sorting),
    );
  },
  toRow: (raw) => ({ ...(raw as Record<string, string>), userCount: Number(raw.userCount) }),
});

export const securityLogListExport: ListExport<SecurityLogFilter> = registerListExport<SecurityLogFilter>({
  kind: 'SecurityLogs',
  sheetName: 'SecurityLogs',
  permissions: ['AbpIdentity.SecurityLogs'],
  columns: [
    column('creationTime', 'Export:Time', 20),
    column('action', 'Export:Action', 24),
    column('userName', 'DisplayName:UserName', 20),
    column('identity', 'Export:Identity', 20),
    column('applicationName', 'Export:ApplicationName', 20),
    column('clientId', 'Export:ClientId', 18),
    column('clientIpAddress', 'Export:ClientIpAddress', 18),
    column('browserInfo', 'Export:BrowserInfo', 40),
    column('correlationId', 'Export:CorrelationId', 34),
    column('id', 'Export:Id', 38),
  ],
  from: (tenantId, filter) => sql`from ${securityLogs} where ${securityLogListFilter({ tenantId }, filter)}`,
  query(tenantId, filter) {
    return listQuery(
      [
        ['creationTime', utcText(securityLogs.creationTime)],
        ['action', securityLogs.action],
        ['userName', securityLogs.userName],
        ['identity', securityLogs.identity],
        ['applicationName', securityLogs.applicationName],
        ['clientId', securityLogs.clientId],
        ['clientIpAddress', securityLogs.clientIpAddress],
        ['browserInfo', securityLogs.browserInfo],
        ['correlationId', securityLogs.correlationId],
        ['id', securityLogs.id],
      ],
      this.from(tenantId, filter),
      securityLogListOrder(filter.sorting),
    );
  },
});

export const sessionListExport: ListExport<SessionFilter> = registerListExport<SessionFilter>({
  kind: 'Sessions',
  sheetName: 'Sessions',
  permissions: ['AbpIdentity.Sessions'],
  columns: [
    column('userName', 'DisplayName:UserName', 20),
    column('device', 'Export:Device', 14),
    column('deviceInfo', 'Export:DeviceInfo', 40),
    column('clientId', 'Export:ClientId', 18),
    column('ipAddresses', 'Export:IpAddresses', 24),
    column('signedIn', 'Export:SignedIn', 20),
    column('lastAccessed', 'Export:LastAccessed', 20),
    column('sessionId', 'Export:SessionId', 38),
  ],
  // The session list reads its sessions joined with their users (it sorts by user name too).
  from: (tenantId, filter) =>
    sql`from ${identitySessions} inner join ${users} on ${users.id} = ${identitySessions.userId} where ${sessionListFilter(tenantId, filter)}`,
  query(tenantId, filter) {
    return listQuery(
      [
        ['userName', users.userName],
        ['device', identitySessions.device],
        ['deviceInfo', identitySessions.deviceInfo],
        ['clientId', identitySessions.clientId],
        ['ipAddresses', sql`regexp_replace(coalesce(${identitySessions.ipAddresses}, ''), ' *, *', ';', 'g')`],
        ['signedIn', utcText(identitySessions.signedIn)],
        ['lastAccessed', utcText(identitySessions.lastAccessed)],
        ['sessionId', identitySessions.sessionId],
      ],
      this.from(tenantId, filter),
      sessionListOrder(filter.sorting),
    );
  },
});
