/**
 * The engine's WebAssembly SIMD kernels against the JS they replace and a bare library doing the same work, at
 * 24 MP, in one run: the warp of an aligned view (affine: a 1° rotation with a 0.3 % scale; curved: the same with a
 * barrel lens term) by the kernel's strips (warpBilinear, and warpInPlace over the source), by the JS row loop
 * (warpRow, as before the kernel), and, for the affine map, by bare sharp (libvips' affine, bilinear, all its
 * threads); then the Hamming distances of 2500 × 2500 ORB descriptors by the kernel and by the JS popcount; then
 * the in-betweens' matcher at 640 × 427 × 63 levels (a layered scene): its window costs and its two aggregation
 * sweeps by the kernels and by the JS loops (the `kernel` flag false), and the pooling of a repeated structure's
 * copies over the same volume as if all of it repeated (each run includes a 17 MB copy of the costs), and the
 * period map of its left view; then the order check's two row snaps (snapHorizontal) on aloe's 480 px grey copies
 * with their Farneback flows, as the swap check runs them (most of aloe's pixels lie near an inconsistency). CPU ms
 * of this process (all threads), median of RUNS, and whether the kernel's bytes equal the JS loop's. Never fails.
 * Usage: tsx bench/engine/kernels.ts [runs]
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { descriptorDistance, runDistances } from '@wiggle/engine/align/hamming';
import { nearInconsistent, snapHorizontal } from '@wiggle/engine/align/row-snap-flow';
import {
  type InverseAffine,
  largestValidRect,
  type RadialLens,
  type Rect,
  warpOf,
  warpRow,
} from '@wiggle/engine/align/warp';
import { warpBilinear } from '@wiggle/engine/align/warp-bilinear';
import { warpInPlace } from '@wiggle/engine/align/warp-in-place';
import type { GrayImage } from '@wiggle/engine/cv/gray';
import { loadOpenCv } from '@wiggle/engine/cv/opencv';
import { makeLayeredScene } from '@wiggle/engine/cv/synthetic-scene';
import type { RawImage } from '@wiggle/engine/image';
import { aggregateSweep, sgmVolume, windowCostRows } from '@wiggle/engine/interpolate/census-sgm';
import { consistency, farnebackFlow } from '@wiggle/engine/interpolate/flow';
import { PoolScratch, periodMap, poolPeriodicRow } from '@wiggle/engine/interpolate/periodic-structure';
import { seeded } from '@wiggle/engine/seeded-random';
import { greyViews } from '@wiggle/engine/testing/scene-maps';
import sharp from 'sharp';
import { printTable } from './data/print-table';

const RUNS = Number(process.argv[2] ?? 5);
const WIDTH = 6000;
const HEIGHT = 4000;

const random = seeded(7);
const source: RawImage = {
  data: Uint8Array.from({ length: WIDTH * HEIGHT * 3 }, () => Math.floor(random() * 256)),
  width: WIDTH,
  height: HEIGHT,
  channels: 3,
};
const angle = (1 * Math.PI) / 180;
const scale = 1.003;
const map: InverseAffine = {
  m00: scale * Math.cos(angle),
  m01: -scale * Math.sin(angle),
  m02: 40,
  m10: scale * Math.sin(angle),
  m11: scale * Math.cos(angle),
  m12: -20,
};
const lens: RadialLens = {
  k: -0.02,
  r2: (WIDTH / 2) ** 2 + (HEIGHT / 2) ** 2,
  cx: WIDTH / 2,
  cy: HEIGHT / 2,
};
const rect = largestValidRect(WIDTH, HEIGHT, map, WIDTH, HEIGHT, { left: lens, right: lens })!;

/** The warp as it ran before the kernel: the JS loop, row by row. */
function jsRows(curve: RadialLens | undefined): Uint8Array {
  const warp = warpOf(source, map, curve, new Uint8Array(rect.width * rect.height * 3));
  for (let y = 0; y < rect.height; y++) warpRow(warp, rect, y, y * rect.width);
  return warp.out;
}

/**
 * Bare sharp: libvips' affine by the same rotation and scale with its bilinear interpolator, cropped to the same
 * size. libvips places its output by the transformed bounding box, so only its CPU is compared, not its bytes.
 */
