// The platform route modules (application configuration and localization, tenant lookup,
// permission, feature and setting management), registered as one entry of server/modules/index.ts so that
// file stays a short list shared with the other modules.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { featureManagementRoutes } from '../feature-management/routes.ts';
import { permissionManagementRoutes } from '../permission-management/routes.ts';
import { tenantLookupRoutes } from '../saas/tenant-lookup-routes.ts';
import { settingManagementRoutes } from '../setting-management/routes.ts';
import { applicationConfigurationRoutes } from './application-configuration-routes.ts';

export async function platformRoutes(app: FastifyInstance, ctx: AppContext) {
  await applicationConfigurationRoutes(app, ctx);
  await tenantLookupRoutes(app, ctx);
  await permissionManagementRoutes(app, ctx);
  await featureManagementRoutes(app, ctx);
  await settingManagementRoutes(app, ctx);
}
