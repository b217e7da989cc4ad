// The route modules, registered in this order after the request pipeline. Each module's routes
// declare their schemas and their access (permission, authenticated or anonymous).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { healthRoutes } from './abp/health-routes.ts';
import { platformRoutes } from './abp/platform-routes.ts';
import { accountRoutes } from './account/account-routes.ts';
import { accountSessionRoutes } from './account/session-routes.ts';
import { auditLoggingRoutes } from './audit-logging/audit-logging-routes.ts';
import { exportJobRoutes } from './export/routes.ts';
import { identityRoutes } from './identity/identity-routes.ts';
import { lookupRoutes } from './lookups/lookup-routes.ts';
import { ledgerRoutes } from './ledger/routes.ts';
import { financeReferenceRoutes } from './finance-reference/routes.ts';
import { kernelRoutes } from './kernel/routes.ts';
import { inventoryRoutes } from './inventory/routes.ts';
import { openIddictRoutes } from './openiddict/openiddict-routes.ts';
import { developerDocsRoutes } from './developer-docs/routes.ts';
import { languageManagementRoutes } from './language-management/routes.ts';
import { textTemplateRoutes } from './text-templates/routes.ts';

export type RouteModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

export const routeModules: RouteModule[] = [
  healthRoutes,
  identityRoutes,
  platformRoutes,
  accountRoutes,
  accountSessionRoutes,
  auditLoggingRoutes,
  exportJobRoutes,
  lookupRoutes,
  ledgerRoutes,
  financeReferenceRoutes,
  kernelRoutes,
  inventoryRoutes,
  openIddictRoutes,
  developerDocsRoutes,
  languageManagementRoutes,
  textTemplateRoutes,
];
