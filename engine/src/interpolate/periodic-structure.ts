import type { GrayImage } from '../cv/gray';
import { binCounts, peakBins } from './bins';
import { lagProductsOnKernel } from './period-simd';
import { JobList, poolKernelFits, poolRowOnKernel } from './pool-simd';
import { SortedWindow } from './sorted-window';

/**
 * Repeated structures along the rows of a view (fence boards, balusters, mullions, wire mesh): where the horizontal
 * gradient of a band of rows correlates with itself one period along, every copy of the structure matches the other
 * view at its own disparity and at one period more or less alike, and a matcher reading each copy alone reads them
 * in pieces (a board at one alias, its neighbour at another). Knowing the period, the copies' matching costs are
 * pooled (poolPeriodicRow: one surface pattern, many looks at it; along the slant of a structure seen at an angle)
 * and each copy's reading is moved to the alias in front of the surface seen between the copies (foldToFront).
 */

/** A band of rows judged together, and the step between bands (they overlap by half). */
const BAND = 16;
/** A window along the row judged together, and the step between windows. */
const WINDOW = 160;
const WINDOW_STEP = 32;
/** Periods searched (grid px): below, a fine texture's own correlation; above, fewer than two copies per window. */
const MIN_PERIOD = 5;
const MAX_PERIOD = 80;
/**
 * Normalised gradient autocorrelation a peak must reach to be a period. Natural textures decorrelate within a few
 * pixels (≤ 0.2 at the lags searched); the bench's fences, railings and grids reach 0.6 to 0.9.
 */
const PERIODIC = 0.45;
/**
 * A structure correlates as well with itself two or three periods along as one: the first peak reaching this share
 * of the highest is the period (a regular pattern whose period falls between pixels repeats exactly at a multiple,
 * whose peak is the highest).
 */
const FUNDAMENTAL = 0.8;

/**
 * Per grid pixel, the period (grid px, sub-pixel) of the repeated structure it lies in, 0 where there is none: the
 * highest peak of the normalised autocorrelation of the horizontal gradient over a band of BAND rows and a window of
 * WINDOW columns, the window of best score winning where windows overlap. Costs O(height · width · periods) through
 * per-lag prefix sums over half bands, their products on the kernel (see period-simd.ts; JS where it is missing or
 * `kernel` is false, with the same values).
 */
export function periodMap(gray: GrayImage, kernel = true): Float32Array {
  const { width: w, height: h, data } = gray;
  const out = new Float32Array(w * h);
  const score = new Float32Array(w * h);
  if (w < 3 * MIN_PERIOD || h === 0) return out;
  const maxLag = Math.min(MAX_PERIOD, w - 1);
  const lags = maxLag + 1;
  const stride = w + 1;
  const half = BAND / 2;
  const halves = Math.ceil(h / half);
  const g = smoothedGradient(data, w, h);
  const r = new Float64Array(lags);
  // Two half bands' prefixes live at once: they take turns in two arrays (a new one for each, ~0.4 MB for a 640 px
  // grid, put 44 MB of fresh pages through the two period maps of a 1920 px pair, ~11k page faults).
  const prefixes = [new Float64Array(lags * stride), new Float64Array(lags * stride)];
  const products = (kernel ? lagProductsOnKernel(g, w, h) : undefined) ?? lagProductsInJs(g, w);
  const prefixOf = (k: number) =>
    lagPrefixes(products, w, k * half, Math.min(h, k * half + half), maxLag, prefixes[k % 2]!);
  let current = prefixOf(0);
  for (let k = 0; k < halves; k++) {
    const next = k + 1 < halves ? prefixOf(k + 1) : undefined;
    const y0 = k * half;
    const y1 = Math.min(h, y0 + BAND);
    for (let x0 = 0; x0 + WINDOW / 2 <= w; x0 += WINDOW_STEP) {
      const x1 = Math.min(w, x0 + WINDOW);
      const n = x1 - x0;
      if (n < 3 * MIN_PERIOD) continue;
      const energy = windowSum(current, next, stride, w, 0, x0, x1);
      if (energy <= 0) continue;
      // Two copies at least in the window (a truncated window at the right edge searches fewer lags).
      const top = Math.min(maxLag, n >> 1);
      autocorrelation(r, current, next, stride, w, x0, x1, top, energy);
      const found = fundamentalPeriod(r, top);
      if (found) paint(score, out, w, { y0, y1, x0, x1 }, r[found.lag]!, found.period);
    }
    if (next) current = next;
  }
  return out;
}

