/**
 * The 4-parameter similarity model in centred coordinates (origin at each image's centre):
 *   xL = a·xR − b·yR + tx,   yL = b·xR + a·yR + ty,   with a = s·cosθ, b = s·sinθ.
 * Only the vertical equation is trusted for fitting: horizontal offsets vary with depth (parallax),
 * while rows of a parallel stereo pair must agree.
 */
export interface Similarity {
  a: number;
  b: number;
  tx: number;
  ty: number;
}

/** Point correspondences in centred coordinates, as parallel arrays (cheap to subset in RANSAC loops). */
export interface Correspondences {
  xl: Float64Array;
  yl: Float64Array;
  xr: Float64Array;
  yr: Float64Array;
}

export function verticalResidual(m: Similarity, c: Correspondences, i: number): number {
  return c.yl[i]! - (m.b * c.xr[i]! + m.a * c.yr[i]! + m.ty);
}

/** Horizontal offset left of the model without tx: the pair's disparity at that match (xL − xR after rotation/scale). */
export function disparity(m: Similarity, c: Correspondences, i: number): number {
  return c.xl[i]! - (m.a * c.xr[i]! - m.b * c.yr[i]!);
}

/**
 * Weighted least squares of (a, b, ty) on the vertical equation (3×3 normal equations, Cramer's rule).
 * Returns undefined when the points are degenerate (e.g. collinear).
 */
export function fitVertical(
  c: Correspondences,
  indices: ArrayLike<number>,
  weights?: ArrayLike<number>,
): Omit<Similarity, 'tx'> | undefined {
  // Unknowns ordered (b, a, ty) multiplying (xr, yr, 1).
  let sxx = 0;
  let sxy = 0;
  let sx = 0;
  let syy = 0;
  let sy = 0;
  let s1 = 0;
  let rx = 0;
  let ry = 0;
  let r1 = 0;
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]!;
    const w = weights ? weights[k]! : 1;
    const x = c.xr[i]!;
    const y = c.yr[i]!;
    const v = c.yl[i]!;
    sxx += w * x * x;
    sxy += w * x * y;
    sx += w * x;
    syy += w * y * y;
    sy += w * y;
    s1 += w;
    rx += w * x * v;
    ry += w * y * v;
    r1 += w * v;
  }
  const det = sxx * (syy * s1 - sy * sy) - sxy * (sxy * s1 - sy * sx) + sx * (sxy * sy - syy * sx);
  const scaleOfDet = (sxx + syy + s1) ** 3;
  if (!(Math.abs(det) > 1e-12 * scaleOfDet)) return undefined;
  const b = (rx * (syy * s1 - sy * sy) - sxy * (ry * s1 - sy * r1) + sx * (ry * sy - syy * r1)) / det;
  const a = (sxx * (ry * s1 - sy * r1) - rx * (sxy * s1 - sy * sx) + sx * (sxy * r1 - ry * sx)) / det;
  const t = (sxx * (syy * r1 - ry * sy) - sxy * (sxy * r1 - ry * sx) + rx * (sxy * sy - syy * sx)) / det;
  return { a, b, ty: t };
}

/**
 * Robust refit (IRLS with Huber weights on the vertical residual). `huberPx` is where the loss turns linear;
 * returns the refined model.
 */
export function fitVerticalRobust(
  c: Correspondences,
  indices: ArrayLike<number>,
  start: Similarity,
  huberPx: number,
  iterations = 8,
): Similarity {
  let model = start;
  const weights = new Float64Array(indices.length);
  for (let it = 0; it < iterations; it++) {
    for (let k = 0; k < indices.length; k++) {
      const r = Math.abs(verticalResidual(model, c, indices[k]!));
      weights[k] = r <= huberPx ? 1 : huberPx / r;
    }
    const fit = fitVertical(c, indices, weights);
    if (!fit) break;
    const change = Math.abs(fit.a - model.a) + Math.abs(fit.b - model.b) + Math.abs(fit.ty - model.ty) * 1e-3;
    model = { ...model, ...fit };
    if (change < 1e-9) break;
  }
  return model;
}

export function scaleOf(m: Similarity): number {
  return Math.hypot(m.a, m.b);
}

export function rotationDegOf(m: Similarity): number {
  return (Math.atan2(m.b, m.a) * 180) / Math.PI;
}

export function median(values: ArrayLike<number>): number {
  return quantile(values, 0.5);
}

/** Linear-interpolated quantile (q in 0..1) of a copy of `values`. */
export function quantile(values: ArrayLike<number>, q: number): number {
  const sorted = Float64Array.from(values).sort();
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}
