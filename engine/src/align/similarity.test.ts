import { describe, expect, it } from 'vitest';
import { seeded } from '../seeded-random';
import { ransacSimilarity } from './ransac';
import {
  type Correspondences,
  fitVertical,
  fitVerticalRobust,
  quantile,
  rotationDegOf,
  type Similarity,
  scaleOf,
} from './similarity';

/** Matches under `m` with per-point horizontal parallax (which the vertical model must ignore). */
function synthetic(m: Similarity, n: number, seed: number, outliers = 0): Correspondences {
  const random = seeded(seed);
  const c = {
    xl: new Float64Array(n),
    yl: new Float64Array(n),
    xr: new Float64Array(n),
    yr: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const x = (random() - 0.5) * 2000;
    const y = (random() - 0.5) * 1300;
    const parallax = random() * 80;
    c.xr[i] = x;
    c.yr[i] = y;
    c.xl[i] = m.a * x - m.b * y + m.tx + parallax;
    c.yl[i] = m.b * x + m.a * y + m.ty + (i < outliers ? (random() - 0.5) * 400 : 0);
  }
  return c;
}

const truth: Similarity = {
  a: 1.02 * Math.cos(0.03),
  b: 1.02 * Math.sin(0.03),
  tx: 12,
  ty: -7.5,
};

describe('similarity fitting on vertical residuals', () => {
  it('recovers a, b, ty exactly from clean matches despite horizontal parallax', () => {
    const c = synthetic(truth, 50, 1);
    const fit = fitVertical(c, Int32Array.from(c.xl.keys()));
    expect(fit).toBeDefined();
    expect(fit!.a).toBeCloseTo(truth.a, 9);
    expect(fit!.b).toBeCloseTo(truth.b, 9);
    expect(fit!.ty).toBeCloseTo(truth.ty, 6);
  });

  it('returns undefined for degenerate (collinear) samples', () => {
    const c = {
      xl: new Float64Array(3),
      yl: new Float64Array(3),
      xr: Float64Array.of(1, 2, 3),
      yr: Float64Array.of(2, 4, 6),
    };
    expect(fitVertical(c, [0, 1, 2])).toBeUndefined();
  });

  it('RANSAC + Huber refit shrug off 40 % gross outliers', () => {
    const c = synthetic(truth, 200, 2, 80);
    const found = ransacSimilarity(c, {
      thresholdPx: 2,
      maxDisparityPx: 1000,
      minScale: 0.8,
      maxScale: 1.25,
      maxRotationDeg: 10,
    });
    expect(found).toBeDefined();
    expect(found!.inliers.length).toBeGreaterThanOrEqual(118);
    const refined = fitVerticalRobust(c, found!.inliers, found!.model, 0.5);
    // An outlier or two may land within the 2 px band by chance; the Huber refit keeps their pull tiny.
    expect(Math.abs(rotationDegOf(refined) - (0.03 * 180) / Math.PI)).toBeLessThan(1e-3);
    expect(Math.abs(scaleOf(refined) - 1.02)).toBeLessThan(1e-5);
    expect(Math.abs(refined.ty + 7.5)).toBeLessThan(0.01);
  });

  it('RANSAC refuses implausible models (rotation beyond the bound)', () => {
    const tilted = { a: Math.cos(0.5), b: Math.sin(0.5), tx: 0, ty: 0 };
    const c = synthetic(tilted, 60, 3);
    const found = ransacSimilarity(c, {
      thresholdPx: 2,
      maxDisparityPx: 1000,
      minScale: 0.8,
      maxScale: 1.25,
      maxRotationDeg: 10,
    });
    expect(found === undefined || found.inliers.length < 10).toBe(true);
  });

  it('computes linear-interpolated quantiles', () => {
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantile([0, 10], 0.95)).toBeCloseTo(9.5, 9);
  });
});
