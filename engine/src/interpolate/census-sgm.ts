import { census5x5, censusDistance, halfStepCensus } from '../cv/census';
import type { GrayImage } from '../cv/gray';
import { selectNth } from '../select-nth';
import { type BandClaims, type Taker, takeBands } from './band-claims';
import { type CostInput, windowCostsOnKernel } from './matching-cost-simd';
import { PoolScratch, poolPeriodicRow } from './periodic-structure';
import type { RowClaims } from './row-claims';
import { BIT, consistentRow, parabolaOffset } from './row-match';
import { sweepKernelFits, sweepOnKernel } from './sgm-simd';
import { placeThinRows } from './thin-in-front';
import { type WinnerRow, winnerSearch } from './winner-simd';

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
  /** The left view's periodMap: the window costs of its repeated structures are pooled (see poolPeriodicRow). */
  period?: Float32Array;
}

const OUTSIDE = 10 * BIT;
/** Colour term: summed RGB absolute difference × weight, capped (robust to the few pixels that change with the view). */
const COLOUR_WEIGHT = 1;
const COLOUR_CAP = 40;
/** A distinct match (≥ 3 levels away) whose window cost is within this many census bits per pixel is a repeat. */
const REPEAT_BITS = 0.5;
/** Intensity step (grey levels) across which the jump penalty P2 halves (see aggregate). */
const EDGE_LEVELS = 24;

/**
 * Semi-global matching along rows: census-5×5 Hamming costs (insensitive to exposure and colour differences between
 * the cameras; the least of the right view's at the pixel and half a pixel either side, see censusBits), aggregated
 * along four paths (both ways along rows and columns) with penalties P1 for ±1 changes and P2 for jumps, winner-take-all with a parabola for sub-pixel precision. The right view's map comes from the same
 * aggregated volume (S_R(x, d) = S_L(x + d, d)), so left–right consistency costs one more pass only.
 * On one thread; interpolatePair runs the same steps (sgmVolume, windowCostRows, aggregateSweep, finishedRows)
 * split over two threads, with the same result.
 */
export function censusSgm(
  left: GrayImage,
  right: GrayImage,
  o: SgmOptions,
  codes?: CensusCodes,
): DisparityMaps {
  const v = sgmVolume(left, right, o, false, codes);
  windowCostRows(v, 0, v.h);
  aggregateSweep(v, 1, v.total);
  aggregateSweep(v, -1, v.total);
  const maps = sgmMaps(v);
  finishedRows(v, maps, 0, v.h);
  return maps;
}

/**
 * Everything the steps of censusSgm read and write, in plain typed arrays (on SharedArrayBuffers when `shared`, so
 * a helper thread can work on them in place): the census codes, the colour copies, the cost volume and the
 * aggregated total (pixel-major: pixel · levels + level).
 */
export interface SgmVolume {
  w: number;
  h: number;
  levels: number;
  min: number;
  p1: number;
  p2: number;
  uniqueness: number;
  grey: Uint8Array;
  pixels: CostInput;
  cost: Uint8Array;
  total: Uint16Array;
  shared: boolean;
  period: Float32Array | undefined;
}

