import type { RawImage } from '../image';
import { type BandClaims, type Taker, takeBands } from './band-claims';
import { codedCell, hides, OWN_CELL, seenNear, sees, seesAt, showsThinLine } from './view-visibility';

/** One full-size view with its completed disparity and reliability on the matching grid (gridWidth × gridHeight). */
export interface ViewDisparity {
  image: RawImage;
  /** Grid px. Left view: right x = x − d. Right view: left x = x + d. Larger d is nearer. */
  disparity: Float32Array;
  reliable: Float32Array;
  /**
   * Per full-size pixel, which grid cell of the 3×3 around its own its disparity is read from: (dy + 1)·3 + dx + 1
   * (see edgeCodes). Absent: every pixel its own cell's.
   */
  codes?: Uint8Array;
  /** The right view's colours on the left one's levels (see Levels); absent when the two cameras agree. */
  levels?: Levels;
}

/**
 * Per RGB channel, a view's levels on the other view's scale: other ≈ (own − ownMean) · gain + otherMean (a rig's
 * two cameras differ in exposure and white balance). An in-between view's exposure lies between the two (the true
 * one at t is what a cross-fade gives): a pixel read from one view alone (the other hides it) is taken to that
 * exposure (see atExposure).
 */
export interface Levels {
  gain: Float64Array;
  ownMean: Float64Array;
  otherMean: Float64Array;
}

/** Grid cells whose disparities span at most this (grid px) are one smooth surface (see smoothDepth). */
const SMOOTH_SPAN = 1;

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
 * 2. at full size, the disparity read between grid cells (bilinear on a smooth surface, see smoothDepth; on an edge
 *    the nearest of the cells' surfaces a view shows where the pixel lands in it, see nearestSeen) and colour
 *    read back from each view at its position, each counted only where that view sees the same surface (its own
 *    disparity there agrees within `tolerance` grid px), weighted (1 − t, t); where both views hide the surface
 *    behind a nearer one, from the nearest part of it along the row that one of them sees, a little in from its
 *    edge (see seenNear; the background between the boards of a fence whose parallax is about their spacing:
 *    cross-faded, the boards showed twice; measured in bench/engine/interpolate.ts: mean gain over a cross-fade
 *    +0.44 dB on 46 scenes, fences +0.6 to +6 dB, tiled floors −0.25 to −0.75 dB);
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
  return viewFromPlan(viewPlan(l, r, grid, t, tolerance));
}

/** Steps 2 and 3 of synthesizeView; with `columns`, only those of each row (see synthesizeRows), the rest 0. */
export function viewFromPlan(plan: ViewPlan, columns?: Int32Array): RawImage {
  const { width, height, channels } = plan.l.image;
  const out = new Uint8Array(width * height * channels);
  synthesizeRows(plan, out, 0, height, columns);
  return { data: out, width, height, channels };
}

/** What synthesizeRows needs for one view: both views and the new view's disparity and reliability on the grid. */
export interface ViewPlan {
  l: ViewDisparity;
  r: ViewDisparity;
  grid: Grid;
  t: number;
  tolerance: number;
  depth: Float32Array;
  trust: Float32Array;
}

/** Step 1 of synthesizeView: the new view's disparity and reliability on the grid. */
export function viewPlan(
  l: ViewDisparity,
  r: ViewDisparity,
  grid: Grid,
  t: number,
  tolerance: number,
): ViewPlan {
  const plan = emptyPlan(l, r, grid, t, tolerance, false);
  planRows(plan, 0, grid.height);
  return plan;
}

/** A plan whose depth and reliability are still to be found (planRows), on SharedArrayBuffers if `shared`. */
export function emptyPlan(
  l: ViewDisparity,
  r: ViewDisparity,
  grid: Grid,
  t: number,
  tolerance: number,
  shared: boolean,
): ViewPlan {
  const size = grid.width * grid.height * Float32Array.BYTES_PER_ELEMENT;
  const depth = new Float32Array(shared ? new SharedArrayBuffer(size) : new ArrayBuffer(size));
  const trust = new Float32Array(shared ? new SharedArrayBuffer(size) : new ArrayBuffer(size));
  return { l, r, grid, t, tolerance, depth, trust };
}

/** The plan's depth and reliability on grid rows [y0, y1) (each row reads and writes only itself). */
export function planRows(plan: ViewPlan, y0: number, y1: number): void {
  const { l, r, t, depth, trust } = plan;
  const gw = plan.grid.width;
  for (let gy = y0; gy < y1; gy++) {
    const row = gy * gw;
    depth.fill(Number.NEGATIVE_INFINITY, row, row + gw);
    splat(l, row, gw, -t, depth, trust);
    splat(r, row, gw, 1 - t, depth, trust);
    fillHoles(depth, trust, row, gw);
  }
}

