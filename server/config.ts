// Configuration comes from the environment only; every value has a default that runs the product
// on one machine with the embedded database. See README "Configuration".
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** The public URL of the server; the OIDC issuer is this URL and always ends with '/'. */
  issuer: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** base64 of 32 bytes; when absent a key file in dataDir (or SECRETS_KEY_FILE) is used or created. */
  secretsKey: string | undefined;
  secretsKeyFile: string;
  /** SMTP connection URL (smtp://user:pass@host:587); when absent mail goes to dataDir/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Name of the product's API scope and permission prefix. */
  appName: string;
  /** Client id of the product's own SPA. */
  spaClientId: string;
  /** Extra origins allowed by CORS (comma-separated), for an SPA served elsewhere. */
  corsOrigins: string[];
  seedDemoData: boolean;
  logLevel: string;
  /** Serve the built SPA from dist/ (off in server tests). */
  serveSpa: boolean;
  trustProxy: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT ?? 44300);
  const dataDir = path.resolve(env.DATA_DIR ?? '.data');
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}/`;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    issuer: publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    secretsKey: env.SECRETS_KEY || undefined,
    secretsKeyFile: path.resolve(env.SECRETS_KEY_FILE ?? path.join(dataDir, 'secrets.key')),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Finance Admin <no-reply@localhost>',
    appName: 'Finance',
    spaClientId: env.SPA_CLIENT_ID ?? 'Finance_App',
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    serveSpa: env.SERVE_SPA !== 'false',
    trustProxy: env.TRUST_PROXY === 'true',
    ...overrides,
  };
}
