// The incremental mutation check of `npm test` (issue 21: "the mutation run incremental in CI") and
// the update of the committed reports (`npm run test:mutation`).
//   node scripts/mutation-check.ts [--write | --list] [--again <file,...>] [--concurrency N]
// Rules:
// - The committed results are reports/stryker-incremental.json (all tests of the unit project) and
//   reports/stryker-incremental-paths.json (the generated model paths alone, MUTATION_TESTS=paths).
// - A file of machines/ is stale in a mode when StrykerJS's incremental mode would run some of its
//   mutants again: the file is not in the results, its source differs from the one measured, or a
//   test file of that mode that covers it changed, is new or is gone. "Covers": a test of the file
//   covered or killed one of its mutants in the results, or the file is in the test file's import
//   closure (what vitest's `related` follows, import.meta.glob included).
// - Nothing stale (the usual case: a commit that touches no machine and none of their tests): the
//   committed scores are checked against the thresholds and StrykerJS does not run (a few seconds).
// - --again names files to treat as stale whatever changed (after a change StrykerJS cannot see, in
//   a reference or a model).
// - Otherwise StrykerJS runs incrementally, narrowed with --mutate to the stale files, from a copy of
//   the committed results, in .tmp, without the stale files' surviving and uncovered mutants (so
//   every one of them runs again: StrykerJS's incremental mode would keep a survivor of a static
//   mutant, which lists no covering test, as survived whatever tests changed); its results replace
//   those files' in a merge with the committed
//   ones (scripts/mutation-merge.ts), and the merged scores are checked. The committed files are not
//   touched, unless --write: then the merged results become the committed reports (the incremental
//   files, docs/mutation's JSON and HTML, scores.md).
// - The thresholds are scripts/mutation-scores.ts --check's: every file >= 80 % with all tests, every
//   machine >= 80 % with its paths alone, machines/ >= 90 % with all tests, every file measured.
// - Not seen (as by StrykerJS's incremental mode itself): a change only in a helper a test imports
//   (a reference, a model, the drivers) or in the Stryker or vitest configuration. After such a
//   change, `npm run test:mutation:full` measures everything again.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { mergeReports, type Report } from './mutation-merge.ts';

const root = path.resolve(import.meta.dirname, '..');
const write = process.argv.includes('--write');
// --list: only say which files are stale, run nothing.
const listOnly = process.argv.includes('--list');
const againIndex = process.argv.indexOf('--again');
const again = againIndex === -1 ? [] : process.argv[againIndex + 1]!.split(',');
const concurrencyIndex = process.argv.indexOf('--concurrency');
const concurrency = concurrencyIndex === -1 ? '2' : process.argv[concurrencyIndex + 1]!;
const started = Date.now();
const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
const read = (file: string) => (fs.existsSync(path.join(root, file)) ? fs.readFileSync(path.join(root, file), 'utf8') : null);

interface Mode {
  name: 'all' | 'paths';
  title: string;
  env: NodeJS.ProcessEnv;
  committed: string;
  docs: string;
  vitestConfig: string;
  mutated: string[];
}

// The files stryker.config.mjs mutates in each mode.
const machineFiles = fs
  .globSync('machines/**/*.ts', { cwd: root })
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => !file.endsWith('.model.ts') && !file.startsWith('machines/testing/') && file !== 'machines/shell/model-events.ts')
  .sort();
const modes: Mode[] = [
  {
    name: 'paths',
    title: 'generated paths alone',
    env: { MUTATION_TESTS: 'paths' },
    committed: 'reports/stryker-incremental-paths.json',
    docs: 'docs/mutation/paths',
    vitestConfig: 'vitest.mutation-paths.config.ts',
    mutated: machineFiles.filter((file) => file.endsWith('.machine.ts')),
  },
  {
    name: 'all',
    title: 'all tests',
    env: {},
    committed: 'reports/stryker-incremental.json',
    docs: 'docs/mutation',
    vitestConfig: 'vitest.mutation.config.ts',
    mutated: machineFiles,
  },
];