/** A typed array of `length` elements on a SharedArrayBuffer when `shared`, else on a plain ArrayBuffer. */
export function allocate<T>(
  Kind: { new (buffer: ArrayBufferLike): T; BYTES_PER_ELEMENT: number },
  length: number,
  shared: boolean,
): T {
  const bytes = length * Kind.BYTES_PER_ELEMENT;
  return new Kind(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
}

/** A copy of `data` on a SharedArrayBuffer (when `shared` and it is not on one already). */
export function sharedCopy<T extends Uint8Array | Uint32Array | Float32Array>(data: T, shared: boolean): T {
  if (!shared || data.buffer instanceof SharedArrayBuffer) return data;
  // A Node Buffer is a Uint8Array whose constructor over a buffer is deprecated (DEP0005, printed by the CLI).
  const Kind = (Buffer.isBuffer(data) ? Uint8Array : data.constructor) as {
    new (buffer: ArrayBufferLike): T;
    BYTES_PER_ELEMENT: number;
  };
  const copy = allocate(Kind, data.length, true);
  copy.set(data as never);
  return copy;
}

/**
 * Both views' census codes (census5x5) and the right view's half a pixel to the right (halfStepCensus), on
 * SharedArrayBuffers when computed on another thread.
 */
export interface CensusCodes {
  cl: Uint32Array;
  cr: Uint32Array;
  half: Uint32Array;
}

/** Both views' census codes on this thread (censusOnHelper computes them on the helper). */
export function censusCodes(left: GrayImage, right: GrayImage): CensusCodes {
  const { width: w, height: h } = left;
  return {
    cl: census5x5(left.data, w, h),
    cr: census5x5(right.data, w, h),
    half: halfStepCensus(right.data, w, h),
  };
}

/** The census codes (unless given) and empty volumes of a pair (the first step of censusSgm). */
export function sgmVolume(
  left: GrayImage,
  right: GrayImage,
  o: SgmOptions,
  shared = false,
  codes?: CensusCodes,
): SgmVolume {
  const { width: w, height: h } = left;
  const min = Math.floor(o.min);
  const levels = Math.max(1, Math.ceil(o.max) - min + 1);
  const rgbL = o.colour?.left;
  const rgbR = o.colour?.right;
  const given = codes ?? censusCodes(left, right);
  const after = sharedCopy(given.half, shared);
  const cr = sharedCopy(given.cr, shared);
  const pixels: CostInput = {
    cl: sharedCopy(given.cl, shared),
    cr,
    after,
    before: halfStepBefore(after, cr, w, shared),
    rgbL: rgbL && sharedCopy(rgbL, shared),
    rgbR: rgbR && sharedCopy(rgbR, shared),
  };
  const n = w * h;
  return {
    w,
    h,
    levels,
    min,
    p1: o.p1 ?? 3 * BIT,
    p2: o.p2 ?? 24 * BIT,
    uniqueness: o.uniqueness ?? 0.04,
    grey: sharedCopy(left.data, shared),
    pixels,
    cost: allocate(Uint8Array, n * levels, shared),
    total: allocate(Uint16Array, n * levels, shared),
    shared,
    period: o.period && sharedCopy(o.period, shared),
  };
}

/** Empty maps for winnerRows. */
export function sgmMaps(v: SgmVolume): DisparityMaps {
  const n = v.w * v.h;
  return {
    width: v.w,
    height: v.h,
    left: allocate(Float32Array, n, v.shared),
    right: allocate(Float32Array, n, v.shared),
  };
}

/** Adds `from` to `into` over [start, end) (the second sweep's total, aggregated on another thread). */
export function addTotals(into: Uint16Array, from: Uint16Array, start: number, end: number): void {
  for (let i = start; i < end; i++) into[i] = into[i]! + from[i]!;
}

/**
 * The winners of rows [y0, y1) of both maps (winnerRows), then the last steps on those rows, in place: thin runs
 * matched behind moved in front (placeThinRows), left–right consistency. Each row reads and writes only itself, so
 * two threads may take a share of the rows each.
 */
export function finishedRows(v: SgmVolume, maps: DisparityMaps, y0: number, y1: number, kernel = true): void {
  winnerRows(v, false, maps.left, y0, y1, kernel);
  winnerRows(v, true, maps.right, y0, y1, kernel);
  placeThinRows(v, maps.left, maps.right, y0, y1);
  checkConsistency(maps.left, maps.right, maps.width, y0, y1, 1);
}

/** Grid rows per unit of finishedBands. */
const FINISHED_BAND = 16;

/** The units of finishedBands' claims for the volume: one per band of rows. */
export function finishedUnits(v: SgmVolume): number {
  return Math.ceil(v.h / FINISHED_BAND);
}

/**
 * finishedRows on the bands of FINISHED_BAND rows of `claims` (finishedUnits of them) that `taker` takes (see
 * takeBands): two threads share the rows out as they go.
 */
export function finishedBands(v: SgmVolume, maps: DisparityMaps, claims: BandClaims, taker: Taker): void {
  takeBands(claims, taker, (band) =>
    finishedRows(v, maps, band * FINISHED_BAND, Math.min(v.h, (band + 1) * FINISHED_BAND)),
  );
}

/**
 * The right view's codes half a pixel to the left of each pixel: the half-step codes one pixel back, and at the
 * start of a row (no picture before it) the pixel's own.
 */
function halfStepBefore(after: Uint32Array, cr: Uint32Array, w: number, shared: boolean): Uint32Array {
  const before = allocate(Uint32Array, after.length, shared);
  before.set(after.subarray(0, after.length - 1), 1);
  for (let row = 0; row < before.length; row += w) before[row] = cr[row]!;
  return before;
}

/** Matching cost of left pixel i with right pixel j: census Hamming distance × BIT plus the capped colour difference. */
function pixelCost(m: CostInput, i: number, j: number): number {
  const census = BIT * censusBits(m, m.cl[i]!, j);
  const { rgbL, rgbR } = m;
  if (!rgbL || !rgbR) return census;
  const p = 3 * i;
  return census + colourCost(rgbL[p]!, rgbL[p + 1]!, rgbL[p + 2]!, rgbR, 3 * j);
}

/**
 * Census Hamming distance of a left code to the right view at pixel j or half a pixel either side, the least of
 * the three: a structure as fine as the grid (a thin board, the edge of a tile) is sampled differently by the two
 * views wherever its disparity is not a whole number of pixels, and one of the half steps comes closer (as in
 * Birchfield and Tomasi's sampling-insensitive dissimilarity). Measured in bench/engine/interpolate.ts against the
 * pixel's code alone: mean gain over a cross-fade +0.18 dB on 46 scenes (tiled floors +0.6 to +1.2 dB, thin poles
 * +0.2 to +0.6 dB; the worst −0.18 dB, a dark-boarded fence), for ~10 % more CPU.
 */
function censusBits(m: CostInput, code: number, j: number): number {
  const at = censusDistance(code, m.cr[j]!);
  const after = censusDistance(code, m.after[j]!);
  const before = censusDistance(code, m.before[j]!);
  const half = after < before ? after : before;
  return at < half ? at : half;
}

/** The colour term of a match: the summed RGB absolute difference with rgbR at index q, weighted and capped. */
function colourCost(r: number, g: number, b: number, rgbR: Uint8Array, q: number): number {
  const colour =
    (Math.abs(r - rgbR[q]!) + Math.abs(g - rgbR[q + 1]!) + Math.abs(b - rgbR[q + 2]!)) * COLOUR_WEIGHT;
  return colour < COLOUR_CAP ? colour : COLOUR_CAP;
}

/**
 * pixelCost of left pixel i with right pixels j0 − k for k in [kFrom, kTo], into out[base + k]: the left pixel's
 * code and colour read once, and each half-step distance counted once for the two levels it serves (the code half
 * a pixel before right pixel j is the one half a pixel after j − 1, the next level's; see halfStepBefore).
 */
function rowCosts(
  m: CostInput,
  i: number,
  j0: number,
  out: Uint8Array,
  base: number,
  kFrom: number,
  kTo: number,
): void {
  const { cr, after, rgbL, rgbR } = m;
  const code = m.cl[i]!;
  const colour = rgbL !== undefined && rgbR !== undefined;
  const p = 3 * i;
  const r = colour ? rgbL[p]! : 0;
  const g = colour ? rgbL[p + 1]! : 0;
  const b = colour ? rgbL[p + 2]! : 0;
  if (kFrom > kTo) return;
  let afterBits = censusDistance(code, after[j0 - kFrom]!);
  for (let k = kFrom; k <= kTo; k++) {
    const j = j0 - k;
    const at = censusDistance(code, cr[j]!);
    // j − 1 lies in the row for every level but the last (kTo ≤ x − min): there halfStepBefore's own code.
    const beforeBits = k < kTo ? censusDistance(code, after[j - 1]!) : censusDistance(code, m.before[j]!);
    const half = afterBits < beforeBits ? afterBits : beforeBits;
    afterBits = beforeBits;
    const census = BIT * (at < half ? at : half);
    out[base + k] = colour ? census + colourCost(r, g, b, rgbR, 3 * j) : census;
  }
}

/**
 * Matching cost of every pixel and level (pixelCost; a match outside the other view costs OUTSIDE + COLOUR_CAP),
 * averaged over a 3×3 window
 * (sharper minima on fine texture; edges clamped, rounded), for rows [y0, y1). Rows are summed horizontally as they
 * are computed and kept three at a time for the vertical sum. With a period map, each row's repeated structures
 * then pool their copies' costs (poolPeriodicRow). The costs and both sums run on a WebAssembly SIMD kernel where
 * there is one (matching-cost-simd.ts; `kernel` false: the JS loops, the same bytes): at 640 × 427 × 63 levels,
 * 43-51 ms against 421-428 for the loops.
 */
export function windowCostRows(v: SgmVolume, y0: number, y1: number, kernel = true): void {
  const { cost, pixels: m, w, h, levels, min } = v;
  const span = w * levels;
  const pool = new PoolScratch();
  // COLOUR_WEIGHT is 1: the kernel adds the capped difference as it is.
  const onKernel = kernel
    ? windowCostsOnKernel(m, w, levels, min, BIT, COLOUR_CAP, OUTSIDE + COLOUR_CAP)
    : undefined;
  if (onKernel) {
    if (y0 > 0) onKernel.sums((y0 - 1) * w, (y0 - 1) % 3);
    onKernel.sums(y0 * w, y0 % 3);
    for (let y = y0; y < y1; y++) {
      if (y + 1 < h) onKernel.sums((y + 1) * w, (y + 1) % 3);
      const means = onKernel.means((y > 0 ? y - 1 : 0) % 3, y % 3, (y + 1 < h ? y + 1 : y) % 3);
      cost.set(means, y * span);
      if (v.period) poolPeriodicRow(cost, v.period, y, w, levels, pool, kernel);
    }
    return;
  }
  const rounded = Uint8Array.from({ length: 9 * 255 + 1 }, (_, sum) => Math.round(sum / 9));
  const raw = new Uint8Array(span);
  const sums = [new Uint16Array(span), new Uint16Array(span), new Uint16Array(span)];
  const rowSums = (y: number, into: Uint16Array) => {
    raw.fill(OUTSIDE + COLOUR_CAP);
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const i = row + x;
      const base = x * levels;
      // Level k matches right pixel x − min − k, inside the view for kFrom ≤ k ≤ kTo.
      const kFrom = Math.max(0, x - min - w + 1);
      const kTo = Math.min(levels - 1, x - min);
      rowCosts(m, i, i - min, raw, base, kFrom, kTo);
    }
    rowTriples(raw, into, w, levels);
  };
  if (y0 > 0) rowSums(y0 - 1, sums[(y0 - 1) % 3]!);
  rowSums(y0, sums[y0 % 3]!);
  for (let y = y0; y < y1; y++) {
    if (y + 1 < h) rowSums(y + 1, sums[(y + 1) % 3]!);
    const above = sums[(y > 0 ? y - 1 : 0) % 3]!;
    const here = sums[y % 3]!;
    const below = sums[(y + 1 < h ? y + 1 : y) % 3]!;
    columnMeans(above, here, below, rounded, cost, y * span);
    if (v.period) poolPeriodicRow(cost, v.period, y, w, levels, pool, kernel);
  }
}

