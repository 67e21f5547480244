// Compiles the Node side (engine CLI, server, their worker threads) from TypeScript into plain JavaScript bundles,
// so production never runs a loader: engine/dist/ holds the `wiggle` CLI, server/dist/ the server, the worker
// mode and the admin script. Our workspaces (@wiggle/*) are bundled in; every npm package stays an import of
// node_modules (native addons such as sharp, better-sqlite3, argon2; OpenCV.js and its wasm; BullMQ's Lua files).
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** Bundles our own code, leaves every package of node_modules (and node: builtins) to Node. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@wiggle/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * One ESM bundle per entry, shared code and lazily imported modules split into chunks beside them. The worker pool
 * finds its thread entry as `./worker-entry.mjs` next to its own module (the interpolation its helper's as
 * `./interpolate-helper.mjs`), so every file lands in the same folder.
 */
async function bundle(workspace, entryPoints) {
  const outdir = path.join(ROOT, workspace, 'dist');
  await rm(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    outExtension: { '.js': '.mjs' },
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [externalPackages],
  });
}

const workerEntry = 'engine/src/pool/worker-main.ts';
/** The interpolation's helper thread, started from the CLI and from the server's pool workers alike. */
const helperEntry = 'engine/src/interpolate/helper-main.ts';

export async function buildNode() {
  await Promise.all([
    bundle('engine', {
      wiggle: 'engine/src/cli/main.ts',
      'worker-entry': workerEntry,
      'interpolate-helper': helperEntry,
    }),
    bundle('server', {
      main: 'server/src/main.ts',
      'admin-create': 'server/src/scripts/admin-create.ts',
      'coupon-create': 'server/src/scripts/coupon-create.ts',
      'check-storage': 'server/src/scripts/check-storage.ts',
      'gallery-seed': 'server/src/scripts/gallery-seed.ts',
      'worker-entry': workerEntry,
      'interpolate-helper': helperEntry,
    }),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildNode();

/** Vitest's globalSetup hook: the tests of the CLI and of the server process run what ships, built fresh. */
export const setup = buildNode;
