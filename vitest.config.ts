import fs from 'node:fs';
import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Projects: unit (machines and pure code), server (real HTTP on a real database, one database per
// file), server-process (the server suites that start the server as its own process, kill it and
// restart it, and those that must be imported fresh: see below), e2e (Playwright driving Debian's
// Chromium against a real server). `npm test` runs them through scripts/test.ts, which also
// type-checks, lints and checks the generated docs.

// A suite that starts real server processes (tests/kit/server-process.ts) measures what a process does
// at start, under a burst, at SIGTERM and SIGKILL, with its own time limits; beside another file it
// competes for the two cores it expects to have. Those run one at a time, after the parallel ones.
/** The server suites whose source contains `text`. */
const serverSuitesContaining = (text: string) =>
  fs
    .readdirSync('tests/server')
    .filter((name) => name.endsWith('.test.ts') && fs.readFileSync(`tests/server/${name}`, 'utf8').includes(text))
    .map((name) => `tests/server/${name}`);

const processSuites = serverSuitesContaining('kit/server-process');

// Server and e2e files share their worker's modules (isolate: false): importing the server (Fastify,
// oidc-provider, Drizzle, PGlite) took 5 to 8 s per file, 658 s of a 1,222 s run of the unit and
// server suites. The server keeps its state per app (ctx), not per module, so files sharing modules
// still each get their own server; a file that must set the environment before the server's modules
// are first imported (`vi.hoisted`, as for SPA_DIST_DIR) runs in a fresh worker of its own instead.
const importTimeSuites = serverSuitesContaining('vi.hoisted(');

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: on the 2-core CI machine, one, so
    // the unit and server files ran one at a time while a server file's PGlite left the other core
    // idle. Two at least; the e2e and process suites still run one at a time.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/machines/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          setupFiles: ['tests/kit/full-formatter.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          globalSetup: ['tests/kit/global-setup.ts'],
          include: ['tests/server/**/*.test.ts'],
          exclude: [...processSuites, ...importTimeSuites],
          environment: 'node',
          pool: 'forks',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server-process',
          globalSetup: ['tests/kit/global-setup.ts'],
          include: [...processSuites, ...importTimeSuites],
          environment: 'node',
          pool: 'forks',
          fileParallelism: false,
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
          isolate: false,
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
