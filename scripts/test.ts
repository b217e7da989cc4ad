// `npm test`: everything, from a fresh clone or a used machine. Installs Debian's chromium and
// postgresql when they are missing, builds the SPA, type-checks, lints, checks the generated docs
// are current, checks the mutation scores of machines/ (StrykerJS incremental, scripts/mutation-check.ts),
// runs the unit, server and end-to-end suites on PGlite, then the suites whose behaviour
// differs by database again on PostgreSQL: a private server this script starts on a free port and
// removes afterwards (scripts/test-postgres.sh), or the one TEST_DATABASE_URL names;
// TEST_POSTGRES=off skips that pass. The suites run in two lanes at once (see `lanes` below), each
// line of their output prefixed with its lane. Ends with a timing summary, the counts by kind, and
// one closing line: "tests: N passed, N failed, N skipped".
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const started = Date.now();

const phases: Array<{ title: string; seconds: number; ok: boolean }> = [];
function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  const t0 = Date.now();
  process.stdout.write(`\n== ${title}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = (Date.now() - t0) / 1000;
  const ok = result.status === 0;
  phases.push({ title, seconds, ok });
  process.stdout.write(`== ${title}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s\n`);
  return ok;
}

/** As run(), without waiting: the command's output lines go out prefixed with `[lane]`. */
function runInLane(lane: string, title: string, command: string, args: string[], env: NodeJS.ProcessEnv): Promise<boolean> {
  const t0 = Date.now();
  process.stdout.write(`\n== ${title} (lane ${lane})\n`);
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  for (const stream of [child.stdout, child.stderr])
    readline
      .createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY })
      .on('line', (line) => process.stdout.write(`[${lane}] ${line}\n`));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = (Date.now() - t0) / 1000;
      const ok = code === 0;
      phases.push({ title, seconds, ok });
      process.stdout.write(`== ${title}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s\n`);
      resolve(ok);
    });
  });
}

function apt(packages: string[]): void {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const aptGet = (args: string[]) =>
    execFileSync(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  aptGet(['update', '-qq']);
  aptGet(['install', '-y', '-qq', '--no-install-recommends', ...packages]);
}

function ensureChromium(): void {
  if (fs.existsSync('/usr/bin/chromium')) return;
  process.stdout.write('Installing Debian chromium (missing) ...\n');
  apt(['chromium', 'fonts-dejavu-core']);
}

/** The PostgreSQL server of the second pass: the one named, a private one, or none. */
function startPostgres(): { url: string; stop(): void } | null {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop() {} };
  if (process.env.TEST_POSTGRES === 'off') return null;
  const output = execFileSync('bash', [path.join(root, 'scripts/test-postgres.sh'), 'start'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const value = (name: string) => output.match(new RegExp(`^${name}=(.*)$`, 'm'))?.[1] ?? '';
  const dir = value('DIR');
  let stopped = false;
  return {
    url: value('URL'),
    stop() {
      if (stopped) return;
      stopped = true;
      spawnSync('bash', [path.join(root, 'scripts/test-postgres.sh'), 'stop', dir], { stdio: 'inherit' });
    },
  };
}

/**
 * The rule that picks the PostgreSQL pass: a server suite runs there when it reaches the database
 * itself, beyond the HTTP answers of the real server: it imports the schema, client or migrations
 * (`server/db/`), reads or writes through `ctx.db`/`ctx.database`, or branches on the database kind
 * (multi-instance, process-level and maintenance suites). Those assert stored rows, queries,
 * migrations, locks and notifications, which is where the drivers differ. A suite that only speaks
 * HTTP checks the pipeline and protocol, which the drivers do not touch; end-to-end specs drive a
 * browser over the same API the server suites already run on both databases. Both run once.
 */
const differsByDatabase = (source: string) => /server\/db\/|ctx\.(db|database)\b|databaseKind|TEST_DATABASE_URL/.test(source);

function postgresSuites(): string[] {
  const dir = path.join(root, 'tests/server');
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.test.ts'))
    .filter((name) => differsByDatabase(fs.readFileSync(path.join(dir, name), 'utf8')))
    .map((name) => `tests/server/${name}`);
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: Array<{
    name: string;
    status: string;
    assertionResults: Array<{ title: string; status: string; ancestorTitles?: string[] }>;
  }>;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
/**
 * Passed tests by kind: generated model paths (titled "… ⇒ state", or the checks of a path suite
 * "… model paths, checked against the reference": generation, transition and rule coverage),
 * hand-written, and the second database pass.
 */
const kinds = { generated: 0, handWritten: 0, secondDatabase: 0 };
const files: Array<{ file: string; pass: string; seconds: number }> = [];

async function vitest(title: string, pass: string, args: string[], env: NodeJS.ProcessEnv, secondDatabase = false): Promise<boolean> {
  const output = path.join(tmp, `vitest-${pass}.json`);
  const timing = path.join(tmp, `file-timing-${pass}.jsonl`);
  for (const file of [output, timing]) fs.rmSync(file, { force: true });
  const ok = await runInLane(
    pass,
    title,
    'npx',
    [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${output}`,
      '--reporter=./scripts/file-timing-reporter.ts',
    ],
    { ...env, FILE_TIMING_OUTPUT: timing },
  );
  if (fs.existsSync(timing))
    for (const line of fs.readFileSync(timing, 'utf8').split('\n').filter(Boolean)) {
      const entry = JSON.parse(line) as { file: string; seconds: number };
      files.push({ file: path.relative(root, entry.file), pass, seconds: entry.seconds });
    }
  if (fs.existsSync(output)) {
    const result = JSON.parse(fs.readFileSync(output, 'utf8')) as VitestJson;
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests;
    totals.skipped += result.numPendingTests;
    for (const file of result.testResults) {
      // A file that failed outside its tests (it did not load, a hook threw) counts as one failure:
      // vitest counts none for it, and its tests show as skipped.
      if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')) totals.failed++;
      for (const test of file.assertionResults) {
        if (test.status !== 'passed') continue;
        if (secondDatabase) kinds.secondDatabase++;
        else if (
          test.title.includes('⇒') ||
          test.ancestorTitles?.some((title) => title.endsWith('model paths, checked against the reference'))
        )
          kinds.generated++;
        else kinds.handWritten++;
      }
    }
  } else if (!ok) {
    totals.failed += 1;
  }
  return ok;
}

