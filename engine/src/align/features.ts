import type { GrayImage } from '../cv/gray';
import { type Cv, withMats } from '../cv/opencv';
import { runDistances } from './hamming';

/** ORB keypoints of one reduced view: positions and 256-bit descriptors as 8 words each. */
export interface Keypoints {
  x: Float64Array;
  y: Float64Array;
  words: Uint32Array;
  count: number;
}

/** Matched keypoints in pixels of the reduced grey images, as parallel arrays. */
export interface FeatureMatches {
  leftX: Float64Array;
  leftY: Float64Array;
  rightX: Float64Array;
  rightY: Float64Array;
  /** Keypoints found in each view (the "is there any texture" signal). */
  leftKeypoints: number;
  rightKeypoints: number;
}

const WORDS = 8;
const LOWE_RATIO = 0.75;
/** Smallest side a detector is run on (ORB's and AKAZE's borders are wider). */
const MIN_DETECT_SIDE = 8;

/** ORB keypoints (Harris-scored FAST corners over an 8-level pyramid) of a reduced grey view. */
export function detectKeypoints(cv: Cv, image: GrayImage, maxFeatures = 2500): Keypoints {
  return withMats((keep) =>
    detectWith(cv, keep, keep(new cv.ORB(maxFeatures, 1.2, 8, 31, 0, 2, cv.ORB_HARRIS_SCORE, 31, 12)), image),
  );
}

/**
 * AKAZE keypoints (blobs of a nonlinear scale space) with the first 256 bits of their MLDB descriptors. Slower than
 * ORB (~3×) but they sit on the texture between the bars of a fence or a window grid, where ORB's corners sit on
 * the bars' edges (T-junctions with a background that moves by parallax, so they do not match).
 */
export function detectBlobKeypoints(cv: Cv, image: GrayImage): Keypoints {
  // AKAZE is in the wasm build but not in the package's type declarations.
  const { AKAZE } = cv as unknown as { AKAZE: new () => Detector };
  return withMats((keep) => detectWith(cv, keep, keep(new AKAZE()), image));
}

type Detector = Pick<InstanceType<Cv['ORB']>, 'detectAndCompute' | 'delete'>;

function detectWith(
  cv: Cv,
  keep: <M extends { delete(): void }>(m: M) => M,
  detector: Detector,
  image: GrayImage,
): Keypoints {
  // OpenCV's detectors throw on a picture one pixel high or wide; none finds a keypoint within its border anyway.
  if (Math.min(image.width, image.height) < MIN_DETECT_SIDE) {
    return { x: new Float64Array(0), y: new Float64Array(0), words: new Uint32Array(0), count: 0 };
  }
  const mat = keep(cv.matFromArray(image.height, image.width, cv.CV_8UC1, image.data as unknown as number[]));
  const keypoints = keep(new cv.KeyPointVector());
  const descriptors = keep(new cv.Mat());
  detector.detectAndCompute(mat, keep(new cv.Mat()), keypoints, descriptors);
  const count = keypoints.size();
  const x = new Float64Array(count);
  const y = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const pt = keypoints.get(i).pt;
    x[i] = pt.x;
    y[i] = pt.y;
  }
  const bytes = new Uint8Array(count * WORDS * 4);
  const stride = descriptors.cols;
  if (count > 0 && stride === WORDS * 4) bytes.set(descriptors.data.subarray(0, bytes.length));
  else {
    for (let i = 0; i < count; i++) {
      bytes.set(descriptors.data.subarray(i * stride, i * stride + WORDS * 4), i * WORDS * 4);
    }
  }
  return { x, y, words: new Uint32Array(bytes.buffer), count };
}

/**
 * Mutual best matches that also pass Lowe's ratio test both ways, among keypoints less than `maxRowShift` of the
 * height apart (even 10° of rotation and 25 % of scale move a point by less than 0.3 of the height). These
 * "strong" matches seed the first model; on repetitive texture they are few (the ratio test rejects the repeats),
 * which `guidedMatches` makes up for once a model is known.
 */
export function matchFeatures(
  left: Keypoints,
  right: Keypoints,
  height: number,
  maxRowShift = 0.3,
): FeatureMatches & { mutual: number } {
  const counts = { mutual: 0 };
  const pairs = bestMatches(left, right, right.y, maxRowShift * height, undefined, 0, LOWE_RATIO, counts);
  return { ...toMatches(left, right, pairs), mutual: counts.mutual };
}

/**
 * Mutual nearest neighbours without a ratio test, among keypoints less than `maxRowShift` of the height apart and
 * `maxShift` of the width: on repetitive texture the true match is often not much better than its repeats (the
 * ratio test drops it), while a repeat along the row is still vertically right.
 */
export function mutualMatches(
  left: Keypoints,
  right: Keypoints,
  width: number,
  height: number,
  maxShift = 0.3,
): FeatureMatches {
  const pairs = bestMatches(left, right, right.y, maxShift * height, right.x, maxShift * width, 1);
  return toMatches(left, right, pairs);
}

