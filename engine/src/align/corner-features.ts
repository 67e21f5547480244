import { type GrayImage, halvedGray } from '../cv/gray';
import { seeded } from '../seeded-random';
import type { Keypoints } from './features';

/**
 * Corners with binary descriptors in plain JS, for views that are already aligned (the interpolation's grid copies):
 * Harris corners of the view and of its half-size copy (FULL_SHARE of them at full size), each with BRIEF's 256
 * intensity tests on a smoothed copy of its own scale, unrotated (the two views share their rows). The descriptors
 * are ORB's layout (8 words each) and match with the same Hamming matching (matchFeatures). It spares
 * `wiggle interpolate` loading OpenCV.js for its one use there, ORB in disparityRange: about 0.45 s of wall time
 * and 0.6 s of CPU in a new process.
 * A third level (a quarter size) put its matches on 4 px steps: behind the interpolation bench's dark-board fence,
 * whose wall's matches lie at -2 to 0 grid px, bins at 4 and 8 (13 and 10 matches) took the range 8 px further in
 * front, and its frames lost 3.7 dB.
 */
export function cornerKeypoints(image: GrayImage, maxFeatures: number): Keypoints {
  const full = levelKeypoints(image, Math.round(FULL_SHARE * maxFeatures));
  const half = levelKeypoints(halvedGray(image), maxFeatures - full.count);
  const count = full.count + half.count;
  const x = new Float64Array(count);
  const y = new Float64Array(count);
  x.set(full.x);
  y.set(full.y);
  // A half-size pixel's centre on the full grid.
  for (let k = 0; k < half.count; k++) {
    x[full.count + k] = 2 * half.x[k]! + 0.5;
    y[full.count + k] = 2 * half.y[k]! + 0.5;
  }
  const words = new Uint32Array(count * WORDS);
  words.set(full.words);
  words.set(half.words, full.count * WORDS);
  return { x, y, words, count };
}

/**
 * Share of the keypoints found at full size, the rest at half size, whose patch covers twice the picture (ORB
 * spreads its own over eight levels 1.2 apart, a fifth at full size). All 1500 at full size, the held-out painted
 * fence of the interpolation bench (boards at 14.7 grid px, 20.7 apart) had 71 matches, 21 of them a period
 * farther and the rest scattered over 37 bins; a third at half size, it has 136, 72 of them there.
 */
const FULL_SHARE = 0.67;

/** Harris corners and their descriptors at one scale, the strongest `maxFeatures` first. */
function levelKeypoints(image: GrayImage, maxFeatures: number): Keypoints {
  const { width, height } = image;
  if (width <= 2 * BORDER || height <= 2 * BORDER) return noKeypoints();
  const response = harrisResponse(image.data, width, height);
  const corners = strongestPeaks(response, width, height, maxFeatures);
  const smooth = binomial(binomial(Float32Array.from(image.data), width, height), width, height);
  const offsets = Int32Array.from(PATTERN, (d) => d.y * width + d.x);
  const count = corners.length;
  const x = new Float64Array(count);
  const y = new Float64Array(count);
  const words = new Uint32Array(count * WORDS);
  for (let k = 0; k < count; k++) {
    const at = corners[k]!;
    x[k] = at % width;
    y[k] = (at - x[k]!) / width;
    describe(smooth, at, offsets, words, k * WORDS);
  }
  return { x, y, words, count };
}

/** BRIEF's tests at `at` into the descriptor's words from `first` on (set bits: the first point is the darker). */
function describe(
  smooth: Float32Array,
  at: number,
  offsets: Int32Array,
  words: Uint32Array,
  first: number,
): void {
  for (let test = 0; test < TESTS; test++) {
    if (smooth[at + offsets[2 * test]!]! < smooth[at + offsets[2 * test + 1]!]!) {
      words[first + (test >> 5)]! |= 1 << (test & 31);
    }
  }
}

const WORDS = 8;
const TESTS = WORDS * 32;
/** The tests' offsets reach this far from the keypoint (ORB's patch is 31 px across). */
const PATCH = 15;
/** Keypoints lie at least this far inside the border: the patch, and the gradient's and window's reach. */
const BORDER = PATCH + 3;
/** Harris' k: det − k · trace² of the gradients' structure tensor over a 5×5 window. */
const HARRIS_K = 0.04;
/** Corners weaker than this share of the strongest are noise (a flat wall's grain). */
const WEAKEST = 1e-4;
/** A corner is the strongest within this radius (px). */
const SUPPRESS = 2;

