import { defineConfig } from 'vitest/config';

// The machine suites with only their generated model paths running (tests/machines/paths-only.setup.ts
// skips the rest), for the "generated paths alone" mutation score (stryker.config.mjs with
// MUTATION_TESTS=paths).
export default defineConfig({
  test: {
    include: ['tests/machines/**/*.test.ts'],
    setupFiles: ['tests/machines/paths-only.setup.ts'],
    environment: 'node',
  },
});