/**
 * The window's normalized autocorrelation r[lag] for lags MIN_PERIOD to top (the window's columns [x0, x1), its
 * band's two half bands' prefixes). periodMap's steps are functions of their own: inlined in its loop over the
 * windows they ran at the interpreter's pace until the loop was optimized, and again after every statement that had
 * never run (the 32 maps of 16 views, 640 and 333 px, took 1.87 s in one process before, 1.41 s after).
 */
function autocorrelation(
  r: Float64Array,
  current: Float64Array,
  next: Float64Array | undefined,
  stride: number,
  w: number,
  x0: number,
  x1: number,
  top: number,
  energy: number,
): void {
  const n = x1 - x0;
  for (let lag = MIN_PERIOD; lag <= top; lag++) {
    r[lag] = (windowSum(current, next, stride, w, lag, x0, x1 - lag) / energy) * (n / (n - lag));
  }
}

/**
 * The structure's period (its lag, and sub-pixel), not a multiple of it: the first peak of r nearly as high as the
 * highest; none when no peak reaches PERIODIC.
 */
function fundamentalPeriod(r: Float64Array, top: number): { lag: number; period: number } | undefined {
  let highest = 0;
  for (let lag = MIN_PERIOD + 1; lag < top; lag++) if (isPeak(r, lag) && r[lag]! > highest) highest = r[lag]!;
  if (highest < PERIODIC) return undefined;
  let bestLag = MIN_PERIOD + 1;
  while (!(isPeak(r, bestLag) && r[bestLag]! >= FUNDAMENTAL * highest)) bestLag++;
  const best = r[bestLag]!;
  const a = r[bestLag - 1]!;
  const c = r[bestLag + 1]!;
  const den = a - 2 * best + c;
  return { lag: bestLag, period: bestLag + (den < 0 ? (0.5 * (a - c)) / den : 0) };
}

/** The window's period written where its score beats what an earlier window wrote. */
function paint(
  score: Float32Array,
  out: Float32Array,
  w: number,
  window: { y0: number; y1: number; x0: number; x1: number },
  best: number,
  period: number,
): void {
  const { y0, y1, x0, x1 } = window;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * w + x;
      if (best > score[i]!) {
        score[i] = best;
        out[i] = period;
      }
    }
  }
}

/** A frame with fewer of its grid pixels in a repeated structure than this share has none worth naming. */
const STRUCTURE_SHARE = 0.1;
/** A period (1-px bin) holding at least this share of the structure's pixels is one of its periods. */
const PERIOD_SHARE = 0.1;

/**
 * The periods (grid px, sub-pixel) of the repeated structures a periodMap holds: each 1-px bin holding at least
 * PERIOD_SHARE of the periodic pixels and as many as its neighbours, as the mean of the map's periods within a pixel
 * of it; none when fewer than STRUCTURE_SHARE of the pixels are periodic (a garden's few chance windows).
 */
export function structurePeriods(period: Float32Array): number[] {
  const periodic = period.filter((p) => p > 0);
  if (periodic.length < STRUCTURE_SHARE * period.length) return [];
  return peakBins(binCounts(periodic), PERIOD_SHARE * periodic.length).map((b) => {
    let sum = 0;
    let n = 0;
    for (const p of periodic) {
      if (Math.abs(p - b) <= 1) {
        sum += p;
        n++;
      }
    }
    return sum / n;
  });
}

/**
 * The horizontal gradient I(x + 1) − I(x) smoothed by [1 2 1] along the row (0 in the last column, which has no
 * right neighbour): an edge spread over three pixels still meets its copy where the period falls between pixels (a
 * fence of 17.5 px correlated 0.33 and 0.42 at 17 and 18 px with the bare gradient, 0.53 at 35; smoothed, 0.65,
 * 0.72 and 0.70).
 */
function smoothedGradient(data: Uint8Array, w: number, h: number): Int16Array {
  const g = new Int16Array(w * h);
  const out = new Int16Array(w * h);
  for (let y = 0; y < h; y++) smoothedGradientRow(data, w, y, g, out);
  return out;
}

function smoothedGradientRow(data: Uint8Array, w: number, y: number, g: Int16Array, out: Int16Array): void {
  for (let x = 0; x < w - 1; x++) g[y * w + x] = data[y * w + x + 1]! - data[y * w + x]!;
  for (let x = 0; x < w - 1; x++) {
    const i = y * w + x;
    out[i] = (x > 0 ? g[i - 1]! : 0) + 2 * g[i]! + g[i + 1]!;
  }
}

