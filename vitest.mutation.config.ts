import { defineConfig } from 'vitest/config';

// The unit project of vitest.config.ts on its own, for StrykerJS (stryker.config.json): the mutation
// run covers machines/ with the tests of `vitest run --project unit`, never the server or e2e suites.
// Left out: tests/unit/docs-site.test.ts, which opens the generated docs/site/ in Chromium (docs/ is
// not copied into Stryker's sandbox, and the site is the docs generator's output, not machine behaviour).
export default defineConfig({
  test: {
    include: ['tests/machines/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    exclude: ['tests/unit/docs-site.test.ts'],
    environment: 'node',
  },
});
