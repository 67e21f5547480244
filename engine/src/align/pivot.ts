import type { GrayImage } from '../cv/gray';
import type { Correspondences } from './similarity';

export interface Pivot {
  /** Disparity of the main subject (full-size px, without tx). */
  disparity: number;
  /** A tracked point on it, full-size px of the left view. */
  x: number;
  y: number;
}

/**
 * The main subject: the largest in-focus region near the centre. Each tracked point weighs its centrality (a
 * Gaussian of its distance from the centre, 0.45 of the half-diagonal wide) times its sharpness (local
 * Laplacian energy on the reduced grey, so a blurred background weighs little); the subject's disparity is the mode
 * of the weighted disparities (kernel of 0.4 % of the width: one surface, not the median of subject and background).
 * The pivot point is the heaviest point within that kernel.
 */
export function choosePivot(
  points: Correspondences,
  disparities: Float64Array,
  gray: GrayImage,
  width: number,
  height: number,
): Pivot {
  const n = points.xl.length;
  const weights = new Float64Array(n);
  const radius = 0.5 * Math.hypot(width, height);
  for (let i = 0; i < n; i++) {
    const r = Math.hypot(points.xl[i]!, points.yl[i]!) / radius;
    const centrality = Math.exp(-((r / 0.45) ** 2));
    weights[i] =
      centrality *
      sharpness(
        gray,
        (points.xl[i]! + (width - 1) / 2) / gray.scale,
        (points.yl[i]! + (height - 1) / 2) / gray.scale,
      );
  }
  const bandwidth = Math.max(1, 0.004 * width);
  let bestDensity = -1;
  let mode = 0;
  for (let i = 0; i < n; i++) {
    let density = 0;
    for (let j = 0; j < n; j++) {
      const u = (disparities[j]! - disparities[i]!) / bandwidth;
      if (u * u < 9) density += weights[j]! * Math.exp(-0.5 * u * u);
    }
    if (density > bestDensity) {
      bestDensity = density;
      mode = disparities[i]!;
    }
  }
  // Refine the mode as the weighted mean within one bandwidth, then pick the heaviest point there.
  let sum = 0;
  let total = 0;
  let best = 0;
  let bestWeight = -1;
  for (let i = 0; i < n; i++) {
    if (Math.abs(disparities[i]! - mode) > bandwidth) continue;
    sum += weights[i]! * disparities[i]!;
    total += weights[i]!;
    if (weights[i]! > bestWeight) {
      bestWeight = weights[i]!;
      best = i;
    }
  }
  return {
    disparity: total > 0 ? sum / total : mode,
    x: Math.round(points.xl[best]! + (width - 1) / 2),
    y: Math.round(points.yl[best]! + (height - 1) / 2),
  };
}

/** Mean squared Laplacian over a 7×7 neighbourhood of (x, y) on the grey copy (+1, so flat areas still count a little). */
function sharpness(gray: GrayImage, x: number, y: number): number {
  const { width, height, data } = gray;
  const cx = Math.round(x);
  const cy = Math.round(y);
  let sum = 0;
  let count = 0;
  for (let v = Math.max(1, cy - 3); v <= Math.min(height - 2, cy + 3); v++) {
    for (let u = Math.max(1, cx - 3); u <= Math.min(width - 2, cx + 3); u++) {
      const i = v * width + u;
      const lap = 4 * data[i]! - data[i - 1]! - data[i + 1]! - data[i - width]! - data[i + width]!;
      sum += lap * lap;
      count++;
    }
  }
  return 1 + (count > 0 ? sum / count : 0);
}
