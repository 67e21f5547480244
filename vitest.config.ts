import { defineConfig } from 'vitest/config';

// Unit and API tests of every workspace; the browser tests have their own config (e2e/vitest.config.ts).
export default defineConfig({
  test: {
    // The CLI and server-process tests run the compiled bundles (what ships): build them first (~0.3 s).
    globalSetup: ['build-node.mjs'],
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
          fileParallelism: false,
        },
      },
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.ts'], testTimeout: 30_000 } },
      'web/vitest.config.ts',
    ],
  },
});
