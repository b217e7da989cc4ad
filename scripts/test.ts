// `npm test`: everything, from a fresh clone. Installs Debian's chromium when it is missing, builds
// the SPA, type-checks, lints, checks the generated docs are current, then runs the unit, server and
// end-to-end suites on PGlite and, when TEST_DATABASE_URL names a PostgreSQL server, the server and
// end-to-end suites again on PostgreSQL. Prints one closing line: "tests: N passed, N failed".
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const started = Date.now();

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  const t0 = Date.now();
  process.stdout.write(`\n== ${title}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  process.stdout.write(`== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  return result.status === 0;
}

function ensureChromium(): void {
  if (fs.existsSync('/usr/bin/chromium')) return;
  process.stdout.write('Installing Debian chromium (missing) ...\n');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args: string[]) =>
    execFileSync(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core']);
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
function vitest(title: string, projects: string[], env: NodeJS.ProcessEnv = {}): boolean {
  const output = path.join(tmp, `vitest-${title.replace(/\W+/g, '-')}.json`);
  fs.rmSync(output, { force: true });
  const ok = run(
    title,
    'npx',
    ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${output}`],
    env,
  );
  if (fs.existsSync(output)) {
    const result = JSON.parse(fs.readFileSync(output, 'utf8')) as VitestJson;
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests;
    totals.skipped += result.numPendingTests;
  } else if (!ok) {
    totals.failed += 1;
  }
  return ok;
}

ensureChromium();
const steps: boolean[] = [];
steps.push(run('build SPA', 'npx', ['vite', 'build', '--logLevel', 'warn']));
steps.push(run('type check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']));
steps.push(run('lint', 'npx', ['biome', 'check', '.']));
steps.push(run('generated docs are current', 'node', ['scripts/generate-docs.ts', '--check']));
const pgUrl = process.env.TEST_DATABASE_URL;
steps.push(vitest('unit, server and e2e on PGlite', ['unit', 'server', 'e2e'], { TEST_DATABASE_URL: '' }));
if (pgUrl) steps.push(vitest('server and e2e on PostgreSQL', ['server', 'e2e'], { TEST_DATABASE_URL: pgUrl }));
else process.stdout.write('\n(TEST_DATABASE_URL not set: the PostgreSQL run is skipped)\n');

const failedSteps = steps.filter((ok) => !ok).length;
process.stdout.write(`\nnpm test finished in ${((Date.now() - started) / 1000).toFixed(0)} s; ${failedSteps} failed step(s)\n`);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(failedSteps === 0 && totals.failed === 0 ? 0 : 1);