/**
 * Each level's cost summed over three neighbouring pixels of the row (edges clamped), into `into`. This and
 * columnMeans are functions of their own, not loops inside windowCostRows' closure: the matching costs took 4 % less
 * time.
 */
function rowTriples(raw: Uint8Array, into: Uint16Array, w: number, levels: number): void {
  for (let x = 0; x < w; x++) {
    const to = x * levels;
    const a = (x > 0 ? x - 1 : 0) * levels;
    const c = (x < w - 1 ? x + 1 : x) * levels;
    for (let k = 0; k < levels; k++) into[to + k] = raw[a + k]! + raw[to + k]! + raw[c + k]!;
  }
}

/** The rounded means of three rows' horizontal sums (`rounded` maps a sum of nine to its mean), into cost from `to`. */
function columnMeans(
  above: Uint16Array,
  here: Uint16Array,
  below: Uint16Array,
  rounded: Uint8Array,
  cost: Uint8Array,
  to: number,
): void {
  const span = here.length;
  for (let i = 0; i < span; i++) cost[to + i] = rounded[above[i]! + here[i]! + below[i]!]!;
}

/** Larger than any path cost. */
const HUGE = 1 << 30;

/**
 * One sweep of the four-path sum of the path costs L_r(p, d), added into `into` (which starts at zero): each sweep
 * carries two paths at once, raster order (dir 1) for → and ↓, reverse raster order (dir −1) for ← and ↑. Per path
 * and level, L(p, d) = C(p, d) + min(L(d), L(d ± 1) + P1, min L + P2) − min L over the path's previous pixel; a path
 * starts from zeros, which gives L = C at its first pixel. The two sweeps are independent (integer sums, in any
 * order), so two threads may run one each into their own totals, or on the kernel into one total with `claims`
 * (see RowClaims). Both paths run on a WebAssembly SIMD kernel where there is one and the costs fit its 16-bit lanes
 * (sgm-simd.ts; `kernel` false: the JS loop below, the same sums): both sweeps at 640 × 427 × 63 levels in
 * 67-75 ms against 590-660 for the loop.
 */