/** r[lag] is a local maximum of the autocorrelation. */
function isPeak(r: Float64Array, lag: number): boolean {
  return r[lag]! > r[lag - 1]! && r[lag]! >= r[lag + 1]!;
}

/**
 * For rows [y0, y1) and each lag (0, and MIN_PERIOD to maxLag), prefix sums along x of Σ_rows g(x)·g(x + lag),
 * into p: entry lag·(w + 1) + x holds the sum over the columns before x (entry lag·(w + 1) is left as it is: 0).
 * `products` gives the sums for x below w − 1 − lag (g has no right neighbour in the last column).
 */
function lagPrefixes(
  products: LagProducts,
  w: number,
  y0: number,
  y1: number,
  maxLag: number,
  p: Float64Array,
): Float64Array {
  for (let lag = 0; lag <= maxLag; lag++) {
    if (lag > 0 && lag < MIN_PERIOD) continue;
    const count = w - 1 - lag;
    prefixSums(count > 0 ? products(y0, y1, lag, count) : NONE, Math.max(0, count), p, lag * (w + 1), w);
  }
  return p;
}

/**
 * The sums over rows [y0, y1) of g(x)·g(x + lag) for x below `count` (≥ 1), at [0, count) of the array returned
 * (valid until the next call).
 */
type LagProducts = (y0: number, y1: number, lag: number, count: number) => Int32Array;

const NONE = new Int32Array(0);

/** lagProductsOnKernel's products in JS, for where WebAssembly SIMD is missing. */
function lagProductsInJs(g: Int16Array, w: number): LagProducts {
  // A half band's products fit 32 bits (8 rows of at most 1020²).
  const products = new Int32Array(w);
  return (y0, y1, lag, count) => {
    products.fill(0, 0, count);
    for (let y = y0; y < y1; y++) addProducts(g, y * w, lag, count, products);
    return products;
  };
}

/** p[base + x + 1] = the sum of products[0..x] (products past `count` taken as 0), for x below w. */
function prefixSums(products: Int32Array, count: number, p: Float64Array, base: number, w: number): void {
  let sum = 0;
  for (let x = 0; x < count; x++) {
    sum += products[x]!;
    p[base + x + 1] = sum;
  }
  for (let x = count; x < w; x++) p[base + x + 1] = sum;
}

/**
 * The sum of g(x)·g(x + lag) over columns [x0, to) of a band (its two half bands' prefixes): g exists for x < w − 1
 * only (the last column has no right neighbour), so the columns stop before w − 1 − lag.
 */
function windowSum(
  current: Float64Array,
  next: Float64Array | undefined,
  stride: number,
  w: number,
  lag: number,
  x0: number,
  to: number,
): number {
  const base = lag * stride;
  const end = Math.max(x0, Math.min(to, w - 1 - lag));
  let s = current[base + end]! - current[base + x0]!;
  if (next) s += next[base + end]! - next[base + x0]!;
  return s;
}

/** into[x] += g[row + x] · g[row + x + lag] for x in [0, count). */
function addProducts(g: Int16Array, row: number, lag: number, count: number, into: Int32Array): void {
  for (let x = 0; x < count; x++) into[x] = (into[x]! + g[row + x]! * g[row + x + lag]!) | 0;
}

/** Copies of a repeated structure pooled on each side of a pixel (one period apart each). */
const POOL_REACH = 4;
/** A copy counts when its own period is within this of the pixel's (grid px): the same structure. */
export const SAME_PERIOD = 1.5;
/**
 * Slants tried (levels of disparity change out to the farthest copies, POOL_REACH periods away, either way): 0, ±1
 * and ±2. A fence receding at 30° changes disparity by about a level every 40 grid px, 1.2 levels over four periods.
 */
const MAX_SLANT = 2;
/** Each row is judged in segments of this many pixels (grid px), each with the slant its copies agree on best. */
const SLANT_SEGMENT = 32;
/**
 * Every this many pixels of a segment's periodic ones judge its slant (every 16th cost four slanted fences 0.04 to
 * 0.28 dB of their gain).
 */
const SLANT_SAMPLE = 8;