/**
 * Steps 2 and 3 of synthesizeView for full-size rows [y0, y1), into `out` (the whole view's pixels); with `columns`,
 * only columns [columns[2y], columns[2y + 1]) of each row y (see changedColumns).
 */
export function synthesizeRows(
  plan: ViewPlan,
  out: Uint8Array,
  y0: number,
  y1: number,
  columns?: Int32Array,
): void {
  rowsOf(synthesisOf(plan, y0, y1), out, y0, y1, columns);
}

/** Full-size rows per unit of synthesizeBands. */
const SYNTHESIS_BAND = 32;

/** The units of synthesizeBands' claims for `plans`: one per band of rows and plan. */
export function synthesisUnits(plans: readonly ViewPlan[]): number {
  return plans.length === 0 ? 0 : Math.ceil(plans[0]!.l.image.height / SYNTHESIS_BAND) * plans.length;
}

/**
 * synthesizeRows for each plan into `outs` (each frame's pixels, on SharedArrayBuffers), a band of SYNTHESIS_BAND rows
 * of one plan at a time: those of `claims` (synthesisUnits of them, band-major) that `taker` takes (see takeBands).
 * The same bytes as synthesizeRows over all the rows: each row reads and writes only itself.
 */
export function synthesizeBands(
  plans: readonly ViewPlan[],
  outs: readonly Uint8Array[],
  columns: readonly Int32Array[] | undefined,
  claims: BandClaims,
  taker: Taker,
): void {
  const made: (Synthesis | undefined)[] = [];
  takeBands(claims, taker, (unit) => {
    const k = unit % plans.length;
    const plan = plans[k]!;
    const height = plan.l.image.height;
    // Its taps and smooth cells for all the rows, once per plan on each thread.
    made[k] ??= synthesisOf(plan, 0, height);
    const v = made[k];
    const y0 = Math.floor(unit / plans.length) * SYNTHESIS_BAND;
    const y1 = Math.min(height, y0 + SYNTHESIS_BAND);
    rowsOf(v, outs[k]!, y0, y1, columns?.[k]);
  });
}

/** Rows [y0, y1) of `v` into `out`: whole, or with `columns` only those of each row (see synthesizeRows). */
function rowsOf(
  v: Synthesis,
  out: Uint8Array,
  y0: number,
  y1: number,
  columns: Int32Array | undefined,
): void {
  for (let y = y0; y < y1; y++) {
    if (columns) synthesizeRow(v, out, y, columns[2 * y]!, columns[2 * y + 1]!);
    else synthesizeRow(v, out, y, 0, v.width);
  }
}

/**
 * Full-size pixels [x0, x1) of row y: synthesizePixel, its common case written out here. That case (fully trusted,
 * the four cells around on one smooth surface, both views seeing it where the pixel lands, neither's codes naming
 * another cell there) is 98 % of a layered scene's pixels and over half of a fence's. Run through synthesizePixel
 * they cost ~50 ns each: its calls to the tests, not inlined into a loop that large, boxed their number arguments;
 * and each rare case's branch, first taken long after the loop was optimized, sent it back to the interpreter (ten
 * times on the typical layered scene). Here the only other way out is the one call. A function per row keeps the
 * call's numbers unboxed: the loop in synthesizeRows, optimized while it ran, took 15 % longer. Measured on the
 * interpolation bench's scenes, three frames on one thread, warm: typical layered 436 → 275 ms of CPU; a near-alias
 * painted fence, 44 % of its pixels through synthesizePixel (a call each), 370 → 455. The first call of a process,
 * two threads: typical 1030–1530 → 550–730 ms, that fence ~1080 → 630–770.
 */
