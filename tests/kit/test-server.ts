// A real server on a real, migrated and seeded database of its own, listening on a free loopback
// port. PGlite in a temporary directory by default; PostgreSQL when TEST_DATABASE_URL is set (each
// server gets its own database, dropped afterwards). Both start from the template prepared by
// global-setup.ts when it ran; seeding runs again regardless (it is idempotent and cheap then).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type BuiltApp, buildApp } from '../../server/app.ts';
import { type Config, loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { passwordToken } from './auth.ts';
import { seed } from '../../server/db/seed/index.ts';

export interface TestServer extends BuiltApp {
  url: string;
  config: Config;
  stop(): Promise<void>;
}

export const databaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** Fixed in tests so the template database's sealed secrets (signing keys) open in every copy. */
export const testSecretsKey = Buffer.alloc(32, 7).toString('base64');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${crypto.randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const template = process.env.TEST_TEMPLATE_DATABASE;
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-test-'));
  const template = process.env.TEST_TEMPLATE_DATA_DIR;
  if (template && !process.env.TEST_DATABASE_URL)
    fs.cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  const pgDatabase = process.env.TEST_DATABASE_URL ? await createPostgresDatabase(process.env.TEST_DATABASE_URL) : undefined;
  const config = loadConfig(
    { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}/`, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SERVE_SPA: 'false' },
    { databaseUrl: pgDatabase?.url, secretsKey: testSecretsKey, ...overrides },
  );
  const built = await buildApp({ config, logger: process.env.TEST_LOG ? { level: 'debug' } : false });
  await seed(built.ctx);
  await built.app.listen({ port, host: '127.0.0.1' });
  return {
    ...built,
    url: `http://127.0.0.1:${port}`,
    config,
    async stop() {
      await built.close();
      await pgDatabase?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second instance of a PostgreSQL test server: same database, secrets and public URL, its own
 * pool and notification listener (as a second process behind a load balancer). Its notifications
 * can be handed to it late (notificationDelayMs), as on a busy machine, so a test shows that the
 * next request does not depend on when a notification arrives.
 */
export async function startSecondInstance(
  first: TestServer,
  options: { notificationDelayMs?: number } = {},
): Promise<BuiltApp & { url: string }> {
  const database = await openDatabase({ databaseUrl: first.config.databaseUrl, dataDir: first.config.dataDir });
  const delay = options.notificationDelayMs ?? 0;
  if (delay > 0) {
    const listen = database.listen.bind(database);
    database.listen = (channel, onMessage) => listen(channel, (payload) => void setTimeout(() => onMessage(payload), delay));
  }
  const built = await buildApp({ config: { ...first.config }, database, logger: false });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  return {
    ...built,
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    async close() {
      await built.close();
      await database.close();
    },
  };
}

/**
 * A PostgreSQL test server and a second instance of it (startSecondInstance), started before the
 * file's tests and stopped after them, with the host admin's access token; nothing on PGlite (one
 * process), where the file's suites are skipped. Read the fields inside tests, once started.
 */
export function twoInstances(options: { notificationDelayMs?: number } = {}) {
  const pair = {} as { first: TestServer; second: Awaited<ReturnType<typeof startSecondInstance>>; admin: string };
  beforeAll(async () => {
    if (databaseKind !== 'postgres') return;
    pair.first = await startTestServer();
    pair.second = await startSecondInstance(pair.first, options);
    pair.admin = (await passwordToken(pair.first, { userName: 'admin', password: '1q2w3E*' })).access_token;
  });
  afterAll(async () => {
    await pair.second?.close();
    await pair.first?.stop();
  });
  return pair;
}
