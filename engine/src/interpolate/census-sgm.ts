import { popcount } from '../align/features';
import { census5x5 } from '../cv/census';
import type { GrayImage } from '../cv/gray';

/**
 * Disparity maps of an aligned (row-rectified) pair on one grid: `left[x]` is how far left the point of left pixel x
 * lies in the right view (right x = x − d), `right[x]` the same seen from the right view (left x = x + d).
 * NaN where the match is unreliable: left–right inconsistent (occluded in the other view or mismatched) or
 * ambiguous (a second, distinct minimum nearly as good). Repeats of a fence or a tiled floor take the nearer match.
 */
export interface DisparityMaps {
  width: number;
  height: number;
  left: Float32Array;
  right: Float32Array;
}

export interface SgmOptions {
  /** Smallest and largest disparity searched (grid px). */
  min: number;
  max: number;
  /** Small-change and jump penalties of the smoothness term (cost units: 4 per census bit). */
  p1?: number;
  p2?: number;
  /** A second minimum this close (fraction of the best aggregated cost) makes the pixel ambiguous. */
  uniqueness?: number;
  /** Colour copies (RGB, same grid) whose absolute differences add to the census cost (thin, tinted structures). */
  colour?: { left: Uint8Array; right: Uint8Array };
}

const BIT = 4;
const OUTSIDE = 10 * BIT;
/** Census costs are averaged over a (2r+1)² window before aggregation (sharper minima on fine texture). */
const WINDOW_RADIUS = 1;
/** Colour term: summed RGB absolute difference × weight, capped (robust to the few pixels that change with the view). */
const COLOUR_WEIGHT = 1;
const COLOUR_CAP = 40;
/** A distinct match (≥ 3 levels away) whose window cost is within this many census bits per pixel is a repeat. */
const REPEAT_BITS = 0.5;
/** Intensity step (grey levels) across which the jump penalty P2 halves (see aggregate). */
const EDGE_LEVELS = 24;

/**
 * Semi-global matching along rows: census-5×5 Hamming costs (insensitive to exposure and colour differences between
 * the cameras), aggregated along four paths (both ways along rows and columns) with penalties P1 for ±1 changes and
 * P2 for jumps, winner-take-all with a parabola for sub-pixel precision. The right view's map comes from the same
 * aggregated volume (S_R(x, d) = S_L(x + d, d)), so left–right consistency costs one more pass only.
 */
export function censusSgm(left: GrayImage, right: GrayImage, o: SgmOptions): DisparityMaps {
  const { width: w, height: h } = left;
  const min = Math.floor(o.min);
  const levels = Math.max(1, Math.ceil(o.max) - min + 1);
  const p1 = o.p1 ?? 3 * BIT;
  const p2 = o.p2 ?? 24 * BIT;
  const rgbL = o.colour?.left;
  const rgbR = o.colour?.right;
  const cl = census5x5(left.data, w, h);
  const cr = census5x5(right.data, w, h);
  const n = w * h;
  const cost = new Uint8Array(n * levels);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const a = cl[i]!;
      const base = i * levels;
      for (let k = 0; k < levels; k++) {
        const xr = x - (min + k);
        if (xr < 0 || xr >= w) {
          cost[base + k] = OUTSIDE + COLOUR_CAP;
          continue;
        }
        let c = BIT * popcount(a ^ cr[y * w + xr]!);
        if (rgbL && rgbR) {
          const p = 3 * i;
          const q = 3 * (y * w + xr);
          const ad =
            Math.abs(rgbL[p]! - rgbR[q]!) +
            Math.abs(rgbL[p + 1]! - rgbR[q + 1]!) +
            Math.abs(rgbL[p + 2]! - rgbR[q + 2]!);
          c += Math.min(COLOUR_CAP, ad * COLOUR_WEIGHT);
        }
        cost[base + k] = c;
      }
    }
  }
  boxMean(cost, w, h, levels, WINDOW_RADIUS);
  const total = new Uint16Array(n * levels);
  aggregate(cost, total, left.data, w, h, levels, p1, p2);
  const dl = winners(total, cost, w, h, levels, min, o.uniqueness ?? 0.04, false);
  const dr = winners(total, cost, w, h, levels, min, o.uniqueness ?? 0.04, true);
  checkConsistency(dl, dr, w, h, 1);
  return { width: w, height: h, left: dl, right: dr };
}

