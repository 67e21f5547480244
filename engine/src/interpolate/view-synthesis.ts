import type { RawImage } from '../image';

/** One full-size view with its completed disparity and reliability on the matching grid (gridWidth × gridHeight). */
export interface ViewDisparity {
  image: RawImage;
  /** Grid px. Left view: right x = x − d. Right view: left x = x + d. Larger d is nearer. */
  disparity: Float32Array;
  reliable: Float32Array;
}

export interface Grid {
  width: number;
  height: number;
  /** Full-size px per grid px. */
  scale: number;
}

/**
 * The view at position t (0 = left, 1 = right) of a row-rectified pair:
 * 1. on the grid, the new view's disparity by forward splatting both views' disparities (a left pixel lands at
 *    x − t·d, a right one at x + (1 − t)·d); where two land on one pixel the nearer surface (larger d) wins, holes
 *    take the farther neighbour (newly uncovered background);
 * 2. at full size, colour read back from each view at its position, each counted only where that view sees the
 *    same surface (its own disparity there agrees within `tolerance` grid px), weighted (1 − t, t);
 * 3. blended with the cross-fade by the reliability carried along, so ambiguous or inconsistent regions look no
 *    worse than a cross-fade.
 */
export function synthesizeView(
  l: ViewDisparity,
  r: ViewDisparity,
  grid: Grid,
  t: number,
  tolerance: number,
): RawImage {
  const { width, height, channels } = l.image;
  const gw = grid.width;
  const depth = new Float32Array(gw * grid.height);
  const trust = new Float32Array(gw * grid.height);
  for (let gy = 0; gy < grid.height; gy++) {
    const row = gy * gw;
    depth.fill(Number.NEGATIVE_INFINITY, row, row + gw);
    splat(l, row, gw, -t, depth, trust);
    splat(r, row, gw, 1 - t, depth, trust);
    fillHoles(depth, trust, row, gw);
  }
  const gx = Int32Array.from({ length: width }, (_, x) =>
    Math.min(gw - 1, Math.floor((x + 0.5) / grid.scale)),
  );
  const out = new Uint8Array(width * height * channels);
  const a = l.image.data;
  const b = r.image.data;
  const s = grid.scale;
  const lastX = width - 1.000001;
  const ta = 1 - t;
  for (let y = 0; y < height; y++) {
    const grow = Math.min(grid.height - 1, Math.floor((y + 0.5) / s)) * gw;
    const line = y * width;
    for (let x = 0; x < width; x++) {
      const o = (line + x) * channels;
      const g = grow + gx[x]!;
      const k = trust[g]!;
      if (k < 0.01) {
        for (let c = 0; c < channels; c++) out[o + c] = ta * a[o + c]! + t * b[o + c]! + 0.5;
        continue;
      }
      const d = depth[g]!;
      const xl = x + t * d * s;
      const xr = x - ta * d * s;
      let wl = ta * sees(l.disparity, grow, gw, xl / s, d, tolerance);
      let wr = t * sees(r.disparity, grow, gw, xr / s, d, tolerance);
      if (wl + wr < 1e-6) {
        wl = ta;
        wr = t;
      }
      const sum = wl + wr;
      wl /= sum;
      wr /= sum;
      // Linear samples along the row (edges clamped) at xl in the left view and xr in the right one.
      const cl = xl < 0 ? 0 : xl < lastX ? xl : lastX;
      const il = cl | 0;
      const fl = cl - il;
      const pl = (line + il) * channels;
      const cr = xr < 0 ? 0 : xr < lastX ? xr : lastX;
      const ir = cr | 0;
      const fr = cr - ir;
      const pr = (line + ir) * channels;
      const ul = 1 - fl;
      const ur = 1 - fr;
      const fade = 1 - k;
      if (channels === 3) {
        let v0 = 0;
        let v1 = 0;
        let v2 = 0;
        if (wl > 0) {
          v0 = wl * (a[pl]! * ul + a[pl + 3]! * fl);
          v1 = wl * (a[pl + 1]! * ul + a[pl + 4]! * fl);
          v2 = wl * (a[pl + 2]! * ul + a[pl + 5]! * fl);
        }
        if (wr > 0) {
          v0 += wr * (b[pr]! * ur + b[pr + 3]! * fr);
          v1 += wr * (b[pr + 1]! * ur + b[pr + 4]! * fr);
          v2 += wr * (b[pr + 2]! * ur + b[pr + 5]! * fr);
        }
        if (k === 1) {
          out[o] = v0 + 0.5;
          out[o + 1] = v1 + 0.5;
          out[o + 2] = v2 + 0.5;
          continue;
        }
        out[o] = k * v0 + fade * (ta * a[o]! + t * b[o]!) + 0.5;
        out[o + 1] = k * v1 + fade * (ta * a[o + 1]! + t * b[o + 1]!) + 0.5;
        out[o + 2] = k * v2 + fade * (ta * a[o + 2]! + t * b[o + 2]!) + 0.5;
        continue;
      }
      for (let c = 0; c < channels; c++) {
        let v = 0;
        if (wl > 0) v += wl * (a[pl + c]! * ul + a[pl + channels + c]! * fl);
        if (wr > 0) v += wr * (b[pr + c]! * ur + b[pr + channels + c]! * fr);
        out[o + c] = k * v + fade * (ta * a[o + c]! + t * b[o + c]!) + 0.5;
      }
    }
  }
  return { data: out, width, height, channels };
}

/** Splats one view's grid row into the new view's (z-buffer: larger d wins), carrying the reliability. */
function splat(
  v: ViewDisparity,
  row: number,
  width: number,
  factor: number,
  depth: Float32Array,
  trust: Float32Array,
) {
  for (let x = 0; x < width; x++) {
    const d = v.disparity[row + x]!;
    const p = x + factor * d;
    const p0 = Math.floor(p);
    for (let q = p0; q <= p0 + 1; q++) {
      if (q < 0 || q >= width) continue;
      const current = depth[row + q]!;
      if (d > current + 0.5) {
        depth[row + q] = d;
        trust[row + q] = v.reliable[row + x]!;
      } else if (d > current - 0.5) {
        if (d > current) depth[row + q] = d;
        trust[row + q] = Math.max(trust[row + q]!, v.reliable[row + x]!);
      }
    }
  }
}

/** Unfilled pixels take the farther (smaller d) of their nearest filled neighbours: uncovered background. */
function fillHoles(depth: Float32Array, trust: Float32Array, row: number, width: number) {
  let x = 0;
  while (x < width) {
    if (depth[row + x]! !== Number.NEGATIVE_INFINITY) {
      x++;
      continue;
    }
    const s = x;
    while (x < width && depth[row + x]! === Number.NEGATIVE_INFINITY) x++;
    const before = s > 0 ? row + s - 1 : -1;
    const after = x < width ? row + x : -1;
    let from = before;
    if (before < 0 || (after >= 0 && depth[after]! < depth[before]!)) from = after;
    const d = from >= 0 ? depth[from]! : 0;
    const k = from >= 0 ? trust[from]! : 0;
    depth.fill(d, row + s, row + x);
    trust.fill(k, row + s, row + x);
  }
}

/** 1 when the view's own disparity at grid (row, x) agrees with d (it sees that surface there), else 0. */
function sees(
  map: Float32Array,
  row: number,
  width: number,
  x: number,
  d: number,
  tolerance: number,
): number {
  const xi = Math.floor(x);
  if (xi < 0 || xi >= width) return 0;
  return Math.abs(map[row + xi]! - d) <= tolerance ? 1 : 0;
}
