/**
 * Alignment accuracy at 24 MP, where the align bench has a single synthetic pair: a change to the reduced copy the
 * features are detected on (or anything else that only shows at this size) is judged here. Pairs, all with a known
 * misalignment: synthetic layered scenes (several seeds), the real pairs upscaled to a 6000 px long side with
 * sensor-like noise (independent per view) and perturbed, and the repetitive scenes rendered at 6000×4000. Prints the
 * ground-truth vertical residual (median / p95), the order-check votes and the CPU time of each, allocating the aligned
 * views (the baseline) and writing them over copies of the given ones (inPlace, as the CLI and the pipeline do: the
 * bytes must be the same); never passes or fails.
 * Usage: tsx bench/engine/align-24mp.ts [--set N]   (N ≥ 1 draws other seeds, noise and perturbations)
 */
import { loadavg } from 'node:os';
import { type AlignOptions, alignPair } from '@wiggle/engine/align/align-pair';
import { makeRepetitiveScene, REPETITIVE_KINDS } from '@wiggle/engine/cv/repetitive-scenes';
import { misalignView, renderView } from '@wiggle/engine/cv/synthetic-scene';
import type { RawImage, SimilarityTransform } from '@wiggle/engine/image';
import { seeded } from '@wiggle/engine/seeded-random';
import sharp from 'sharp';
import { groundTruthResidual } from './data/ground-truth';
import { numberOption } from './data/number-option';
import { swappedShare } from './data/order-votes';
import { printTable } from './data/print-table';
import { loadRealPairs } from './data/real-pairs';
import { compose, perturbedPair, randomTransform, syntheticPair } from './data/synthetic-pairs';

const LONG_SIDE = 6000;
const set = numberOption('--set', 0);
const rows: string[][] = [];
const header = [
  'pair',
  'GT resid med/p95 px',
  'tracked resid med/p95 px',
  'inliers',
  'order votes',
  'CPU ms',
  'CPU ms in place',
];

/** Upscaled (lanczos3) to LONG_SIDE, plus noise of σ ≈ 3 levels per channel (sum of three uniforms). */
async function upscaledNoisy(image: RawImage, seed: number): Promise<RawImage> {
  const f = LONG_SIDE / Math.max(image.width, image.height);
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  })
    .resize(Math.round(image.width * f), Math.round(image.height * f), { kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const random = seeded(seed);
  for (let i = 0; i < data.length; i++) {
    const noise = (random() + random() + random() - 1.5) * 6;
    data[i] = Math.max(0, Math.min(255, Math.round(data[i]! + noise)));
  }
  return { data, width: info.width, height: info.height, channels: image.channels };
}

/** CPU ms of one alignPair call (this process: the main thread and libvips' threads). */
async function timed(left: RawImage, right: RawImage, options: AlignOptions) {
  const cpu = process.cpuUsage();
  const result = await alignPair(left, right, options);
  const used = process.cpuUsage(cpu);
  return { result, cpuMs: ((used.user + used.system) / 1000).toFixed(0) };
}

async function measure(name: string, left: RawImage, right: RawImage, truth: SimilarityTransform) {
  let votes = 'unjudged';
  // The CLI and the pipeline write the aligned views over their own decoded ones; the baseline allocates new ones.
  const own = {
    left: { ...left, data: new Uint8Array(left.data) },
    right: { ...right, data: new Uint8Array(right.data) },
  };
  const { result, cpuMs } = await timed(left, right, {
    onOrderEvidence: (e) => {
      if (e.runs > 0) votes = `${swappedShare(e)} swapped of ${e.runs} runs`;
    },
  });
  const inPlace = await timed(own.left, own.right, { inPlace: true });
  const same =
    result.ok && inPlace.result.ok
      ? Buffer.from(result.left.data).equals(Buffer.from(inPlace.result.left.data)) &&
        Buffer.from(result.right.data).equals(Buffer.from(inPlace.result.right.data))
      : result.ok === inPlace.result.ok;
  const inPlaceMs = `${inPlace.cpuMs}${same ? '' : ' (OTHER BYTES)'}`;
  if (!result.ok) {
    rows.push([name, `FAILED: ${result.reason}`, '', '', votes, cpuMs, inPlaceMs]);
    return undefined;
  }
  const gt = groundTruthResidual(truth, result.transform, left.width, left.height);
  const tracked = result.residualVerticalPx;
  rows.push([
    name,
    `${gt.median.toFixed(3)} / ${gt.p95.toFixed(3)}`,
    `${tracked.median.toFixed(3)} / ${tracked.p95.toFixed(3)}`,
    String(result.inliers),
    votes,
    cpuMs,
    inPlaceMs,
  ]);
  return result.transform;
}

const identity = { rotationDeg: 0, scale: 1, dx: 0, dy: 0 };
for (let k = 0; k < 4; k++) {
  const pair = syntheticPair(LONG_SIDE, 4000, 42 + 4 * set + k);
  await measure(pair.name, pair.left, pair.right, pair.truth);
}
for (const real of await loadRealPairs((note) => console.log(note))) {
  const left = await upscaledNoisy(real.left, 1 + 10 * set);
  const right = await upscaledNoisy(real.right, 2 + 10 * set);
  const name = `${real.name} ${LONG_SIDE} px + noise`;
  const shipped = await measure(`${name} as shipped`, left, right, identity);
  const base = { ...(shipped ?? identity), dx: 0 };
  for (const seed of [11 + 2 * set, 12 + 2 * set]) {
    const perturbation = randomTransform(seed);
    const pair = perturbedPair('', left, right, perturbation);
    await measure(`${name} perturbed #${seed}`, pair.left, pair.right, compose(base, perturbation));
  }
  await measure(`${name} SWAPPED (must be refused)`, right, left, identity);
}
for (const [k, kind] of REPETITIVE_KINDS.entries()) {
  const scene = makeRepetitiveScene(kind, LONG_SIDE, 4000, 80 + k + 20 * set, {});
  const truth = randomTransform(7000 + k + 20 * set);
  await measure(
    `${kind} ${LONG_SIDE}x4000`,
    renderView(scene, 0),
    misalignView(renderView(scene, 1), truth),
    truth,
  );
}
printTable(header, rows);
console.log(
  `(set ${set}; load average ${loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')})`,
);
