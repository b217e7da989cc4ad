// Start-up time: `node server/main.ts` on a fresh data directory (initdb, migrations, signing keys,
// seed) and again on the same, now existing, directory. Prints wall-clock seconds until the server
// answers /health/ready, and the peak resident memory reported by the kernel afterwards.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startOnce(dataDir: string): Promise<{ seconds: number; peakRssMiB: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SERVE_SPA: 'false', HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const peakKiB = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { seconds, peakRssMiB: peakKiB / 1024 };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function startupBenchmark(): Promise<Array<Record<string, string>>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-bench-startup-'));
  try {
    const fresh = await startOnce(dataDir);
    const again = await startOnce(dataDir);
    return [
      { case: 'fresh data directory', seconds: fresh.seconds.toFixed(2), 'peak RSS MiB': fresh.peakRssMiB.toFixed(0) },
      { case: 'existing data directory', seconds: again.seconds.toFixed(2), 'peak RSS MiB': again.peakRssMiB.toFixed(0) },
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) console.table(await startupBenchmark());
