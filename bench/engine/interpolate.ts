/**
 * Interpolation bench: layered scenes (random planes, and repetitive or thin foreground structures) rendered from camera positions 0, .25, .5, .75, 1 give the exact in-between
 * views; frames 25/50/75 from interpolateViews(view 0, view 1) are scored (PSNR, SSIM) against them, side by side
 * with a plain cross-fade, plus the time for the three frames at 1920 px width, on two threads (the default) and,
 * as the baseline, on one (whose bytes must be the same). Prints figures; never fails.
 * Scenes named HELD-OUT (data/held-out-scenes.ts) were never used for tuning and are summarized apart, as are the
 * RANDOM ones (data/random-scenes.ts: drawn from a seed, 12 by default; another seed draws variants no one has seen).
 * NEAR-ALIAS scenes are painted fences whose parallax is about their spacing (data/repetitive-variants.ts), summarized
 * apart and in "all". EXPOSURE scenes are tuned ones seen by a right camera brighter or darker than the left (rigs' two cameras rarely
 * agree): the true in-betweens change exposure as a cross-fade does. They are summarized apart and not in "all".
 * Usage: tsx bench/engine/interpolate.ts [--quick] [--random-seed N] [--random-count N] [part of a scene name ...]
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { makeRepetitiveScene, REPETITIVE_KINDS } from '@wiggle/engine/cv/repetitive-scenes';
import { type LayeredScene, makeLayeredScene, renderView } from '@wiggle/engine/cv/synthetic-scene';
import type { RawImage } from '@wiggle/engine/image';
import { interpolatePair } from '@wiggle/engine/interpolate/interpolate-views';
import { restyle } from '@wiggle/engine/testing/restyle';
import { frameScores, scoreCells } from './data/frame-scores';
import { HELD_OUT_SCENES } from './data/held-out-scenes';
import { numberOption } from './data/number-option';
import { randomScenes } from './data/random-scenes';
import { NEAR_ALIAS_VARIANTS, UNTUNED_VARIANTS } from './data/repetitive-variants';

const quick = process.argv.includes('--quick');
const randomSeed = numberOption('--random-seed', 777);
const randomCount = numberOption('--random-count', 12);
const WIDTH = 1920;
const HEIGHT = 1280;

interface Scenario {
  name: string;
  /** A harder scene (repetitive or thin structures) instead of random layers. */
  build?: () => LayeredScene;
  seed: number;
  /** Disparity of the nearest layer, as a fraction of the width. */
  near: number;
  background: number;
  objects: number;
  /**
   * Never used to tune the engine (data/held-out-scenes.ts, data/random-scenes.ts), or a family of its own
   * (NEAR-ALIAS: data/repetitive-variants.ts): summarized apart.
   */
  group?: 'held-out' | 'random' | 'exposure' | 'near-alias';
  /** The right camera's exposure: each level v becomes v·gain + lift (camera position c gets a c-th of it). */
  exposure?: { gain: number; lift: number };
}

/** A view from camera position c under `exposure`. */
function exposed(view: RawImage, c: number, exposure: Scenario['exposure']): RawImage {
  if (!exposure) return view;
  const gain = 1 + (exposure.gain - 1) * c;
  const lift = exposure.lift * c;
  return { ...view, data: view.data.map((v) => Math.min(255, Math.max(0, Math.round(v * gain + lift)))) };
}

const TUNED: Scenario[] = [
  { name: 'small parallax (near 1.5 %)', seed: 31, near: 0.015, background: 0, objects: 6 },
  { name: 'typical parallax (near 3 %)', seed: 32, near: 0.03, background: 4, objects: 7 },
  { name: 'strong parallax (near 5 %)', seed: 33, near: 0.05, background: 8, objects: 8 },
  { name: 'crowded (12 planes, 4 %)', seed: 34, near: 0.04, background: 0, objects: 12 },
  ...REPETITIVE_KINDS.map((kind, k) => ({
    name: kind,
    seed: 40 + k,
    near: 0,
    background: 0,
    objects: 0,
    build: () => makeRepetitiveScene(kind, WIDTH, HEIGHT, 40 + k),
  })),
  // Variants the engine was never tuned on: other spacings, parallaxes and seeds (parallax still > half the spacing).
  ...UNTUNED_VARIANTS.map(({ kind, variant }, k) => ({
    name: `${kind} (untuned: spacing ×${variant.spacing ?? 1}, parallax ×${variant.parallax ?? 1})`,
    seed: 60 + k,
    near: 0,
    background: 0,
    objects: 0,
    build: () => makeRepetitiveScene(kind, WIDTH, HEIGHT, 60 + k, variant),
  })),
];