/**
 * The window costs of row y (cost[(y·w + x)·levels + k]) of the pixels in a repeated structure, in place: the mean
 * over the pixel and its copies x + j·period (|j| ≤ POOL_REACH) that lie in the same structure. A fence board and
 * its neighbours are one pattern seen again: where a board alone matches as well a period off (uniform paint, grain
 * the grid does not resolve), the copies together still tell its disparity from a wrong one as often as one of them
 * does, and the gaps between the boards, each showing another part of the wall, agree only at the wall's
 * disparity.
 *
 * A structure seen at an angle (a fence receding along a street) has copies at disparities that change along the
 * row: copy j is read s·j/POOL_REACH levels further (rounded), with the slant s of the segment of the row the pixel
 * lies in, the one of 0, ±1, ±2 whose pooled costs reach the lowest minima over a sample of the segment's pixels
 * (0 on a tie). Pooled at one disparity, a ray-traced fence at 30° lost 1.3 dB to pooling (−0.28/+0.21/−0.19 dB
 * over a cross-fade against +1.06/+1.55/+1.07 unpooled, the loss all in its own short periods: pooling only the
 * brick wall's long one behind it cost nothing); along the slant it gains +0.55/+0.94/+0.60, and the other 17
 * scenes of the ray-traced bench move by −0.17 to +0.02 dB. Pooling fewer copies instead (one each side) cost the
 * railing, the chain-link and the window grid about a dB each; comparing the copies' grey levels first, 0.2 dB of
 * the 1.3.
 */
export function poolPeriodicRow(
  cost: Uint8Array,
  period: Float32Array,
  y: number,
  w: number,
  levels: number,
  scratch: PoolScratch,
  kernel = true,
): void {
  const rowAt = y * w * levels;
  const row = period.subarray(y * w, (y + 1) * w);
  if (!row.some((p) => p > 0)) return;
  if (kernel && poolKernelFits()) {
    poolOnKernel(cost, row, rowAt, w, levels, scratch.jobs(w));
    return;
  }
  const words = (levels + 3) >> 2;
  const shifted = scratch.forRow(w, words);
  // Every copy is periodic (see copySums): the others are never read.
  for (let x = 0; x < w; x++)
    if (row[x]! > 0) shiftedCosts(cost, rowAt + x * levels, levels, shifted, x * words * 4);
  const { even, odd } = shifted;
  for (let x0 = 0; x0 < w; x0 += SLANT_SEGMENT) {
    const x1 = Math.min(w, x0 + SLANT_SEGMENT);
    const slant = segmentSlant(row, x0, x1, w, levels, shifted);
    if (slant === undefined) continue;
    for (let x = x0; x < x1; x++) {
      const p = row[x]!;
      if (p <= 0) continue;
      const mean = MEANS[copySums(row, x, p, w, words, slant, shifted)]!;
      const to = rowAt + x * levels;
      for (let k = 0; k < levels; k++) cost[to + k] = mean[laneSum(even, odd, k)]!;
    }
  }
}

/**
 * One pixel's costs (from `from` of `cost`) into each shift's bytes at `to`: level k of shift s holds level k + s,
 * clamped to the levels searched. The unshifted bytes are copied once, the others set from them.
 */
function shiftedCosts(
  cost: Uint8Array,
  from: number,
  levels: number,
  shifted: PoolScratch,
  to: number,
): void {
  const unshifted = shifted.shiftBytes[MAX_SLANT]!;
  for (let k = 0; k < levels; k++) unshifted[to + k] = cost[from + k]!;
  for (let s = -MAX_SLANT; s <= MAX_SLANT; s++) {
    if (s === 0) continue;
    const bytes = shifted.shiftBytes[s + MAX_SLANT]!;
    const lo = Math.min(levels, Math.max(0, -s));
    const hi = Math.max(lo, Math.min(levels, levels - s));
    bytes.set(unshifted.subarray(to + lo + s, to + hi + s), to + lo);
    bytes.fill(unshifted[to]!, to, to + lo);
    bytes.fill(unshifted[to + levels - 1]!, to + hi, to + levels);
  }
}

/**
 * The slant (see poolPeriodicRow) whose pooled costs reach the lowest mean minima over every SLANT_SAMPLE-th periodic
 * pixel of [x0, x1), 0 on a tie; undefined when none of them is periodic.
 */