export function aggregateSweep(
  v: SgmVolume,
  dir: 1 | -1,
  into: Uint16Array,
  kernel = true,
  claims?: RowClaims,
): void {
  const { cost, grey, w, h, levels, p1 } = v;
  const total = into;
  const jumpAt = jumpPenalties(v);
  if (kernel && sweepKernelFits(levels, p1, Math.max(...jumpAt))) {
    sweepOnKernel(v, dir, into, jumpAt, claims);
    return;
  }
  if (claims) throw new Error('only the sweep kernel adds into a total shared by two sweeps');
  // Previous path costs, one spare slot per pixel holding HUGE (level `levels` never wins).
  const stride = levels + 1;
  const line = new Int32Array(stride);
  const rows = new Int32Array(w * stride);
  const lineMins = new Int32Array(1);
  const rowMins = new Int32Array(w);
  for (let s = 0; s < h; s++) {
    const y = dir > 0 ? s : h - 1 - s;
    line.fill(0);
    line[levels] = HUGE;
    lineMins[0] = 0;
    for (let t = 0; t < w; t++) {
      const x = dir > 0 ? t : w - 1 - t;
      const i = y * w + x;
      const across = t === 0 ? 0 : grey[i]! - grey[i - dir]!;
      const down = s === 0 ? 0 : grey[i]! - grey[i - dir * w]!;
      const at = x * stride;
      rows[at + levels] = HUGE;
      stepPair(
        cost,
        total,
        i * levels,
        levels,
        p1,
        line,
        0,
        lineMins,
        0,
        jumpAt[across < 0 ? -across : across]!,
        rows,
        at,
        rowMins,
        x,
        jumpAt[down < 0 ? -down : down]!,
      );
    }
  }
}

