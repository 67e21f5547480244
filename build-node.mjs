// Compiles the Node side (engine CLI, server, their worker threads) from TypeScript into plain JavaScript bundles,
// so production never runs a loader: engine/dist/ holds the `wiggle` CLI, server/dist/ the server, the worker
// mode and the admin script. Our workspaces (@wiggle/*) are bundled in; every npm package stays an import of
// node_modules (native addons such as sharp, better-sqlite3, argon2; BullMQ's Lua files). OpenCV.js is the one
// exception: a copy of it with its wasm split out goes beside the bundles (see splitOpenCv).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
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

/**
 * OpenCV.js as it ships is one 10.9 MB script: its 8 MB WebAssembly module written into it as a base64 data URI,
 * which every process that loads it reads as text, compiles as script and decodes. Beside each bundle (see
 * engine/src/cv/opencv.ts, which loads it when it is there) goes the same script with the module as a file it reads
 * (opencv/opencv.cjs, 225 kB, and opencv/opencv.wasm). Loading it took 307-326 ms of wall time and 389-401 ms of
 * CPU instead of 466-478 and 541-565; `wiggle align` on a 1920 px pair, 10 paired runs: wall ×0.91, CPU ×0.95,
 * peak memory 237 -> 202 MiB. Nothing is written when the script is not laid out as expected (another release
 * of the package): the loader then takes the package's own.
 */
async function splitOpenCv(outdirs) {
  const file = createRequire(import.meta.url).resolve('@techstark/opencv-js');
  const source = await readFile(file, 'utf8');
  const uri = 'var wasmBinaryFile="data:application/octet-stream;base64,';
  const given = 'var wasmBinary;if(Module["wasmBinary"])wasmBinary=Module["wasmBinary"];';
  const start = source.indexOf(uri);
  const end = start < 0 ? -1 : source.indexOf('"', start + uri.length);
  if (end < 0 || source.indexOf(given) < 0 || source.indexOf(uri, end) >= 0) {
    console.warn(`OpenCV.js kept whole: ${file} is not laid out as expected`);
    return;
  }
  const wasm = Buffer.from(source.slice(start + uri.length, end), 'base64');
  const script = `${source.slice(0, start)}var wasmBinaryFile="opencv.wasm${source.slice(end)}`.replace(
    given,
    'var wasmBinary=require("fs").readFileSync(__dirname+"/opencv.wasm");',
  );
  for (const outdir of outdirs) {
    const dir = path.join(outdir, 'opencv');
    await mkdir(dir, { recursive: true });
    await Promise.all([
      writeFile(path.join(dir, 'opencv.cjs'), script),
      writeFile(path.join(dir, 'opencv.wasm'), wasm),
    ]);
  }
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
  await splitOpenCv([path.join(ROOT, 'engine', 'dist'), path.join(ROOT, 'server', 'dist')]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildNode();

/** Vitest's globalSetup hook: the tests of the CLI and of the server process run what ships, built fresh. */
export const setup = buildNode;
