import type { GrayImage } from '../cv/gray';
import type { ReducedFrames } from './guided-fit';
import { inverseRotationOf, type Similarity } from './similarity';

/** How a patch of the left view is looked for along its row in the right one (see rowMatcher). */
export interface RowSearch {
  /** Half the side of the square patch, in pixels of the detection copies. */
  half: number;
  /** Disparities searched: ±reach pixels of the left detection copy around the model's own point (tx = 0). */
  reach: number;
  /**
   * 1: every offset on every patch pixel. 2: every other offset on every other row and column of the patch (an
   * eighth of the work), then exactly within two offsets of the best and of the runner-up (for large patches).
   */
  stride: 1 | 2;
}

/** A patch's best match along its row, in the right view's centred full-resolution coordinates. */
export interface RowMatch {
  x: number;
  y: number;
  /** Zero-mean normalized correlation of the patch there. */
  score: number;
  /** The best correlation more than half a patch from it (−Infinity when none was defined). */
  second: number;
}

/**
 * Looks for patches of the left detection copy along the row `model` maps them to in the right one: the right view
 * is sampled bilinearly along that row (the map is affine: each row of the strip starts at its first sample and
 * steps by one left detection pixel), so a rotation or scale between the views costs nothing, and compared by a
 * zero-mean normalized correlation (exposure differences between the cameras do not matter) at every disparity
 * within ±reach. The best offset comes with the best one more than half a patch from it: a pattern that repeats
 * along the row matches a period off as well, which callers refuse by a margin. Each caller keeps its own points,
 * thresholds and margin (see centralMatches, coverageSeeds).
 */
export function rowMatcher(
  grays: { left: GrayImage; right: GrayImage },
  frames: ReducedFrames,
  model: Similarity,
  { half, reach, stride }: RowSearch,
): (at: { x: number; y: number }) => RowMatch | undefined {
  const { left, right } = grays;
  const { sL, sR, cl, cr } = frames;
  const { ia, ib } = inverseRotationOf(model);
  /** The right view's centred point that the left centred offset (x, y − ty) comes from. */
  const rightOf = (x: number, y: number) => ({
    x: ia * x + ib * (y - model.ty),
    y: -ib * x + ia * (y - model.ty),
  });
  const patch = 2 * half + 1;
  const span = patch + 2 * reach;
  const strip = new Float32Array(patch * span);
  const step = rightOf(sL, model.ty);
  const dx = step.x / sR;
  const dy = step.y / sR;
  return (at) => {
    for (let j = 0; j < patch; j++) {
      const start = rightOf(
        (at.x - half - reach + 0.5) * sL - 0.5 - cl.x,
        (at.y - half + j + 0.5) * sL - 0.5 - cl.y,
      );
      const x0 = (start.x + cr.x + 0.5) / sR - 0.5;
      const y0 = (start.y + cr.y + 0.5) / sR - 0.5;
      stripRow(right, x0, y0, dx, dy, strip.subarray(j * span, (j + 1) * span));
    }
    const best = bestOffset(left, at, half, strip, span, 2 * reach, stride);
    if (!best) return undefined;
    // Offset o puts the left pixel at disparity (reach − o) left detection px.
    const r = rightOf(
      (at.x + 0.5) * sL - 0.5 - cl.x - (reach - best.offset) * sL,
      (at.y + 0.5) * sL - 0.5 - cl.y,
    );
    return { x: r.x, y: r.y, score: best.score, second: best.second };
  };
}

/**
 * Bilinear samples of a grey picture at (x0 + s·dx, y0 + s·dy) for s = 0, 1, … into `out`; NaN outside it. The
 * picture's fields are read once (per sample they cost ~40 ns of polymorphic reads).
 */
function stripRow(gray: GrayImage, x0: number, y0: number, dx: number, dy: number, out: Float32Array): void {
  const { width, height, data } = gray;
  for (let s = 0; s < out.length; s++) {
    const x = x0 + s * dx;
    const y = y0 + s * dy;
    if (!(x >= 0 && y >= 0 && x <= width - 1 && y <= height - 1)) {
      out[s] = Number.NaN;
      continue;
    }
    const ix = Math.min(width - 2, Math.floor(x));
    const iy = Math.min(height - 2, Math.floor(y));
    const fx = x - ix;
    const fy = y - iy;
    const i = iy * width + ix;
    const top = data[i]! + (data[i + 1]! - data[i]!) * fx;
    const bottom = data[i + width]! + (data[i + width + 1]! - data[i + width]!) * fx;
    out[s] = top + (bottom - top) * fy;
  }
}