function synthesizeRow(v: Synthesis, out: Uint8Array, y: number, x0: number, x1: number): void {
  const { a, b, dl, dr, codesL, codesR, depth, trust, t, ta, scale: s, inv, width, channels, gw } = v;
  const { tolerance, lastX, gx, bx, wx, smooth } = v;
  // The weights synthesizePixel gives a pixel both views see: wl / (wl + wr) with wl = 1 − t, wr = t.
  const bothL = ta / (ta + t);
  const bothR = t / (ta + t);
  // At the pair's ends one view alone weighs (there, synthesizePixel); the bilinear taps need a 2×2 grid.
  const common = gw > 1 && v.gh > 1 && t > 0 && ta > 0;
  const own = OWN_CELL;
  const grow = v.grow[y]!;
  const brow = v.brow[y]!;
  const wy = v.wy[y]!;
  const line = y * width;
  for (let x = x0; x < x1; x++) {
    if (common && trust[grow + gx[x]!]! === 1) {
      const i = brow + bx[x]!;
      if (smooth[i] === 1) {
        // smoothDepth.
        const d00 = depth[i]!;
        const d10 = depth[i + 1]!;
        const d01 = depth[i + gw]!;
        const d11 = depth[i + gw + 1]!;
        const f = wx[x]!;
        const top = d00 + (d10 - d00) * f;
        const bottom = d01 + (d11 - d01) * f;
        const d = top + (bottom - top) * wy;
        const xl = x + t * d * s;
        const xr = x - ta * d * s;
        // sees (inside [0, gw) the truncation is Math.floor), and codedCell's test for OWN_CELL.
        const gl = xl * inv;
        const gr = xr * inv;
        const ql = Math.round(xl);
        const qr = Math.round(xr);
        if (
          gl >= 0 &&
          gl < gw &&
          Math.abs(dl[grow + (gl | 0)]! - d) <= tolerance &&
          gr >= 0 &&
          gr < gw &&
          Math.abs(dr[grow + (gr | 0)]! - d) <= tolerance &&
          (codesL === undefined || ql < 0 || ql >= width || codesL[line + ql] === own) &&
          (codesR === undefined || qr < 0 || qr >= width || codesR[line + qr] === own)
        ) {
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
          const o = (line + x) * channels;
          if (channels === 3) {
            out[o] = bothL * (a[pl]! * ul + a[pl + 3]! * fl) + bothR * (b[pr]! * ur + b[pr + 3]! * fr) + 0.5;
            out[o + 1] =
              bothL * (a[pl + 1]! * ul + a[pl + 4]! * fl) + bothR * (b[pr + 1]! * ur + b[pr + 4]! * fr) + 0.5;
            out[o + 2] =
              bothL * (a[pl + 2]! * ul + a[pl + 5]! * fl) + bothR * (b[pr + 2]! * ur + b[pr + 5]! * fr) + 0.5;
            continue;
          }
          for (let c = 0; c < channels; c++) {
            out[o + c] =
              bothL * (a[pl + c]! * ul + a[pl + channels + c]! * fl) +
              bothR * (b[pr + c]! * ur + b[pr + channels + c]! * fr) +
              0.5;
          }
          continue;
        }
      }
    }
    synthesizePixel(v, out, y, x);
  }
}

/**
 * What synthesizeRow, synthesizePixel and the tests of view-visibility.ts read, gathered once per synthesizeRows
 * call: the views' arrays (the two views' objects differ in shape, so that reading them per pixel was a polymorphic
 * read), the position, the grid and its taps per full-size column and row.
 */
interface Synthesis {
  a: Uint8Array;
  b: Uint8Array;
  dl: Float32Array;
  dr: Float32Array;
  codesL: Uint8Array | undefined;
  codesR: Uint8Array | undefined;
  levels: Levels | undefined;
  depth: Float32Array;
  trust: Float32Array;
  t: number;
  ta: number;
  /** Full-size px per grid px, and its inverse. */
  scale: number;
  inv: number;
  /** Full-size width, and the last position a linear sample starts from. */
  width: number;
  lastX: number;
  channels: number;
  gw: number;
  gh: number;
  tolerance: number;
  /**
   * Per full-size column: the grid column holding it, and the bilinear taps (the grid column left of its centre,
   * the weight of the next one).
   */
  gx: Int32Array;
  bx: Int32Array;
  wx: Float32Array;
  /** Per full-size row: the start of the grid row holding it, and the bilinear taps (as gx, bx and wx). */
  grow: Int32Array;
  brow: Int32Array;
  wy: Float64Array;
  /**
   * Per grid cell (those the call's rows read): 1 where it and the cells right, below and below right of it lie
   * within SMOOTH_SPAN (see smoothDepth). Once per cell instead of per pixel: 8 % off the typical layered scene.
   */
  smooth: Uint8Array;
}

