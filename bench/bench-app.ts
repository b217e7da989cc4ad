// The real app of a benchmark, in this process: a free port of 127.0.0.1, silent, no SPA, a fixed
// secrets key, its data in `dataDir`, on PGlite or on the PostgreSQL database `databaseUrl` (created
// when missing); migrated and seeded. The server modules load on first use (dynamic imports), so a
// benchmark that never starts the app does not pay for them.
import type { BuiltApp } from '../server/app.ts';
import type { Config } from '../server/config.ts';

export interface BenchApp {
  built: BuiltApp;
  config: Config;
  /** Listens on the app's port and signs in acme's admin: the app's URL and that token. */
  listen(): Promise<{ url: string; token: string }>;
}

/** Builds and seeds the app; a benchmark may add its own fixture before `listen()`. The caller closes `built`. */
export async function startBenchApp(options: { dataDir: string; databaseUrl?: string }): Promise<BenchApp> {
  const { databaseUrl } = options;
  if (databaseUrl) await (await import('./audit-logs.ts')).ensurePostgresDatabase(databaseUrl);
  const { freePort } = await import('../tests/kit/test-server.ts');
  const { buildApp } = await import('../server/app.ts');
  const { loadConfig } = await import('../server/config.ts');
  const { seed } = await import('../server/db/seed/index.ts');
  const port = await freePort();
  const config = loadConfig(
    {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}/`,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'silent',
      SERVE_SPA: 'false',
      SECRETS_KEY: Buffer.alloc(32, 9).toString('base64'),
    },
    { databaseUrl },
  );
  const built = await buildApp({ config, logger: false });
  try {
    await seed(built.ctx);
  } catch (error) {
    await built.close();
    throw error;
  }
  return {
    built,
    config,
    async listen() {
      await built.app.listen({ port, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${port}`;
      const { passwordToken } = await import('../tests/kit/auth.ts');
      const { adminPassword } = await import('../server/db/seed/identity.ts');
      const { access_token: token } = await passwordToken({ url, config }, { userName: 'admin', password: adminPassword, tenant: 'acme' });
      return { url, token };
    },
  };
}