/** Sum over four paths (→, ←, ↓, ↑) of the path costs L_r(p, d) into `total`. */
function aggregate(
  cost: Uint8Array,
  total: Uint16Array,
  grey: Uint8Array,
  w: number,
  h: number,
  levels: number,
  p1: number,
  p2: number,
): void {
  const line = new Int32Array(levels);
  // The jump penalty shrinks across strong intensity edges (depth edges are mostly intensity edges): a thin bar or
  // board may then take its own disparity instead of its surroundings'.
  const jumpAt = Int32Array.from({ length: 256 }, (_, d) =>
    Math.max(2 * p1, Math.round(p2 / (1 + d / EDGE_LEVELS))),
  );
  // Horizontal paths: one row at a time.
  for (const dir of [1, -1]) {
    for (let y = 0; y < h; y++) {
      let min = 0;
      for (let s = 0; s < w; s++) {
        const x = dir > 0 ? s : w - 1 - s;
        const i = y * w + x;
        const jump = s === 0 ? p2 : jumpAt[Math.abs(grey[i]! - grey[i - dir]!)]!;
        min = step(cost, total, i * levels, levels, line, 0, min, p1, jump, s === 0);
      }
    }
  }
  // Vertical paths: a whole row of previous path costs.
  const rows = new Int32Array(w * levels);
  const mins = new Int32Array(w);
  for (const dir of [1, -1]) {
    for (let s = 0; s < h; s++) {
      const y = dir > 0 ? s : h - 1 - s;
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const jump = s === 0 ? p2 : jumpAt[Math.abs(grey[i]! - grey[i - dir * w]!)]!;
        mins[x] = step(cost, total, i * levels, levels, rows, x * levels, mins[x]!, p1, jump, s === 0);
      }
    }
  }
}

/**
 * One SGM recursion step at one pixel, in place: `path[at..at+levels)` holds the previous pixel's path costs on
 * entry and this pixel's on return (the old value of level k − 1 is kept aside). Adds them to `total`; returns
 * their minimum.
 */
function step(
  cost: Uint8Array,
  total: Uint16Array,
  base: number,
  levels: number,
  path: Int32Array,
  at: number,
  prevMin: number,
  p1: number,
  p2: number,
  first: boolean,
): number {
  let newMin = 1 << 30;
  const jump = prevMin + p2;
  let before = 1 << 30;
  for (let k = 0; k < levels; k++) {
    let v = cost[base + k]!;
    const old = path[at + k]!;
    if (!first) {
      let best = old;
      if (before + p1 < best) best = before + p1;
      if (k < levels - 1 && path[at + k + 1]! + p1 < best) best = path[at + k + 1]! + p1;
      if (jump < best) best = jump;
      v += best - prevMin;
    }
    before = old;
    path[at + k] = v;
    total[base + k] = total[base + k]! + v;
    if (v < newMin) newMin = v;
  }
  return newMin;
}

/**
 * Winner-take-all per pixel with sub-pixel parabola; a repeat (see repeatAlias) moves to its next nearer alias;
 * otherwise NaN when a distinct second minimum (≥ 2 levels away) is within `uniqueness` of the best. `fromRight`
 * reads S(x + d, d) for the right view's pixel x.
 */
function winners(
  total: Uint16Array,
  cost: Uint8Array,
  w: number,
  h: number,
  levels: number,
  min: number,
  uniqueness: number,
  fromRight: boolean,
): Float32Array {
  const out = new Float32Array(w * h);
  const row = new Float64Array(levels);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let best = -1;
      let bestCost = Number.POSITIVE_INFINITY;
      for (let k = 0; k < levels; k++) {
        const xl = fromRight ? x + min + k : x;
        const v = xl < w ? total[(y * w + xl) * levels + k]! : Number.POSITIVE_INFINITY;
        row[k] = v;
        if (v < bestCost) {
          bestCost = v;
          best = k;
        }
      }
      let second = Number.POSITIVE_INFINITY;
      for (let k = 0; k < levels; k++) if (Math.abs(k - best) > 1 && row[k]! < second) second = row[k]!;
      if (best < 0) {
        out[y * w + x] = Number.NaN;
        continue;
      }
      const nearer = repeatAlias(cost, y * w, x, w, levels, best, min, fromRight);
      if (nearer > best) {
        best = nearer;
        bestCost = row[best]!;
      } else if (nearer < 0 && second - bestCost < uniqueness * bestCost) {
        out[y * w + x] = Number.NaN;
        continue;
      }
      let offset = 0;
      if (
        best > 0 &&
        best < levels - 1 &&
        Number.isFinite(row[best - 1]!) &&
        Number.isFinite(row[best + 1]!)
      ) {
        const curvature = row[best - 1]! - 2 * bestCost + row[best + 1]!;
        if (curvature > 0) offset = (row[best - 1]! - row[best + 1]!) / (2 * curvature);
      }
      out[y * w + x] = min + best + offset;
    }
  }
  return out;
}

