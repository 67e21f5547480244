import type { FeatureMatches } from '../align/features';
import type { GrayImage } from '../cv/gray';

/** Half side of the square window the matches are compared over (grid px). */
const HALF = 3;
/** A feature matches as well at the other disparity when its SAD there is at most this many times its own... */
const SAD_RATIO = 1.5;
/** ...plus this many grey levels per pixel (sensor noise, sampling phase). */
const SAD_FLOOR = 4;
/** Features of a bin compared at most (evenly spread over them). */
const SAMPLE = 48;

/**
 * Whether the features matched at disparity bin `b` (1-px bins of left x − right x) match as well at `s`, on the
 * same row: most of them (half or more of those compared) do when `b` is a repeat of a structure at `s` (every
 * copy looks alike), few when `b` is a surface of its own (a textured wall matched a spacing off a fence in front of
 * it mismatches everywhere). Windows of (2·HALF + 1)² grey pixels, compared by their sum of absolute differences;
 * features whose window leaves either view at `b` or `s` are not compared. False when none can be.
 */
export function matchesAlikeAt(
  left: GrayImage,
  right: GrayImage,
  m: FeatureMatches,
  b: number,
  s: number,
): boolean {
  const inBin: number[] = [];
  for (let i = 0; i < m.leftX.length; i++) if (Math.round(m.leftX[i]! - m.rightX[i]!) === b) inBin.push(i);
  const step = Math.max(1, inBin.length / SAMPLE);
  let compared = 0;
  let alike = 0;
  for (let k = 0; k < inBin.length; k += step) {
    const i = inBin[Math.floor(k)]!;
    const x = Math.round(m.leftX[i]!);
    const y = Math.round(m.leftY[i]!);
    const own = sad(left, right, x, y, x - b);
    const other = sad(left, right, x, y, x - s);
    if (own === undefined || other === undefined) continue;
    compared++;
    if (other <= SAD_RATIO * own + SAD_FLOOR * (2 * HALF + 1) ** 2) alike++;
  }
  return compared > 0 && 2 * alike >= compared;
}

/** SAD of the windows about (x, y) in the left view and (xr, y) in the right one; undefined when one leaves it. */
function sad(left: GrayImage, right: GrayImage, x: number, y: number, xr: number): number | undefined {
  const w = left.width;
  if (y < HALF || y >= left.height - HALF) return undefined;
  if (Math.min(x, xr) < HALF || Math.max(x, xr) >= w - HALF) return undefined;
  let sum = 0;
  for (let dy = -HALF; dy <= HALF; dy++) {
    const row = (y + dy) * w;
    for (let dx = -HALF; dx <= HALF; dx++) {
      sum += Math.abs(left.data[row + x + dx]! - right.data[row + xr + dx]!);
    }
  }
  return sum;
}
