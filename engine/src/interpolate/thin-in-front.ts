import { selectNth } from '../select-nth';
/**
 * Thin runs matched behind what surrounds them, moved in front where that fits about as well.
 *
 * A thin run of one disparity (a fence board or a pole, up to THIN grid px) lying behind the surface on both sides
 * of it could only be seen through a slit. A repeating structure lands there when its match aliases one period too
 * far: a uniformly painted board is matched by its edges alone, and its neighbour's edges fit as well (exactly, when
 * the period happens to fall on whole grid pixels). An occluder is nearer than what it stands in front of, so such a
 * run moves to the level, at or in front of the surface around it, that its pixels fit best, when its mean window
 * cost there is within THIN_MARGIN of the current one.
 *
 * Only runs matched about as exactly as a repeat (mean window cost ≤ EXACT) are judged: a textured surface seen
 * through a gap matches with the noise of its texture, and on low-contrast texture an in-front level often fits
 * within the margin too (moving those cost a low-contrast fence 1.1 dB). Only left–right consistent runs between
 * consistent surroundings are judged (a mismatched pixel says nothing about its depth), and the final consistency
 * check keeps a move only when both views made it, so a lone move falls back to the cross-fade.
 */

import { BIT, consistentRow, parabolaOffset } from './row-match';

/** Longest run (grid px) taken for a thin structure. */
const THIN = 12;
/** Row distance (grid px) on each side of a run whose consistent pixels give the surface around it (median). */
const AROUND = 24;
/** A run at least this many levels behind the surface on both of its sides is in question. */
const BEHIND = 2;
/** Mean window cost a run matched as exactly as a repeat has at most (6 census bits). */
const EXACT = 6 * BIT;
/** Mean window cost a moved run may add (8 census bits). */
const THIN_MARGIN = 8 * BIT;

/** The parts of the cost volume read here (see SgmVolume: pixel-major, pixel · levels + level). */
export interface ThinVolume {
  w: number;
  levels: number;
  min: number;
  /** Window cost of each pixel and level (census bits × BIT plus colour). */
  cost: Uint8Array;
  /** Aggregated cost, for the level and sub-pixel offset of each moved pixel. */
  total: Uint16Array;
}

/** Moves thin runs of both maps in front (see above), rows [y0, y1), in place; both maps are judged as given. */
export function placeThinRows(
  v: ThinVolume,
  left: Float32Array,
  right: Float32Array,
  y0: number,
  y1: number,
): void {
  const okL = new Uint8Array(v.w);
  const okR = new Uint8Array(v.w);
  const around = new Float32Array(AROUND);
  for (let y = y0; y < y1; y++) {
    const row = y * v.w;
    consistentRow(left, right, row, v.w, -1, 1, okL);
    consistentRow(right, left, row, v.w, 1, 1, okR);
    placeRow(v, left, okL, row, false, around);
    placeRow(v, right, okR, row, true, around);
  }
}

/** One row of one map; `around` is scratch space for the surroundings' median. */
function placeRow(
  v: ThinVolume,
  out: Float32Array,
  ok: Uint8Array,
  row: number,
  fromRight: boolean,
  around: Float32Array,
): void {
  const { w, levels, min, cost, total } = v;
  // Level k of pixel x sits at (row + first(x)) · levels + k · stride; seen from the right view, the left pixel is
  // x + min + k, which must lie inside the picture.
  const stride = fromRight ? levels + 1 : 1;
  const first = (x: number) => (fromRight ? x + min : x);
  const inView = (x: number, k: number) =>
    k >= 0 && k < levels && (!fromRight || (k >= -first(x) && k <= w - 1 - first(x)));
  const costAt = (x: number, k: number) => cost[(row + first(x)) * levels + k * stride]!;
  /** Median disparity of the consistent pixels in [from, to) (NaN when fewer than four). */
  const surface = (from: number, to: number) => {
    let n = 0;
    for (let q = Math.max(0, from); q < Math.min(w, to); q++) if (ok[q]) around[n++] = out[row + q]!;
    return n < 4 ? Number.NaN : selectNth(around, n, n >> 1);
  };
  let x = 0;
  while (x < w) {
    if (!ok[x]) {
      x++;
      continue;
    }
    const d = out[row + x]!;
    const s = x;
    let far = d;
    while (x < w && ok[x] && Math.abs(out[row + x]! - d) <= 1) far = Math.max(far, out[row + x++]!);
    const length = x - s;
    if (length > THIN) continue;
    const before = surface(s - AROUND, s);
    const after = surface(x, x + AROUND);
    if (Number.isNaN(before) || Number.isNaN(after) || far > Math.min(before, after) - BEHIND) continue;
    let current = 0;
    for (let p = s; p < x; p++) current += costAt(p, Math.round(out[row + p]! - min));
    current /= length;
    if (current > EXACT) continue;
    let bestK = -1;
    let bestMean = Number.POSITIVE_INFINITY;
    for (let k = Math.max(0, Math.round(Math.max(before, after) - 1 - min)); k < levels; k++) {
      let sum = 0;
      let p = s;
      while (p < x && inView(p, k)) sum += costAt(p++, k);
      if (p === x && sum / length < bestMean) {
        bestMean = sum / length;
        bestK = k;
      }
    }
    if (bestK < 0 || bestMean > current + THIN_MARGIN) continue;
    for (let p = s; p < x; p++)
      out[row + p] = min + refined(total, (row + first(p)) * levels, stride, bestK, (k) => inView(p, k));
  }
}

/**
 * The level beside `k` (or k) of least aggregated cost, with the parabola's sub-pixel offset (as winnerRows): the
 * run's best level is shared, each pixel's is its own within one level of it.
 */
function refined(
  total: Uint16Array,
  at: number,
  stride: number,
  k: number,
  inView: (k: number) => boolean,
): number {
  let best = k;
  for (const q of [k - 1, k + 1])
    if (inView(q) && total[at + q * stride]! < total[at + best * stride]!) best = q;
  if (!inView(best - 1) || !inView(best + 1)) return best;
  return (
    best +
    parabolaOffset(
      total[at + (best - 1) * stride]!,
      total[at + best * stride]!,
      total[at + (best + 1) * stride]!,
    )
  );
}
