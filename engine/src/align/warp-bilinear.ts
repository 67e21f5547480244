import type { RawImage } from '../image';
import { bilinearKernel } from './bilinear-simd';
import {
  ANCHOR_PX,
  fixedAnchor,
  fixedStep,
  type InverseAffine,
  type RadialLens,
  type Rect,
  runInside,
  type Stretches,
  warpOf,
  warpRow,
} from './warp';

/**
 * Output rows per strip. An affine strip copies the source rows it reads into the kernel's memory: its own rows
 * plus the rows a rotation spans across the width (~105 for 1° at 6000 px), so taller strips copy less twice.
 */
const STRIP_ROWS = 256;

/**
 * Resamples `source` bilinearly at `map(x, y)` for every pixel of `rect` (in the output frame). Written by hand
 * rather than with cv.warpAffine (24 MP would not fit the wasm heap comfortably) or sharp's affine (its output
 * origin is the transformed bounding box, which makes sub-pixel placement opaque, and it took more CPU: 480 ms
 * against 320 for a 21 MP rotation). Pixels mapping outside the source are clamped to its edge; callers crop to the
 * valid region so none remain.
 *
 * RGB runs in fixed point along straight stretches of the source: a whole row for an affine map (in the
 * WebAssembly kernel of bilinear-simd.ts, strip by strip), stretches between knots for a curved one (see
 * LONG_STRETCH in warp.ts), whose exact map (a division and a 4-step lens inversion per pixel) took 1.75 s for a
 * 21 MP view with a lens term.
 */
export function warpBilinear(source: RawImage, map: InverseAffine, rect: Rect, lens?: RadialLens): RawImage {
  const ch = source.channels;
  const out = new Uint8Array(rect.width * rect.height * ch);
  const rowBytes = rect.width * ch;
  warpStrips(warpOf(source, map, lens, out), rect, (y0, bytes) => out.set(bytes, y0 * rowBytes));
  return { data: out, width: rect.width, height: rect.height, channels: ch };
}

/**
 * The warp's output rows, top down, a strip of rows at a time: `take(y0, bytes)` gets the rows from y0 on (their
 * bytes are only valid during the call). The source is read strip by strip: a strip's rows are all computed before
 * it is handed over, and nothing of the source is read for it afterwards (see warpInPlace).
 */
export function warpStrips(warp: Stretches, rect: Rect, take: (y0: number, bytes: Uint8Array) => void): void {
  const ch = warp.source.channels;
  const rowBytes = rect.width * ch;
  const kernel = warp.affine && ch === 3 ? bilinearKernel() : undefined;
  const scratch = new Uint8Array(Math.min(STRIP_ROWS, rect.height) * rowBytes);
  for (let y0 = 0; y0 < rect.height; y0 += STRIP_ROWS) {
    const y1 = Math.min(rect.height, y0 + STRIP_ROWS);
    if (kernel) {
      take(y0, affineStrip(kernel, warp, rect, y0, y1, scratch));
      continue;
    }
    warp.out = scratch;
    for (let y = y0; y < y1; y++) warpRow(warp, rect, y, (y - y0) * rect.width);
    take(y0, scratch.subarray(0, (y1 - y0) * rowBytes));
  }
}

/**
 * Rows y0 … y1 − 1 of an affine RGB warp, in the kernel's memory: the source rows they read are copied in first
 * (the rows between the strip's corners' source positions, a row of margin either side for the fixed point's
 * drift). A row that needs clamping at the picture's edge is computed in JS (warpRow) and copied in.
 */
function affineStrip(
  kernel: NonNullable<ReturnType<typeof bilinearKernel>>,
  warp: Stretches,
  rect: Rect,
  y0: number,
  y1: number,
  rowScratch: Uint8Array,
): Uint8Array {
  const { map, source } = warp;
  const stride = source.width * 3;
  const rowBytes = rect.width * 3;
  const sourceY = (x: number, y: number) => map.m10 * x + map.m11 * (rect.y + y) + map.m12;
  const corners = [
    sourceY(rect.x, y0),
    sourceY(rect.x + rect.width - 1, y0),
    sourceY(rect.x, y1 - 1),
    sourceY(rect.x + rect.width - 1, y1 - 1),
  ];
  const first = Math.max(0, Math.floor(Math.min(...corners)) - 1);
  const last = Math.min(source.height, Math.floor(Math.max(...corners)) + 3);
  const sourceBytes = Math.max(0, last - first) * stride;
  // 8 bytes after each block: the kernel loads 8 bytes for a pixel's 6 and stores 4 for its 3.
  const outAt = sourceBytes + 8;
  const stripBytes = (y1 - y0) * rowBytes;
  const heap = kernel.heap(outAt + stripBytes + 8);
  heap.set(source.data.subarray(first * stride, first * stride + sourceBytes), 0);
  const dx = fixedStep(map.m00);
  const dy = fixedStep(map.m10);
  for (let y = y0; y < y1; y++) {
    const oy = rect.y + y;
    const sx = map.m00 * rect.x + map.m01 * oy + map.m02;
    const sy = map.m10 * rect.x + map.m11 * oy + map.m12;
    const rowAt = outAt + (y - y0) * rowBytes;
    if (!runInside(warp, sx, sy, map.m00, map.m10, rect.width)) {
      warp.out = rowScratch;
      warpRow(warp, rect, y, 0);
      heap.set(rowScratch.subarray(0, rowBytes), rowAt);
      continue;
    }
    for (let from = 0; from < rect.width; from += ANCHOR_PX) {
      const fy = (fixedAnchor(sy + map.m10 * from) - first * 65536) | 0;
      const count = Math.min(ANCHOR_PX, rect.width - from);
      kernel.run(0, stride, rowAt + from * 3, fixedAnchor(sx + map.m00 * from), fy, dx, dy, count);
    }
  }
  return heap.subarray(outAt, outAt + stripBytes);
}
