// The real server process (node server/main.ts) on PGlite in a data directory of its own, on a free
// loopback port, for tests of what only the process does (signals, shutdown). Starts from the
// template prepared by global-setup.ts when it ran; resolves once the server says it is running.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, testSecretsKey } from './test-server.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  port: number;
  /** http://127.0.0.1:<port> */
  base: string;
  dataDir: string;
  /** The exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Sends SIGTERM (a graceful shutdown). */
  terminate(): void;
  /** Kills the process if it still runs and deletes its data directory. */
  remove(): void;
}

export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-process-'));
  const template = process.env.TEST_TEMPLATE_DATA_DIR;
  if (template) fs.cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const remove = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
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
    remove();
    throw new Error(`the server process did not start:\n${output}`);
  }
  return { port, base: `http://127.0.0.1:${port}`, dataDir, exited, terminate: () => child.kill('SIGTERM'), remove };
}
