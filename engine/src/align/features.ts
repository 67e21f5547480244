import type { GrayImage } from '../cv/gray';
import { type Cv, withMats } from '../cv/opencv';

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

const LOWE_RATIO = 0.75;

/**
 * ORB keypoints on both reduced views, brute-force Hamming matching, Lowe's ratio test both ways and a
 * symmetric (mutual best) check. ORB rather than AKAZE: several times faster in wasm and its FAST corners land on the
 * same textures that the sub-pixel refinement later tracks.
 */
export function matchFeatures(
  cv: Cv,
  left: GrayImage,
  right: GrayImage,
  maxFeatures = 2500,
  maxRowShift = 0.3,
): FeatureMatches {
  return withMats((keep) => {
    const orb = keep(new cv.ORB(maxFeatures, 1.2, 8, 31, 0, 2, cv.ORB_HARRIS_SCORE, 31, 12));
    const noMask = keep(new cv.Mat());
    const describe = (image: GrayImage) => {
      const mat = keep(
        cv.matFromArray(image.height, image.width, cv.CV_8UC1, image.data as unknown as number[]),
      );
      const keypoints = keep(new cv.KeyPointVector());
      const descriptors = keep(new cv.Mat());
      orb.detectAndCompute(mat, noMask, keypoints, descriptors);
      return { keypoints, descriptors };
    };
    const l = describe(left);
    const r = describe(right);
    const leftKeypoints = l.keypoints.size();
    const rightKeypoints = r.keypoints.size();
    const empty = {
      leftX: new Float64Array(0),
      leftY: new Float64Array(0),
      rightX: new Float64Array(0),
      rightY: new Float64Array(0),
      leftKeypoints,
      rightKeypoints,
    };
    if (leftKeypoints < 2 || rightKeypoints < 2) return empty;

    const leftYs = Float64Array.from({ length: leftKeypoints }, (_, i) => l.keypoints.get(i).pt.y);
    const rightYs = Float64Array.from({ length: rightKeypoints }, (_, j) => r.keypoints.get(j).pt.y);
    const band = maxRowShift * Math.max(left.height, right.height);
    const pairs = mutualMatches(
      l.descriptors.data,
      r.descriptors.data,
      l.descriptors.cols,
      leftYs,
      rightYs,
      band,
    );
    const out = {
      ...empty,
      leftX: new Float64Array(pairs.length),
      leftY: new Float64Array(pairs.length),
      rightX: new Float64Array(pairs.length),
      rightY: new Float64Array(pairs.length),
    };
    pairs.forEach(([i, j], k) => {
      const pl = l.keypoints.get(i).pt;
      const pr = r.keypoints.get(j).pt;
      out.leftX[k] = pl.x;
      out.leftY[k] = pl.y;
      out.rightX[k] = pr.x;
      out.rightY[k] = pr.y;
    });
    return out;
  });
}

/**
 * Brute-force Hamming matching in JS over one distance pass that serves both directions: faster than two
 * BFMatcher.knnMatch calls in wasm and gives the mutual-best check for free. Only keypoints less than `band` rows
 * apart are compared: even 10° of rotation and 25 % of scale move a point by less than 0.3 of the height.
 * Returns [leftIndex, rightIndex].
 */
function mutualMatches(
  left: Uint8Array,
  right: Uint8Array,
  bytesPerDescriptor: number,
  leftYs: Float64Array,
  rightYs: Float64Array,
  band: number,
): [number, number][] {
  const words = bytesPerDescriptor / 4;
  const a = toWords(left, words);
  const b = toWords(right, words);
  const nl = a.length / words;
  const nr = b.length / words;
  const best1 = new Int32Array(nl).fill(1 << 30);
  const best2 = new Int32Array(nl).fill(1 << 30);
  const bestIdx = new Int32Array(nl).fill(-1);
  const rBest1 = new Int32Array(nr).fill(1 << 30);
  const rBest2 = new Int32Array(nr).fill(1 << 30);
  const rBestIdx = new Int32Array(nr).fill(-1);
  for (let i = 0; i < nl; i++) {
    const ai = i * words;
    let d1 = 1 << 30;
    let d2 = 1 << 30;
    let di = -1;
    const y = leftYs[i]!;
    for (let j = 0; j < nr; j++) {
      if (Math.abs(rightYs[j]! - y) > band) continue;
      const bj = j * words;
      let d = 0;
      for (let w = 0; w < words; w++) d += popcount(a[ai + w]! ^ b[bj + w]!);
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
  const pairs: [number, number][] = [];
  for (let i = 0; i < nl; i++) {
    const j = bestIdx[i]!;
    if (j < 0 || rBestIdx[j] !== i) continue;
    if (best1[i]! < LOWE_RATIO * best2[i]! && rBest1[j]! < LOWE_RATIO * rBest2[j]!) pairs.push([i, j]);
  }
  return pairs;
}

function toWords(bytes: Uint8Array, words: number): Uint32Array {
  const count = Math.floor(bytes.length / (words * 4)) * words;
  const copy = new Uint8Array(count * 4);
  copy.set(bytes.subarray(0, count * 4));
  return new Uint32Array(copy.buffer);
}

function popcount(v: number): number {
  let x = v - ((v >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}