/**
 * A repeat of the winner: a level ≥ 3 from `best` whose window cost is as good to within REPEAT_BITS per pixel (or
 * 5 %), as a fence board or a floor tile matches its neighbour as well as itself, flat or textured. Returns the
 * first such level nearer than `best` (the next alias one spacing nearer), else any farther one (`best` is then
 * the nearest alias), else −1. Smoothness often picks the farther alias, which puts the boards behind the
 * background seen between them; the caller moves to the next nearer alias (one step only: two spacings nearer is
 * as wrong). Measured in bench/engine/interpolate.ts against marking repeats unreliable (a cross-fade there):
 * painted fence −0.09 → +0.6 dB, untuned fence −0.3 → +4.4 dB, untuned painted fence +1.6 → +2.4 dB.
 */
function repeatAlias(
  cost: Uint8Array,
  row: number,
  x: number,
  w: number,
  levels: number,
  best: number,
  min: number,
  fromRight: boolean,
): number {
  const base = row * levels;
  // Level k of pixel x sits at ((row + x) * levels + k); seen from the right view it is pixel x + min + k.
  const ownAt = fromRight ? x + min + best : x;
  const own = ownAt < w ? cost[base + ownAt * levels + best]! : 255;
  const limit = own + Math.max(REPEAT_BITS * BIT, 0.05 * own);
  let found = -1;
  for (let k = 0; k < levels; k++) {
    if (k - best < 3 && best - k < 3) continue;
    const xl = fromRight ? x + min + k : x;
    if (xl < w && cost[base + xl * levels + k]! <= limit) {
      if (k > best) return k;
      found = k;
    }
  }
  return found;
}

/** In-place mean of each disparity level's cost over a (2r+1)² window (separable running sums, edges clamped). */
function boxMean(cost: Uint8Array, w: number, h: number, levels: number, r: number): void {
  const tmp = new Uint16Array(cost.length);
  const line = new Float64Array(levels);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    line.fill(0);
    for (let x = -r; x <= r; x++) {
      const xx = x < 0 ? 0 : x >= w ? w - 1 : x;
      for (let k = 0; k < levels; k++) line[k] = line[k]! + cost[(row + xx) * levels + k]!;
    }
    for (let x = 0; x < w; x++) {
      for (let k = 0; k < levels; k++) tmp[(row + x) * levels + k] = line[k]!;
      const out = Math.max(0, x - r);
      const inn = Math.min(w - 1, x + r + 1);
      for (let k = 0; k < levels; k++)
        line[k] = line[k]! - cost[(row + out) * levels + k]! + cost[(row + inn) * levels + k]!;
    }
  }
  const area = (2 * r + 1) * (2 * r + 1);
  const column = new Float64Array(w * levels);
  for (let y = -r; y <= r; y++) {
    const yy = y < 0 ? 0 : y >= h ? h - 1 : y;
    for (let i = 0; i < w * levels; i++) column[i] = column[i]! + tmp[yy * w * levels + i]!;
  }
  for (let y = 0; y < h; y++) {
    const base = y * w * levels;
    for (let i = 0; i < w * levels; i++) cost[base + i] = Math.round(column[i]! / area);
    const out = Math.max(0, y - r) * w * levels;
    const inn = Math.min(h - 1, y + r + 1) * w * levels;
    for (let i = 0; i < w * levels; i++) column[i] = column[i]! - tmp[out + i]! + tmp[inn + i]!;
  }
}

/** Marks NaN in both maps where a pixel's match does not point back to it within `tolerance`. */
function checkConsistency(dl: Float32Array, dr: Float32Array, w: number, h: number, tolerance: number): void {
  const keep = (from: Float32Array, to: Float32Array, sign: number) => {
    const ok = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const d = from[y * w + x]!;
        if (Number.isNaN(d)) continue;
        const other = Math.round(x + sign * d);
        if (other >= 0 && other < w && Math.abs(to[y * w + other]! - d) <= tolerance) ok[y * w + x] = 1;
      }
    }
    return ok;
  };
  const okL = keep(dl, dr, -1);
  const okR = keep(dr, dl, 1);
  for (let i = 0; i < w * h; i++) {
    if (!okL[i]) dl[i] = Number.NaN;
    if (!okR[i]) dr[i] = Number.NaN;
  }
}