function segmentSlant(
  row: Float32Array,
  x0: number,
  x1: number,
  w: number,
  levels: number,
  shifted: PoolScratch,
): number | undefined {
  const words = (levels + 3) >> 2;
  const { even, odd } = shifted;
  let best: number | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const slant of SLANTS) {
    let score = 0;
    let seen = 0;
    for (let x = x0; x < x1; x++) {
      const p = row[x]!;
      if (p <= 0 || seen++ % SLANT_SAMPLE !== 0) continue;
      const n = copySums(row, x, p, w, words, slant, shifted);
      let least = Number.POSITIVE_INFINITY;
      for (let k = 0; k < levels; k++) {
        const sum = laneSum(even, odd, k);
        if (sum < least) least = sum;
      }
      score += least / n;
    }
    if (seen === 0) return undefined;
    if (score < bestScore) {
      bestScore = score;
      best = slant;
    }
  }
  return best;
}

/** 0 first, so that it wins ties; then the others from the smallest. */
const SLANTS = [0, ...Array.from({ length: MAX_SLANT }, (_, i) => [-(i + 1), i + 1]).flat()];

/**
 * The sums of pixel x's copies' costs (see poolPeriodicRow), copy j read `slant`·j/POOL_REACH levels further
 * (rounded half away from zero, alike either way), into the scratch's lane sums; returns how many copies.
 */
function copySums(
  row: Float32Array,
  x: number,
  p: number,
  w: number,
  words: number,
  slant: number,
  shifted: PoolScratch,
): number {
  const { even, odd } = shifted;
  even.fill(0);
  odd.fill(0);
  let n = 0;
  for (let j = -POOL_REACH; j <= POOL_REACH; j++) {
    const q = copyAt(row, x, p, w, j);
    if (q < 0) continue;
    addLanes(even, odd, shifted.lanes(copyShift(j, slant)), q * words, words);
    n++;
  }
  return n;
}

/** Pixel x's copy j (x + j·p, rounded) when it lies in the row and in the same structure (SAME_PERIOD), else −1. */
function copyAt(row: Float32Array, x: number, p: number, w: number, j: number): number {
  const q = Math.round(x + j * p);
  return q < 0 || q >= w || Math.abs(row[q]! - p) > SAME_PERIOD ? -1 : q;
}

/** The level shift of copy j at `slant`: slant·j/POOL_REACH, rounded half away from zero (alike either way). */
function copyShift(j: number, slant: number): number {
  const along = (Math.abs(j) * slant) / POOL_REACH;
  return Math.sign(j) * Math.sign(along) * Math.round(Math.abs(along)) || 0;
}

/** Pixel x's job at `slant` (its copies and their shifts) added to the kernel's list; returns how many copies. */
function addJob(jobs: JobList, row: Float32Array, x: number, p: number, w: number, slant: number): number {
  const at = jobs.length;
  jobs.start(x);
  let n = 0;
  for (let j = -POOL_REACH; j <= POOL_REACH; j++) {
    const q = copyAt(row, x, p, w, j);
    if (q < 0) continue;
    jobs.add(q, copyShift(j, slant));
    n++;
  }
  jobs.end(at, n);
  return n;
}

/**
 * poolPeriodicRow on the kernel (pool-simd.ts), the same bytes: every segment's samples at every slant in one call
 * (their least sums), then every periodic pixel at its segment's slant in another.
 */
function poolOnKernel(
  cost: Uint8Array,
  row: Float32Array,
  rowAt: number,
  w: number,
  levels: number,
  jobs: JobList,
): void {
  jobs.clear();
  const counts: number[] = [];
  // Per segment, how many pixels judge its slant (their jobs slant by slant, in SLANTS' order).
  const samples: number[] = [];
  for (let x0 = 0; x0 < w; x0 += SLANT_SEGMENT) {
    const x1 = Math.min(w, x0 + SLANT_SEGMENT);
    let judged = 0;
    for (const slant of SLANTS) {
      judged = 0;
      let seen = 0;
      for (let x = x0; x < x1; x++) {
        const p = row[x]!;
        if (p <= 0 || seen++ % SLANT_SAMPLE !== 0) continue;
        counts.push(addJob(jobs, row, x, p, w, slant));
        judged++;
      }
    }
    samples.push(judged);
  }
  poolRowOnKernel(cost, rowAt, w, levels, jobs, (least) => {
    let j = 0;
    for (const [segment, judged] of samples.entries()) {
      if (judged === 0) continue;
      let best = 0;
      let bestScore = Number.POSITIVE_INFINITY;
      for (const slant of SLANTS) {
        let score = 0;
        for (let n = 0; n < judged; n++, j++) score += least[j]! / counts[j]!;
        if (score < bestScore) {
          bestScore = score;
          best = slant;
        }
      }
      const x0 = segment * SLANT_SEGMENT;
      for (let x = x0; x < Math.min(w, x0 + SLANT_SEGMENT); x++) {
        const p = row[x]!;
        if (p > 0) addJob(jobs, row, x, p, w, best);
      }
    }
  });
}

