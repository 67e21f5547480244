import type { GrayImage } from '../cv/gray';
import { selectNth } from '../select-nth';

/**
 * Grows the region of pixel `start` (already labelled `region`): the 4-connected pixels whose value lies within
 * `tolerance` of the start's, not of each neighbour's (a depth edge's in-between disparities, or a soft grey ramp,
 * would chain one surface to the next). Fills `members` (cleared first) and labels them; `stack` is scratch.
 */
export function growRegion(
  values: ArrayLike<number>,
  width: number,
  label: Int32Array,
  stack: number[],
  members: number[],
  start: number,
  tolerance: number,
): void {
  const region = label[start]!;
  const seed = values[start]!;
  members.length = 0;
  stack.push(start);
  while (stack.length > 0) {
    const i = stack.pop()!;
    members.push(i);
    const x = i % width;
    if (x > 0) join(values, label, stack, i - 1, seed, tolerance, region);
    if (x < width - 1) join(values, label, stack, i + 1, seed, tolerance, region);
    if (i >= width) join(values, label, stack, i - width, seed, tolerance, region);
    if (i + width < label.length) join(values, label, stack, i + width, seed, tolerance, region);
  }
}

/** Labels pixel j as `region` and queues it, when it is unlabelled and its value within `tolerance` of `seed`. */
function join(
  values: ArrayLike<number>,
  label: Int32Array,
  stack: number[],
  j: number,
  seed: number,
  tolerance: number,
  region: number,
): void {
  if (label[j] === -1 && Math.abs(values[j]! - seed) <= tolerance) {
    label[j] = region;
    stack.push(j);
  }
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
export function stepEdged(own: GrayImage, label: Int32Array, members: readonly number[]): boolean {
  const steps = rowEnds(own, label, members);
  return steps.length >= MIN_STEPS && steps.reduce((sum, c) => sum + c, 0) >= MIN_CONTRAST * steps.length;
}

/** The grey step at each of the region's row ends (its left and right edge on each row), two pixels out. */
function rowEnds(own: GrayImage, label: Int32Array, members: readonly number[]): number[] {
  const { width, data } = own;
  const region = label[members[0]!]!;
  const steps: number[] = [];
  for (const i of members) {
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
  members: readonly number[],
  width: number,
  from: number,
  to: number,
): number[] {
  const region = label[members[0]!]!;
  const found: number[] = [];
  for (const i of members) {
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
