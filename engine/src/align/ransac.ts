import { seeded } from '../seeded-random';
import { type Correspondences, fitVertical, type Similarity, verticalResidual } from './similarity';

export interface RansacOptions {
  /** Inlier bound on the vertical residual, px of the images the correspondences are in. */
  thresholdPx: number;
  /** Loose bound on |horizontal disparity| (parallax may vary, but not beyond this). */
  maxDisparityPx: number;
  minScale: number;
  maxScale: number;
  maxRotationDeg: number;
  maxIterations?: number;
  seed?: number;
}

export interface RansacResult {
  model: Similarity;
  inliers: Int32Array;
}

/**
 * RANSAC of the similarity on vertical residuals. The minimal sample is 3 matches fitted on the vertical equation
 * alone (a, b, ty): a 2-match sample fitting all 4 parameters would let two points at different depths (different
 * horizontal disparity) corrupt rotation and scale. Scoring is MSAC (truncated quadratic); the winner is refitted by
 * least squares on its inliers twice.
 */
export function ransacSimilarity(c: Correspondences, options: RansacOptions): RansacResult | undefined {
  const n = c.xl.length;
  if (n < 3) return undefined;
  const random = seeded(options.seed ?? 0x5eed);
  const t2 = options.thresholdPx ** 2;
  const maxIterations = options.maxIterations ?? 3000;
  const sinMax = Math.sin((options.maxRotationDeg * Math.PI) / 180);
  const plausible = (m: { a: number; b: number }) => {
    const s = Math.hypot(m.a, m.b);
    return s >= options.minScale && s <= options.maxScale && m.a > 0 && Math.abs(m.b / s) <= sinMax;
  };
  const { xl, yl, xr, yr } = c;
  const maxDisparity = options.maxDisparityPx;
  // verticalResidual and disparity written out for a plain similarity (its keystone divisor is exactly 1): the
  // samples' cost over every match is most of RANSAC's time (700 matches, half outliers: 1.4 → 0.6 ms per call).
  const cost = ({ a, b, ty }: Similarity) => {
    let total = 0;
    for (let i = 0; i < n; i++) {
      const x = xr[i]!;
      const y = yr[i]!;
      const r = yl[i]! - (b * x + a * y + ty);
      const d = xl[i]! - (a * x - b * y);
      total += Math.abs(d) > maxDisparity ? t2 : Math.min(r * r, t2);
    }
    return total;
  };

  let best: Similarity | undefined;
  let bestCost = Number.POSITIVE_INFINITY;
  let iterations = maxIterations;
  const sample = new Int32Array(3);
  for (let it = 0; it < iterations; it++) {
    sample[0] = Math.floor(random() * n);
    sample[1] = Math.floor(random() * n);
    sample[2] = Math.floor(random() * n);
    if (sample[0] === sample[1] || sample[1] === sample[2] || sample[0] === sample[2]) continue;
    const fit = fitVertical(c, sample);
    if (!fit || !plausible(fit)) continue;
    const model = { ...fit, tx: 0 };
    const value = cost(model);
    if (value < bestCost) {
      bestCost = value;
      best = model;
      const inlierRatio = countInliers(model, c, options).length / n;
      // Standard adaptive stopping for 99.9 % confidence of one all-inlier sample.
      const needed = Math.log(0.001) / Math.log(1 - Math.max(1e-6, inlierRatio) ** 3);
      iterations = Math.min(maxIterations, Math.max(50, Math.ceil(needed)));
    }
  }
  if (!best) return undefined;

  let model = best;
  let inliers = countInliers(model, c, options);
  for (let round = 0; round < 2 && inliers.length >= 3; round++) {
    const fit = fitVertical(c, inliers);
    if (!fit || !plausible(fit)) break;
    model = { ...fit, tx: 0 };
    inliers = countInliers(model, c, options);
  }
  return { model, inliers };
}

function countInliers(m: Similarity, c: Correspondences, options: RansacOptions): Int32Array {
  const out: number[] = [];
  for (let i = 0; i < c.xl.length; i++) {
    const r = verticalResidual(m, c, i);
    const d = c.xl[i]! - (m.a * c.xr[i]! - m.b * c.yr[i]!);
    if (Math.abs(r) <= options.thresholdPx && Math.abs(d) <= options.maxDisparityPx) out.push(i);
  }
  return Int32Array.from(out);
}