/**
 * poolPeriodicRow's working memory, kept across rows: the row's costs padded to whole 32-bit words, once per level
 * shift (−MAX_SLANT … MAX_SLANT: level k of shift s holds level k + s, clamped), and the sums of a pixel's copies
 * two levels to a word (16-bit lanes: levels 4i and 4i + 2 in `even`, 4i + 1 and 4i + 3 in `odd`; nine costs of at
 * most 255 fit a lane).
 */
export class PoolScratch {
  private shifts: Uint32Array[] = [];
  /** The same memory as bytes (four levels to a word; padding levels are never read), shift −MAX_SLANT first. */
  shiftBytes: Uint8Array[] = [];
  even = new Uint32Array(0);
  odd = new Uint32Array(0);
  private jobList: JobList | undefined;

  /** The kernel's job list for rows of w pixels: one job per pixel, or per pixel judged and slant. */
  jobs(w: number): JobList {
    const maxJobs =
      w + SLANTS.length * Math.ceil(w / SLANT_SEGMENT) * Math.ceil(SLANT_SEGMENT / SLANT_SAMPLE);
    if (this.jobList?.maxJobs !== maxJobs) this.jobList = new JobList(maxJobs, 2 * POOL_REACH + 1);
    return this.jobList;
  }

  forRow(w: number, words: number): this {
    if (this.shifts[0]?.length !== w * words) {
      this.shifts = Array.from({ length: 2 * MAX_SLANT + 1 }, () => new Uint32Array(w * words));
      this.shiftBytes = this.shifts.map((lanes) => new Uint8Array(lanes.buffer));
      this.even = new Uint32Array(words);
      this.odd = new Uint32Array(words);
    }
    return this;
  }

  /** The row's costs shifted by `s` levels, as words. */
  lanes(s: number): Uint32Array {
    return this.shifts[s + MAX_SLANT]!;
  }
}

/** MEANS[n][s]: the rounded mean of n costs summing to s (n ≤ 2·POOL_REACH + 1, costs ≤ 255), as Math.round(s/n). */
const MEANS = Array.from({ length: 2 * POOL_REACH + 2 }, (_, n) =>
  Uint8Array.from({ length: n === 0 ? 0 : 255 * n + 1 }, (_, sum) => Math.round(sum / n)),
);

/** Level k's sum in the lane sums (see PoolScratch). */
function laneSum(even: Uint32Array, odd: Uint32Array, k: number): number {
  const word = (k & 1 ? odd : even)[k >> 2]!;
  return k & 2 ? word >>> 16 : word & 0xffff;
}

/** One pixel's costs (words at `at` of `lanes`, four levels each) added to the lane sums. */
function addLanes(even: Uint32Array, odd: Uint32Array, lanes: Uint32Array, at: number, words: number): void {
  for (let i = 0; i < words; i++) {
    const word = lanes[at + i]!;
    even[i] = (even[i]! + (word & 0x00ff00ff)) >>> 0;
    odd[i] = (odd[i]! + ((word >>> 8) & 0x00ff00ff)) >>> 0;
  }
}

/** Side (grid px) of the blocks over which the readings around are judged once. */
const BLOCK = 4;
/** Rows (each side) and the reach along the row (periods each side) of the readings around a block. */
const BEHIND_ROWS = 6;
const BEHIND_PERIODS = 1.5;
/**
 * The surface behind the structure: this low quantile of the readings around, as the gaps between the copies show
 * it (a fence's gaps are a third to two thirds of its pixels; copies misread behind them a minority).
 */
const BEHIND_QUANTILE = 0.15;
/** The structure's front: this high quantile of the readings around (copies misread in front of it a minority). */
const FRONT_QUANTILE = 0.15;
/** A reading this far (grid px) beyond either still counts as within them (matching noise). */
const TOLERANCE = 2;