function summary(): void {
  const pad = (text: string, width: number) => text.padEnd(width);
  const width = Math.max(...phases.map((p) => p.title.length));
  process.stdout.write('\n== timing\n');
  for (const phase of phases)
    process.stdout.write(`  ${pad(phase.title, width)}  ${phase.seconds.toFixed(1).padStart(6)} s${phase.ok ? '' : '  FAILED'}\n`);
  process.stdout.write('  the 10 slowest files (import, hooks and tests):\n');
  for (const entry of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 10))
    process.stdout.write(`  ${entry.seconds.toFixed(1).padStart(7)} s  ${entry.file} (${entry.pass})\n`);
  process.stdout.write(
    `\npassed by kind: ${kinds.handWritten} hand-written, ${kinds.generated} generated model paths, ${kinds.secondDatabase} in the PostgreSQL pass\n`,
  );
}

ensureChromium();
const postgres = startPostgres();
const stopPostgres = () => postgres?.stop();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopPostgres();
    process.exit(130);
  });

const steps: boolean[] = [];
try {
  steps.push(run('build SPA', 'npx', ['vite', 'build', '--logLevel', 'warn']));
  steps.push(run('type check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']));
  steps.push(run('lint', 'npx', ['biome', 'check', '.']));
  steps.push(run('generated docs are current', 'node', ['scripts/generate-docs.ts', '--check']));
  // StrykerJS over machines/, incrementally against the committed results: it runs only for the
  // machine files whose source or tests changed since they were measured (scripts/mutation-check.ts);
  // TEST_MUTATION=off skips it.
  if (process.env.TEST_MUTATION === 'off') process.stdout.write('\n(TEST_MUTATION=off: the mutation check is skipped)\n');
  else steps.push(run('mutation scores (StrykerJS, incremental)', 'node', ['scripts/mutation-check.ts']));
  // Two lanes at once. The end-to-end specs run one file at a time (each drives a browser against a
  // server of its own) and use about 0.8 of a core: waiting on the browser, the server and the
  // specs' own timers; run alone, they left the second core idle for most of their 23 minutes. Beside
  // them, the unit and server suites on PGlite, then the PostgreSQL pass, fill that core. Each lane
  // runs its own `vitest run` with its own template database (tests/kit/global-setup.ts), servers on
  // free ports and temporary directories, so they share nothing but the machine.
  const lanes = await Promise.all([
    vitest('e2e on PGlite', 'e2e', ['--project', 'e2e'], { TEST_DATABASE_URL: '' }),
    (async () => {
      const pglite = await vitest(
        'unit and server on PGlite',
        'pglite',
        ['--project', 'unit', '--project', 'server', '--project', 'server-process'],
        { TEST_DATABASE_URL: '' },
      );
      if (!postgres) {
        process.stdout.write('\n(TEST_POSTGRES=off: the PostgreSQL pass is skipped)\n');
        return [pglite];
      }
      const suites = postgresSuites();
      const second = await vitest(
        `${suites.length} server suites on PostgreSQL`,
        'postgres',
        ['--project', 'server', '--project', 'server-process', ...suites],
        { TEST_DATABASE_URL: postgres.url },
        true,
      );
      return [pglite, second];
    })(),
  ]);
  steps.push(...lanes.flat());
} finally {
  stopPostgres();
}

summary();
const failedSteps = steps.filter((ok) => !ok).length;
process.stdout.write(`\nnpm test finished in ${((Date.now() - started) / 1000).toFixed(0)} s; ${failedSteps} failed step(s)\n`);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(failedSteps === 0 && totals.failed === 0 ? 0 : 1);
