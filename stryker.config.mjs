// StrykerJS over machines/ (issue 21), with the unit project's tests (vitest.mutation.config.ts).
// - `npm run test:mutation`: incremental (only mutants whose code or tests changed run again; the
//   results live in reports/stryker-incremental.json, committed); fails below 90 % overall.
// - `npm run test:mutation:full`: every mutant again.
// - MUTATION_TESTS=paths: the same over the *.machine.ts files with the generated model paths alone
//   (vitest.mutation-paths.config.ts skips the hand-written tests); own report and results file.
// Reports go to docs/mutation/ (HTML for QA, JSON for scripts/mutation-scores.ts, which writes the
// per-machine table docs/mutation/scores.md from both runs).
const pathsOnly = process.env.MUTATION_TESTS === 'paths';
// MUTATION_REPORTS names another folder for the reports (a run over one machine while developing).
const reports = process.env.MUTATION_REPORTS ?? (pathsOnly ? 'docs/mutation/paths' : 'docs/mutation');

export default {
  testRunner: 'vitest',
  vitest: {
    configFile: pathsOnly ? 'vitest.mutation-paths.config.ts' : 'vitest.mutation.config.ts',
    // Only the test files that import the mutated file run (the machine definitions are static
    // mutants: without this, each would run the whole unit project).
    related: true,
  },
  // TypeScript 7 has no JS API (ts.parseConfigFileTextToJson), which Stryker uses to rewrite the
  // paths of tsconfig.json in its sandbox; ours needs no rewriting, so Stryker is pointed at a file
  // that does not exist and skips it.
  tsconfigFile: 'tsconfig.stryker-skip.json',
  mutate: pathsOnly
    ? ['machines/**/*.machine.ts']
    : ['machines/**/*.ts', '!machines/**/*.model.ts', '!machines/testing/**', '!machines/shell/model-events.ts'],
  ignorePatterns: ['.data', 'dist', 'docs', 'bench', '.tmp', 'test-results', 'coverage', 'tests/e2e', 'tests/server', 'reports'],
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: pathsOnly ? 'reports/stryker-incremental-paths.json' : 'reports/stryker-incremental.json',
  // MUTATION_BREAK=off: no break threshold (scripts/mutation-check.ts runs narrowed to some files and
  // checks the merged scores itself).
  thresholds: { high: 95, low: 90, break: process.env.MUTATION_BREAK === 'off' ? null : pathsOnly ? 80 : 90 },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${reports}/index.html` },
  jsonReporter: { fileName: `${reports}/mutation.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false },
  tempDirName: '.tmp/stryker',
  cleanTempDir: 'always',
  timeoutMS: 10_000,
};
