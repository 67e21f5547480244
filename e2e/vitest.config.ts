import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Each file starts its own server and browser; running files one after another keeps the 2-core CI machine responsive.
export default defineConfig({
  test: {
    name: 'e2e',
    root: path.dirname(fileURLToPath(import.meta.url)),
    include: ['src/**/*.e2e.ts'],
    // The browser tests drive the compiled server (server/dist), built fresh like `npm start` does.
    globalSetup: ['../build-node.mjs'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