/**
 * The offset (0..offsets) of the strip window that correlates best with the left patch centred on `at`, its
 * normalized correlation, and the best correlation more than half a patch from it. At stride 2 every other offset
 * is scanned on every other row and column of the patch (at 24 MP the exact scan of the cells' large patches cost
 * ~100 ms of CPU per pair), then the best and the runner-up are taken exactly within two offsets of where the scan
 * put them.
 */
function bestOffset(
  left: GrayImage,
  at: { x: number; y: number },
  half: number,
  strip: Float32Array,
  span: number,
  offsets: number,
  stride: 1 | 2,
): { offset: number; score: number; second: number } | undefined {
  const coarse = patchCorrelation(left, at, half, strip, span, stride);
  const exact = stride === 1 ? coarse : patchCorrelation(left, at, half, strip, span, 1);
  if (!coarse || !exact) return undefined;
  const scores = new Float64Array(offsets + 1).fill(Number.NEGATIVE_INFINITY);
  let best = -1;
  for (let o = 0; o <= offsets; o += stride) {
    scores[o] = coarse(o);
    if (scores[o]! > (scores[best] ?? Number.NEGATIVE_INFINITY)) best = o;
  }
  if (best < 0) return undefined;
  let other = -1;
  for (let o = 0; o <= offsets; o += stride) {
    if (Math.abs(o - best) > half && scores[o]! > (scores[other] ?? Number.NEGATIVE_INFINITY)) other = o;
  }
  const around = (centre: number) => {
    if (stride === 1) return { offset: centre, score: scores[centre]! };
    let top = { offset: centre, score: Number.NEGATIVE_INFINITY };
    for (let o = Math.max(0, centre - 2); o <= Math.min(offsets, centre + 2); o++) {
      const score = exact(o);
      if (score > top.score) top = { offset: o, score };
    }
    return top;
  };
  const top = around(best);
  if (top.score === Number.NEGATIVE_INFINITY) return undefined;
  return { ...top, second: other < 0 ? Number.NEGATIVE_INFINITY : around(other).score };
}

/**
 * The normalized correlation of the left patch centred on `at` with the strip window at an offset, over every
 * `step`-th row and column of the patch; −Infinity where the window reaches outside the right view (NaN samples)
 * or is flat. Undefined when the patch is flat or leaves the left view.
 */
function patchCorrelation(
  left: GrayImage,
  at: { x: number; y: number },
  half: number,
  strip: Float32Array,
  span: number,
  step: number,
): ((offset: number) => number) | undefined {
  if (at.x < half || at.y < half || at.x >= left.width - half || at.y >= left.height - half) return undefined;
  const patch = 2 * half + 1;
  const taps: number[] = [];
  const values: number[] = [];
  for (let j = 0; j < patch; j += step) {
    for (let i = 0; i < patch; i += step) {
      taps.push(j * span + i);
      values.push(left.data[(at.y - half + j) * left.width + at.x - half + i]!);
    }
  }
  const n = values.length;
  const mean = values.reduce((sum, v) => sum + v, 0) / n;
  const centred = Float64Array.from(values, (v) => v - mean);
  const norm = centred.reduce((sum, v) => sum + v * v, 0);
  if (norm === 0) return undefined;
  const at0 = Int32Array.from(taps);
  return (offset) => {
    let sum = 0;
    let sum2 = 0;
    let cross = 0;
    for (let k = 0; k < n; k++) {
      const r = strip[at0[k]! + offset]!;
      sum += r;
      sum2 += r * r;
      cross += centred[k]! * r;
    }
    const variance = sum2 - (sum * sum) / n;
    return variance > 0 ? cross / Math.sqrt(norm * variance) : Number.NEGATIVE_INFINITY;
  };
}