/**
 * The tests' point pairs, drawn once from a Gaussian of σ = patch / 2.5 around the keypoint and clipped to the patch
 * (BRIEF's second sampling strategy, the one its authors measured best); a fixed seed, so that both views and every
 * run test the same pairs.
 */
const PATTERN: { x: number; y: number }[] = (() => {
  const random = seeded(0x5eed);
  const sigma = (2 * PATCH + 1) / 5;
  const gaussian = () => {
    const u = Math.max(random(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
  const clip = (v: number) => Math.max(-PATCH, Math.min(PATCH, Math.round(v * sigma)));
  return Array.from({ length: 2 * TESTS }, () => ({ x: clip(gaussian()), y: clip(gaussian()) }));
})();

function noKeypoints(): Keypoints {
  return { x: new Float64Array(0), y: new Float64Array(0), words: new Uint32Array(0), count: 0 };
}

/**
 * Harris' corner response per pixel (0 within 3 px of the border): Sobel gradients, their products summed over
 * the 5×5 window around the pixel (in single precision, row sums first).
 * Each pass is a function per row, here and below: a process that runs them once (`wiggle interpolate`) had them
 * optimized on the stack inside one long loop, and dropped back to the interpreter at the first statement after it
 * that had never run (V8's "insufficient type feedback"): the corners of a 1920 px pair's grid took 175-275 ms
 * there, 50-80 warm; now 160, and 75 warm.
 */
function harrisResponse(data: Uint8Array, width: number, height: number): Float32Array {
  const n = width * height;
  // Per pixel, the products' sums along its row (5 px), three values each.
  const rows = new Float32Array(3 * n);
  const ring = new Float64Array(15);
  const response = new Float32Array(n);
  for (let y = 1; y < height - 1; y++) productSums(data, width, y, ring, rows);
  for (let y = 3; y < height - 3; y++) responseRow(rows, width, y, response);
  return response;
}

/** Row y's gradient products summed over the 5 px along the row around each pixel, into `rows`. */
function productSums(
  data: Uint8Array,
  width: number,
  y: number,
  ring: Float64Array,
  rows: Float32Array,
): void {
  ring.fill(0);
  for (let x = 1; x < width - 1; x++) {
    const i = y * width + x;
    const gx =
      data[i - width + 1]! +
      2 * data[i + 1]! +
      data[i + width + 1]! -
      data[i - width - 1]! -
      2 * data[i - 1]! -
      data[i + width - 1]!;
    const gy =
      data[i + width - 1]! +
      2 * data[i + width]! +
      data[i + width + 1]! -
      data[i - width - 1]! -
      2 * data[i - width]! -
      data[i - width + 1]!;
    const slot = 3 * (x % 5);
    ring[slot] = gx * gx;
    ring[slot + 1] = gy * gy;
    ring[slot + 2] = gx * gy;
    // The window centred two pixels back is complete.
    if (x >= 4) {
      const o = 3 * (i - 2);
      rows[o] = ring[0]! + ring[3]! + ring[6]! + ring[9]! + ring[12]!;
      rows[o + 1] = ring[1]! + ring[4]! + ring[7]! + ring[10]! + ring[13]!;
      rows[o + 2] = ring[2]! + ring[5]! + ring[8]! + ring[11]! + ring[14]!;
    }
  }
}

/** Row y's Harris response from the row sums of the 5 rows around it. */
function responseRow(rows: Float32Array, width: number, y: number, response: Float32Array): void {
  const w3 = 3 * width;
  for (let x = 3; x < width - 3; x++) {
    const o = 3 * (y * width + x);
    const sxx = Math.fround(rows[o - 2 * w3]! + rows[o - w3]! + rows[o]! + rows[o + w3]! + rows[o + 2 * w3]!);
    const syy = Math.fround(
      rows[o + 1 - 2 * w3]! + rows[o + 1 - w3]! + rows[o + 1]! + rows[o + 1 + w3]! + rows[o + 1 + 2 * w3]!,
    );
    const sxy = Math.fround(
      rows[o + 2 - 2 * w3]! + rows[o + 2 - w3]! + rows[o + 2]! + rows[o + 2 + w3]! + rows[o + 2 + 2 * w3]!,
    );
    const trace = sxx + syy;
    response[y * width + x] = sxx * syy - sxy * sxy - HARRIS_K * trace * trace;
  }
}

/**
 * The indices of the `max` strongest local maxima of the response (strongest within SUPPRESS px, the earlier one
 * of a tie), at least BORDER inside and WEAKEST of the strongest, strongest first.
 */
function strongestPeaks(response: Float32Array, width: number, height: number, max: number): number[] {
  const floor = Math.max(Number.MIN_VALUE, WEAKEST * strongestOf(response));
  const peaks: number[] = [];
  for (let y = BORDER; y < height - BORDER; y++) peaksOfRow(response, width, y, floor, peaks);
  peaks.sort((a, b) => response[b]! - response[a]! || a - b);
  return peaks.slice(0, max);
}

function strongestOf(response: Float32Array): number {
  let strongest = 0;
  for (let i = 0; i < response.length; i++) if (response[i]! > strongest) strongest = response[i]!;
  return strongest;
}

/** Row y's peaks of at least `floor`, appended to `peaks`. */
function peaksOfRow(response: Float32Array, width: number, y: number, floor: number, peaks: number[]): void {
  for (let x = BORDER; x < width - BORDER; x++) {
    const i = y * width + x;
    const r = response[i]!;
    if (r >= floor && isPeak(response, width, i, r)) peaks.push(i);
  }
}

/** Whether r at i beats every response within SUPPRESS px (ties go to the earlier pixel in raster order). */
function isPeak(response: Float32Array, width: number, i: number, r: number): boolean {
  // Most pixels lose to a neighbour: those first.
  if (
    response[i - 1]! >= r ||
    response[i + 1]! > r ||
    response[i - width]! >= r ||
    response[i + width]! > r
  ) {
    return false;
  }
  for (let dy = -SUPPRESS; dy <= SUPPRESS; dy++) {
    for (let dx = -SUPPRESS; dx <= SUPPRESS; dx++) {
      const j = i + dy * width + dx;
      if (j === i) continue;
      const other = response[j]!;
      if (other > r || (other === r && j < i)) return false;
    }
  }
  return true;
}

/** The picture smoothed by the binomial [1 4 6 4 1] / 16 along rows and columns (edges clamped). */
function binomial(data: Float32Array, width: number, height: number): Float32Array {
  const rows = new Float32Array(width * height);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) binomialAlongRow(data, width, y * width, rows);
  for (let y = 0; y < height; y++) {
    const a = Math.max(0, y - 2) * width;
    const b = Math.max(0, y - 1) * width;
    const d = Math.min(height - 1, y + 1) * width;
    const e = Math.min(height - 1, y + 2) * width;
    binomialAcrossRows(rows, width, a, b, y * width, d, e, out);
  }
  return out;
}

function binomialAlongRow(data: Float32Array, width: number, row: number, rows: Float32Array): void {
  const last = width - 1;
  for (let x = 0; x < width; x++) {
    const a = data[row + (x < 2 ? 0 : x - 2)]!;
    const b = data[row + (x < 1 ? 0 : x - 1)]!;
    const d = data[row + (x + 1 > last ? last : x + 1)]!;
    const e = data[row + (x + 2 > last ? last : x + 2)]!;
    rows[row + x] = (a + 4 * b + 6 * data[row + x]! + 4 * d + e) / 16;
  }
}

/** The row starting at c smoothed with the rows starting at a, b (above) and d, e (below). */
function binomialAcrossRows(
  rows: Float32Array,
  width: number,
  a: number,
  b: number,
  c: number,
  d: number,
  e: number,
  out: Float32Array,
): void {
  for (let x = 0; x < width; x++) {
    out[c + x] = (rows[a + x]! + 4 * rows[b + x]! + 6 * rows[c + x]! + 4 * rows[d + x]! + rows[e + x]!) / 16;
  }
}
