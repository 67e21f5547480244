import type { RawImage } from '../image';

/**
 * Map from output (left-frame) pixel coordinates to source (right-frame) pixel coordinates: affine, or projective
 * when the third row (m20, m21, m22) is given (the source point is then divided by m20·x + m21·y + m22).
 */
export interface InverseAffine {
  m00: number;
  m01: number;
  m02: number;
  m10: number;
  m11: number;
  m12: number;
  m20?: number;
  m21?: number;
  m22?: number;
}

/** The source position of output pixel (x, y) under `map`, into `out`. */
export function mapPoint(map: InverseAffine, x: number, y: number, out: Float64Array): void {
  const w = (map.m20 ?? 0) * x + (map.m21 ?? 0) * y + (map.m22 ?? 1);
  out[0] = (map.m00 * x + map.m01 * y + map.m02) / w;
  out[1] = (map.m10 * x + map.m11 * y + map.m12) / w;
}

/**
 * A radial lens term shared by both views: a distorted point p (centred on the image centre c) is undistorted as
 * p·(1 + k·|p|²/r2). Warps that take one map from the undistorted canvas back to the distorted source.
 */
export interface RadialLens {
  k: number;
  /** Squared normalising radius (half-diagonal²). */
  r2: number;
  cx: number;
  cy: number;
}

