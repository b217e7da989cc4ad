// Mutation scores per file of machines/ from StrykerJS's JSON reports (stryker.config.mjs), twice:
// with every test of the unit project (docs/mutation/mutation.json), and with the generated model
// paths alone (docs/mutation/paths/mutation.json, the run with MUTATION_TESTS=paths; issue 21: "with
// hand-written example tests excluded, the generated paths alone reach at least 80 % on each
// machine"). Rules:
// - Score = detected (killed or timed out) / (detected + survived + no coverage); compile and
//   runtime errors are left out, as Stryker does.
// - Writes docs/mutation/scores.md; with --check exits 1 when a file is under 80 % with all tests, a
//   machine under 80 % with its paths alone, or the whole under 90 %.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? path.join(root, fallback) : path.resolve(process.argv[index + 1]!);
};
const allFile = argument('--all', 'docs/mutation/mutation.json');
const pathsFile = argument('--paths', 'docs/mutation/paths/mutation.json');
const outFile = process.argv.includes('--print') ? null : path.join(root, 'docs/mutation/scores.md');

interface Mutant {
  status: string;
  mutatorName: string;
  replacement?: string;
  location: { start: { line: number; column: number } };
}
type Report = { files: Record<string, { mutants: Mutant[] }> };

interface Count {
  valid: number;
  detected: number;
  errors: number;
  survived: Mutant[];
}
function counts(file: string): Map<string, Count> {
  const result = new Map<string, Count>();
  if (!fs.existsSync(file)) return result;
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as Report;
  for (const [name, { mutants }] of Object.entries(report.files)) {
    const count: Count = { valid: 0, detected: 0, errors: 0, survived: [] };
    for (const mutant of mutants) {
      if (mutant.status === 'CompileError' || mutant.status === 'RuntimeError') count.errors++;
      if (!['Killed', 'Timeout', 'Survived', 'NoCoverage'].includes(mutant.status)) continue;
      count.valid++;
      if (mutant.status === 'Killed' || mutant.status === 'Timeout') count.detected++;
      else count.survived.push(mutant);
    }
    result.set(path.relative(root, path.resolve(root, name)), count);
  }
  return result;
}

const all = counts(allFile);
const paths = counts(pathsFile);
const files = [...new Set([...all.keys(), ...paths.keys()])].sort();
const percent = (count: Count | undefined) => (!count ? null : count.valid === 0 ? 100 : (100 * count.detected) / count.valid);
// Rounded down, so a figure just under a threshold never shows as meeting it (89.99 % is 89.9 %).
const shown = (value: number | null) => (value === null ? '–' : `${(Math.floor(value * 10) / 10).toFixed(1)} %`);
const sum = (map: Map<string, Count>): Count => {
  const total: Count = { valid: 0, detected: 0, errors: 0, survived: [] };
  for (const count of map.values()) {
    total.valid += count.valid;
    total.detected += count.detected;
    total.errors += count.errors;
    total.survived.push(...count.survived);
  }
  return total;
};
const total = sum(all);
const table = [
  '| File | Mutants | All tests | Paths alone | Survived (all tests) | Errors (not scored) |',
  '| ---- | ------- | --------- | ----------- | -------------------- | ------------------- |',
  ...files.map((file) => {
    const count = all.get(file) ?? paths.get(file)!;
    const survived = all.has(file) ? String(count.survived.length) : '–';
    return `| ${file} | ${count.valid} | ${shown(percent(all.get(file)))} | ${shown(percent(paths.get(file)))} | ${survived} | ${count.errors} |`;
  }),
  `| **all** | ${total.valid || sum(paths).valid} | ${shown(all.size ? percent(total) : null)} | ${shown(paths.size ? percent(sum(paths)) : null)} | ${total.survived.length} | ${total.errors} |`,
];
// The files stryker.config.mjs mutates (every file of machines/ but the test models and helpers), and
// those a report lacks: a run narrowed with --mutate, or one that did not finish, says so here.
const mutated = fs
  .readdirSync(path.join(root, 'machines'), { recursive: true, encoding: 'utf8' })
  .map((file) => path.join('machines', file))
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.model.ts') && !file.startsWith(path.join('machines', 'testing')))
  .filter((file) => file !== path.join('machines', 'shell', 'model-events.ts'))
  .sort();
const missingAll = mutated.filter((file) => !all.has(file));
const missingPaths = mutated.filter((file) => file.endsWith('.machine.ts') && !paths.has(file));
const missing = [
  ...(missingAll.length
    ? ['', `Not measured with all tests (${missingAll.length}): ${missingAll.map((file) => `\`${file}\``).join(', ')}.`]
    : []),
  ...(missingPaths.length
    ? ['', `Not measured with the paths alone (${missingPaths.length}): ${missingPaths.map((file) => `\`${file}\``).join(', ')}.`]
    : []),
];
const lines = [
  '<!-- Generated by scripts/mutation-scores.ts from the StrykerJS reports in docs/mutation; do not edit. -->',
  '# Mutation scores of machines/',
  '',
  'StrykerJS (vitest runner, the unit project) over every file of `machines/` but the test models',
  '(`stryker.config.mjs`). Complete run: `npm run test:mutation:full`; incremental (what changed):',
  '`npm run test:mutation`. HTML reports: [all tests](index.html), [generated paths alone](paths/index.html).',
  '"Paths alone" is the score of the generated model paths (each step checked against a reference',
  'written from the spec, tests/machines/reference) with the hand-written examples skipped; "–" where',
  'a file has no machine (no paths). Survivors that change nothing observable are listed as equivalent',
  "on the machine's page in docs/machines.",
  '',
  ...table,
  ...missing,
  '',
];
if (outFile) {
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, lines.join('\n'));
}
console.log(table.join('\n'));
for (const [kind, map] of [
  ['all tests', all],
  ['paths alone', paths],
] as const)
  for (const [file, count] of map)
    for (const mutant of count.survived)
      console.log(
        `survived (${kind}) ${file}:${mutant.location.start.line}:${mutant.location.start.column} ${mutant.mutatorName} ${JSON.stringify(mutant.replacement ?? '')}`,
      );

const failures = [
  ...files.filter((file) => all.has(file) && percent(all.get(file))! < 80).map((file) => `${file}: under 80 % with all tests`),
  ...[...paths.keys()].filter((file) => percent(paths.get(file))! < 80).map((file) => `${file}: under 80 % with the paths alone`),
  ...(all.size && percent(total)! < 90 ? ['machines/: under 90 % with all tests'] : []),
  ...missingAll.map((file) => `${file}: not measured with all tests`),
  ...missingPaths.map((file) => `${file}: not measured with the paths alone`),
];
if (failures.length) {
  console.error(`\nMutation thresholds not met:\n  ${failures.join('\n  ')}`);
  if (process.argv.includes('--check')) process.exit(1);
}