const EXPOSED: [string, NonNullable<Scenario['exposure']>][] = [
  ['typical parallax (near 3 %)', { gain: 1.15, lift: 6 }],
  ['strong parallax (near 5 %)', { gain: 0.8, lift: 0 }],
  ['fence', { gain: 1.15, lift: 6 }],
  ['thin-poles', { gain: 0.8, lift: 0 }],
  ['window-grid', { gain: 1.15, lift: 6 }],
  ['tiled-floor', { gain: 0.8, lift: 0 }],
];

const SCENARIOS: Scenario[] = [
  ...TUNED,
  ...EXPOSED.map(([name, exposure]) => ({
    ...TUNED.find((s) => s.name === name)!,
    name: `EXPOSURE ${name} (right ×${exposure.gain}${exposure.lift ? ` +${exposure.lift}` : ''})`,
    group: 'exposure' as const,
    exposure,
  })),
  ...NEAR_ALIAS_VARIANTS.map(({ spacing, parallax, seed }) => ({
    name: `NEAR-ALIAS painted-fence (spacing ×${spacing}, parallax ×${parallax}, blue)`,
    seed,
    near: 0,
    background: 0,
    objects: 0,
    group: 'near-alias' as const,
    build: () =>
      restyle(makeRepetitiveScene('painted-fence', WIDTH, HEIGHT, seed, { spacing, parallax }), {
        structure: [0.2, 0.4, 0.9],
      }),
  })),
  ...HELD_OUT_SCENES.map(({ name, build }) => ({
    name: `HELD-OUT ${name}`,
    seed: 0,
    near: 0,
    background: 0,
    objects: 0,
    group: 'held-out' as const,
    build: () => build(WIDTH, HEIGHT),
  })),
  ...randomScenes(randomSeed, randomCount).map(({ name, build }) => ({
    name: `RANDOM ${name}`,
    seed: 0,
    near: 0,
    background: 0,
    objects: 0,
    group: 'random' as const,
    build: () => build(WIDTH, HEIGHT),
  })),
];

/**
 * CPU time of the calling thread alone (ms; Linux, 10 ms ticks; NaN elsewhere). The interpolation splits its work
 * with a helper thread: on an idle machine its wall time is about this; on a loaded one, wall time mostly measures
 * the other processes.
 */
