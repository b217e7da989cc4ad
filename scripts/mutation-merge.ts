// Merges StrykerJS JSON reports (or incremental files) of runs narrowed to disjoint `--mutate` sets into
// one report, as docs/mutation/README.md describes: a full run over machines/ does not fit on the
// 2-core machine, narrowed runs do. Test ids differ between runs, so each test is renumbered by its
// file and name, and every mutant's coveredBy/killedBy follows.
//   node scripts/mutation-merge.ts <out.json> [--detected-only] <in1.json> <in2.json> ...
// --detected-only keeps only killed and timed-out mutants (to seed a run with what is already known
// to be detected), and drops a killed mutant whose killing test is in none of the reports.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface TestDefinition {
  id: string;
  name: string;
  location?: unknown;
}
export interface Mutant {
  id: string;
  status: string;
  coveredBy?: string[];
  killedBy?: string[];
  [field: string]: unknown;
}
export interface Report {
  files: Record<string, { mutants: Mutant[]; [field: string]: unknown }>;
  testFiles?: Record<string, { source?: string; tests: TestDefinition[] }>;
  [field: string]: unknown;
}

/**
 * Merges the reports in order (a later report's file replaces an earlier one's), renumbering tests by
 * file and name. With `detectedOnly`, keeps only killed and timed-out mutants whose killing test is known.
 */
export function mergeReports(reports: Array<{ name: string; report: Report }>, detectedOnly = false): Report {
  let base: Report | undefined;
  const testFiles = new Map<string, { source?: string; tests: Map<string, TestDefinition> }>();
  const files: Report['files'] = {};
  let nextTest = 0;
  let nextMutant = 0;
  for (const { name, report } of reports) {
    base ??= report;
    const ids = new Map<string, string>();
    for (const [file, { source, tests }] of Object.entries(report.testFiles ?? {})) {
      const entry = testFiles.get(file) ?? { source, tests: new Map<string, TestDefinition>() };
      entry.source = source;
      testFiles.set(file, entry);
      for (const test of tests) {
        let merged = entry.tests.get(test.name);
        if (!merged) {
          merged = { ...test, id: String(nextTest++) };
          entry.tests.set(test.name, merged);
        }
        ids.set(test.id, merged.id);
      }
    }
    const renumber = (list?: string[]) => list?.flatMap((id) => ids.get(id) ?? []);
    let dropped = 0;
    for (const [file, entry] of Object.entries(report.files)) {
      const mutants = entry.mutants
        .filter((mutant) => !detectedOnly || mutant.status === 'Killed' || mutant.status === 'Timeout')
        .map((mutant) => ({
          ...mutant,
          id: String(nextMutant++),
          coveredBy: renumber(mutant.coveredBy),
          killedBy: renumber(mutant.killedBy),
        }))
        .filter((mutant) => {
          const killerUnknown = detectedOnly && mutant.status === 'Killed' && mutant.killedBy?.length === 0;
          if (killerUnknown) dropped++;
          return !killerUnknown;
        });
      files[file] = { ...entry, mutants };
    }
    if (dropped) console.log(`${name}: ${dropped} killed mutant(s) dropped (the killing test is in no report)`);
  }
  return {
    ...base,
    files,
    testFiles: Object.fromEntries([...testFiles].map(([file, { source, tests }]) => [file, { source, tests: [...tests.values()] }])),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const out = args.shift();
  const detectedOnly = args[0] === '--detected-only';
  if (detectedOnly) args.shift();
  if (!out || args.length === 0) {
    console.error('usage: node scripts/mutation-merge.ts <out.json> [--detected-only] <in.json> ...');
    process.exit(2);
  }
  const merged = mergeReports(
    args.map((input) => ({ name: input, report: JSON.parse(fs.readFileSync(input, 'utf8')) as Report })),
    detectedOnly,
  );
  fs.writeFileSync(out, JSON.stringify(merged));
  const mutantCount = Object.values(merged.files).reduce((sum, entry) => sum + entry.mutants.length, 0);
  const testCount = Object.values(merged.testFiles ?? {}).reduce((sum, entry) => sum + entry.tests.length, 0);
  console.log(`${out}: ${Object.keys(merged.files).length} files, ${mutantCount} mutants, ${testCount} tests`);
}
