import type { GrayImage } from '../cv/gray';
import { selectNth } from '../select-nth';

/** A map's regions of some size at least (see regionsOf). */
export interface Regions {
  /** Each pixel's region, numbered as they are grown (−1: NaN, in none). */
  label: Int32Array;
  /** The regions' pixels, each region's in the order growRegion places them, with its number. */
  regions: { pixels: Int32Array; region: number }[];
}

/**
 * The map's regions of `least` pixels or more, grown (see growRegion) from each pixel in no region yet, in raster
 * order (NaN left out), as a loop of growRegion over the map grows them. Typed arrays, written once per map: on the
 * bench's typical layered scene (1920 px, matched at 640 px), growRegion's plain arrays, grown again from empty for
 * each of a view's regions (a textured view has tens of thousands of flat ones), were 37 % of the CPU time of the
 * chain of other readings, and every megabyte of fresh memory costs ~3.5 ms of CPU in page faults on a 2-core VM.
 */
export function regionsOf(
  values: ArrayLike<number>,
  width: number,
  tolerance: number,
  least: number,
): Regions {
  const label = new Int32Array(values.length).fill(-1);
  // The regions kept, one after the other; a smaller one is grown where the next one will be.
  const pixels = new Int32Array(values.length);
  const regions: Regions['regions'] = [];
  let end = 0;
  for (let start = 0, region = 0; start < values.length; start++) {
    if (label[start] !== -1 || Number.isNaN(values[start]!)) continue;
    label[start] = region;
    const grown = growRegion(values, width, label, pixels, end, start, tolerance);
    if (grown - end >= least) {
      regions.push({ pixels: pixels.subarray(end, grown), region });
      end = grown;
    }
    region++;
  }
  return { label, regions };
}

/**
 * Grows the region of pixel `start` (already labelled, its number): the 4-connected pixels whose value lies within
 * `tolerance` of the start's, not of each neighbour's (a depth edge's in-between disparities, or a soft grey ramp,
 * would chain one surface to the next). Labels them and places them in `pixels` from `end` on, in the order they are
 * found; returns where they end. The pixels beyond are its scratch: the stack of pixels to visit lives at the end of
 * the array (a pixel is stacked once, labelled as it is, then placed, so the two ends never meet).
 */
export function growRegion(
  values: ArrayLike<number>,
  width: number,
  label: Int32Array,
  pixels: Int32Array,
  end: number,
  start: number,
  tolerance: number,
): number {
  const n = label.length;
  const region = label[start]!;
  const seed = values[start]!;
  let low = n;
  pixels[--low] = start;
  while (low < n) {
    const i = pixels[low++]!;
    pixels[end++] = i;
    const x = i % width;
    if (x > 0) low = join(values, label, pixels, low, i - 1, seed, tolerance, region);
    if (x < width - 1) low = join(values, label, pixels, low, i + 1, seed, tolerance, region);
    if (i >= width) low = join(values, label, pixels, low, i - width, seed, tolerance, region);
    if (i + width < n) low = join(values, label, pixels, low, i + width, seed, tolerance, region);
  }
  return end;
}

/**
 * Labels pixel j as `region` and stacks it below `low`, when it is unlabelled and its value within `tolerance` of
 * `seed`; the stack's new low end.
 */
function join(
  values: ArrayLike<number>,
  label: Int32Array,
  pixels: Int32Array,
  low: number,
  j: number,
  seed: number,
  tolerance: number,
  region: number,
): number {
  if (label[j] !== -1 || !(Math.abs(values[j]! - seed) <= tolerance)) return low;
  label[j] = region;
  pixels[low - 1] = j;
  return low - 1;
}

/** The map's values at `pixels`. */
export function valuesAt(map: Float32Array, pixels: ArrayLike<number>): Float32Array {
  const values = new Float32Array(pixels.length);
  for (let k = 0; k < pixels.length; k++) values[k] = map[pixels[k]!]!;
  return values;
}

/**
 * The alias shift (whole levels) of a repeated structure: of the shifts its regions found (`pixels` by shift), the
 * one whose ±1 neighbourhood holds the most pixels, with that count; undefined when none was found.
 */
export function structureVote(
  pixels: ReadonlyMap<number, number>,
): { shift: number; pixels: number } | undefined {
  let best: { shift: number; pixels: number } | undefined;
  for (const shift of pixels.keys()) {
    let sum = 0;
    for (const near of [shift - 1, shift, shift + 1]) sum += pixels.get(near) ?? 0;
    if (sum > (best?.pixels ?? 0)) best = { shift, pixels: sum };
  }
  return best;
}

/** Row ends (the region's left and right edges on each row) a flat region needs to be judged. */
const MIN_STEPS = 16;
/**
 * Mean grey step (levels) across a flat region's edges, two pixels out (past the blur): a painted board's edge, not
 * the border of a smooth patch of texture, which is flat too and finds its like along the row by chance.
 */
const MIN_CONTRAST = 16;

/** Whether a flat region of `own` (its pixels labelled in `label`) is bounded by steps of its own (see MIN_CONTRAST). */
export function stepEdged(own: GrayImage, label: Int32Array, members: ArrayLike<number>): boolean {
  const steps = rowEnds(own, label, members);
  return steps.length >= MIN_STEPS && steps.reduce((sum, c) => sum + c, 0) >= MIN_CONTRAST * steps.length;
}

/** The grey step at each of the region's row ends (its left and right edge on each row), two pixels out. */
function rowEnds(own: GrayImage, label: Int32Array, members: ArrayLike<number>): number[] {
  const { width, data } = own;
  const region = label[members[0]!]!;
  const steps: number[] = [];
  for (let k = 0; k < members.length; k++) {
    const i = members[k]!;
    const x = i % width;
    for (let step = -1; step <= 1; step += 2) {
      if (x + step < 0 || x + step >= width || label[i + step] === region) continue;
      const far = x + 2 * step >= 0 && x + 2 * step < width ? i + 2 * step : i + step;
      steps.push(Math.abs(data[far]! - data[i]!));
    }
  }
  return steps;
}

/** Pixels `from` to `to` px outside the region along its rows (one beside two rows' ends may come twice). */
export function outside(
  label: Int32Array,
  members: ArrayLike<number>,
  width: number,
  from: number,
  to: number,
): number[] {
  const region = label[members[0]!]!;
  const found: number[] = [];
  for (let n = 0; n < members.length; n++) {
    const i = members[n]!;
    const x = i % width;
    for (let step = -1; step <= 1; step += 2) {
      const next = x + step;
      if (next < 0 || next >= width || label[i + step] === region) continue;
      for (let k = from; k <= to; k++) {
        const xk = x + step * k;
        if (xk < 0 || xk >= width || label[i + step * k] === region) break;
        found.push(i + step * k);
      }
    }
  }
  return found;
}

/** Median of the values that are not NaN (NaN when none is). */
export function median(values: ArrayLike<number>): number {
  const kept = new Float64Array(values.length);
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isNaN(v)) kept[n++] = v;
  }
  // The upper median, selected rather than sorted: the medians of the layered bench's painted fence (1920 px, one
  // thread) took 43 ms of CPU instead of 236, same values.
  return n === 0 ? Number.NaN : selectNth(kept, n, n >> 1);
}
