// Runs once per `vitest run` for the server and e2e projects: prepares a migrated, seeded template
// database so each test server starts from a copy (a PGlite directory copy, or PostgreSQL's
// CREATE DATABASE … TEMPLATE) instead of paying for initdb, migrations and password hashing again.
// The server and e2e projects both name this setup; in one `vitest run` the second finds the
// template the first made (the environment of the main process) and reuses it: one per run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { seed } from '../../server/db/seed/index.ts';
import { testSecretsKey } from './test-server.ts';

export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.TEST_TEMPLATE_DATA_DIR && fs.existsSync(process.env.TEST_TEMPLATE_DATA_DIR)) return async () => {};
  const pgUrl = process.env.TEST_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-template-'));
  let templateDb: string | undefined;
  let databaseUrl: string | undefined;
  if (pgUrl) {
    templateDb = `test_template_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${templateDb}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${templateDb}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SERVE_SPA: 'false', PUBLIC_URL: 'http://127.0.0.1:1/' },
    { databaseUrl, secretsKey: testSecretsKey },
  );
  const built = await buildApp({ config, logger: false });
  await seed(built.ctx);
  await built.close();
  process.env.TEST_TEMPLATE_DATA_DIR = dataDir;
  if (templateDb) process.env.TEST_TEMPLATE_DATABASE = templateDb;
  return async () => {
    delete process.env.TEST_TEMPLATE_DATA_DIR;
    delete process.env.TEST_TEMPLATE_DATABASE;
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (pgUrl && templateDb) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${templateDb} with (force)`);
      await admin.end();
    }
  };
}
