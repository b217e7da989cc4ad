// Liveness and readiness for load balancers: readiness runs one query so a down database shows.
import { Type } from 'typebox';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  const status = Type.Object({ status: Type.String() });
  app.get('/health/live', { schema: { hide: true, response: { 200: status } }, config: { auth: { anonymous: true } } }, async () => ({
    status: 'ok',
  }));
  app.get('/health/ready', { schema: { hide: true, response: { 200: status } }, config: { auth: { anonymous: true } } }, async () => {
    await ctx.db.execute(sql`select 1`);
    return { status: 'ok' };
  });
}
