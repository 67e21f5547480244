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
 * Resamples `source` bilinearly at `map(x, y)` for every pixel of `rect` (in the output frame). Written by hand
 * rather than with cv.warpAffine (24 MP would not fit the wasm heap comfortably) or sharp's affine (its output
 * origin is the transformed bounding box, which makes sub-pixel placement opaque). Pixels mapping outside the
 * source are clamped to its edge; callers crop to the valid region so none remain.
 */
export function warpBilinear(source: RawImage, map: InverseAffine, rect: Rect, lens?: RadialLens): RawImage {
  const { width: sw, height: sh, channels: ch, data: src } = source;
  const out = new Uint8Array(rect.width * rect.height * ch);
  const maxX = sw - 1.000001;
  const maxY = sh - 1.000001;
  const stride = sw * ch;
  const at = new Float64Array(2);
  const affine = !lens && !map.m20 && !map.m21 && (map.m22 ?? 1) === 1;
  let o = 0;
  for (let y = 0; y < rect.height; y++) {
    const oy = rect.y + y;
    if (affine && ch === 3 && affineRowRgb(src, stride, map, rect.x, oy, rect.width, maxX, maxY, out, o)) {
      o += rect.width * 3;
      continue;
    }
    let sx = map.m00 * rect.x + map.m01 * oy + map.m02;
    let sy = map.m10 * rect.x + map.m11 * oy + map.m12;
    let sw = (map.m20 ?? 0) * rect.x + (map.m21 ?? 0) * oy + (map.m22 ?? 1);
    const dw = map.m20 ?? 0;
    for (let x = 0; x < rect.width; x++) {
      let px = sw === 1 ? sx : sx / sw;
      let py = sw === 1 ? sy : sy / sw;
      if (lens) {
        distortPoint(lens, px, py, at);
        px = at[0]!;
        py = at[1]!;
      }
      // Callers pass a rect inside the valid region; the clamp only absorbs rounding at its border.
      const cx = px < 0 ? 0 : Math.min(px, maxX);
      const cy = py < 0 ? 0 : Math.min(py, maxY);
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
      if (ch === 3) {
        out[o] = w00 * src[i00]! + w10 * src[i00 + 3]! + w01 * src[i01]! + w11 * src[i01 + 3]! + 0.5;
        out[o + 1] =
          w00 * src[i00 + 1]! + w10 * src[i00 + 4]! + w01 * src[i01 + 1]! + w11 * src[i01 + 4]! + 0.5;
        out[o + 2] =
          w00 * src[i00 + 2]! + w10 * src[i00 + 5]! + w01 * src[i01 + 2]! + w11 * src[i01 + 5]! + 0.5;
        o += 3;
      } else {
        for (let c = 0; c < ch; c++) {
          out[o++] =
            w00 * src[i00 + c]! +
            w10 * src[i00 + ch + c]! +
            w01 * src[i01 + c]! +
            w11 * src[i01 + ch + c]! +
            0.5;
        }
      }
      sx += map.m00;
      sy += map.m10;
      sw += dw;
    }
  }
  return { data: out, width: rect.width, height: rect.height, channels: ch };
}

/**
 * One output row of an affine RGB warp whose source positions all lie inside the picture (checked at the row's two
 * ends: the row maps to a segment, inside when both ends are), in fixed point: 1/256 px weights, integer blends
 * (twice as fast as the general loop on 24 MP). False, with nothing written, when the row needs clamping.
 */
function affineRowRgb(
  src: Uint8Array,
  stride: number,
  map: InverseAffine,
  x0: number,
  oy: number,
  width: number,
  maxX: number,
  maxY: number,
  out: Uint8Array,
  start: number,
): boolean {
  const sx0 = map.m00 * x0 + map.m01 * oy + map.m02;
  const sy0 = map.m10 * x0 + map.m11 * oy + map.m12;
  const sx1 = sx0 + map.m00 * (width - 1);
  const sy1 = sy0 + map.m10 * (width - 1);
  if (
    !(
      sx0 >= 0 &&
      sx1 >= 0 &&
      sy0 >= 0 &&
      sy1 >= 0 &&
      sx0 <= maxX &&
      sx1 <= maxX &&
      sy0 <= maxY &&
      sy1 <= maxY
    )
  ) {
    return false;
  }
  // Positions in 1/256 px, stepped exactly in integers (rounding error < 1/256 px over the row's drift).
  let fx = Math.round(sx0 * 256);
  let fy = Math.round(sy0 * 256);
  const dx = Math.round(map.m00 * 256 * 65536);
  const dy = Math.round(map.m10 * 256 * 65536);
  let ex = 0;
  let ey = 0;
  let o = start;
  for (let x = 0; x < width; x++) {
    const ix = fx >> 8;
    const iy = fy >> 8;
    const wx = fx & 255;
    const wy = fy & 255;
    const i00 = iy * stride + ix * 3;
    const i01 = i00 + stride;
    const ax = 256 - wx;
    const ay = 256 - wy;
    out[o] =
      ((src[i00]! * ax + src[i00 + 3]! * wx) * ay + (src[i01]! * ax + src[i01 + 3]! * wx) * wy + 32768) >> 16;
    out[o + 1] =
      ((src[i00 + 1]! * ax + src[i00 + 4]! * wx) * ay +
        (src[i01 + 1]! * ax + src[i01 + 4]! * wx) * wy +
        32768) >>
      16;
    out[o + 2] =
      ((src[i00 + 2]! * ax + src[i00 + 5]! * wx) * ay +
        (src[i01 + 2]! * ax + src[i01 + 5]! * wx) * wy +
        32768) >>
      16;
    o += 3;
    // Sub-1/256 steps carried in a 16-bit accumulator so a long row does not drift.
    ex += dx;
    ey += dy;
    const cx = ex >> 16;
    const cy = ey >> 16;
    fx += cx;
    fy += cy;
    ex -= cx << 16;
    ey -= cy << 16;
  }
  return true;
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
  for (let j = 0; j <= rows; j++) {
    for (let i = 0; i <= cols; i++) ok[j * (cols + 1) + i] = inside(cornerX(i), cornerY(j)) ? 1 : 0;
  }
  const heights = new Int32Array(cols);
  let best: { area: number; i0: number; i1: number; j0: number; j1: number } | undefined;
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const cell =
        ok[j * (cols + 1) + i]! &
        ok[j * (cols + 1) + i + 1]! &
        ok[(j + 1) * (cols + 1) + i]! &
        ok[(j + 1) * (cols + 1) + i + 1]!;
      heights[i] = cell ? heights[i]! + 1 : 0;
    }
    const stack: number[] = [];
    for (let i = 0; i <= cols; i++) {
      const h = i < cols ? heights[i]! : 0;
      while (stack.length > 0 && heights[stack[stack.length - 1]!]! >= h) {
        const top = stack.pop()!;
        const hTop = heights[top]!;
        const left = stack.length > 0 ? stack[stack.length - 1]! + 1 : 0;
        const area = hTop * (i - left);
        if (hTop > 0 && (!best || area > best.area))
          best = { area, i0: left, i1: i, j0: j - hTop + 1, j1: j + 1 };
      }
      stack.push(i);
    }
  }
  if (!best) return undefined;
  const x = cornerX(best.i0);
  const y = cornerY(best.j0);
  const x1 = cornerX(best.i1);
  const y1 = cornerY(best.j1);
  return { x, y, width: x1 - x + 1, height: y1 - y + 1 };
}
