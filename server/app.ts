// Builds the whole server: external plugins (security headers, CORS, rate limit, cookies, static
// files), then the app's context and request pipeline (culture, caller, tenant, access), then the
// identity server and the route modules. Used by main.ts, the tests and the benchmarks alike.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { registerAuditCapture } from './audit/capture.ts';
import { createAuditService } from './audit/index.ts';
import { auditOptionsFrom } from './audit/options.ts';
import { createCacheBus } from './cache.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type Database, openDatabase } from './db/client.ts';
import { notFound } from './errors.ts';
import { createIdentityServer } from './identity-server/index.ts';
import { createMailer } from './mail.ts';
import { createFeatureChecker } from './modules/feature-management/checker.ts';
import { guardDecimalText } from './modules/ledger/decimal-text.ts';
import { startDatabaseMaintenanceJob } from './jobs/database-maintenance.ts';
import { routeModules } from './modules/index.ts';
import { createPermissionChecker } from './modules/permission-management/checker.ts';
import { createTenantStore } from './modules/saas/tenant-store.ts';
import { createSecurityLogWriter } from './modules/identity/security-log.ts';
import { createSettingProvider } from './modules/setting-management/store.ts';
import { frameworkErrorHandler, registerErrorHandler, sendAppError } from './plugins/error-handler.ts';
import { registerRequestContext } from './plugins/request-context.ts';
import { registerResponseSerializer } from './plugins/response-serializer.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { createSecrets } from './secrets.ts';

export type App = FastifyInstance;

// SPA_DIST_DIR lets parallel work build and serve its own copy of the SPA (vite build --outDir).
export const distDir = process.env.SPA_DIST_DIR
  ? path.resolve(process.env.SPA_DIST_DIR)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

export interface BuiltApp {
  app: App;
  ctx: AppContext;
  /** Every route as registered (the route-table test checks each one's access and schemas). */
  routes: RouteOptions[];
  close(): Promise<void>;
}

export async function buildApp(options: {
  config: Config;
  database?: Database;
  logger?: FastifyServerOptions['logger'];
}): Promise<BuiltApp> {
  const { config } = options;
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await database.migrate();

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-correlation-id',
    genReqId: () => crypto.randomUUID().replaceAll('-', ''),
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false, maxParamLength: 256 },
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerResponseSerializer(app);
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route as RouteOptions);
  });
  // Amounts and rates are text on the wire: a JSON number there is refused, not coerced.
  app.addHook('onRoute', guardDecimalText);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, config);
  // Without allowed origins CORS is off: @fastify/cors with `origin: false` adds no header and
  // answers a preflight with the not-found handler, which is what an unregistered plugin gives too
  // without its per-request hook (issue 16).
  if (config.corsOrigins.length)
    await app.register(cors, {
      origin: config.corsOrigins,
      credentials: true,
      exposedHeaders: ['_AbpErrorFormat', 'Abp-Tenant-Resolve-Error', 'X-Correlation-Id', 'Content-Disposition'],
    });
  await app.register(rateLimit, { global: false });
  await app.register(cookie);
  // Answers over 1 KB (JSON, login pages) are compressed on the fly, brotli at a low quality (level 11
  // is for build time). Level 2: a page of 9 users (7.8 KB) compresses to 1,349 bytes in 24 µs against
  // 1,299 bytes in 35 µs at level 3 and 1,376 in 37 µs with gzip -6; 50 users (43 KB) 5,074 bytes in
  // 104 µs against 5,041 in 201 µs (best of 15 rounds each, issue 16; level 3's hash table, zeroed
  // for every answer, was most of its cost). The SPA's files
  // are compressed at build time (vite.config.ts) and served pre-compressed by the static plugin.
  // Request bodies are never inflated: nothing needs it, and an inflated body would escape bodyLimit.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Finance Admin API', version: '1.0.0', description: 'ABP-compatible HTTP API' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    hideUntagged: false,
  });

  const secrets = createSecrets(config);
  const cache = await createCacheBus(database, app.log);
  const ctx = { config, database, db: database.db, secrets, log: app.log, cache, mailer: createMailer(config) } as AppContext;
  ctx.tenants = createTenantStore(ctx);
  ctx.permissions = createPermissionChecker(ctx);
  ctx.features = createFeatureChecker(ctx);
  ctx.settings = createSettingProvider(ctx);
  ctx.securityLog = createSecurityLogWriter(ctx);
  ctx.audit = createAuditService(ctx, auditOptionsFrom(config));
  const identityServer = await createIdentityServer(ctx);
  ctx.tokens = identityServer.tokens;

  // Set as the request arrives (a synchronous hook, no promise per request); an error answer sets
  // it again (sendAppError), a hijacked one copies the reply's headers (identity server).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Correlation-Id', request.id);
    done();
  });
  // Before the request context: the audit scope must wrap the caller/tenant/access checks too.
  registerAuditCapture(app, ctx);
  registerRequestContext(app, ctx);
  await app.register(identityServer.plugin);
  for (const module of routeModules) await app.register((instance) => module(instance, ctx));

  const spaIndex = path.join(distDir, 'index.html');
  const serveSpa = config.serveSpa && fs.existsSync(spaIndex);
  if (serveSpa) {
    // Hashed build assets never change under their name: cached for a year. Anything else (the entry
    // page, unhashed files) is revalidated on every use with its ETag.
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const hashed = path.relative(distDir, filePath).startsWith(`assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler({}, (request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && request.headers.accept?.includes('text/html');
    if (serveSpa && wantsPage) return reply.sendFile('index.html');
    return sendAppError(request, reply, notFound('Route', `${request.method} ${request.url.split('?')[0]}`));
  });

  const maintenance = startDatabaseMaintenanceJob(ctx);
  await app.ready();
  return {
    app,
    ctx,
    routes,
    async close() {
      await app.close();
      // Requests have finished: write the audit logs still queued before the database closes.
      await ctx.audit.close();
      await identityServer.close();
      await maintenance.stop();
      if (!options.database) await database.close();
    },
  };
}