/**
 * Guided matching once a model is known: each left keypoint is compared only with the right keypoints whose
 * predicted row (by `rowInLeft`) lies within `bandPx` of its own and whose disparity is within `maxDisparity`;
 * mutual best within that band, no ratio test (a repeat along the same row is horizontally wrong but vertically
 * right, which is all the vertical fit needs). Matches farther than `maxHamming` bits are dropped.
 */
export function guidedMatches(
  left: Keypoints,
  right: Keypoints,
  rowInLeft: (x: number, y: number) => number,
  columnInLeft: (x: number, y: number) => number,
  bandPx: number,
  maxDisparity: number,
  maxHamming = 64,
): FeatureMatches & { distances: Int32Array } {
  const rowR = Float64Array.from({ length: right.count }, (_, j) => rowInLeft(right.x[j]!, right.y[j]!));
  const colR = Float64Array.from({ length: right.count }, (_, j) => columnInLeft(right.x[j]!, right.y[j]!));
  const pairs = bestMatches(left, right, rowR, bandPx, colR, maxDisparity, 1).filter(
    ([, , d]) => d <= maxHamming,
  );
  return { ...toMatches(left, right, pairs), distances: Int32Array.from(pairs, ([, , d]) => d) };
}

function toMatches(left: Keypoints, right: Keypoints, pairs: [number, number, number][]): FeatureMatches {
  return {
    leftX: Float64Array.from(pairs, ([i]) => left.x[i]!),
    leftY: Float64Array.from(pairs, ([i]) => left.y[i]!),
    rightX: Float64Array.from(pairs, ([, j]) => right.x[j]!),
    rightY: Float64Array.from(pairs, ([, j]) => right.y[j]!),
    leftKeypoints: left.count,
    rightKeypoints: right.count,
  };
}

/**
 * Hamming matching in JS over one distance pass that serves both directions (faster than two BFMatcher.knnMatch
 * calls in wasm, and gives the mutual-best check for free). Right keypoints are sorted by `rowR` (their row in the
 * left view) so each left keypoint only meets those within `band` rows; with `colR`, also only those within
 * `maxDisparity` columns. With ratio < 1, the best must also beat the second best by that ratio both ways.
 * Returns [leftIndex, rightIndex, distance].
 */
function bestMatches(
  left: Keypoints,
  right: Keypoints,
  rowR: Float64Array,
  band: number,
  colR: Float64Array | undefined,
  maxDisparity: number,
  ratio: number,
  counts?: { mutual: number },
): [number, number, number][] {
  const nl = left.count;
  const nr = right.count;
  const order = Int32Array.from({ length: nr }, (_, j) => j).sort((p, q) => rowR[p]! - rowR[q]!);
  const sortedRows = Float64Array.from(order, (j) => rowR[j]!);
  const best1 = new Int32Array(nl);
  const best2 = new Int32Array(nl);
  const bestIdx = new Int32Array(nl).fill(-1);
  const rBest1 = new Int32Array(nr).fill(1 << 30);
  const rBest2 = new Int32Array(nr).fill(1 << 30);
  const rBestIdx = new Int32Array(nr).fill(-1);
  const distances = runDistances(left.words, right.words, order);
  for (let i = 0; i < nl; i++) {
    const y = left.y[i]!;
    const x = left.x[i]!;
    let d1 = 1 << 30;
    let d2 = 1 << 30;
    let di = -1;
    const lo = lowerBound(sortedRows, y - band);
    const hi = upperBound(sortedRows, y + band);
    const run = distances(i, lo, hi);
    for (let s = lo; s < hi; s++) {
      const j = order[s]!;
      if (colR && Math.abs(x - colR[j]!) > maxDisparity) continue;
      // Beyond both second bests the distance changes nothing.
      const bound = d2 > rBest2[j]! ? d2 : rBest2[j]!;
      const d = run[s - lo]!;
      if (d >= bound) continue;
      if (d < d2) {
        if (d < d1) {
          d2 = d1;
          d1 = d;
          di = j;
        } else d2 = d;
      }
      if (d < rBest2[j]!) {
        if (d < rBest1[j]!) {
          rBest2[j] = rBest1[j]!;
          rBest1[j] = d;
          rBestIdx[j] = i;
        } else rBest2[j] = d;
      }
    }
    best1[i] = d1;
    best2[i] = d2;
    bestIdx[i] = di;
  }
  const pairs: [number, number, number][] = [];
  for (let i = 0; i < nl; i++) {
    const j = bestIdx[i]!;
    if (j < 0 || rBestIdx[j] !== i) continue;
    if (counts) counts.mutual++;
    if (ratio >= 1 || (best1[i]! < ratio * best2[i]! && rBest1[j]! < ratio * rBest2[j]!)) {
      pairs.push([i, j, best1[i]!]);
    }
  }
  return pairs;
}

/** First index whose value is ≥ v in an ascending array. */
export function lowerBound(sorted: Float64Array, v: number): number {
  return firstIndex(sorted, (value) => !(value < v));
}

/** First index whose value is > v in an ascending array: with lowerBound, the run of values within a band. */
export function upperBound(sorted: Float64Array, v: number): number {
  return firstIndex(sorted, (value) => !(value <= v));
}

/** First index of an ascending array whose value passes `reached` (which, once true, stays true along it). */
function firstIndex(sorted: Float64Array, reached: (value: number) => boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (reached(sorted[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
