// Starts the product: migrates and seeds the database, listens, prints where to sign in, and on
// SIGTERM/SIGINT stops accepting connections, lets requests in flight finish, then closes.
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { demoCredentials, seed } from './db/seed/index.ts';

const startedAt = performance.now();
const config = loadConfig();
const { app, ctx, close } = await buildApp({ config });
await seed(ctx);
await app.listen({ port: config.port, host: config.host });

const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);
const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
process.stdout.write(
  [
    '',
    `  Finance Admin is running at ${config.issuer}  (started in ${seconds} s, ${database})`,
    `  Sign in as host admin:   user name '${demoCredentials.userName}', password '${demoCredentials.password}'`,
    config.seedDemoData
      ? `  Sign in as tenant admin: tenant '${demoCredentials.tenant}', user name '${demoCredentials.userName}', password '${demoCredentials.password}'`
      : '',
    '',
  ].join('\n'),
);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
