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
 * The flat parts of the views (see flatRegionsOf) lie within this many levels of their first pixel in each channel of
 * their colour, not only in grey: a board as bright as the wall behind it in another hue is a part of its own, whose
 * edges step in hue (see MIN_CONTRAST). Looser than the grey level (3): a board's inside rings by a few levels per
 * channel on the grid, and a region is split at a change of hue, not by that. Measured in bench/engine/interpolate.ts
 * against grey alone (gain over a cross-fade, frames 25/50/75): the six NEAR-ALIAS painted fences (blue boards) mean
 * 1.86 → 2.81 dB, their least 0.52 → 1.18; the held-out red painted fence 0.96-1.02 → 1.99-2.05; the other 45
 * scenes within 0.02 dB.
 */
export const FLAT_COLOUR = 8;

/**
 * A region's pixels also lie within `tolerance` of its first pixel's in each channel of `rgb` (the same pixels'
 * colours, RGB): a flat grey region may hold two colours of one brightness (a green board on a grey-green wall).
 */
export interface ColourTolerance {
  rgb: Uint8Array;
  tolerance: number;
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
  colour?: ColourTolerance,
): Regions {
  const label = new Int32Array(values.length).fill(-1);
  // The regions kept, one after the other; a smaller one is grown where the next one will be.
  const pixels = new Int32Array(values.length);
  const regions: Regions['regions'] = [];
  let end = 0;
  for (let start = 0, region = 0; start < values.length; start++) {
    if (label[start] !== -1 || Number.isNaN(values[start]!)) continue;
    label[start] = region;
    const grown = growRegion(values, width, label, pixels, end, start, tolerance, colour);
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
 * `tolerance` of the start's (with `colour`, in each of its channels too), not of each neighbour's (a depth edge's
 * in-between disparities, or a soft grey ramp, would chain one surface to the next). Labels them and places them in
 * `pixels` from `end` on, in the order they are found; returns where they end. The pixels beyond are its scratch:
 * the stack of pixels to visit lives at the end of the array (a pixel is stacked once, labelled as it is, then
 * placed, so the two ends never meet).
 */
export function growRegion(
  values: ArrayLike<number>,
  width: number,
  label: Int32Array,
  pixels: Int32Array,
  end: number,
  start: number,
  tolerance: number,
  colour?: ColourTolerance,
): number {
  const n = label.length;
  const region = label[start]!;
  let low = n;
  pixels[--low] = start;
  while (low < n) {
    const i = pixels[low++]!;
    pixels[end++] = i;
    const x = i % width;
    if (x > 0) low = join(values, label, pixels, low, i - 1, start, tolerance, region, colour);
    if (x < width - 1) low = join(values, label, pixels, low, i + 1, start, tolerance, region, colour);
    if (i >= width) low = join(values, label, pixels, low, i - width, start, tolerance, region, colour);
    if (i + width < n) low = join(values, label, pixels, low, i + width, start, tolerance, region, colour);
  }
  return end;
}

/**
 * Labels pixel j as `region` and stacks it below `low`, when it is unlabelled and its value within `tolerance` of
 * the start's (and, with `colour`, each of its channels within that tolerance of the start's); the stack's new low
 * end.
 */
function join(
  values: ArrayLike<number>,
  label: Int32Array,
  pixels: Int32Array,
  low: number,
  j: number,
  start: number,
  tolerance: number,
  region: number,
  colour: ColourTolerance | undefined,
): number {
  if (label[j] !== -1 || !(Math.abs(values[j]! - values[start]!) <= tolerance)) return low;
  if (colour && !nearInColour(colour, j, start)) return low;
  label[j] = region;
  pixels[low - 1] = j;
  return low - 1;
}

/** Whether each channel of pixel j lies within the colour's tolerance of pixel k's. */
function nearInColour({ rgb, tolerance }: ColourTolerance, j: number, k: number): boolean {
  for (let c = 0; c < 3; c++) if (Math.abs(rgb[3 * j + c]! - rgb[3 * k + c]!) > tolerance) return false;
  return true;
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
 * Mean step (levels: of grey, or of hue where larger, see hueStep) across a flat region's edges, two pixels out (past
 * the blur): a painted board's edge, not the border of a smooth patch of texture, which is flat too and finds its
 * like along the row by chance. A green board as bright as the grey-green wall behind it (±3 grey levels, a painted
 * fence of the interpolation bench's random draw 9090) steps by about 35 in hue and 3 in grey: judged in grey alone,
 * its boards were one region with the wall, and its frames 0.38-0.43 dB above a cross-fade, where its boards' two
 * readings mixed give 2.8 dB.
 */
const MIN_CONTRAST = 16;

/**
 * Whether a flat region of `own` (its pixels labelled in `label`; `rgb`, the same pixels' colours) is bounded by steps
 * of its own (see MIN_CONTRAST).
 */
export function stepEdged(
  own: GrayImage,
  rgb: Uint8Array,
  label: Int32Array,
  members: ArrayLike<number>,
): boolean {
  const steps = rowEnds(own, rgb, label, members);
  return steps.length >= MIN_STEPS && steps.reduce((sum, c) => sum + c, 0) >= MIN_CONTRAST * steps.length;
}

/**
 * The step at each of the region's row ends (its left and right edge on each row), two pixels out: the grey step, or
 * the step of hue when larger (see hueStep).
 */
function rowEnds(own: GrayImage, rgb: Uint8Array, label: Int32Array, members: ArrayLike<number>): number[] {
  const { width, data } = own;
  const region = label[members[0]!]!;
  const steps: number[] = [];
  for (let k = 0; k < members.length; k++) {
    const i = members[k]!;
    const x = i % width;
    for (let step = -1; step <= 1; step += 2) {
      if (x + step < 0 || x + step >= width || label[i + step] === region) continue;
      const far = x + 2 * step >= 0 && x + 2 * step < width ? i + 2 * step : i + step;
      steps.push(Math.max(Math.abs(data[far]! - data[i]!), hueStep(rgb, i, far)));
    }
  }
  return steps;
}

/**
 * The part of the colour step from pixel i to pixel j (RGB levels) across the direction of i's colour: 0 where j is
 * i's colour brighter or darker (the texture and shading of one surface, a tint times its grey), the whole step
 * between two colours of one brightness (a green board on a grey-green wall, whose grey step is a few levels).
 */
function hueStep(rgb: Uint8Array, i: number, j: number): number {
  let along = 0;
  let norm = 0;
  let step = 0;
  for (let c = 0; c < 3; c++) {
    const d = rgb[3 * j + c]! - rgb[3 * i + c]!;
    const v = rgb[3 * i + c]!;
    along += d * v;
    norm += v * v;
    step += d * d;
  }
  if (norm < 1) return 0;
  return Math.sqrt(Math.max(0, step - (along * along) / norm));
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
