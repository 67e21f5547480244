import type { RawImage } from '../image';
import type { Grid } from './view-synthesis';

/** Side of the squares the readings are compared over, in grid cells (a few spacings of a fence on the 640 px grid). */
const SQUARE_CELLS = 16;
/** The mix leans at most this far from an even one: the frames keep at least 0.5 − LEAN of either reading. */
const LEAN = 0.2;
/** Mean difference of the readings' motions (grid px) from which the lean is whole. */
const WHOLE_LEAN_PX = 2;
/** Cells whose readings lie closer than this (grid px) are the same surface under both: they tell nothing. */
const SAME_READING = 1;

/** The new view's disparity on the grid under each reading (ViewPlan.depth), and the grid. */
export interface ReadingDepths {
  a: Float32Array;
  b: Float32Array;
  grid: Grid;
}

/**
 * `into`, the frame made under one reading of a repeated structure (A), becomes its mix w·A + (1 − w)·B with the
 * frame made under the other reading (B) within `columns` (per row y, [columns[2y], columns[2y + 1]); elsewhere the
 * two frames must be equal, see changedColumns).
 *
 * Nothing in the two views tells the readings apart: the matcher's costs and the reprojection errors favour its own
 * reading also where the other is true. An even mix is what minimises the error when either is as likely, but they
 * are not: of two readings a spacing apart, the smaller motion is the one a viewer sees (apparent motion takes the
 * shortest path), and the one whose in-betweens stay nearest where both views show the structure. The mix leans
 * towards it: over squares of SQUARE_CELLS grid cells (and the eight around), the mean of |d_B| − |d_A| on the cells
 * whose readings differ (a board under one, the wall seen between the boards under the other, tells nothing: their
 * motions are the structure's and its background's, and cancel out over a spacing); w = 0.5 + LEAN at a mean of
 * WHOLE_LEAN_PX or more, bilinear between the squares' centres.
 *
 * Measured against the even mix, same runs (frames 25/50/75, gain in dB over a cross-fade):
 * - ray-traced painted fence (bench/engine/interpolate-ray.ts; boards move 0.41 of their spacing, the other reading
 *   1.41): +0.05 / −1.19 / −0.13 → +1.88 / +0.63 / +1.60; window grid +3.18 / +6.04 / +3.55 → +4.68 / +7.85 / +4.98;
 *   the 18 scenes' mean 8.00 → 8.21, their least −1.19 → −0.21, frames under +0.5 dB 8 → 4;
 * - layered bench (bench/engine/interpolate.ts): its painted fence +3.76 / +4.29 / +3.80 → +6.49 / +7.00 / +6.52,
 *   all 52 scenes but EXPOSURE 8.45 → 8.55 (least 0.03 → 0.05). The NEAR-ALIAS fences (parallax about a whole
 *   spacing, 1.88 → 1.86) move by the larger motion in three of six: they lose 0.5-1.1 dB (least 1.01 → 0.51), and
 *   the fence of ambiguous-repeats.test.ts whose boards move 1.4 spacings 2 dB (+2.40 / +3.53 / +2.25 → +0.45 /
 *   +1.62 / +0.47). That is why the lean is bounded; LEAN 0.15 left that fence at +0.91 / +2.08 / +0.90 but the
 *   ray-traced one at +1.44 / +0.19 / +1.20.
 */
export function mixReadings(
  into: RawImage,
  other: RawImage,
  columns: Int32Array,
  depths: ReadingDepths,
): void {
  const { width, height, channels } = into;
  const side = SQUARE_CELLS * depths.grid.scale;
  const sw = Math.ceil(depths.grid.width / SQUARE_CELLS);
  const sh = Math.ceil(depths.grid.height / SQUARE_CELLS);
  const lean = leanOf(depths, sw, sh);
  const a = into.data;
  const b = other.data;
  // The squares' columns and weights along x, once per frame.
  const left = new Int32Array(width);
  const right = new Int32Array(width);
  const along = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(sw - 1, Math.max(0, (x + 0.5) / side - 0.5));
    left[x] = Math.floor(fx);
    right[x] = Math.min(sw - 1, left[x]! + 1);
    along[x] = fx - left[x]!;
  }
  for (let y = 0; y < height; y++) {
    const fy = Math.min(sh - 1, Math.max(0, (y + 0.5) / side - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(sh - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = columns[2 * y]!; x < columns[2 * y + 1]!; x++) {
      const i = (y * width + x) * channels;
      if (sameAt(a, b, i, channels)) continue;
      const x0 = left[x]!;
      const x1 = right[x]!;
      const wx = along[x]!;
      const top = lean[y0 * sw + x0]! + (lean[y0 * sw + x1]! - lean[y0 * sw + x0]!) * wx;
      const bottom = lean[y1 * sw + x0]! + (lean[y1 * sw + x1]! - lean[y1 * sw + x0]!) * wx;
      const w = top + (bottom - top) * wy;
      for (let c = i, end = i + channels; c < end; c++) {
        // An even mix rounds as (A + B + 1) >> 1 does; equal frames stay as they are.
        a[c] = Math.floor(w * a[c]! + (1 - w) * b[c]! + 0.5);
      }
    }
  }
}

/** Whether the pixel whose first byte is i is the same in both frames (any mix of it is itself). */
function sameAt(a: Uint8Array, b: Uint8Array, i: number, channels: number): boolean {
  for (let c = i, end = i + channels; c < end; c++) if (a[c] !== b[c]) return false;
  return true;
}

/** Per square, A's weight from the readings of its cells and of the eight squares' around it. */
function leanOf({ a, b, grid }: ReadingDepths, sw: number, sh: number): Float64Array {
  const sum = new Float64Array(sw * sh);
  const count = new Float64Array(sw * sh);
  for (let gy = 0; gy < grid.height; gy++) {
    const row = Math.floor(gy / SQUARE_CELLS) * sw;
    for (let gx = 0, i = gy * grid.width; gx < grid.width; gx++, i++) {
      const da = a[i]!;
      const db = b[i]!;
      if (!(Number.isFinite(da) && Number.isFinite(db)) || Math.abs(da - db) < SAME_READING) continue;
      const k = row + Math.floor(gx / SQUARE_CELLS);
      sum[k] = sum[k]! + Math.abs(db) - Math.abs(da);
      count[k] = count[k]! + 1;
    }
  }
  const lean = new Float64Array(sw * sh);
  for (let sy = 0; sy < sh; sy++) {
    for (let sx = 0; sx < sw; sx++) {
      let s = 0;
      let n = 0;
      for (let y = Math.max(0, sy - 1); y <= Math.min(sh - 1, sy + 1); y++) {
        for (let x = Math.max(0, sx - 1); x <= Math.min(sw - 1, sx + 1); x++) {
          s += sum[y * sw + x]!;
          n += count[y * sw + x]!;
        }
      }
      const towardsA = n > 0 ? Math.max(-1, Math.min(1, s / n / WHOLE_LEAN_PX)) : 0;
      lean[sy * sw + sx] = 0.5 + LEAN * towardsA;
    }
  }
  return lean;
}
