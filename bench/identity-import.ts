// Users import at scale: POST /api/identity/users/import-users-from-file with a file of N rows
// (default 10,000; 1% of them bad, so the invalid-rows file is written too) to the real app in this
// process, on PGlite in a temporary directory or on PostgreSQL (--db postgres, BENCH_IMPORT_DATABASE_URL,
// default postgres://postgres:postgres@127.0.0.1:5432/bench_identity_import, created when missing).
// Prints the wall-clock time, rows per second, and the peak resident memory of the process (server
// and client together) sampled every 20 ms, above the level before the upload. No assertions.
//   node bench/identity-import.ts [--rows 10000] [--format csv|xlsx] [--db pglite|postgres]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBenchApp } from './bench-app.ts';

export interface ImportBenchOptions {
  rows: number;
  format: 'csv' | 'xlsx';
  db: 'pglite' | 'postgres';
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function fileOf(rows: number, format: 'csv' | 'xlsx', prefix: string): Promise<Buffer> {
  const header = ['UserName', 'EmailAddress', 'Name', 'Surname', 'PhoneNumber', 'Password', 'AssignedRoleNames'];
  const records = [header];
  for (let i = 0; i < rows; i++) {
    // Every hundredth row breaks the password policy: it fails and goes to the invalid-rows file.
    records.push([
      `${prefix}.${i}`,
      `${prefix}.${i}@bench.example`,
      `Name${i}`,
      `Surname${i}`,
      '',
      i % 100 === 99 ? 'weak' : 'Bench!Pass1',
      '',
    ]);
  }
  if (format === 'csv') return Buffer.from(records.map((r) => r.join(',')).join('\r\n'));
  const XLSX = await import('@e965/xlsx');
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(records), 'Users');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

export async function runImportBenchmark(options: ImportBenchOptions): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-bench-import-'));
  const databaseUrl =
    options.db === 'postgres'
      ? (process.env.BENCH_IMPORT_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/bench_identity_import')
      : undefined;
  const { built, listen } = await startBenchApp({ dataDir, databaseUrl });
  try {
    const { url, token } = await listen();
    const file = await fileOf(options.rows, options.format, `bench${Date.now().toString(36)}`);
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const response = await fetch(`${url}/api/identity/users/import-users-from-file?fileType=${options.format === 'csv' ? 2 : 1}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(file),
      signal: AbortSignal.timeout(3_600_000),
    });
    const result = (await response.json()) as { allCount: number; succeededCount: number; failedCount: number };
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    return [
      `#### Users import: ${options.rows.toLocaleString('en')} rows, ${options.format.toUpperCase()} (${(file.length / 1024 / 1024).toFixed(2)} MiB), ${options.db === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
      '',
      '| status | created | failed | seconds | rows/s | peak RSS MiB | above baseline MiB |',
      '| ------ | ------- | ------ | ------- | ------ | ------------ | ------------------ |',
      `| ${response.status} | ${result.succeededCount} | ${result.failedCount} | ${seconds.toFixed(1)} | ${(options.rows / seconds).toFixed(0)} | ${mib(peak)} | ${mib(peak - baseline)} |`,
      '',
    ].join('\n');
  } finally {
    await built.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const options: ImportBenchOptions = {
    rows: Number(argument('rows') ?? 10_000),
    format: argument('format') === 'xlsx' ? 'xlsx' : 'csv',
    db: argument('db') === 'postgres' ? 'postgres' : 'pglite',
  };
  console.log(
    `Node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  console.log(await runImportBenchmark(options));
}
