/**
 * Interpolation on ray-traced scenes (data/ray-scenes.ts), made apart from the engine's own layered scenes: photo
 * textures, real-valued disparities that vary over slanted surfaces, shading and cast shadows, anti-aliased edges.
 * The nine kinds as built (fences, a painted fence, a railing, a window grid, a tiled floor, poles and cables, a
 * chain-link mesh, a slanted fence, a garden of objects) and `--count` variants drawn from `--seed` (parallax
 * 0.55–1.45 × the spacing, spacing, contrast). Frames 25/50/75 from interpolatePair(view 0, view 1) are scored
 * against the traced views at 0.25/0.5/0.75 (PSNR, SSIM) beside a plain cross-fade, with the pair's confidence and
 * the call's time, and the left disparity the frames were made from against the traced one (share within a grid
 * pixel, commonest miss). The views are cached in the temporary folder (see data/ray-views.ts). Prints figures;
 * never fails.
 * Usage: tsx bench/engine/interpolate-ray.ts [--seed N] [--count N] [--width N] [part of a scene name ...]
 */
import { cpus, loadavg } from 'node:os';
import { interpolatePair } from '@wiggle/engine/interpolate/interpolate-views';
import { disparityMisses } from './data/disparity-truth';
import { frameScores, scoreCells } from './data/frame-scores';
import { numberOption } from './data/number-option';
import { printTable } from './data/print-table';
import { drawRayVariants, makeRayScene, RAY_KINDS } from './data/ray-scenes';
import { rayDisparity } from './data/ray-trace';
import { rayViews } from './data/ray-views';

const seed = numberOption('--seed', 2027);
const count = numberOption('--count', 9);
const width = numberOption('--width', 1920);
const height = Math.round((width * 2) / 3);
const only = process.argv
  .slice(2)
  .filter((a, k, all) => !a.startsWith('--') && !['--seed', '--count', '--width'].includes(all[k - 1] ?? ''));

const scenes = [
  ...RAY_KINDS.map((kind) => ({ kind, variant: {}, name: `${kind} (as built)`, drawn: false })),
  ...drawRayVariants(seed, count).map((d) => ({ ...d, name: `DRAWN ${d.name}`, drawn: true })),
].filter((s) => only.length === 0 || only.some((o) => s.name.includes(o)));

const notes = new Set<string>();
const body: string[][] = [];
const gains: { gain: number; drawn: boolean; name: string }[] = [];
const walls: number[] = [];
const cpuTimes: number[] = [];
for (const { kind, variant, name, drawn } of scenes) {
  const views = await rayViews(kind, width, height, variant, [0, 0.25, 0.5, 0.75, 1], (t) => notes.add(t));
  const started = performance.now();
  const cpu = process.cpuUsage();
  let read: { data: Float32Array; width: number; height: number } | undefined;
  const { frames, confidence } = await interpolatePair(views[0]!, views[4]!, [25, 50, 75], {
    // Copied as it is handed over: the synthesis goes on reading it (on two threads, from shared memory).
    onDisparity: (d) => {
      read = { ...d, data: d.data.slice() };
    },
  });
  const used = process.cpuUsage(cpu);
  const wall = performance.now() - started;
  const cpuMs = (used.user + used.system) / 1000;
  walls.push(wall);
  cpuTimes.push(cpuMs);
  // The left view's disparity against the one traced from the scene.
  const misses = read
    ? disparityMisses(
        read.data,
        rayDisparity(await makeRayScene(kind, width, height, variant), 0, read.width, read.height),
      )
    : undefined;
  frameScores(frames, views).forEach((score, k) => {
    gains.push({ gain: score.gain, drawn, name });
    body.push([
      k === 0 ? name : '',
      String((k + 1) * 25),
      ...scoreCells(score),
      k === 0 ? wall.toFixed(0) : '',
      k === 0 ? cpuMs.toFixed(0) : '',
      k === 0 ? confidence.toFixed(3) : '',
      k === 0 ? missCell(misses) : '',
    ]);
  });
}
for (const n of notes) console.log(`note: ${n}`);
console.log(`Interpolation on ray-traced scenes at ${width}x${height}, vs the traced in-between views:\n`);
printTable(
  [
    'scene',
    'frame',
    'ours PSNR dB',
    'fade PSNR dB',
    'gain dB',
    'ours SSIM',
    'fade SSIM',
    'wall ms',
    'CPU ms',
    'confidence',
    'disparity ≤ 1 px / commonest miss',
  ],
  body,
);
/** The left disparity's share within a pixel of the truth and its commonest error (grid px, share). */
function missCell(misses: ReturnType<typeof disparityMisses> | undefined): string {
  if (!misses) return 'cross-faded';
  const { within1, commonest } = misses;
  const pct = (share: number) => `${(100 * share).toFixed(0)} %`;
  if (!commonest) return pct(within1);
  return `${pct(within1)} / ${commonest.error > 0 ? '+' : ''}${commonest.error} px ${pct(commonest.share)}`;
}

const summary = (label: string, of: typeof gains) => {
  if (of.length === 0) return;
  const values = of.map((g) => g.gain);
  const worst = of.reduce((a, b) => (b.gain < a.gain ? b : a));
  console.log(
    `mean gain over a cross-fade, ${label}: ${(values.reduce((a, b) => a + b, 0) / values.length).toFixed(2)} dB ` +
      `(min ${worst.gain.toFixed(2)} dB on ${worst.name}; ${of.length / 3} scenes, ` +
      `${values.filter((g) => g < 0.5).length} frames under +0.5 dB)`,
  );
};
console.log('');
summary(
  'as built',
  gains.filter((g) => !g.drawn),
);
summary(
  `drawn (seed ${seed})`,
  gains.filter((g) => g.drawn),
);
summary('all', gains);
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? Number.NaN;
console.log(
  `three frames: median wall ${median(walls).toFixed(0)} ms (max ${Math.max(...walls).toFixed(0)}), median CPU ` +
    `${median(cpuTimes).toFixed(0)} ms (load average ${loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')} on ${cpus().length} cores)`,
);
