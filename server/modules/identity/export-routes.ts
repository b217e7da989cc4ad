// Exports of the identity lists (our extension; contract/exports.ts holds the wire shape, the same
// for every list): GET /api/identity/{users|roles|claim-types|organization-units|security-logs|
// sessions}/export?format=csv|xlsx&<the list's filters and sorting>. Rules:
// - access: the list's read permission; users also need AbpIdentity.Users.Export (ABP's own export
//   permission), which ABP's download-token calls (user-transfer-routes.ts) need as well;
// - the rows are the list's own (list-exports.ts), in the caller's tenant; a static path wins over
//   the list's /{id} route.
import type { FastifyInstance } from 'fastify';
import { exportQuery } from '../../../contract/exports.ts';
import { GetIdentityClaimTypesInput } from '../../../contract/identity-claims.ts';
import { GetOrganizationUnitInput } from '../../../contract/identity-organization.ts';
import { GetIdentityRolesInput, GetIdentityUsersInput } from '../../../contract/identity.ts';
import { GetIdentitySecurityLogListInput, GetIdentitySessionListInput } from '../../../contract/identity-users.ts';
import type { AppContext } from '../../context.ts';
import { exportRoute } from '../export/routes.ts';
import {
  claimTypeListExport,
  organizationUnitListExport,
  roleListExport,
  securityLogListExport,
  sessionListExport,
  userListExport,
} from './list-exports.ts';

const tags = ['Identity'];

export async function identityExportRoutes(app: FastifyInstance, ctx: AppContext) {
  const base = '/api/identity';
  exportRoute(app, ctx, { url: `${base}/users/export`, tags, querystring: exportQuery(GetIdentityUsersInput), definition: userListExport });
  exportRoute(app, ctx, { url: `${base}/roles/export`, tags, querystring: exportQuery(GetIdentityRolesInput), definition: roleListExport });
  exportRoute(app, ctx, {
    url: `${base}/claim-types/export`,
    tags,
    querystring: exportQuery(GetIdentityClaimTypesInput),
    definition: claimTypeListExport,
  });
  exportRoute(app, ctx, {
    url: `${base}/organization-units/export`,
    tags,
    querystring: exportQuery(GetOrganizationUnitInput),
    definition: organizationUnitListExport,
  });
  exportRoute(app, ctx, {
    url: `${base}/security-logs/export`,
    tags,
    querystring: exportQuery(GetIdentitySecurityLogListInput),
    definition: securityLogListExport,
  });
  exportRoute(app, ctx, {
    url: `${base}/sessions/export`,
    tags,
    querystring: exportQuery(GetIdentitySessionListInput),
    definition: sessionListExport,
  });
}