/** The Synthesis of a plan for full-size rows [y0, y1). */
function synthesisOf(plan: ViewPlan, y0: number, y1: number): Synthesis {
  const { l, r, grid, t, tolerance, depth, trust } = plan;
  const { width, height, channels } = l.image;
  const { width: gw, height: gh, scale: s } = grid;
  const gx = new Int32Array(width);
  const bx = new Int32Array(width);
  const wx = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    gx[x] = Math.min(gw - 1, Math.floor((x + 0.5) / s));
    bx[x] = Math.max(0, Math.min(gw - 2, Math.floor((x + 0.5) / s - 0.5)));
    wx[x] = Math.max(0, Math.min(1, (x + 0.5) / s - 0.5 - bx[x]!));
  }
  const grow = new Int32Array(height);
  const brow = new Int32Array(height);
  const wy = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    grow[y] = Math.min(gh - 1, Math.floor((y + 0.5) / s)) * gw;
    const by = Math.max(0, Math.min(gh - 2, Math.floor((y + 0.5) / s - 0.5)));
    brow[y] = by * gw;
    wy[y] = Math.max(0, Math.min(1, (y + 0.5) / s - 0.5 - by));
  }
  const smooth = new Uint8Array(gw * gh);
  if (gw > 1 && gh > 1 && y1 > y0) {
    for (let i = brow[y0]!; i < brow[y1 - 1]! + gw - 1; i++) {
      const d00 = depth[i]!;
      const d10 = depth[i + 1]!;
      const d01 = depth[i + gw]!;
      const d11 = depth[i + gw + 1]!;
      if (Math.max(d00, d10, d01, d11) - Math.min(d00, d10, d01, d11) <= SMOOTH_SPAN) smooth[i] = 1;
    }
  }
  return {
    a: l.image.data,
    b: r.image.data,
    dl: l.disparity,
    dr: r.disparity,
    codesL: l.codes,
    codesR: r.codes,
    levels: r.levels,
    depth,
    trust,
    t,
    ta: 1 - t,
    scale: s,
    inv: 1 / s,
    width,
    lastX: width - 1.000001,
    channels,
    gw,
    gh,
    tolerance,
    gx,
    bx,
    wx,
    grow,
    brow,
    wy,
    smooth,
  };
}

/** Steps 2 and 3 of synthesizeView for full-size pixel (x, y) (synthesizeRow writes out its common case). */
function synthesizePixel(v: Synthesis, out: Uint8Array, y: number, x: number): void {
  const { a, b, dl, dr, codesL, codesR, levels, depth, t, ta, scale: s, width, channels, gw, gh } = v;
  const grow = v.grow[y]!;
  const line = y * width;
  const o = (line + x) * channels;
  const g = grow + v.gx[x]!;
  const k = v.trust[g]!;
  if (k < 0.01) {
    for (let c = 0; c < channels; c++) out[o + c] = ta * a[o + c]! + t * b[o + c]! + 0.5;
    return;
  }
  let d = depth[g]!;
  if (gw > 1 && gh > 1) {
    const i = v.brow[y]! + v.bx[x]!;
    d = smoothDepth(depth, i, gw, v.wx[x]!, v.wy[y]!);
    if (Number.isNaN(d)) d = nearestSeen(v, i, line, grow, x, depth[g]!);
  }
  let xl = x + t * d * s;
  let xr = x - ta * d * s;
  let wl = sees(dl, grow, gw, xl * v.inv, d, v.tolerance) ? ta : 0;
  let wr = sees(dr, grow, gw, xr * v.inv, d, v.tolerance) ? t : 0;
  if (wl > 0 && wr > 0) {
    // One view may show a thin line where its grid cell says it sees the surface (see showsThinLine).
    const hl = showsThinLine(dl, codedCell(codesL, v, line, grow, xl), d, v);
    const hr = showsThinLine(dr, codedCell(codesR, v, line, grow, xr), d, v);
    if (hl !== hr) {
      if (hl) wl = 0;
      else wr = 0;
    }
  }
  if (wl + wr < 1e-6) {
    // Neither view sees the surface here. Where both hide it behind a nearer one (background behind a fence
    // whose boards cover the same columns in both views), the nearest part of it one of them sees stands in.
    const hidden = hides(dl, grow, gw, xl / s, d) && hides(dr, grow, gw, xr / s, d);
    const nl = hidden ? seenNear(dl, grow, gw, xl / s, d) : 0;
    const nr = hidden && nl === 0 ? seenNear(dr, grow, gw, xr / s, d) : 0;
    if (nl !== 0) {
      xl += nl * s;
      wl = 1;
    } else if (nr !== 0) {
      xr += nr * s;
      wr = 1;
    } else {
      wl = ta;
      wr = t;
    }
  }
  const sum = wl + wr;
  wl /= sum;
  wr /= sum;
  // Linear samples along the row (edges clamped) at xl in the left view and xr in the right one.
  const lastX = v.lastX;
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
  // Channels the levels apply to (RGB, or the grey of a one- or two-channel view; never alpha).
  const levelChannels = channels >= 3 ? 3 : 1;
  for (let c = 0; c < channels; c++) {
    let value = 0;
    if (wl > 0) value += wl * (a[pl + c]! * ul + a[pl + channels + c]! * fl);
    if (wr > 0) value += wr * (b[pr + c]! * ur + b[pr + channels + c]! * fr);
    if (levels !== undefined && (wl === 0 || wr === 0) && c < levelChannels)
      value = atExposure(value, levels, c, t, wl === 0);
    out[o + c] = k * value + fade * (ta * a[o + c]! + t * b[o + c]!) + 0.5;
  }
}

