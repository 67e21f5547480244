import { census5x5 } from '../cv/census';
import type { GrayImage } from '../cv/gray';
import { popcount } from './hamming';
import { inverseMapOf } from './model-map';
import {
  type Correspondences,
  disparity as disparityOf,
  inverseRotationOf,
  quantile,
  type Similarity,
} from './similarity';
import { distortPoint, mapPoint } from './warp';

/** Long side of the copy the dense score runs on. */
const SCORE_SIDE = 192;
/** Census window sums over (2r+1)² pixels before the minimum over disparities is taken. */
const WINDOW_RADIUS = 2;

/** Where the views are: reduced pixel size (sL, sR) and full-resolution centres, as in reducedGray. */
export interface ViewFrames {
  sL: number;
  sR: number;
  cl: { x: number; y: number };
  cr: { x: number; y: number };
}

/**
 * How well a model puts the two views' content on the same rows, densely: the right view is warped onto the left
 * under `model` (on a ≤ 192 px copy), and every left pixel's 5×5 census is compared along its row with the right's
 * over the disparity range. Returns, per pixel of that copy, the smallest 5×5-summed Hamming cost (NaN near the
 * border); compare two models with `preference`. A periodic board matched one square off agrees with itself but not
 * with the room around it or its own border; the true model agrees everywhere. Disparities are those of `model` without tx (full-resolution px).
 */
export function rowConsistency(
  left: GrayImage,
  right: GrayImage,
  model: Similarity,
  f: ViewFrames,
  disparity: { min: number; max: number },
  options: { lens?: { k: number; r2: number } } = {},
): Float64Array {
  const k = Math.max(1, Math.ceil(Math.max(left.width, left.height) / SCORE_SIDE));
  const w = Math.floor(left.width / k);
  const h = Math.floor(left.height / k);
  const full = f.sL * k;
  const small = boxDown(left, k, w, h);
  // The right view reduced by the same box, so both copies carry the same detail.
  const kr = Math.max(1, Math.round((k * f.sL) / f.sR));
  const rightSmall: GrayImage = {
    data: boxDown(right, kr, Math.floor(right.width / kr), Math.floor(right.height / kr)),
    width: Math.floor(right.width / kr),
    height: Math.floor(right.height / kr),
    scale: right.scale * kr,
  };
  const fullR = f.sR * kr;
  const { warped, inside, leftWarped } =
    options.lens?.k || model.g || model.h
      ? curvedWarps(small, rightSmall, model, f, { full, fullR, w, h }, options.lens)
      : { ...similarityWarp(rightSmall, model, f, { full, fullR, w, h }), leftWarped: small };
  const cl = census5x5(leftWarped, w, h);
  const cr = census5x5(warped, w, h);
  const dMin = Math.floor(disparity.min / full);
  const dMax = Math.ceil(disparity.max / full);
  const best = new Float64Array(w * h).fill(Number.POSITIVE_INFINITY);
  // Hamming costs are small integers: integer arrays sum them exactly, and faster.
  const costs = new Int32Array(w * h);
  const rowSum = new Int32Array(w * h);
  for (let d = dMin; d <= dMax; d++) {
    // Columns whose match falls outside the right copy cost the most, without a test per pixel.
    const from = Math.min(w, Math.max(0, d));
    const to = Math.max(from, Math.min(w, w + d));
    for (let y = 0; y < h; y++) {
      const row = y * w;
      costs.fill(24, row, row + from);
      costs.fill(24, row + to, row + w);
      for (let i = row + from, j = row + from - d; i < row + to; i++, j++) {
        costs[i] = inside[j] ? popcount(cl[i]! ^ cr[j]!) : 24;
      }
    }
    boxSum(costs, rowSum, w, h, WINDOW_RADIUS);
    for (let i = 0; i < w * h; i++) if (costs[i]! < best[i]!) best[i] = costs[i]!;
  }
  const r = WINDOW_RADIUS + 2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (y < r || x < r || y >= h - r || x >= w - r) best[y * w + x] = Number.NaN;
    }
  }
  return best;
}

interface ScoreGrid {
  /** Full-resolution px per score pixel, left and right. */
  full: number;
  fullR: number;
  w: number;
  h: number;
}

/** The right copy warped onto the left's score pixels under a similarity (tx = 0); `inside` marks sampled pixels. */
function similarityWarp(
  rightSmall: GrayImage,
  model: Similarity,
  f: ViewFrames,
  { full, fullR, w, h }: ScoreGrid,
): { warped: Uint8Array; inside: Uint8Array } {
  const warped = new Uint8Array(w * h);
  const inside = new Uint8Array(w * h);
  // Left small pixel → full-res centred → right full-res (inverse of the model, tx = 0) → right reduced.
  const { ia, ib } = inverseRotationOf(model);
  for (let y = 0; y < h; y++) {
    const Y = (y + 0.5) * full - 0.5 - f.cl.y - model.ty;
    for (let x = 0; x < w; x++) {
      const X = (x + 0.5) * full - 0.5 - f.cl.x;
      const xr = (ia * X + ib * Y + f.cr.x + 0.5) / fullR - 0.5;
      const yr = (-ib * X + ia * Y + f.cr.y + 0.5) / fullR - 0.5;
      const v = bilinear(rightSmall, xr, yr);
      if (v >= 0) {
        warped[y * w + x] = v;
        inside[y * w + x] = 1;
      }
    }
  }
  return { warped, inside };
}

