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
 * Output rows per strip. A strip copies the source rows its stretches read into the kernel's memory: its own rows
 * plus the rows a rotation (or a lens) spans across the width (~105 for 1° at 6000 px), so taller strips copy less
 * twice.
 */
const STRIP_ROWS = 256;

/**
 * Resamples `source` bilinearly at `map(x, y)` for every pixel of `rect` (in the output frame). Written by hand
 * rather than with cv.warpAffine (24 MP would not fit the wasm heap comfortably) or sharp's affine (its output
 * origin is the transformed bounding box, which makes sub-pixel placement opaque, and it took more CPU: 480 ms
 * against 320 for a 21 MP rotation). Pixels mapping outside the source are clamped to its edge; callers crop to the
 * valid region so none remain.
 *
 * RGB runs in fixed point along straight stretches of the source: a whole row for an affine map, stretches between
 * knots for a curved one (see LONG_STRETCH in warp.ts), whose exact map (a division and a 4-step lens inversion per
 * pixel) took 1.75 s for a 21 MP view with a lens term. The stretches run in the WebAssembly kernel of
 * bilinear-simd.ts, strip by strip (in JS where WebAssembly SIMD is missing).
 */
export function warpBilinear(source: RawImage, map: InverseAffine, rect: Rect, lens?: RadialLens): RawImage {
  const ch = source.channels;
  const out = new Uint8Array(rect.width * rect.height * ch);
  const rowBytes = rect.width * ch;
  warpStrips(warpOf(source, map, lens), rect, (y0, bytes) => out.set(bytes, y0 * rowBytes));
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
  const kernel = ch === 3 ? bilinearKernel() : undefined;
  if (kernel) {
    for (let y0 = 0; y0 < rect.height; y0 += STRIP_ROWS) {
      take(y0, kernelStrip(kernel, warp, rect, y0, Math.min(rect.height, y0 + STRIP_ROWS)));
    }
    return;
  }
  const scratch = new Uint8Array(Math.min(STRIP_ROWS, rect.height) * rowBytes);
  warp.out = scratch;
  for (let y0 = 0; y0 < rect.height; y0 += STRIP_ROWS) {
    const y1 = Math.min(rect.height, y0 + STRIP_ROWS);
    for (let y = y0; y < y1; y++) warpRow(warp, rect, y, (y - y0) * rect.width);
    take(y0, scratch.subarray(0, (y1 - y0) * rowBytes));
  }
}

const RUN_FIELDS = 6;
/** The recorded stretches of the last strip, reused from strip to strip (grown when a strip needs more). */
let runsScratch = new Float64Array(RUN_FIELDS * 4096);

/**
 * Rows y0 … y1 − 1 of an RGB warp, in the kernel's memory. The rows are laid out as in JS (warpRow: a whole row
 * per straight stretch for an affine map, knots for a curved one), but the straight stretches inside the picture
 * are only recorded, with the source rows they reach; the pixels that need clamping are computed in JS, in place.
 * Then the source rows between the stretches' ends (a segment's extremes; a row of margin either side for the fixed
 * point's drift) are copied in after the strip and the kernel runs the stretches over it.
 */
function kernelStrip(
  kernel: NonNullable<ReturnType<typeof bilinearKernel>>,
  warp: Stretches,
  rect: Rect,
  y0: number,
  y1: number,
): Uint8Array {
  const { source } = warp;
  const stride = source.width * 3;
  const stripBytes = (y1 - y0) * rect.width * 3;
  // sx0, sy0, stepX, stepY, count and output byte of each recorded stretch. A typed array: a curved map records a
  // stretch per 32-64 px, and a growing array of (boxed) doubles cost 130 ms of CPU per 24 MP view with a keystone.
  let runs = runsScratch;
  let recorded = 0;
  let top = Number.POSITIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  // The JS pixels go straight to the strip's place in the kernel's memory (growing the memory keeps them).
  warp.out = kernel.heap(stripBytes + 8);
  warp.straight = (w, sx0, sy0, stepX, stepY, count, start) => {
    if (!runInside(w, sx0, sy0, stepX, stepY, count)) return false;
    if (recorded + RUN_FIELDS > runs.length) {
      const grown = new Float64Array(2 * runs.length);
      grown.set(runs);
      runs = runsScratch = grown;
    }
    runs[recorded] = sx0;
    runs[recorded + 1] = sy0;
    runs[recorded + 2] = stepX;
    runs[recorded + 3] = stepY;
    runs[recorded + 4] = count;
    runs[recorded + 5] = start;
    recorded += RUN_FIELDS;
    const sy1 = sy0 + stepY * (count - 1);
    top = Math.min(top, sy0, sy1);
    bottom = Math.max(bottom, sy0, sy1);
    return true;
  };
  try {
    for (let y = y0; y < y1; y++) warpRow(warp, rect, y, (y - y0) * rect.width);
  } finally {
    warp.straight = undefined;
  }
  const first = recorded > 0 ? Math.max(0, Math.floor(top) - 1) : 0;
  const last = recorded > 0 ? Math.min(source.height, Math.floor(bottom) + 3) : 0;
  // 8 bytes after each block: the kernel loads 8 bytes for a pixel's 6 and stores 4 for its 3.
  const sourceAt = stripBytes + 8;
  const heap = kernel.heap(sourceAt + (last - first) * stride + 8);
  heap.set(source.data.subarray(first * stride, last * stride), sourceAt);
  for (let r = 0; r < recorded; r += RUN_FIELDS) {
    const sx0 = runs[r]!;
    const sy0 = runs[r + 1]!;
    const stepX = runs[r + 2]!;
    const stepY = runs[r + 3]!;
    const count = runs[r + 4]!;
    const start = runs[r + 5]!;
    const dx = fixedStep(stepX);
    const dy = fixedStep(stepY);
    // The byte the last pixel's store spills onto may be a pixel computed in JS.
    const spilled = heap[start + count * 3]!;
    for (let from = 0; from < count; from += ANCHOR_PX) {
      const fy = (fixedAnchor(sy0 + stepY * from) - first * 65536) | 0;
      const n = Math.min(ANCHOR_PX, count - from);
      kernel.run(sourceAt, stride, start + from * 3, fixedAnchor(sx0 + stepX * from), fy, dx, dy, n);
    }
    heap[start + count * 3] = spilled;
  }
  return heap.subarray(0, stripBytes);
}
