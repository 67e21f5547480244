import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and API tests of every workspace; the browser tests have their own config (e2e/vitest.config.ts).
export default defineConfig({
  test: {
    // The CLI and server-process tests run the compiled bundles (what ships): build them first (~1 s).
    globalSetup: ['build-node.mjs'],
    // One test file per core. Vitest's default leaves one core to its own process (one worker on a 2-core machine),
    // which mostly waits: on the 2-core CI machine the unit and API tests took 737 s one file at a time, 500 s two
    // at a time. Each server test builds its app on a database, data folder and queue prefix of its own.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'common', root: 'common', include: ['src/**/*.test.ts'] } },
      { test: { name: 'engine', root: 'engine', include: ['src/**/*.test.ts'], testTimeout: 60_000 } },
      {
        test: {
          name: 'server',
          root: 'server',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.ts'], testTimeout: 30_000 } },
      'web/vitest.config.ts',
    ],
  },
});