/**
 * Both copies resampled on the rectified canvas of a curved model (keystone terms, a radial lens shared by both
 * views, as the aligned output is made): each score pixel is a canvas position, read from the left view through
 * the lens and from the right one through the model's map and the lens.
 */
function curvedWarps(
  leftSmall: Uint8Array,
  rightSmall: GrayImage,
  model: Similarity,
  f: ViewFrames,
  { full, fullR, w, h }: ScoreGrid,
  lens: { k: number; r2: number } | undefined,
): { warped: Uint8Array; inside: Uint8Array; leftWarped: Uint8Array } {
  const map = inverseMapOf({ ...model, tx: 0 }, f.cl, f.cr);
  const left = { data: leftSmall, width: w, height: h, scale: full };
  const lensL = lens?.k ? { ...lens, cx: f.cl.x, cy: f.cl.y } : undefined;
  const lensR = lens?.k ? { ...lens, cx: f.cr.x, cy: f.cr.y } : undefined;
  const warped = new Uint8Array(w * h);
  const inside = new Uint8Array(w * h);
  const leftWarped = new Uint8Array(w * h);
  const at = new Float64Array(2);
  for (let y = 0; y < h; y++) {
    const Y = (y + 0.5) * full - 0.5;
    for (let x = 0; x < w; x++) {
      const X = (x + 0.5) * full - 0.5;
      const i = y * w + x;
      if (lensL) distortPoint(lensL, X, Y, at);
      else [at[0], at[1]] = [X, Y];
      const l = bilinear(left, (at[0]! + 0.5) / full - 0.5, (at[1]! + 0.5) / full - 0.5);
      mapPoint(map, X, Y, at);
      if (lensR) distortPoint(lensR, at[0]!, at[1]!, at);
      const r = bilinear(rightSmall, (at[0]! + 0.5) / fullR - 0.5, (at[1]! + 0.5) / fullR - 0.5);
      if (l >= 0 && r >= 0) {
        leftWarped[i] = l;
        warped[i] = r;
        inside[i] = 1;
      }
    }
  }
  return { warped, inside, leftWarped };
}

/**
 * Net share of pixels that clearly prefer `candidate` over `reference` (cost lower by a quarter and 10 more), minus
 * those that clearly prefer `reference`: regions both models match equally (a periodic board, a blank wall) do not
 * vote; the room around the board and the board's own border do.
 */
export function preference(candidate: Float64Array, reference: Float64Array): number {
  let net = 0;
  let count = 0;
  for (let i = 0; i < candidate.length; i++) {
    const c = candidate[i]!;
    const r = reference[i]!;
    if (Number.isNaN(c) || Number.isNaN(r)) continue;
    count++;
    if (r - c > 0.25 * r + 10) net++;
    else if (c - r > 0.25 * c + 10) net--;
  }
  return count ? net / count : 0;
}

function boxDown(image: GrayImage, k: number, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  const area = k * k;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let v = 0; v < k; v++) {
        const row = (y * k + v) * image.width + x * k;
        for (let u = 0; u < k; u++) s += image.data[row + u]!;
      }
      out[y * w + x] = Math.round(s / area);
    }
  }
  return out;
}

/** Bilinear grey value at (x, y), or −1 outside the picture. */
function bilinear(image: GrayImage, x: number, y: number): number {
  if (x < 0 || y < 0 || x > image.width - 1 || y > image.height - 1) return -1;
  const x0 = Math.min(image.width - 2, Math.floor(x));
  const y0 = Math.min(image.height - 2, Math.floor(y));
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * image.width + x0;
  const d = image.data;
  const top = d[i]! * (1 - fx) + d[i + 1]! * fx;
  const bottom = d[i + image.width]! * (1 - fx) + d[i + image.width + 1]! * fx;
  return Math.round(top * (1 - fy) + bottom * fy);
}

/** In-place (2r+1)² box sum of `values` (edges clamped), `tmp` as scratch: running sums along rows, then columns. */
function boxSum(values: Int32Array, tmp: Int32Array, w: number, h: number, r: number): void {
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let s = 0;
    for (let u = -r; u <= r; u++) s += values[row + Math.min(w - 1, Math.max(0, u))]!;
    tmp[row] = s;
    for (let x = 1; x < w; x++) {
      s += values[row + Math.min(w - 1, x + r)]! - values[row + Math.max(0, x - r - 1)]!;
      tmp[row + x] = s;
    }
  }
  for (let x = 0; x < w; x++) {
    let s = 0;
    for (let v = -r; v <= r; v++) s += tmp[Math.min(h - 1, Math.max(0, v)) * w + x]!;
    values[x] = s;
    for (let y = 1; y < h; y++) {
      s += tmp[Math.min(h - 1, y + r) * w + x]! - tmp[Math.max(0, y - r - 1) * w + x]!;
      values[y * w + x] = s;
    }
  }
}

/**
 * The disparity range rowConsistency searches for models and the matches they rest on: the span of the matches'
 * disparities (2nd to 98th percentile) with a sixth of the search range around it, within ±maxDisparityPx.
 */
export function disparitySpan(
  sets: readonly { model: Similarity; points: Correspondences }[],
  maxDisparityPx: number,
): { min: number; max: number } {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const { model, points } of sets) {
    const d = Float64Array.from(points.xl, (_, i) => disparityOf(model, points, i));
    min = Math.min(min, quantile(d, 0.02));
    max = Math.max(max, quantile(d, 0.98));
  }
  const margin = maxDisparityPx / 6;
  return { min: Math.max(-maxDisparityPx, min - margin), max: Math.min(maxDisparityPx, max + margin) };
}