function threadCpuMs(): number {
  try {
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

function row(cells: string[], widths: number[]): string {
  return `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
}

async function main(): Promise<void> {
  const head = [
    'scene',
    'frame',
    'ours PSNR dB',
    'fade PSNR dB',
    'gain dB',
    'ours SSIM',
    'fade SSIM',
    'ms (3 frames)',
    'CPU ms',
    'this thread ms',
    'confidence',
  ];
  const body: string[][] = [];
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const threadTimes: number[] = [];
  const oneTimes: number[] = [];
  const oneCpuTimes: number[] = [];
  const differing: string[] = [];
  const gains: { gain: number; group: Scenario['group'] }[] = [];
  const only = process.argv
    .slice(2)
    .filter(
      (a, k, all) => !a.startsWith('--') && !['--random-seed', '--random-count'].includes(all[k - 1] ?? ''),
    );
  const chosen = only.length > 0 ? SCENARIOS.filter((s) => only.some((o) => s.name.includes(o))) : SCENARIOS;
  for (const scenario of quick ? chosen.slice(0, 2) : chosen) {
    const scene =
      scenario.build?.() ??
      makeLayeredScene({
        width: WIDTH,
        height: HEIGHT,
        seed: scenario.seed,
        objects: scenario.objects,
        maxDisparity: Math.round((WIDTH * scenario.near) / 4) * 4,
        backgroundDisparity: scenario.background,
      });
    const views = [0, 0.25, 0.5, 0.75, 1].map((c) => exposed(renderView(scene, c), c, scenario.exposure));
    const started = performance.now();
    const cpu = process.cpuUsage();
    const thread = threadCpuMs();
    const { frames, confidence } = await interpolatePair(views[0]!, views[4]!, [25, 50, 75]);
    const used = process.cpuUsage(cpu);
    const threadMs = threadCpuMs() - thread;
    const ms = performance.now() - started;
    const cpuMs = (used.user + used.system) / 1000;
    // Baseline in the same run: the same call on one thread (it must give the same bytes).
    const oneStarted = performance.now();
    const oneCpu = process.cpuUsage();
    const one = await interpolatePair(views[0]!, views[4]!, [25, 50, 75], { threads: 1 });
    const oneUsed = process.cpuUsage(oneCpu);
    oneTimes.push(performance.now() - oneStarted);
    oneCpuTimes.push((oneUsed.user + oneUsed.system) / 1000);
    if (one.frames.some((f, k) => !Buffer.from(f.data).equals(Buffer.from(frames[k]!.data)))) {
      differing.push(scenario.name);
    }
    times.push(ms);
    cpuTimes.push(cpuMs);
    threadTimes.push(threadMs);
    frameScores(frames, views).forEach((score, k) => {
      gains.push({ gain: score.gain, group: scenario.group });
      body.push([
        k === 0 ? scenario.name : '',
        String((k + 1) * 25),
        ...scoreCells(score),
        k === 0 ? ms.toFixed(0) : '',
        k === 0 ? cpuMs.toFixed(0) : '',
        k === 0 ? threadMs.toFixed(0) : '',
        k === 0 ? confidence.toFixed(3) : '',
      ]);
    });
  }
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  console.log(
    `Interpolation at ${WIDTH}x${HEIGHT} (disparity matched at 640 px), vs exact in-between renders:\n`,
  );
  console.log(row(head, widths));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of body) console.log(row(r, widths));
  const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  const summary = (label: string, of: number[]) =>
    of.length > 0 &&
    console.log(
      `mean gain over cross-fade, ${label}: ${(of.reduce((a, b) => a + b, 0) / of.length).toFixed(2)} dB ` +
        `(min ${Math.min(...of).toFixed(2)} dB, ${of.length / 3} scenes)`,
    );
  console.log('');
  summary(
    'tuned scenes',
    gains.filter((g) => !g.group).map((g) => g.gain),
  );
  summary(
    'HELD-OUT scenes',
    gains.filter((g) => g.group === 'held-out').map((g) => g.gain),
  );
  summary(
    `RANDOM scenes (seed ${randomSeed})`,
    gains.filter((g) => g.group === 'random').map((g) => g.gain),
  );
  summary(
    'NEAR-ALIAS scenes',
    gains.filter((g) => g.group === 'near-alias').map((g) => g.gain),
  );
  summary(
    'EXPOSURE scenes',
    gains.filter((g) => g.group === 'exposure').map((g) => g.gain),
  );
  summary(
    'all scenes but EXPOSURE',
    gains.filter((g) => g.group !== 'exposure').map((g) => g.gain),
  );
  console.log(
    `three 1920 px frames: median wall ${med(times).toFixed(0)} ms, median CPU ${med(cpuTimes).toFixed(0)} ms ` +
      `(calling thread ${med(threadTimes).toFixed(0)} ms); on one thread: median wall ${med(oneTimes).toFixed(0)} ms, ` +
      `median CPU ${med(oneCpuTimes).toFixed(0)} ms (load average ${loadavg()
        .map((v) => v.toFixed(1))
        .join(' ')} on ${cpus().length} cores)`,
  );
  console.log(
    differing.length === 0
      ? 'one thread and two give the same bytes on every scene'
      : `one thread and two DIFFER on: ${differing.join(', ')}`,
  );
}

await main();
