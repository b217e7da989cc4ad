import { defineConfig } from 'vitest/config';

// The unit project of vitest.config.ts on its own, for StrykerJS (stryker.config.json): the mutation
// run covers machines/ with the tests of `vitest run --project unit`, never the server or e2e suites.
export default defineConfig({
  test: {
    include: ['tests/machines/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
  },
});
