// `npm run bench`: every benchmark, one table each. Figures, never pass/fail: see bench/README.md.
import { startupBenchmark } from './startup.ts';

console.log(`Node ${process.version}, ${(await import('node:os')).cpus().length} cores`);
console.log('\nStart-up (PGlite, demo seed)');
console.table(await startupBenchmark());

// Audit logs at scale: PGlite always (BENCH_AUDIT_ROWS, default 1,000,000; the data directory is kept
// between runs), PostgreSQL when BENCH_DATABASE_URL is set. Markdown tables; see bench/README.md.
const { runBenchmark: auditLogsBenchmark } = await import('./audit-logs.ts');
const auditRows = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
console.log(`\nAudit logs\n`);
console.log(await auditLogsBenchmark({ db: 'pglite', rows: auditRows, samples: 25 }));
if (process.env.BENCH_DATABASE_URL) console.log(await auditLogsBenchmark({ db: 'postgres', rows: auditRows, samples: 25 }));

// Auditing overhead per request and list throughput versus bare Fastify (PGlite; PostgreSQL too when
// BENCH_DATABASE_URL is set, in its own bench_overhead database). See bench/README.md.
const { runOverheadBenchmark } = await import('./audit-overhead.ts');
console.log(await runOverheadBenchmark({ db: 'pglite', requests: 400, seconds: 8, concurrency: 16 }));
if (process.env.BENCH_DATABASE_URL) console.log(await runOverheadBenchmark({ db: 'postgres', requests: 400, seconds: 8, concurrency: 16 }));

// Users import: 10,000 CSV rows (1% bad) through import-users-from-file, PGlite; PostgreSQL too when
// BENCH_DATABASE_URL is set (in its own bench_identity_import database). See bench/README.md.
const { runImportBenchmark } = await import('./identity-import.ts');
console.log(await runImportBenchmark({ rows: 10_000, format: 'csv', db: 'pglite' }));
if (process.env.BENCH_DATABASE_URL) console.log(await runImportBenchmark({ rows: 10_000, format: 'csv', db: 'postgres' }));

// First load in headless Chromium against the real server (issue 18): bytes, requests and paint times
// of the anonymous home page and the sign-in journey, unthrottled and on a "Fast 3G"-like link, and
// the build's chunk sizes. Needs dist/ (built when missing). See bench/README.md "First load".
const { runFirstLoadBenchmark } = await import('./first-load.ts');
console.log('\nFirst load\n');
console.log(await runFirstLoadBenchmark({ runs: 7 }));

// The identity user list at 100,000 users on PostgreSQL through HTTP, first page per filter (issue 9),
// when BENCH_DATABASE_URL is set (in its own bench_users database). See bench/README.md.
if (process.env.BENCH_DATABASE_URL) {
  const { runUsersListBenchmark } = await import('./identity-users.ts');
  const usersUrl = new URL(process.env.BENCH_DATABASE_URL);
  usersUrl.pathname = '/bench_users';
  process.env.BENCH_USERS_DATABASE_URL ??= usersUrl.toString();
  console.log(await runUsersListBenchmark({ users: 100_000, samples: 25 }));
}

// Claim type regexes (ADR 0011): verdicts of the save-time rules and the slowest RE2 match of the
// accepted patterns on hostile 1,024-character values. See bench/README.md "Claim type regexes".
const { runClaimRegexBenchmark } = await import('./claim-regex.ts');
console.log('\nClaim type regexes\n');
console.log(await runClaimRegexBenchmark());
