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
  /**
   * Optional keystone (perspective) terms per centred px: the rotated, scaled and shifted point is divided by
   * (1 + g·xR + h·yR) before tx is added. Converged rigs (toe-in) and a slight pitch between the cameras tilt the
   * rows so that no similarity can level them; absent or 0 for a plain similarity.
   */
  g?: number;
  h?: number;
}

/** Point correspondences in centred coordinates, as parallel arrays (cheap to subset in RANSAC loops). */
export interface Correspondences {
  xl: Float64Array;
  yl: Float64Array;
  xr: Float64Array;
  yr: Float64Array;
}

/** The correspondences at `indices`, in their order. */
export function subsetOf(c: Correspondences, indices: ArrayLike<number>): Correspondences {
  const pick = (values: Float64Array) =>
    Float64Array.from({ length: indices.length }, (_, k) => values[indices[k]!]!);
  return { xl: pick(c.xl), yl: pick(c.yl), xr: pick(c.xr), yr: pick(c.yr) };
}

/** Up to `count` of the indices, evenly strided (a fit on them weighs regions by their point density, as on all). */
export function evenly(indices: ArrayLike<number>, count: number): number[] {
  const step = Math.max(1, indices.length / count);
  const out: number[] = [];
  for (let k = 0; k < indices.length && out.length < count; k += step) out.push(indices[Math.floor(k)]!);
  return out;
}

/** The sets of correspondences end to end, in their order. */
export function concatOf(...sets: Correspondences[]): Correspondences {
  const join = (key: keyof Correspondences) => {
    const out = new Float64Array(sets.reduce((n, c) => n + c[key].length, 0));
    let at = 0;
    for (const c of sets) {
      out.set(c[key], at);
      at += c[key].length;
    }
    return out;
  };
  return { xl: join('xl'), yl: join('yl'), xr: join('xr'), yr: join('yr') };
}

export function verticalResidual(m: Similarity, c: Correspondences, i: number): number {
  const x = c.xr[i]!;
  const y = c.yr[i]!;
  return c.yl[i]! - (m.b * x + m.a * y + m.ty) / (1 + (m.g ?? 0) * x + (m.h ?? 0) * y);
}

/** |Vertical residual| of every correspondence under `m` (see verticalResidual). */
export function verticalResiduals(m: Similarity, c: Correspondences): Float64Array {
  return Float64Array.from(c.xl, (_, i) => Math.abs(verticalResidual(m, c, i)));
}

/** Horizontal offset left of the model without tx: the pair's disparity at that match (xL − xR after rotation/scale). */
export function disparity(m: Similarity, c: Correspondences, i: number): number {
  const x = c.xr[i]!;
  const y = c.yr[i]!;
  return c.xl[i]! - (m.a * x - m.b * y) / (1 + (m.g ?? 0) * x + (m.h ?? 0) * y);
}

/** Largest |g·x| + |h·y| over the frame (half-width, half-height): how far the keystone terms bend the view. */
export function keystoneOf(m: Similarity, halfWidth: number, halfHeight: number): number {
  return Math.abs(m.g ?? 0) * halfWidth + Math.abs(m.h ?? 0) * halfHeight;
}

/**
 * Weighted least squares of the keystone model on the vertical equation, linear in (b, a, ty, g, h):
 * yL·(1 + g·xR + h·yR) = b·xR + a·yR + ty. Undefined when degenerate.
 */
export function fitVerticalKeystone(
  c: Correspondences,
  indices: ArrayLike<number>,
  weights?: ArrayLike<number>,
): Omit<Similarity, 'tx'> | undefined {
  const n = 5;
  const ata = new Float64Array(n * n);
  const atb = new Float64Array(n);
  const row = new Float64Array(n);
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]!;
    const w = weights ? weights[k]! : 1;
    const x = c.xr[i]!;
    const y = c.yr[i]!;
    const v = c.yl[i]!;
    const xv = -x * v;
    const yv = -y * v;
    row[0] = x;
    row[1] = y;
    row[2] = 1;
    row[3] = xv;
    row[4] = yv;
    // One row of the normal matrix at a time, its products written out: the robust lens search refits this
    // hundreds of times per alignment (about twice as fast as a double loop, with the same sums).
    for (let p = 0, o = 0; p < n; p++, o += n) {
      const wp = w * row[p]!;
      atb[p] = atb[p]! + wp * v;
      ata[o] = ata[o]! + wp * x;
      ata[o + 1] = ata[o + 1]! + wp * y;
      ata[o + 2] = ata[o + 2]! + wp;
      ata[o + 3] = ata[o + 3]! + wp * xv;
      ata[o + 4] = ata[o + 4]! + wp * yv;
    }
  }
  const solution = solveSymmetric(ata, atb, n);
  if (!solution) return undefined;
  const [b, a, ty, g, h] = solution as unknown as [number, number, number, number, number];
  return { a, b, ty, g, h };
}