/**
 * Level v of channel c read from one view alone (the right one when `fromRight`) at the in-between exposure of
 * position t: the mix (1 − t, t) of the level on the left camera's scale and on the right one's, the other scale's
 * found through `levels` (clamped to 0–255). Measured in bench/engine/interpolate.ts against the one view's own
 * level: the EXPOSURE scenes (right camera ×0.8, or ×1.15 + 6) +0.43 to +2.89 dB over a cross-fade (mean
 * +8.21 → +9.63 dB, within 0.5 dB of the same scenes at one exposure); the other scenes' cameras agree, and their
 * frames are the same bytes.
 */
function atExposure(v: number, levels: Levels, c: number, t: number, fromRight: boolean): number {
  const gain = levels.gain[c]!;
  const own = levels.ownMean[c]!;
  const mean = levels.otherMean[c]!;
  const other = fromRight ? (v - own) * gain + mean : (v - mean) / gain + own;
  const clamped = other < 0 ? 0 : other > 255 ? 255 : other;
  return fromRight ? (1 - t) * clamped + t * v : (1 - t) * v + t * clamped;
}

/**
 * The new view's disparity at a pixel: bilinear between the four grid cells around it where they lie on one smooth
 * surface (within SMOOTH_SPAN grid px: a slanted floor then moves continuously instead of in 3 px steps); NaN where
 * they do not (an edge between surfaces, see nearestSeen).
 */
function smoothDepth(depth: Float32Array, i: number, gw: number, wx: number, wy: number): number {
  const d00 = depth[i]!;
  const d10 = depth[i + 1]!;
  const d01 = depth[i + gw]!;
  const d11 = depth[i + gw + 1]!;
  const lo = Math.min(d00, d10, d01, d11);
  const hi = Math.max(d00, d10, d01, d11);
  if (hi - lo > SMOOTH_SPAN) return Number.NaN;
  const top = d00 + (d10 - d00) * wx;
  const bottom = d01 + (d11 - d01) * wx;
  return top + (bottom - top) * wy;
}

/**
 * The new view's disparity at pixel x of full-size row `line` (grid row `grow`) on an edge: of the four grid cells
 * around it (from `i`), the nearest surface one of the views sees where the pixel lands in it (seesAt: at full
 * size, where the views' codes say), else `own` (the cell the pixel is in). A surface is in front wherever a view
 * shows it: the z-test of the splat, made per full-size pixel instead of per grid cell, so that an outline lies
 * where the views show it and not on a cell boundary up to 3 px off.
 */
function nearestSeen(k: Synthesis, i: number, line: number, grow: number, x: number, own: number): number {
  const depth = k.depth;
  const d0 = depth[i]!;
  const d1 = depth[i + 1]!;
  const d2 = depth[i + k.gw]!;
  const d3 = depth[i + k.gw + 1]!;
  let below = Number.POSITIVE_INFINITY;
  for (let n = 0; n < 4; n++) {
    // The next nearest of the four.
    let c = Number.NEGATIVE_INFINITY;
    if (d0 < below && d0 > c) c = d0;
    if (d1 < below && d1 > c) c = d1;
    if (d2 < below && d2 > c) c = d2;
    if (d3 < below && d3 > c) c = d3;
    if (c === Number.NEGATIVE_INFINITY) break;
    if (
      seesAt(k.dl, k.codesL, k, line, grow, x + k.t * c * k.scale, c) ||
      seesAt(k.dr, k.codesR, k, line, grow, x - (1 - k.t) * c * k.scale, c)
    )
      return c;
    below = c;
  }
  return own;
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