/**
 * The jump penalty per intensity step (0-255) between neighbours: it shrinks across strong intensity edges (depth
 * edges are mostly intensity edges), so a thin bar or board may take its own disparity instead of its surroundings'.
 */
function jumpPenalties(v: SgmVolume): Int32Array {
  const { p1, p2 } = v;
  return Int32Array.from({ length: 256 }, (_, d) => Math.max(2 * p1, Math.round(p2 / (1 + d / EDGE_LEVELS))));
}

/** Whether aggregateSweep runs on the kernel (which alone adds into a total shared by two sweeps). */
export function sweepsOnKernel(v: SgmVolume): boolean {
  return sweepKernelFits(v.levels, v.p1, Math.max(...jumpPenalties(v)));
}

/**
 * One SGM recursion step of two paths at one pixel, in place: `a[atA..atA+levels)` (and `b`'s) hold the previous
 * pixel's path costs on entry and this pixel's on return, `minsA[ia]` (and `minsB[ib]`) their minimum; jA and jB are
 * the jump penalties. Adds both to `total`. The two paths' updates are written out side by side on purpose: one
 * read of the cost and one update of the total serve both (a per-path helper would pass its running state in and
 * out at every level).
 */
function stepPair(
  cost: Uint8Array,
  total: Uint16Array,
  base: number,
  levels: number,
  p1: number,
  a: Int32Array,
  atA: number,
  minsA: Int32Array,
  ia: number,
  jA: number,
  b: Int32Array,
  atB: number,
  minsB: Int32Array,
  ib: number,
  jB: number,
): void {
  const prevA = minsA[ia]!;
  const prevB = minsB[ib]!;
  const jumpA = prevA + jA;
  const jumpB = prevB + jB;
  let minA = HUGE;
  let minB = HUGE;
  // Previous path costs of levels k − 1 (+ P1), k and k + 1, read once each as k advances.
  let belowA = HUGE;
  let hereA = a[atA]!;
  let belowB = HUGE;
  let hereB = b[atB]!;
  // Math.min and `| 0` (no overflow checks: every value stays far below 2^31) rather than comparisons and plain
  // sums: the two sweeps took 10 % less time at 640 px (65 levels).
  for (let k = 0; k < levels; k++) {
    const c = cost[base + k]!;
    const aboveA = (a[atA + k + 1]! + p1) | 0;
    const vA = (c + Math.min(Math.min(hereA, belowA), Math.min(aboveA, jumpA)) - prevA) | 0;
    belowA = (hereA + p1) | 0;
    hereA = (aboveA - p1) | 0;
    a[atA + k] = vA;
    minA = Math.min(minA, vA);
    const aboveB = (b[atB + k + 1]! + p1) | 0;
    const vB = (c + Math.min(Math.min(hereB, belowB), Math.min(aboveB, jumpB)) - prevB) | 0;
    belowB = (hereB + p1) | 0;
    hereB = (aboveB - p1) | 0;
    b[atB + k] = vB;
    minB = Math.min(minB, vB);
    total[base + k] = (total[base + k]! + vA + vB) | 0;
  }
  minsA[ia] = minA;
  minsB[ib] = minB;
}

