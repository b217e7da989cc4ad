// The PostgreSQL server of `npm test` (scripts/test-postgres.sh) on a used machine: another
// PostgreSQL already running (here, a first server of the script itself, the way Debian's cluster or
// an earlier run would be), a port taken by something else, and a stale directory of a killed run.
// Each start must still give a working server of its own, leave the others untouched, and remove
// only what is dead. Needs PostgreSQL's binaries (npm test installs them) and, as root, runuser.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '../../scripts/test-postgres.sh');
const installed = fs.existsSync('/usr/lib/postgresql') && fs.readdirSync('/usr/lib/postgresql').length > 0;

interface Started {
  dir: string;
  url: string;
}

const started: Started[] = [];
function start(): Started {
  const output = execFileSync('bash', [script, 'start'], { encoding: 'utf8' });
  const value = (name: string) => output.match(new RegExp(`^${name}=(.*)$`, 'm'))?.[1] ?? '';
  const server = { dir: value('DIR'), url: value('URL') };
  started.push(server);
  return server;
}
const stop = (server: Started) => execFileSync('bash', [script, 'stop', server.dir]);

async function answer(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ name: string }>('select current_database() as name');
    return result.rows[0]!.name;
  } finally {
    await client.end();
  }
}

afterAll(() => {
  for (const server of started) stop(server);
});

describe.skipIf(!installed)('the test run PostgreSQL server', () => {
  it('starts beside a running PostgreSQL, a busy port and a stale run, and cleans only the stale run', async () => {
    const running = start();
    await expect(answer(running.url)).resolves.toBe('postgres');

    const busy = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => busy.once('listening', resolve));
    const stale = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-test-pg.'));
    fs.mkdirSync(path.join(stale, 'data'));
    fs.writeFileSync(path.join(stale, 'data/postmaster.pid'), '2147483646\n');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(stale, anHourAgo, anHourAgo);
    try {
      const second = start();
      expect(second.url).not.toBe(running.url);
      expect(second.dir).not.toBe(running.dir);
      await expect(answer(second.url)).resolves.toBe('postgres');
      await expect(answer(running.url)).resolves.toBe('postgres');
      expect(fs.existsSync(stale)).toBe(false);

      stop(second);
      expect(fs.existsSync(second.dir)).toBe(false);
      await expect(answer(second.url)).rejects.toThrow();
      await expect(answer(running.url)).resolves.toBe('postgres');
    } finally {
      busy.close();
      fs.rmSync(stale, { recursive: true, force: true });
    }
  });
});
