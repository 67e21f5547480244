import { defineConfig } from 'vitest/config';

// Unit and API tests of every workspace; the browser tests have their own config (e2e/vitest.config.ts).
export default defineConfig({
  test: {
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
