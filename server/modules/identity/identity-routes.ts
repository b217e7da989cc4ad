// The identity module's HTTP surface: users, user lookup and roles (one route module in server/modules/index.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { roleRoutes } from './role-routes.ts';
import { userLookupRoutes } from './user-lookup-routes.ts';
import { userRoutes } from './user-routes.ts';

export async function identityRoutes(app: FastifyInstance, ctx: AppContext) {
  await userLookupRoutes(app, ctx);
  await userRoutes(app, ctx);
  await roleRoutes(app, ctx);
}