/**
 * Winner-take-all per pixel with sub-pixel parabola; a repeat moves to its next nearer alias; otherwise NaN when a
 * distinct second minimum (≥ 2 levels away) is within `uniqueness` of the best, for rows [y0, y1) into `out`.
 * `fromRight` reads S(x + d, d) for the right view's pixel x.
 *
 * A repeat of the winner is a level ≥ 3 from it whose window cost is as good to within REPEAT_BITS per pixel (or
 * 5 %), as a fence board or a floor tile matches its neighbour as well as itself, flat or textured. Smoothness
 * often picks the farther alias, which puts the boards behind the background seen between them: the winner moves
 * to the first repeat nearer than it (the next alias one spacing nearer; one step only: two spacings nearer is as
 * wrong); a winner with only farther repeats is the nearest alias and stays. Where the surface around them is
 * known, placeRepeats then chooses among the aliases by the pixel's own match and that surface. Measured in
 * bench/engine/interpolate.ts against marking repeats unreliable (a cross-fade there): painted fence
 * −0.09 → +0.6 dB, untuned fence −0.3 → +4.4 dB, untuned painted fence +1.6 → +2.4 dB.
 * The search over each pixel's levels runs on a WebAssembly SIMD kernel where there is one and the totals fit its
 * 16-bit lanes (winner-simd.ts; `kernel` false: levelSearch, the same values): both maps of a 640 × 427 × 63 volume
 * (finishedRows) in 118-132 ms against 387-755.
 */
function winnerRows(
  vol: SgmVolume,
  fromRight: boolean,
  out: Float32Array,
  y0: number,
  y1: number,
  kernel: boolean,
): void {
  const { total, cost, pixels, w, levels, min } = vol;
  /** Per pixel of the row: the winning level when it has repeats, else −1. */
  const repeatOf = new Int32Array(w);
  const limit = (own: number) => own + Math.max(REPEAT_BITS * BIT, 0.05 * own);
  // A path cost is at most a cost (a byte) plus the largest jump penalty; the total sums four.
  const largestTotal = 4 * (255 + Math.max(vol.p2, 2 * vol.p1));
  const search =
    (kernel ? winnerSearch(vol, largestTotal, limit, HUGE) : undefined) ?? levelSearch(vol, limit);
  for (let y = y0; y < y1; y++) {
    repeatOf.fill(-1);
    rowWinners(vol, fromRight, search(y, fromRight), out, y, repeatOf);
    placeRepeats(out, y * w, repeatOf, total, cost, pixels, w, levels, min, fromRight);
  }
}

/**
 * Row y's disparities from its search (see winnerRows) into `out`, and the pixels with repeats into `repeatOf`. A
 * function of its own: inside winnerRows' loop over the rows, its loop was optimized on the stack and that code
 * thrown away at the statement after it, row after row, in a new process (the finishing steps of a 1920 px pair's
 * matching took 170-230 ms on each of two threads for half the rows each, against ~70 for all of them warm on one).
 */