// Static import closure of a file, inside the repository (relative imports and import.meta.glob).
const importsOf = new Map<string, string[]>();
function directImports(file: string): string[] {
  const known = importsOf.get(file);
  if (known) return known;
  // Type-only imports and re-exports are erased before the file runs, so vitest's related does not follow them.
  const source = (read(file) ?? '').replace(/(?:import|export)\s+type\s[^;]*?from\s*['"][^'"]+['"]/g, '');
  const dir = path.dirname(path.join(root, file));
  const found: string[] = [];
  const specifiers = [
    ...source.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g),
    ...source.matchAll(/export\s+\*\s+from\s+['"](\.{1,2}\/[^'"]+)['"]/g),
  ].map((match) => match[1]!);
  for (const specifier of specifiers) {
    const target = path.resolve(dir, specifier);
    const candidates = [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')];
    const hit = candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
    if (hit) found.push(relative(hit));
  }
  for (const match of source.matchAll(/import\.meta\.glob[^(]*\(\s*['"]([^'"]+)['"]/g))
    for (const hit of fs.globSync(match[1]!, { cwd: dir })) found.push(relative(path.join(dir, hit)));
  importsOf.set(file, found);
  return found;
}
function closure(file: string): Set<string> {
  const seen = new Set<string>([file]);
  const queue = [file];
  while (queue.length)
    for (const next of directImports(queue.pop()!)) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  return seen;
}

async function testFilesOf(mode: Mode): Promise<string[]> {
  const config = (await import(path.join(root, mode.vitestConfig))).default as { test: { include: string[]; exclude?: string[] } };
  const excluded = new Set(config.test.exclude ?? []);
  return [...new Set(config.test.include.flatMap((pattern) => fs.globSync(pattern, { cwd: root })))]
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => !excluded.has(file))
    .sort();
}

/** The files of `mode` whose committed results StrykerJS would not take as they are, with why. */
async function staleFiles(mode: Mode, report: Report): Promise<Map<string, string>> {
  const stale = new Map<string, string>();
  const mark = (file: string, why: string) => {
    if (mode.mutated.includes(file) && !stale.has(file)) stale.set(file, why);
  };
  for (const file of again) mark(file, 'asked with --again');
  for (const file of mode.mutated) {
    const entry = report.files[file] as { source?: string } | undefined;
    if (!entry) mark(file, 'not measured');
    else if (entry.source !== read(file)) mark(file, 'changed');
  }
  // Which machine files each committed test file's tests cover.
  const testFileOf = new Map<string, string>();
  for (const [file, { tests }] of Object.entries(report.testFiles ?? {})) for (const test of tests) testFileOf.set(test.id, file);
  const covered = new Map<string, Set<string>>();
  for (const [file, { mutants }] of Object.entries(report.files))
    for (const mutant of mutants)
      for (const id of [...(mutant.coveredBy ?? []), ...(mutant.killedBy ?? [])]) {
        const testFile = testFileOf.get(id);
        if (testFile) covered.set(testFile, (covered.get(testFile) ?? new Set()).add(file));
      }
  const current = await testFilesOf(mode);
  const committedTests = new Set(Object.keys(report.testFiles ?? {}));
  const touched = [
    ...current.filter((file) => !committedTests.has(file)).map((file) => ({ file, why: 'is new' })),
    ...[...committedTests]
      .filter((file) => report.testFiles![file]!.source !== read(file))
      .map((file) => ({ file, why: read(file) === null ? 'is gone' : 'changed' })),
  ];
  for (const { file, why } of touched) {
    const reached = new Set([...(covered.get(file) ?? []), ...(read(file) === null ? [] : closure(file))]);
    for (const machine of reached) mark(machine, `test ${file} ${why}`);
  }
  return stale;
}

function runStryker(mode: Mode, files: string[], seed: Report, dir: string): Report {
  const incremental = path.join(dir, `${mode.name}.incremental.json`);
  fs.writeFileSync(incremental, JSON.stringify(seed));
  const reports = path.join(dir, mode.name);
  const args = ['stryker', 'run', 'stryker.config.mjs', '--mutate', files.join(','), '--incrementalFile', relative(incremental)];
  args.push('--concurrency', concurrency, '--tempDirName', relative(path.join(dir, 'sandbox')));
  process.stdout.write(`StrykerJS (${mode.title}) over ${files.length} file(s): npx ${args.join(' ')}\n`);
  const result = spawnSync('npx', args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...mode.env, MUTATION_REPORTS: relative(reports), MUTATION_BREAK: 'off' },
  });
  const output = path.join(reports, 'mutation.json');
  if (result.status !== 0 || !fs.existsSync(output)) throw new Error(`StrykerJS (${mode.title}) failed with exit code ${result.status}`);
  return JSON.parse(fs.readFileSync(output, 'utf8')) as Report;
}

