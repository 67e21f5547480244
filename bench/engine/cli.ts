/**
 * The `wiggle` CLI as whole processes (what a user waits for), measured by /usr/bin/time (CPU = user + system,
 * wall, peak RSS), several runs, medians:
 * - `wiggle --help` run directly (node engine/bin/wiggle.js) and through npx, beside `node -e 0` (Node's own start);
 * - `wiggle ingest` of a 24 MP JPEG against bare-ingest.mjs, a plain sharp script doing the same work, runs
 *   alternating so drift in machine load hits both alike (goal: within 1.1x);
 * - loading OpenCV.js in a new process: the split copy the build writes beside the bundles (its wasm in a file, see
 *   splitOpenCv in build-node.mjs) against the package's own script (its wasm in base64), alternating.
 * Needs the compiled CLI: `npm run build:node` first. Usage: tsx bench/engine/cli.ts [runs]
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { texturedJpeg } from './fixtures/textured-jpeg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const WIGGLE = path.join(ROOT, 'engine', 'bin', 'wiggle.js');
const BARE = path.join(ROOT, 'bench', 'engine', 'bare-ingest.mjs');
const RUNS = Number(process.argv[2] ?? 7);

interface Sample {
  cpuMs: number;
  wallMs: number;
  rssMb: number;
}

/** One process under /usr/bin/time; its figures are the last line of stderr. */
async function timed(command: string, args: string[]): Promise<Sample> {
  const { stderr } = await promisify(execFile)('/usr/bin/time', ['-f', '%U %S %e %M', command, ...args], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  const [user, system, wall, rssKb] = stderr.trim().split('\n').at(-1)!.split(' ').map(Number);
  return { cpuMs: (user! + system!) * 1000, wallMs: wall! * 1000, rssMb: rssKb! / 1024 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const row = (samples: Sample[]) => ({
  'median CPU ms': Math.round(median(samples.map((s) => s.cpuMs))),
  'median wall ms': Math.round(median(samples.map((s) => s.wallMs))),
  'peak RSS MB': Math.round(median(samples.map((s) => s.rssMb))),
});

async function series(runs: number, variants: Record<string, [string, string[]]>) {
  const samples: Record<string, Sample[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  for (let i = 0; i < runs; i++) {
    for (const [name, [command, args]] of Object.entries(variants))
      samples[name]!.push(await timed(command, args));
  }
  return Object.fromEntries(Object.entries(samples).map(([name, s]) => [name, row(s)]));
}

if (!existsSync(path.join(ROOT, 'engine', 'dist', 'wiggle.mjs'))) {
  console.log('the compiled CLI is missing: run `npm run build:node` first');
  process.exit(1);
}

const help = await series(RUNS, {
  'node -e 0 (Node start alone)': [process.execPath, ['-e', '0']],
  'wiggle --help': [process.execPath, [WIGGLE, '--help']],
  'npx wiggle --help': ['npx', ['--no-install', 'wiggle', '--help']],
});
console.log(`wiggle --help, ${RUNS} runs each (goal: under 150 ms of process time)`);
console.table(help);

/** A process that loads OpenCV.js from `script` and waits for its runtime (a timer holds it open until then). */
const loading = (script: string): [string, string[]] => [
  process.execPath,
  [
    '-e',
    `const hold = setTimeout(() => process.exit(1), 60000);
     const cv = require(${JSON.stringify(script)});
     if (typeof cv.Mat === 'function') clearTimeout(hold);
     else cv.onRuntimeInitialized = () => clearTimeout(hold);`,
  ],
];
const split = path.join(ROOT, 'engine', 'dist', 'opencv', 'opencv.cjs');
if (existsSync(split)) {
  const load = await series(RUNS, {
    'split copy (engine/dist/opencv)': loading(split),
    'package script': loading(
      path.join(ROOT, 'node_modules', '@techstark', 'opencv-js', 'dist', 'opencv.js'),
    ),
  });
  console.log(`\nOpenCV.js loaded in a new process, ${RUNS} runs each`);
  console.table(load);
  const [copy, whole] = Object.values(load) as ReturnType<typeof row>[];
  console.log(
    `split copy / package script: wall ${(copy!['median wall ms'] / whole!['median wall ms']).toFixed(2)}x, ` +
      `CPU ${(copy!['median CPU ms'] / whole!['median CPU ms']).toFixed(2)}x`,
  );
} else console.log('\nthe build wrote no split copy of OpenCV.js (see splitOpenCv in build-node.mjs)');

const { path: jpeg, bytes } = await texturedJpeg(6000, 4000);
const out = await mkdtemp(path.join(tmpdir(), 'wiggle-cli-bench-'));
try {
  await timed(process.execPath, [BARE, jpeg, path.join(out, 'warm')]); // page cache, not counted
  const ingest = await series(RUNS, {
    'wiggle ingest (compiled CLI)': [
      process.execPath,
      [WIGGLE, 'ingest', jpeg, '--out', path.join(out, 'cli')],
    ],
    'bare sharp script': [process.execPath, [BARE, jpeg, path.join(out, 'bare')]],
  });
  console.log(
    `\ningest of a 6000x4000 JPEG (${(bytes.length / 1e6).toFixed(1)} MB) as a whole process, ${RUNS} runs each`,
  );
  console.table(ingest);
  const [cli, bare] = Object.values(ingest) as ReturnType<typeof row>[];
  console.log(
    `wiggle ingest / bare sharp: wall ${(cli!['median wall ms'] / bare!['median wall ms']).toFixed(2)}x, ` +
      `CPU ${(cli!['median CPU ms'] / bare!['median CPU ms']).toFixed(2)}x (goal <= 1.10x)`,
  );
} finally {
  await rm(out, { recursive: true, force: true });
}
console.log(
  `load average: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores`,
);