async function bareSharp(): Promise<Buffer> {
  return sharp(source.data, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .affine([map.m00, map.m01, map.m10, map.m11], { interpolator: sharp.interpolators.bilinear })
    .extract({ left: 0, top: 0, width: rect.width, height: rect.height })
    .raw()
    .toBuffer();
}

async function cpuMs(work: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

async function median(work: () => unknown, prepare?: () => void): Promise<string> {
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    prepare?.();
    samples.push(await cpuMs(work));
  }
  return samples.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!.toFixed(0);
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
const rows: string[][] = [];
const describe = (r: Rect) => `${r.width}×${r.height}`;

const affineKernel = warpBilinear(source, map, rect).data;
rows.push([
  'affine warp, kernel strips (warpBilinear)',
  await median(() => warpBilinear(source, map, rect)),
  describe(rect),
  sameBytes(affineKernel, jsRows(undefined)) ? 'same bytes as the JS loop' : 'OTHER BYTES',
]);
let copy: RawImage = source;
rows.push([
  'affine warp, kernel strips over the source (warpInPlace)',
  await median(
    () => warpInPlace(copy, map, rect),
    () => {
      copy = { ...source, data: source.data.slice() };
    },
  ),
  describe(rect),
  '',
]);
rows.push([
  'affine warp, JS loop (before)',
  await median(() => jsRows(undefined)),
  describe(rect),
  'baseline',
]);
rows.push([
  'affine warp, bare sharp (libvips affine, bilinear)',
  await median(bareSharp),
  describe(rect),
  'library baseline',
]);
const curvedKernel = warpBilinear(source, map, rect, lens).data;
rows.push([
  'lens warp, kernel strips (warpBilinear)',
  await median(() => warpBilinear(source, map, rect, lens)),
  describe(rect),
  sameBytes(curvedKernel, jsRows(lens)) ? 'same bytes as the JS loop' : 'OTHER BYTES',
]);
rows.push(['lens warp, JS loop (before)', await median(() => jsRows(lens)), describe(rect), 'baseline']);

const COUNT = 2500;
const left = Uint32Array.from({ length: COUNT * 8 }, () => Math.floor(random() * 2 ** 32));
const right = Uint32Array.from({ length: COUNT * 8 }, () => Math.floor(random() * 2 ** 32));
const order = Int32Array.from({ length: COUNT }, (_, j) => j);
let kernelSum = 0;
let jsSum = 0;
rows.push([
  'Hamming distances, kernel (runDistances)',
  await median(() => {
    kernelSum = 0;
    const distances = runDistances(left, right, order);
    for (let i = 0; i < COUNT; i++) {
      const run = distances(i, 0, COUNT);
      for (let j = 0; j < COUNT; j++) kernelSum += run[j]!;
    }
  }),
  `${COUNT}×${COUNT}`,
  '',
]);
rows.push([
  'Hamming distances, JS popcount (before)',
  await median(() => {
    jsSum = 0;
    for (let i = 0; i < COUNT; i++) {
      for (let j = 0; j < COUNT; j++)
        jsSum += descriptorDistance(left, i * 8, right, j * 8, Number.POSITIVE_INFINITY);
    }
  }),
  `${COUNT}×${COUNT}`,
  kernelSum === jsSum ? 'baseline (same sum of distances)' : 'baseline (OTHER DISTANCES)',
]);
// The in-betweens' matcher on a layered scene's 640 px grey copies, its full range of levels.
const [greyL, greyR] = await greyViews(
  makeLayeredScene({
    width: 1920,
    height: 1280,
    seed: 32,
    objects: 7,
    maxDisparity: 56,
    backgroundDisparity: 4,
  }),
  640,
);
const volume = sgmVolume(greyL!, greyR!, { min: -20, max: 42 });
const volumeSize = `${volume.w}×${volume.h}×${volume.levels}`;
windowCostRows(volume, 0, volume.h, false);
const jsCosts = volume.cost.slice();
rows.push([
  'matching costs, kernel (windowCostRows)',
  await median(() => windowCostRows(volume, 0, volume.h)),
  volumeSize,
  sameBytes(volume.cost, jsCosts) ? 'same bytes as the JS loops' : 'OTHER BYTES',
]);
rows.push([
  'matching costs, JS loops (before)',
  await median(() => windowCostRows(volume, 0, volume.h, false)),
  volumeSize,
  'baseline',
]);
const sweeps = (kernel: boolean) => {
  const into = new Uint16Array(volume.total.length);
  aggregateSweep(volume, 1, into, kernel);
  aggregateSweep(volume, -1, into, kernel);
  return into;
};
rows.push([
  'SGM sweeps (both), kernel (aggregateSweep)',
  await median(() => sweeps(true)),
  volumeSize,
  sameBytes(new Uint8Array(sweeps(true).buffer), new Uint8Array(sweeps(false).buffer))
    ? 'same sums as the JS loop'
    : 'OTHER SUMS',
]);
rows.push(['SGM sweeps (both), JS loop (before)', await median(() => sweeps(false)), volumeSize, 'baseline']);
// The period map of the same grid (the repeated structures' periods), its products by the kernel and by JS.
const gridSize = `${greyL!.width}×${greyL!.height}`;
rows.push([
  'period map, kernel (periodMap)',
  await median(() => periodMap(greyL!)),
  gridSize,
  sameBytes(new Uint8Array(periodMap(greyL!).buffer), new Uint8Array(periodMap(greyL!, false).buffer))
    ? 'same bytes as the JS loops'
    : 'OTHER BYTES',
]);
rows.push([
  'period map, JS loops (before)',
  await median(() => periodMap(greyL!, false)),
  gridSize,
  'baseline',
]);
// Pooling as if the whole frame were one repeated structure (period 14.3 grid px), from the same window costs.
const periodic = new Float32Array(volume.w * volume.h).fill(14.3);
const pooled = (kernel: boolean) => {
  const cost = jsCosts.slice();
  const scratch = new PoolScratch();
  for (let y = 0; y < volume.h; y++)
    poolPeriodicRow(cost, periodic, y, volume.w, volume.levels, scratch, kernel);
  return cost;
};
rows.push([
  'pooling of repeats, kernel (poolPeriodicRow)',
  await median(() => pooled(true)),
  `${volumeSize}, all periodic`,
  sameBytes(pooled(true), pooled(false)) ? 'same bytes as the JS loops' : 'OTHER BYTES',
]);
rows.push([
  'pooling of repeats, JS loops (before)',
  await median(() => pooled(false)),
  `${volumeSize}, all periodic`,
  'baseline',
]);
// The swap check's snaps on aloe (opencv-doc), when installed: both directions, as orderEvidence calls them.
const ALOE = '/usr/share/doc/opencv-doc/examples/data/aloe';
const grey480 = async (path: string): Promise<GrayImage> => {
  const { data, info } = await sharp(path)
    .greyscale()
    .resize(480)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, scale: 1 };
};
if (existsSync(`${ALOE}L.jpg`)) {
  const { cv } = await loadOpenCv();
  const a = await grey480(`${ALOE}L.jpg`);
  const b = await grey480(`${ALOE}R.jpg`);
  const f0 = farnebackFlow(cv, a, b);
  const b0 = farnebackFlow(cv, b, a);
  const whereF = nearInconsistent(consistency(f0, b0, 1), a.width, 0.6);
  const whereB = nearInconsistent(consistency(b0, f0, 1), a.width, 0.6);
  const snaps = (kernel: boolean) => [
    snapHorizontal(f0, a, b, whereF, kernel).data,
    snapHorizontal(b0, b, a, whereB, kernel).data,
  ];
  const js = snaps(false);
  const same = snaps(true).every((d, k) =>
    sameBytes(new Uint8Array(d.buffer), new Uint8Array(js[k]!.buffer)),
  );
  const share = whereF.reduce((n, v) => n + v, 0) / whereF.length;
  const size = `${a.width}×${a.height}, ${(100 * share).toFixed(0)} % near an inconsistency`;
  rows.push([
    'order check row snaps, kernel (snapHorizontal)',
    await median(() => snaps(true)),
    size,
    same ? 'same flows as the JS loops' : 'OTHER FLOWS',
  ]);
  rows.push(['order check row snaps, JS loops (before)', await median(() => snaps(false)), size, 'baseline']);
}
printTable(['step', `CPU ms (median of ${RUNS})`, 'size', 'note'], rows);
console.log(
  `(load average ${loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')} on this machine)`,
);