function rowWinners(
  vol: SgmVolume,
  fromRight: boolean,
  found: Int32Array,
  out: Float32Array,
  y: number,
  repeatOf: Int32Array,
): void {
  const { total, w, levels, min, uniqueness } = vol;
  // Level k of pixel x is at (pixel · levels + k); seen from the right view, pixel x + min + k.
  const stride = fromRight ? levels + 1 : 1;
  for (let x = 0; x < w; x++) {
    const first = fromRight ? x + min : x;
    // Levels whose left pixel lies inside the view.
    const kFrom = fromRight ? Math.max(0, -first) : 0;
    const kTo = fromRight ? Math.min(levels - 1, w - 1 - first) : levels - 1;
    const at = (y * w + first) * levels;
    let best = found[4 * x]!;
    if (best < 0) {
      out[y * w + x] = Number.NaN;
      continue;
    }
    let bestCost = total[at + best * stride]!;
    const second = found[4 * x + 1]!;
    const nearer = found[4 * x + 2]!;
    const farther = found[4 * x + 3]!;
    if (nearer >= 0 || farther >= 0) repeatOf[x] = best;
    if (nearer >= 0) {
      best = nearer;
      bestCost = total[at + best * stride]!;
    } else if (farther < 0 && second - bestCost < uniqueness * bestCost) {
      out[y * w + x] = Number.NaN;
      continue;
    }
    const offset =
      best > kFrom && best < kTo
        ? parabolaOffset(total[at + (best - 1) * stride]!, bestCost, total[at + (best + 1) * stride]!)
        : 0;
    out[y * w + x] = min + best + offset;
  }
}

/**
 * winnerRows' search in JS: per pixel of row y, at 4x of the array it returns (valid until the next call), the first
 * level of least total (−1 when no level lies inside the view), the least total of the levels two or more from it
 * (HUGE when none), the first level three or more above it whose window cost is within limit(its own cost), and the
 * last such level three or more below it (−1 when none). winner-simd.ts' kernel gives the same.
 */
function levelSearch(vol: SgmVolume, limit: (own: number) => number): WinnerRow {
  const { total, cost, w, levels, min } = vol;
  const row = new Int32Array(levels);
  const found = new Int32Array(4 * w);
  return (y, fromRight) => {
    const stride = fromRight ? levels + 1 : 1;
    for (let x = 0; x < w; x++) {
      const first = fromRight ? x + min : x;
      const kFrom = fromRight ? Math.max(0, -first) : 0;
      const kTo = fromRight ? Math.min(levels - 1, w - 1 - first) : levels - 1;
      const at = (y * w + first) * levels;
      let best = -1;
      let bestCost = HUGE;
      for (let k = kFrom; k <= kTo; k++) {
        const v = total[at + k * stride]!;
        row[k] = v;
        if (v < bestCost) {
          bestCost = v;
          best = k;
        }
      }
      found[4 * x] = best;
      if (best < 0) continue;
      const within = limit(cost[at + best * stride]!);
      let second = HUGE;
      let nearer = -1;
      let farther = -1;
      for (let k = kFrom; k <= kTo; k++) {
        const gap = k - best;
        if ((gap > 1 || gap < -1) && row[k]! < second) second = row[k]!;
        if ((gap >= 3 || gap <= -3) && cost[at + k * stride]! <= within) {
          // Past the first repeat above, only repeats below would count (none is left).
          if (gap > 0) {
            if (nearer < 0) nearer = k;
            continue;
          }
          farther = k;
        }
      }
      found[4 * x + 1] = second;
      found[4 * x + 2] = nearer;
      found[4 * x + 3] = farther;
    }
    return found;
  };
}

/** Row distance (grid px) searched on each side of a run of repeats for the surface it stands in front of. */
const SURROUND = 24;
/** An alias may lie this far (levels) behind that surface and still be taken. */
const BEHIND = 1.5;
/** Aliases whose own pixel matches within this (cost units) of the best one's are equally likely. */
const PIXEL_MARGIN = 3 * BIT;

/**
 * Places the repeats of one row (see winners) once its other pixels are known. A repeat matches several levels
 * about as well over its window: a fence board or a tile each of its aliases one period apart, a pixel beside a
 * depth edge or on a pole thinner than the window the surfaces on both sides. Its candidates are the best
 * aggregated level of each run of levels within the repeat limit; those whose pixel alone matches within
 * PIXEL_MARGIN of the best stay. Of these, the smallest not behind the surface around the run of repeats (the
 * median of the row's other pixels within SURROUND) is taken: an occluder is nearer than what it stands in front
 * of, and the least parallax that explains both pictures is the likeliest. Without such a surface the winner moved
 * to its next nearer alias stays. Measured in bench/engine/interpolate.ts against that move alone: layered scenes
 * +0.9 to +1.2 dB, tiled floors +1.8 to +2.4 dB, thin poles +0.3 dB, the weakest scene (painted fence) +0.02 dB.
 */
