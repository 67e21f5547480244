/**
 * One ray-traced scene of interpolate-ray.ts as pictures, to look at what the bench only scores: frame 50 from
 * interpolatePair beside the traced view and a cross-fade, the frame's error, and the left view's disparity the
 * frames were made from beside the traced one and their difference (grey 128 where they agree, lighter where ours
 * reads nearer, 6 levels per grid px; black where unread). Prints the gains of frames 25/50/75 over a cross-fade,
 * the share of the disparity within a grid pixel of the truth and, with --row, one grid row of both (from --from,
 * 60 cells). Writes PNGs into --out (default: wiggle-look in the temporary folder); never passes or fails.
 * Usage: tsx bench/engine/look-ray.ts (KIND | --seed N --index K) [--width N] [--out DIR] [--row Y [--from X]]
 *   KIND: a scene as built (picket-fence, slanted-fence, ...); --seed/--index: the index-th scene interpolate-ray.ts
 *   draws from that seed (its DRAWN rows, counted from 0).
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RawImage } from '@wiggle/engine/image';
import { interpolatePair } from '@wiggle/engine/interpolate/interpolate-views';
import { crossFade } from '@wiggle/engine/interpolate/quality';
import sharp from 'sharp';
import { disparityMisses } from './data/disparity-truth';
import { frameScores } from './data/frame-scores';
import { numberOption } from './data/number-option';
import { drawRayVariants, makeRayScene, RAY_KINDS, type RayKind } from './data/ray-scenes';
import { rayDisparity } from './data/ray-trace';
import { rayViews } from './data/ray-views';

const width = numberOption('--width', 1920);
const height = Math.round((width * 2) / 3);
const out = process.argv.includes('--out')
  ? process.argv[process.argv.indexOf('--out') + 1]!
  : join(tmpdir(), 'wiggle-look');
const row = numberOption('--row', -1);
const from = numberOption('--from', 0);
const CELLS = 60;

/** The scene named by the arguments: a kind as built, or a seed's drawn variant. */
function chosenScene() {
  const kind = RAY_KINDS.find((k) => process.argv.slice(2).includes(k));
  if (kind) return { kind, variant: {}, name: `${kind} (as built)` };
  const seed = numberOption('--seed', Number.NaN);
  const index = numberOption('--index', Number.NaN);
  const drawn =
    Number.isInteger(seed) && Number.isInteger(index) ? drawRayVariants(seed, index + 1)[index] : undefined;
  if (!drawn) {
    console.error(`name a scene: one of ${RAY_KINDS.join(', ')}, or --seed N --index K`);
    process.exit(2);
  }
  return { ...drawn, name: `DRAWN ${drawn.name} (seed ${seed}, #${index})` };
}

/** A picture of 1 or 3 channels written as PNG into the output folder. */
function write(file: string, image: { data: Uint8Array; width: number; height: number; channels: 1 | 3 }) {
  const { data, channels } = image;
  return sharp(data, { raw: { width: image.width, height: image.height, channels } })
    .png()
    .toFile(join(out, file));
}

/** Grey levels of a disparity map on the scale [lo, hi] (grid px); NaN black. */
function shades(map: Float32Array, lo: number, hi: number): Uint8Array {
  return Uint8Array.from(map, (d) =>
    Number.isFinite(d) ? Math.max(0, Math.min(255, ((d - lo) / (hi - lo)) * 255)) : 0,
  );
}

/** |frame − truth| summed over the colour channels, per pixel (clamped to 255). */
function frameError(frame: RawImage, truth: RawImage): Uint8Array {
  const error = new Uint8Array(frame.width * frame.height);
  for (let i = 0; i < error.length; i++) {
    let sum = 0;
    for (let c = 0; c < 3; c++)
      sum += Math.abs(frame.data[i * frame.channels + c]! - truth.data[i * truth.channels + c]!);
    error[i] = Math.min(255, sum);
  }
  return error;
}

const { kind, variant, name } = chosenScene() as { kind: RayKind; variant: object; name: string };
mkdirSync(out, { recursive: true });
const views = await rayViews(kind, width, height, variant, [0, 0.25, 0.5, 0.75, 1]);
let read: { data: Float32Array; width: number; height: number } | undefined;
const { frames, confidence } = await interpolatePair(views[0]!, views[4]!, [25, 50, 75], {
  // Copied as it is handed over: the synthesis goes on reading it.
  onDisparity: (d) => {
    read = { ...d, data: d.data.slice() };
  },
});
const gains = frameScores(frames, views).map((s) => s.gain.toFixed(2));
console.log(`${name}: confidence ${confidence.toFixed(3)}, gain over a cross-fade ${gains.join(' / ')} dB`);
const rgb = (image: RawImage) => ({ ...image, channels: 3 as const });
await write('frame-50.png', rgb(frames[1]!));
await write('truth-50.png', rgb(views[2]!));
await write('fade-50.png', rgb(crossFade(views[0]!, views[4]!, 0.5)));
await write('error-50.png', { data: frameError(frames[1]!, views[2]!), width, height, channels: 1 });
if (read) {
  const { width: gw, height: gh } = read;
  const truth = rayDisparity(await makeRayScene(kind, width, height, variant), 0, gw, gh);
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const d of truth) {
    if (!Number.isFinite(d)) continue;
    lo = Math.min(lo, d - 10);
    hi = Math.max(hi, d + 10);
  }
  await write('disparity.png', { data: shades(read.data, lo, hi), width: gw, height: gh, channels: 1 });
  await write('disparity-truth.png', { data: shades(truth, lo, hi), width: gw, height: gh, channels: 1 });
  const difference = Float32Array.from(read.data, (d, i) => d - truth[i]!);
  await write('disparity-error.png', {
    data: shades(difference, -128 / 6, 127 / 6),
    width: gw,
    height: gh,
    channels: 1,
  });
  const { within1, commonest } = disparityMisses(read.data, truth);
  const miss = commonest
    ? `, commonest miss ${commonest.error} px (${(100 * commonest.share).toFixed(0)} %)`
    : '';
  console.log(`disparity (grid ${gw}x${gh}): ${(100 * within1).toFixed(0)} % within a grid px${miss}`);
  console.log(
    `disparity pictures: ${(lo + 10).toFixed(1)} to ${(hi - 10).toFixed(1)} grid px traced, black = ${lo.toFixed(1)}`,
  );
  if (row >= 0 && row < gh) {
    const cells = (map: Float32Array) =>
      Array.from(map.subarray(row * gw + from, row * gw + Math.min(gw, from + CELLS)), (d) =>
        d.toFixed(0),
      ).join(' ');
    console.log(`row ${row} from ${from}, ours:  ${cells(read.data)}`);
    console.log(`row ${row} from ${from}, truth: ${cells(truth)}`);
  }
} else console.log('the frames are cross-fades: no disparity was read');
console.log(`pictures in ${out}`);
