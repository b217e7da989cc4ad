import { defineConfig } from 'vitest/config';

// Three projects: unit (machines and pure code), server (real HTTP on a real database, one database
// per file), e2e (Playwright driving Debian's Chromium against a real server). `npm test` runs them
// through scripts/test.ts, which also type-checks, lints and checks the generated docs.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/machines/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          globalSetup: ['tests/kit/global-setup.ts'],
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          globalSetup: ['tests/kit/global-setup.ts'],
          include: ['tests/e2e/**/*.spec.ts'],
          environment: 'node',
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