function placeRepeats(
  out: Float32Array,
  row: number,
  repeatOf: Int32Array,
  total: Uint16Array,
  cost: Uint8Array,
  pixels: CostInput,
  w: number,
  levels: number,
  min: number,
  fromRight: boolean,
): void {
  const stride = fromRight ? levels + 1 : 1;
  const candidates: number[] = [];
  const scores: number[] = [];
  const around = new Float32Array(w);
  let surround = Number.NaN;
  for (let x = 0; x < w; x++) {
    const best = repeatOf[x]!;
    if (best < 0) continue;
    if (x === 0 || repeatOf[x - 1]! < 0) surround = surroundOf(out, row, repeatOf, x, w, around);
    if (Number.isNaN(surround)) continue;
    const first = fromRight ? x + min : x;
    const kFrom = fromRight ? Math.max(0, -first) : 0;
    const kTo = fromRight ? Math.min(levels - 1, w - 1 - first) : levels - 1;
    const at = (row + first) * levels;
    const own = cost[at + best * stride]!;
    const limit = own + Math.max(REPEAT_BITS * BIT, 0.05 * own);
    candidates.length = 0;
    scores.length = 0;
    let bestScore = Number.POSITIVE_INFINITY;
    for (let k = kFrom; k <= kTo; k++) {
      if (cost[at + k * stride]! > limit) continue;
      let pick = k;
      while (k < kTo && cost[at + (k + 1) * stride]! <= limit) {
        k++;
        if (total[at + k * stride]! < total[at + pick * stride]!) pick = k;
      }
      // The pixel's own cost at the candidate or a level beside it (the aggregated minimum is level-exact only).
      let score = Number.POSITIVE_INFINITY;
      for (let q = Math.max(kFrom, pick - 1); q <= Math.min(kTo, pick + 1); q++) {
        const left = row + (fromRight ? x + min + q : x);
        const c = pixelCost(pixels, left, left - min - q);
        if (c < score) score = c;
      }
      candidates.push(pick);
      scores.push(score);
      if (score < bestScore) bestScore = score;
    }
    let chosen = -1;
    for (let c = 0; c < candidates.length && chosen < 0; c++) {
      if (scores[c]! <= bestScore + PIXEL_MARGIN && min + candidates[c]! >= surround - BEHIND)
        chosen = candidates[c]!;
    }
    if (chosen < 0) continue;
    const offset =
      chosen > kFrom && chosen < kTo
        ? parabolaOffset(
            total[at + (chosen - 1) * stride]!,
            total[at + chosen * stride]!,
            total[at + (chosen + 1) * stride]!,
          )
        : 0;
    out[row + x] = min + chosen + offset;
  }
}

/**
 * The median disparity of the non-repeating, matched pixels within SURROUND of the run of repeats starting at x
 * (NaN when fewer than four).
 */
function surroundOf(
  out: Float32Array,
  row: number,
  repeatOf: Int32Array,
  x: number,
  w: number,
  around: Float32Array,
): number {
  let end = x;
  while (end + 1 < w && repeatOf[end + 1]! >= 0) end++;
  let n = 0;
  for (let q = Math.max(0, x - SURROUND); q <= Math.min(w - 1, end + SURROUND); q++)
    if (repeatOf[q]! < 0 && !Number.isNaN(out[row + q]!)) around[n++] = out[row + q]!;
  if (n < 4) return Number.NaN;
  return selectNth(around, n, n >> 1);
}

/** Marks NaN in both maps, rows [y0, y1), where a pixel's match does not point back to it within `tolerance`. */
function checkConsistency(
  dl: Float32Array,
  dr: Float32Array,
  w: number,
  y0: number,
  y1: number,
  tolerance: number,
): void {
  const okL = new Uint8Array(w);
  const okR = new Uint8Array(w);
  for (let y = y0; y < y1; y++) {
    const row = y * w;
    consistentRow(dl, dr, row, w, -1, tolerance, okL);
    consistentRow(dr, dl, row, w, 1, tolerance, okR);
    for (let x = 0; x < w; x++) {
      if (!okL[x]) dl[row + x] = Number.NaN;
      if (!okR[x]) dr[row + x] = Number.NaN;
    }
  }
}