/** The distorted source position of an undistorted one (absolute pixels around the lens centre), fixed point. */
export function distortPoint(lens: RadialLens, x: number, y: number, out: Float64Array): void {
  const ux = x - lens.cx;
  const uy = y - lens.cy;
  let dx = ux;
  let dy = uy;
  for (let i = 0; i < 4; i++) {
    const f = 1 + (lens.k * (dx * dx + dy * dy)) / lens.r2;
    dx = ux / f;
    dy = uy / f;
  }
  out[0] = dx + lens.cx;
  out[1] = dy + lens.cy;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Curved (projective or lens) maps are sampled along straight lines between exactly mapped knots. The line strays
 * most at the middle: a stretch whose exact middle lies more than STRAY_PX from it is halved, down to MIN_STRETCH
 * pixels, below which it is sampled pixel by pixel. Stretches start at LONG_STRETCH: a keystone stays straight
 * over them, a lens term usually needs 32 px at 6000 px wide (smaller pictures bend more per pixel).
 */
const LONG_STRETCH = 64;
const MIN_STRETCH = 8;
const STRAY_PX = 1 / 64;

/** A warp's fixed inputs, writing into `out` (none for warpStrips, which gives each strip its own). */
export function warpOf(
  source: RawImage,
  map: InverseAffine,
  lens: RadialLens | undefined,
  out = new Uint8Array(0),
): Stretches {
  return {
    source,
    map,
    lens,
    affine: !lens && !map.m20 && !map.m21 && (map.m22 ?? 1) === 1,
    out,
    straight: undefined,
    maxX: source.width - 1.000001,
    maxY: source.height - 1.000001,
    from: new Float64Array(2),
    to: new Float64Array(2),
    middle: new Float64Array(2),
  };
}

/** Row y of `rect` (output frame) into the warp's `out`, from pixel index `start`. */
export function warpRow(warp: Stretches, rect: Rect, y: number, start: number): void {
  const { map } = warp;
  const oy = rect.y + y;
  if (warp.affine && warp.source.channels === 3) {
    const sx = map.m00 * rect.x + map.m01 * oy + map.m02;
    const sy = map.m10 * rect.x + map.m11 * oy + map.m12;
    if ((warp.straight ?? linearRunRgb)(warp, sx, sy, map.m00, map.m10, rect.width, start * 3)) return;
  }
  for (let x = 0; x < rect.width; x += LONG_STRETCH) {
    warpStretch(warp, rect.x + x, oy, Math.min(LONG_STRETCH, rect.width - x), start + x);
  }
}

/**
 * `count` RGB pixels along a straight stretch of the source, from (sx0, sy0) by (stepX, stepY) per pixel, to byte
 * `start` of the output; false, with nothing written, when the stretch needs clamping.
 */
export type StraightRun = (
  w: Stretches,
  sx0: number,
  sy0: number,
  stepX: number,
  stepY: number,
  count: number,
  start: number,
) => boolean;

/** One warp's fixed inputs and scratch points; `out` may be swapped between rows. */
export interface Stretches {
  source: RawImage;
  map: InverseAffine;
  lens: RadialLens | undefined;
  /** No lens and no projective terms: rows are straight lines of the source. */
  affine: boolean;
  out: Uint8Array;
  /**
   * Samples a straight stretch that lies inside the picture (same arguments as linearRunRgb, which it replaces when
   * set: the SIMD strips of warp-bilinear.ts record such stretches here and run them in their kernel).
   */
  straight: StraightRun | undefined;
  maxX: number;
  maxY: number;
  from: Float64Array;
  to: Float64Array;
  middle: Float64Array;
}

/** Output pixels x0 … x0 + n − 1 of row oy, written from output index `start`: straight when close enough, else halved. */
function warpStretch(w: Stretches, x0: number, oy: number, n: number, start: number): void {
  const { map, lens, from, to, middle } = w;
  const ch = w.source.channels;
  if (ch === 3 && n >= MIN_STRETCH) {
    sourceOf(map, lens, x0, oy, from);
    sourceOf(map, lens, x0 + n, oy, to);
    const stepX = (to[0]! - from[0]!) / n;
    const stepY = (to[1]! - from[1]!) / n;
    sourceOf(map, lens, x0 + n / 2, oy, middle);
    const strayX = middle[0]! - (from[0]! + (stepX * n) / 2);
    const strayY = middle[1]! - (from[1]! + (stepY * n) / 2);
    if (strayX * strayX + strayY * strayY > STRAY_PX * STRAY_PX) {
      const half = n >> 1;
      warpStretch(w, x0, oy, half, start);
      warpStretch(w, x0 + half, oy, n - half, start + half);
      return;
    }
    if ((w.straight ?? linearRunRgb)(w, from[0]!, from[1]!, stepX, stepY, n, start * 3)) return;
  }
  for (let k = 0; k < n; k++) {
    sourceOf(map, lens, x0 + k, oy, from);
    sampleAt(w, from[0]!, from[1]!, (start + k) * ch);
  }
}

/** The exact source position of output pixel (x, y): the map, then the lens' distortion. */
export function sourceOf(
  map: InverseAffine,
  lens: RadialLens | undefined,
  x: number,
  y: number,
  out: Float64Array,
): void {
  mapPoint(map, x, y, out);
  if (lens) distortPoint(lens, out[0]!, out[1]!, out);
}

/** One bilinear sample of every channel at (px, py), clamped to the source. */
function sampleAt(w: Stretches, px: number, py: number, o: number): void {
  const { data: src, channels: ch } = w.source;
  const stride = w.source.width * ch;
  // Callers pass a rect inside the valid region; the clamp only absorbs rounding at its border.
  const cx = px < 0 ? 0 : Math.min(px, w.maxX);
  const cy = py < 0 ? 0 : Math.min(py, w.maxY);
  const x0 = cx | 0;
  const y0 = cy | 0;
  const fx = cx - x0;
  const fy = cy - y0;
  const w11 = fx * fy;
  const w10 = fx - w11;
  const w01 = fy - w11;
  const w00 = 1 - fx - w01;
  const i00 = y0 * stride + x0 * ch;
  const i01 = i00 + stride;
  for (let c = 0; c < ch; c++) {
    w.out[o + c] =
      w00 * src[i00 + c]! + w10 * src[i00 + ch + c]! + w01 * src[i01 + c]! + w11 * src[i01 + ch + c]! + 0.5;
  }
}

/**
 * Positions of a fixed-point run are in 1/65536 px, re-anchored exactly every ANCHOR_PX pixels: a step rounded to
 * 1/65536 px drifts by at most ANCHOR_PX / 131072 px (0.004) before the next anchor. Int32 positions reach
 * FIXED_MAX_PX; a run also keeps EDGE_PX from the last row and column, so that drift and rounding never take its
 * 2×2 neighbourhood past them (such runs take the clamped path).
 */
export const ANCHOR_PX = 512;
const FIXED_MAX_PX = 32_000;
const EDGE_PX = 1 / 64;

/** A run's anchor position in fixed point; +128: the weights' 1/256 px is the nearest one, not the one below. */
export function fixedAnchor(px: number): number {
  return (Math.round(px * 65536) + 128) | 0;
}

/** A run's step per pixel in fixed point. */
export function fixedStep(px: number): number {
  return Math.round(px * 65536) | 0;
}

/**
 * Whether a straight stretch of `count` pixels from (sx0, sy0) by (stepX, stepY) lies inside the picture, where a
 * fixed-point run needs no clamping (checked at its two ends: the stretch is a segment, inside when both ends are).
 */
export function runInside(
  w: Stretches,
  sx0: number,
  sy0: number,
  stepX: number,
  stepY: number,
  count: number,
): boolean {
  const maxX = Math.min(w.maxX, FIXED_MAX_PX) - EDGE_PX;
  const maxY = Math.min(w.maxY, FIXED_MAX_PX) - EDGE_PX;
  const sx1 = sx0 + stepX * (count - 1);
  const sy1 = sy0 + stepY * (count - 1);
  return (
    sx0 >= 0 && sx1 >= 0 && sy0 >= 0 && sy1 >= 0 && sx0 <= maxX && sx1 <= maxX && sy0 <= maxY && sy1 <= maxY
  );
}

/**
 * A StraightRun when all of it lies inside the picture, in fixed point: positions in 1/65536 px, weights rounded to
 * 1/256 px, each channel blended along the row then down (three multiplications). Measured at 24 MP: 213 ms against
 * 227 for 1/256 px positions with a carried remainder and four weights per channel. bilinear-simd.ts runs the same
 * arithmetic in WebAssembly.
 */
const linearRunRgb: StraightRun = (w, sx0, sy0, stepX, stepY, count, start) => {
  if (!runInside(w, sx0, sy0, stepX, stepY, count)) return false;
  const { out } = w;
  const src = w.source.data;
  const stride = w.source.width * 3;
  const dx = fixedStep(stepX);
  const dy = fixedStep(stepY);
  let o = start;
  for (let from = 0; from < count; from += ANCHOR_PX) {
    let fx = fixedAnchor(sx0 + stepX * from);
    let fy = fixedAnchor(sy0 + stepY * from);
    const to = Math.min(count, from + ANCHOR_PX);
    for (let x = from; x < to; x++) {
      const wx = (fx >> 8) & 255;
      const wy = (fy >> 8) & 255;
      const i00 = (fy >> 16) * stride + (fx >> 16) * 3;
      const i01 = i00 + stride;
      out[o] = blend(src[i00]!, src[i00 + 3]!, src[i01]!, src[i01 + 3]!, wx, wy);
      out[o + 1] = blend(src[i00 + 1]!, src[i00 + 4]!, src[i01 + 1]!, src[i01 + 4]!, wx, wy);
      out[o + 2] = blend(src[i00 + 2]!, src[i00 + 5]!, src[i01 + 2]!, src[i01 + 5]!, wx, wy);
      o += 3;
      fx = (fx + dx) | 0;
      fy = (fy + dy) | 0;
    }
  }
  return true;
};

/** Bilinear blend of a 2×2 neighbourhood (a b / c d) at weights wx, wy in 1/256, rounded to the nearest level. */
function blend(a: number, b: number, c: number, d: number, wx: number, wy: number): number {
  const top = (a << 8) + (b - a) * wx;
  const bottom = (c << 8) + (d - c) * wx;
  return ((top << 8) + (bottom - top) * wy + 32768) >> 16;
}

/** Copies a rectangle out of an image (row copies; no resampling). */
export function cropImage(image: RawImage, rect: Rect): RawImage {
  const ch = image.channels;
  const out = new Uint8Array(rect.width * rect.height * ch);
  const rowBytes = rect.width * ch;
  for (let y = 0; y < rect.height; y++) {
    const start = ((rect.y + y) * image.width + rect.x) * ch;
    out.set(image.data.subarray(start, start + rowBytes), y * rowBytes);
  }
  return { data: out, width: rect.width, height: rect.height, channels: ch };
}

/**
 * Largest axis-aligned rectangle of the output frame (width × height) whose pixels all map inside the source
 * (sourceWidth × sourceHeight). Evaluated on a coarse grid of cells (a cell counts only when its four corners map
 * inside, which is exact for the convex valid region), then the classic largest-rectangle-in-histogram scan.
 */
export function largestValidRect(
  width: number,
  height: number,
  map: InverseAffine,
  sourceWidth: number,
  sourceHeight: number,
  lens?: { left: RadialLens; right: RadialLens },
): Rect | undefined {
  const step = Math.max(1, Math.ceil(Math.max(width, height) / 600));
  const cols = Math.floor(width / step);
  const rows = Math.floor(height / step);
  const at = new Float64Array(2);
  const within = (sx: number, sy: number) =>
    sx >= 0 && sy >= 0 && sx <= sourceWidth - 1 && sy <= sourceHeight - 1;
  const mapped = new Float64Array(2);
  const inside = (x: number, y: number) => {
    mapPoint(map, x, y, mapped);
    const sx = mapped[0]!;
    const sy = mapped[1]!;
    if (!lens) return within(sx, sy);
    // Both views go through the lens: the left one by the identity map.
    distortPoint(lens.right, sx, sy, at);
    if (!within(at[0]!, at[1]!)) return false;
    distortPoint(lens.left, x, y, at);
    return at[0]! >= 0 && at[1]! >= 0 && at[0]! <= width - 1 && at[1]! <= height - 1;
  };
  // Corner grid: corner (i, j) is at pixel (i·step, j·step), the last one clamped to the frame's last pixel.
  const cornerX = (i: number) => Math.min(i * step, width - 1);
  const cornerY = (j: number) => Math.min(j * step, height - 1);
  const ok = new Uint8Array((cols + 1) * (rows + 1));
  const affine = !lens && !map.m20 && !map.m21 && (map.m22 ?? 1) === 1;
  for (let j = 0; j <= rows; j++) {
    if (affine) insideSpan(map, cornerY(j), cols, cornerX, sourceWidth, sourceHeight, ok, j * (cols + 1));
    else for (let i = 0; i <= cols; i++) ok[j * (cols + 1) + i] = inside(cornerX(i), cornerY(j)) ? 1 : 0;
  }
  const best = largestCellRect(ok, cols, rows);
  if (!best) return undefined;
  const x = cornerX(best.i0);
  const y = cornerY(best.j0);
  const x1 = cornerX(best.i1);
  const y1 = cornerY(best.j1);
  return { x, y, width: x1 - x + 1, height: y1 - y + 1 };
}

/**
 * largestValidRect's corner flags of one grid row (y, corners 0 … cols at cornerX) under an affine map, into
 * ok[at …], with the bits testing each corner gives: each of the four bounds holds on a prefix or a suffix of the
 * row (the source coordinates are rounded linear functions of x, and rounding keeps their order), so the corners
 * inside are one run, whose ends are found by bisection. A 24 MP frame's 240 000 corners took 17-35 ms of CPU.
 */
function insideSpan(
  map: InverseAffine,
  y: number,
  cols: number,
  cornerX: (i: number) => number,
  sourceWidth: number,
  sourceHeight: number,
  ok: Uint8Array,
  at: number,
): void {
  const p = new Float64Array(2);
  // Bound k: x ≥ 0, y ≥ 0, x ≤ sourceWidth − 1, y ≤ sourceHeight − 1 of the source point.
  const holds = (k: number, i: number) => {
    mapPoint(map, cornerX(i), y, p);
    const v = p[k & 1]!;
    return k < 2 ? v >= 0 : v <= (k === 2 ? sourceWidth : sourceHeight) - 1;
  };
  let lo = 0;
  let hi = cols;
  for (let k = 0; k < 4 && lo <= hi; k++) {
    const first = holds(k, 0);
    const last = holds(k, cols);
    if (first && last) continue;
    if (!first && !last) return;
    // The last corner of the run that holds (a prefix) or the last before it (a suffix): a, b bracket the change.
    let a = 0;
    let b = cols;
    while (b - a > 1) {
      const mid = (a + b) >> 1;
      if (holds(k, mid) === first) a = mid;
      else b = mid;
    }
    if (first) hi = Math.min(hi, a);
    else lo = Math.max(lo, b);
  }
  ok.fill(1, at + lo, at + hi + 1);
}

/**
 * The largest rectangle of cells (a cell's four corner flags set in `ok`, (cols + 1) × (rows + 1) corners) by the
 * largest rectangle under each row's histogram of column heights: corners i0 … i1 and j0 … j1 of the first largest.
 */
function largestCellRect(
  ok: Uint8Array,
  cols: number,
  rows: number,
): { i0: number; i1: number; j0: number; j1: number } | undefined {
  const heights = new Int32Array(cols);
  const stack = new Int32Array(cols + 1);
  let area = 0;
  let i0 = 0;
  let i1 = 0;
  let j0 = 0;
  let j1 = 0;
  for (let j = 0; j < rows; j++) {
    const top = j * (cols + 1);
    const below = top + cols + 1;
    for (let i = 0; i < cols; i++) {
      const cell = ok[top + i]! & ok[top + i + 1]! & ok[below + i]! & ok[below + i + 1]!;
      heights[i] = cell ? heights[i]! + 1 : 0;
    }
    let depth = 0;
    for (let i = 0; i <= cols; i++) {
      const h = i < cols ? heights[i]! : 0;
      while (depth > 0 && heights[stack[depth - 1]!]! >= h) {
        const hTop = heights[stack[--depth]!]!;
        const left = depth > 0 ? stack[depth - 1]! + 1 : 0;
        const found = hTop * (i - left);
        if (hTop > 0 && found > area) {
          area = found;
          i0 = left;
          i1 = i;
          j0 = j - hTop + 1;
          j1 = j + 1;
        }
      }
      stack[depth++] = i;
    }
  }
  return area > 0 ? { i0, i1, j0, j1 } : undefined;
}