/** Gaussian elimination with partial pivoting on a small dense system (column-scaled); undefined when singular. */
function solveSymmetric(matrix: Float64Array, rhs: Float64Array, n: number): Float64Array | undefined {
  const m = Float64Array.from(matrix);
  const r = Float64Array.from(rhs);
  // Scale columns so that the conditioning does not depend on the pixel units of the quadratic terms.
  const scale = Float64Array.from({ length: n }, (_, p) => Math.sqrt(Math.max(m[p * n + p]!, 1e-300)));
  for (let p = 0; p < n; p++) {
    r[p] = r[p]! / scale[p]!;
    for (let q = 0; q < n; q++) m[p * n + q] = m[p * n + q]! / (scale[p]! * scale[q]!);
  }
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let k = col + 1; k < n; k++)
      if (Math.abs(m[k * n + col]!) > Math.abs(m[pivot * n + col]!)) pivot = k;
    if (!(Math.abs(m[pivot * n + col]!) > 1e-10)) return undefined;
    if (pivot !== col) {
      for (let q = 0; q < n; q++) {
        const t = m[col * n + q]!;
        m[col * n + q] = m[pivot * n + q]!;
        m[pivot * n + q] = t;
      }
      const t = r[col]!;
      r[col] = r[pivot]!;
      r[pivot] = t;
    }
    for (let k = col + 1; k < n; k++) {
      const f = m[k * n + col]! / m[col * n + col]!;
      for (let q = col; q < n; q++) m[k * n + q] = m[k * n + q]! - f * m[col * n + q]!;
      r[k] = r[k]! - f * r[col]!;
    }
  }
  const x = new Float64Array(n);
  for (let p = n - 1; p >= 0; p--) {
    let sum = r[p]!;
    for (let q = p + 1; q < n; q++) sum -= m[p * n + q]! * x[q]!;
    x[p] = sum / m[p * n + p]!;
  }
  for (let p = 0; p < n; p++) x[p] = x[p]! / scale[p]!;
  return x;
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
 * Weighted least squares of rotation and ty at scale 1 (yl = sin θ·xr + cos θ·yr + ty), with cos θ taken from
 * `current`'s rotation and sin θ solved for (bounded to ±0.5; keystone terms reset). Undefined when the points
 * cannot tell sin θ from ty (all in one column).
 */
export function fitVerticalUnitScale(
  c: Correspondences,
  indices: ArrayLike<number>,
  weights: ArrayLike<number>,
  current: Similarity,
): Omit<Similarity, 'tx'> | undefined {
  const cos = Math.cos(Math.atan2(current.b, current.a));
  let sw = 0;
  let sx = 0;
  let sxx = 0;
  let sv = 0;
  let sxv = 0;
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]!;
    const w = weights[k]!;
    const x = c.xr[i]!;
    const v = c.yl[i]! - cos * c.yr[i]!;
    sw += w;
    sx += w * x;
    sxx += w * x * x;
    sv += w * v;
    sxv += w * x * v;
  }
  const det = sw * sxx - sx * sx;
  if (!(det > 0)) return undefined;
  const sin = Math.max(-0.5, Math.min(0.5, (sw * sxv - sx * sv) / det));
  return { a: Math.sqrt(1 - sin * sin), b: sin, ty: (sv - sin * sx) / sw, g: 0, h: 0 };
}

/** The models a robust refit can fit: a similarity, one with keystone terms, or a rotation at scale 1. */
export type VerticalModel = 'similarity' | 'keystone' | 'unit-scale';

/**
 * Robust refit (IRLS with Huber weights on the vertical residual) of the `kind` of model. `huberPx` is where the
 * loss turns linear; returns the refined model.
 */
export function fitVerticalRobust(
  c: Correspondences,
  indices: ArrayLike<number>,
  start: Similarity,
  huberPx: number,
  iterations = 8,
  kind: VerticalModel = 'similarity',
): Similarity {
  let model = start;
  const weights = new Float64Array(indices.length);
  for (let it = 0; it < iterations; it++) {
    for (let k = 0; k < indices.length; k++) {
      const r = Math.abs(verticalResidual(model, c, indices[k]!));
      weights[k] = r <= huberPx ? 1 : huberPx / r;
    }
    const fit =
      kind === 'keystone'
        ? fitVerticalKeystone(c, indices, weights)
        : kind === 'unit-scale'
          ? fitVerticalUnitScale(c, indices, weights, model)
          : plain(fitVertical(c, indices, weights));
    if (!fit) break;
    const change =
      Math.abs(fit.a - model.a) +
      Math.abs(fit.b - model.b) +
      Math.abs(fit.ty - model.ty) * 1e-3 +
      (Math.abs((fit.g ?? 0) - (model.g ?? 0)) + Math.abs((fit.h ?? 0) - (model.h ?? 0))) * 1e3;
    model = { ...model, ...fit };
    if (change < 1e-9) break;
  }
  return model;
}

/** A plain similarity fit (keystone terms reset, so a robust refit never keeps stale ones). */
function plain(fit: Omit<Similarity, 'tx'> | undefined): Omit<Similarity, 'tx'> | undefined {
  return fit && { ...fit, g: 0, h: 0 };
}

/**
 * The model's rotation-scale part inverted, as (ia, ib) = (a, b) / (a² + b²): the left view's centred offset (u, v)
 * from (tx, ty) comes from the right view's centred point (ia·u + ib·v, −ib·u + ia·v) (keystone terms aside).
 */
export function inverseRotationOf(m: Similarity): { ia: number; ib: number } {
  const k = 1 / (m.a * m.a + m.b * m.b);
  return { ia: m.a * k, ib: m.b * k };
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
  return sortedQuantile(Float64Array.from(values).sort(), q);
}

/** How far apart the 10th and 90th percentiles of `values` lie (one sort). */
export function interdecileSpan(values: ArrayLike<number>): number {
  const sorted = Float64Array.from(values).sort();
  return sortedQuantile(sorted, 0.9) - sortedQuantile(sorted, 0.1);
}

function sortedQuantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}
