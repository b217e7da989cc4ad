// The real server process (node server/main.ts) on a database of its own, on a free loopback port,
// for tests of what only the process does (signals, shutdown, crashes). PGlite in a data directory
// by default; with `postgres: true` and TEST_DATABASE_URL set, a PostgreSQL database of its own
// (DATABASE_URL), dropped by remove(). Starts from the template prepared by global-setup.ts when it
// ran; `reuse` restarts on the data of an earlier process (after a kill). Resolves once the server
// says it is running.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, testSecretsKey } from './test-server.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  port: number;
  /** http://127.0.0.1:<port> */
  base: string;
  dataDir: string;
  /** The PostgreSQL database's URL (undefined on PGlite). */
  databaseUrl: string | undefined;
  /** The exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Sends SIGTERM (a graceful shutdown). */
  terminate(): void;
  /** Sends SIGKILL (a crash: nothing in the process runs any more). */
  kill(): void;
  /** Kills the process if it still runs, deletes its data directory and drops its database. */
  remove(): Promise<void>;
}

export interface ServerProcessOptions {
  /** On PostgreSQL (DATABASE_URL) when TEST_DATABASE_URL is set; PGlite otherwise. */
  postgres?: boolean;
  /** Restart on the data directory and database of this earlier process. */
  reuse?: Pick<ServerProcess, 'dataDir' | 'databaseUrl'>;
}

/** A database of its own on the TEST_DATABASE_URL server, from the template when there is one. */
async function createProcessDatabase(baseUrl: string): Promise<string> {
  const name = `process_${crypto.randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const template = process.env.TEST_TEMPLATE_DATABASE;
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropProcessDatabase(databaseUrl: string): Promise<void> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return;
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

export async function startServerProcess(env: Record<string, string> = {}, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const baseUrl = options.postgres ? process.env.TEST_DATABASE_URL : undefined;
  let dataDir: string;
  let databaseUrl: string | undefined;
  if (options.reuse) {
    ({ dataDir, databaseUrl } = options.reuse);
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-process-'));
    const template = process.env.TEST_TEMPLATE_DATA_DIR;
    if (baseUrl) databaseUrl = await createProcessDatabase(baseUrl);
    else if (template) fs.cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  }
  const port = await freePort();
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SECRETS_KEY: testSecretsKey,
      LOG_LEVEL: 'warn',
      SERVE_SPA: 'false',
      TEST_DATABASE_URL: '',
      DATABASE_URL: databaseUrl ?? '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const remove = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropProcessDatabase(databaseUrl);
  };
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  // Up to a minute (migrations on a fresh directory when there is no template); an early exit fails at once.
  const started = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 60_000);
    const done = (value: boolean) => {
      clearTimeout(timer);
      resolve(value);
    };
    child.stdout.on('data', () => {
      if (output.includes('is running at')) done(true);
    });
    void exited.then(() => done(false));
  });
  if (!started) {
    await remove();
    throw new Error(`the server process did not start:\n${output}`);
  }
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    dataDir,
    databaseUrl,
    exited,
    terminate: () => child.kill('SIGTERM'),
    kill: () => child.kill('SIGKILL'),
    remove,
  };
}