/** Writes `report` as the committed incremental file and docs/mutation's JSON and HTML of `mode`. */
function writeCommitted(mode: Mode, report: Report): void {
  const json = JSON.stringify(report);
  fs.writeFileSync(path.join(root, mode.committed), json);
  fs.writeFileSync(path.join(root, mode.docs, 'mutation.json'), json);
  // StrykerJS's HTML report with the merged report in it (the same embedding as its html reporter).
  const html = path.join(root, mode.docs, 'index.html');
  const lines = fs.readFileSync(html, 'utf8').split('\n');
  const index = lines.findIndex((line) => line.trimStart().startsWith('app.report = '));
  if (index === -1) throw new Error(`${html}: no 'app.report = ' line to replace`);
  lines[index] = `      app.report = ${json.replace(/</g, '<"+"')};`;
  fs.writeFileSync(html, lines.join('\n'));
}

fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
const work = fs.mkdtempSync(path.join(root, '.tmp', 'mutation-check-'));
const merged: Record<Mode['name'], string> = { all: '', paths: '' };
let ran = false;
try {
  let pathsResult: Report | null = null;
  for (const mode of modes) {
    const committed = JSON.parse(read(mode.committed) ?? '{"files":{},"testFiles":{}}') as Report;
    const stale = await staleFiles(mode, committed);
    let result = committed;
    if (stale.size === 0) process.stdout.write(`${mode.title}: the committed results are current for all ${mode.mutated.length} files\n`);
    else {
      process.stdout.write(`${mode.title}: ${stale.size} file(s) to measure again:\n`);
      for (const [file, why] of stale) process.stdout.write(`  ${file} (${why})\n`);
      if (listOnly) continue;
      // A file measured for the first time with all tests starts from what its paths already killed
      // (the paths are tests of the all-tests run too).
      const newFiles = [...stale.keys()].filter((file) => !committed.files[file] && pathsResult?.files[file]);
      const seed = newFiles.length
        ? mergeReports([
            { name: 'paths', report: mergeReports([{ name: 'paths', report: pathsResult! }], true) },
            { name: mode.committed, report: committed },
          ])
        : committed;
      const detectedOnly = (entry: Report['files'][string]) => ({
        ...entry,
        mutants: entry.mutants.filter((mutant) => mutant.status === 'Killed' || mutant.status === 'Timeout'),
      });
      const narrowedSeed = {
        ...seed,
        files: Object.fromEntries(Object.entries(seed.files).map(([file, entry]) => [file, stale.has(file) ? detectedOnly(entry) : entry])),
      };
      const narrowed = runStryker(mode, [...stale.keys()], narrowedSeed, work);
      ran = true;
      const kept = { ...committed, files: Object.fromEntries(Object.entries(committed.files).filter(([file]) => !stale.has(file))) };
      result = mergeReports([
        { name: mode.committed, report: kept },
        { name: 'this run', report: narrowed },
      ]);
      result.files = Object.fromEntries(Object.entries(result.files).sort(([a], [b]) => a.localeCompare(b)));
    }
    if (listOnly) continue;
    if (mode.name === 'paths') pathsResult = result;
    merged[mode.name] = path.join(work, `${mode.name}.merged.json`);
    fs.writeFileSync(merged[mode.name], JSON.stringify(result));
    if (write && ran) writeCommitted(mode, result);
  }
  if (!listOnly) {
    const scores = spawnSync(
      process.execPath,
      ['scripts/mutation-scores.ts', '--check', ...(write && ran ? [] : ['--print']), '--all', merged.all, '--paths', merged.paths],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' },
    );
    // The table (not the list of survivors) and, from stderr, the thresholds not met.
    process.stdout.write(
      `${scores.stdout
        .split('\n')
        .filter((line) => line.startsWith('|'))
        .join('\n')}\n`,
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (ran && !write)
      process.stdout.write(
        'The committed mutation reports are not current for the files above: `npm run test:mutation` measures and writes them.\n',
      );
    process.stdout.write(
      `mutation check ${scores.status === 0 ? 'passed' : 'FAILED'} in ${seconds} s${ran ? '' : ' (StrykerJS not needed)'}\n`,
    );
    process.exitCode = scores.status === 0 ? 0 : 1;
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