/**
 * Moves each reading of a repeated structure (period > 0) that lies a whole period or more outside the readings
 * around it by whole periods back inside, in place; returns how many moved. Outside means behind the surface seen
 * between the copies (BEHIND_QUANTILE of the readings around: nothing seen through a fence lies in front of it) or
 * in front of the structure's own front (FRONT_QUANTILE): a minority of copies read there were each mistaken for
 * the next. The majority's reading is kept wherever it lies: a fence in front of the wall by more than its spacing
 * stays there. Measured, folding every copy to its alias just in front of the wall instead cost fences standing
 * more than a period in front 4 to 10 dB (12 dB over a cross-fade down to 0.5), where this rule keeps them and a
 * tiled floor's 10 dB gain alike. NaN readings stay.
 * The readings are judged in `source` (what `map` holds: a copy of it unless the caller has one), the moves written
 * to `map`.
 */
export function foldToFront(
  map: Float32Array,
  period: Float32Array,
  w: number,
  h: number,
  source: Float32Array = map.slice(),
): number {
  const around = new SortedWindow((2 * BEHIND_ROWS + 1) * (MAX_PERIOD * 2 + 2));
  let moved = 0;
  for (let by = 0; by < h; by += BLOCK) {
    const cy = Math.min(h - 1, by + (BLOCK >> 1));
    const rows = { from: Math.max(0, cy - BEHIND_ROWS), to: Math.min(h - 1, cy + BEHIND_ROWS) };
    // The window's sampled columns (every other one, from `first` to `last`), or none.
    let first = -1;
    let last = -1;
    for (let bx = 0; bx < w; bx += BLOCK) {
      const cx = Math.min(w - 1, bx + (BLOCK >> 1));
      let p = period[cy * w + cx]!;
      for (let y = by; y < Math.min(h, by + BLOCK) && p <= 0; y++) {
        for (let x = bx; x < Math.min(w, bx + BLOCK) && p <= 0; x++) p = period[y * w + x]!;
      }
      if (p <= 0) continue;
      const reach = Math.ceil(BEHIND_PERIODS * p);
      const from = Math.max(0, cx - reach);
      const to = from + 2 * ((Math.min(w - 1, cx + reach) - from) >> 1);
      if (first >= 0 && (from - first) % 2 === 0) {
        // The window slides: the columns it leaves out, then those it takes in.
        for (let x = first; x <= last; x += 2)
          if (x < from || x > to) column(source, w, x, rows, around, false);
        for (let x = from; x <= to; x += 2)
          if (x < first || x > last) column(source, w, x, rows, around, true);
      } else {
        const values = around.into();
        let n = 0;
        for (let y = rows.from; y <= rows.to; y += 2) {
          for (let x = from; x <= to; x += 2) {
            const v = source[y * w + x]!;
            if (!Number.isNaN(v)) values[n++] = v;
          }
        }
        around.sortFilled(n);
      }
      first = from;
      last = to;
      const n = around.size;
      if (n < 8) continue;
      const behind = around.at(Math.floor(BEHIND_QUANTILE * (n - 1)));
      const front = around.at(Math.floor((1 - FRONT_QUANTILE) * (n - 1)));
      for (let y = by; y < Math.min(h, by + BLOCK); y++) {
        for (let x = bx; x < Math.min(w, bx + BLOCK); x++) {
          const i = y * w + x;
          const q = period[i]!;
          const d = source[i]!;
          if (q <= 0 || Number.isNaN(d)) continue;
          // Behind the surface behind (fromBehind < 0): forward by whole periods. In front of the structure's front:
          // back, never behind that surface.
          const fromBehind = Math.floor((d - behind + TOLERANCE) / q);
          const k =
            fromBehind < 0
              ? fromBehind
              : fromBehind > 0 && d > front + TOLERANCE
                ? Math.min(fromBehind, Math.ceil((d - front - TOLERANCE) / q))
                : 0;
          if (k === 0) continue;
          map[i] = d - k * q;
          moved++;
        }
      }
    }
  }
  return moved;
}

/** Adds to the window (or removes from it) column x's readings on the sampled rows (every other one). */
function column(
  source: Float32Array,
  w: number,
  x: number,
  rows: { from: number; to: number },
  around: SortedWindow,
  add: boolean,
): void {
  for (let y = rows.from; y <= rows.to; y += 2) {
    const v = source[y * w + x]!;
    if (Number.isNaN(v)) continue;
    if (add) around.add(v);
    else around.remove(v);
  }
}
