// The identity module's HTTP surface: users, user lookup and roles (one route module in server/modules/index.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { claimTypeRoutes } from './claim-type-routes.ts';
import { identityExportRoutes } from './export-routes.ts';
import { organizationUnitRoutes } from './organization-unit-routes.ts';
import { roleRelationRoutes } from './role-relations-routes.ts';
import { roleRoutes } from './role-routes.ts';
import { userLookupRoutes } from './user-lookup-routes.ts';
import { userRelationRoutes } from './user-relations-routes.ts';
import { userRoutes } from './user-routes.ts';
import { securityLogRoutes } from './security-log-routes.ts';
import { sessionAdminRoutes } from './session-routes.ts';
import { userBulkRoutes } from './user-bulk-routes.ts';
import { userStateRoutes } from './user-state-routes.ts';
import { userTransferRoutes } from './user-transfer-routes.ts';

export async function identityRoutes(app: FastifyInstance, ctx: AppContext) {
  await userLookupRoutes(app, ctx);
  await userRoutes(app, ctx);
  await roleRoutes(app, ctx);
  await userRelationRoutes(app, ctx);
  await roleRelationRoutes(app, ctx);
  await organizationUnitRoutes(app, ctx);
  await claimTypeRoutes(app, ctx);
  await userStateRoutes(app, ctx);
  await userBulkRoutes(app, ctx);
  // Its own plugin: the import's file content types are parsed as bytes there only.
  await app.register((instance) => userTransferRoutes(instance, ctx));
  await securityLogRoutes(app, ctx);
  await sessionAdminRoutes(app, ctx);
  await identityExportRoutes(app, ctx);
}
