import type { GrayImage } from '../cv/gray';
import type { ReducedFrames } from './guided-fit';
import type { PointMatch } from './refine';
import { type Correspondences, inverseRotationOf, type Similarity } from './similarity';

/** Cells across the long side of the frame, at most (a cell is never smaller than a refinement tile). */
const CELLS = 16;
/** Side (full-size px) of the tiles refineAlignment tracks: a cell is at least this. */
const TILE = 48;
/** Side of the patch matched along the row, in pixels of the detection copy (clamped). */
const PATCH_MIN = 15;
const PATCH_MAX = 31;
/** Mean |vertical gradient| (grey levels per px) below which a cell has no rows to measure. */
const MIN_VERTICAL_GRADIENT = 3;
/** Normalized correlation a cell's best offset along the row must reach to be a match. */
const MIN_CORRELATION = 0.8;
/**
 * How much better than at any offset more than half a patch away the best offset must correlate: a pattern that
 * repeats along the row (a level board, stripes) matches a period off as well, and where its rows slant by a few
 * hundredths that puts the seed a pixel or more off its true row (measured on the opencv-doc rig's pairs: at 0.05,
 * pair 01's board ended 0.32 px off its rows instead of 0.15 untouched, at 0.2 0.22-0.26).
 */
const UNIQUE_BY = 0.2;

/**
 * Seeds for the cells of the frame no refined point measures, matched along their rows under `model`, and how many
 * points a measured cell holds on average (`density`): the features a repetitive pattern leaves unmatched (ratio
 * tests drop repeats, a chessboard's corners are all alike) take a large surface out of the fit, which then
 * extrapolates the rows of a band of texture beside it. On the opencv-doc rig's pair 02 a board filling the frame,
 * 100 px nearer than the desk below it, held 1 of 173 fit points and its corners were left 1.2 px (up to 5.5) off
 * their rows.
 *
 * A cell of CELLS across the frame's long side (at least a refinement tile) gets one seed, where its rows are
 * sharpest (vertical gradient, at least MIN_VERTICAL_GRADIENT), when that patch matches the right view along its row
 * under the model, within ±maxDisparityPx: a normalized correlation of MIN_CORRELATION, better by UNIQUE_BY than
 * any other offset. A slanted repeating pattern repeats along its slant, not along the row, so its best offset is
 * its own.
 */
export function coverageSeeds(
  grays: { left: GrayImage; right: GrayImage },
  frames: ReducedFrames,
  model: Similarity,
  covered: Correspondences,
  maxDisparityPx: number,
): { seeds: PointMatch[]; density: number } {
  const { left, right } = grays;
  const { sL, sR, cl, cr } = frames;
  const cell = Math.max(TILE / sL, Math.max(left.width, left.height) / CELLS);
  const columns = Math.ceil(left.width / cell);
  const rows = Math.ceil(left.height / cell);
  const taken = new Uint8Array(columns * rows);
  for (let i = 0; i < covered.xl.length; i++) {
    const u = Math.floor((covered.xl[i]! + cl.x + 0.5) / sL / cell);
    const v = Math.floor((covered.yl[i]! + cl.y + 0.5) / sL / cell);
    if (u >= 0 && v >= 0 && u < columns && v < rows) taken[v * columns + u] = 1;
  }
  let coveredCells = 0;
  for (const t of taken) coveredCells += t;
  const density = covered.xl.length / Math.max(1, coveredCells);
  const patch = Math.max(PATCH_MIN, Math.min(PATCH_MAX, 2 * Math.round(TILE / sL / 2) + 1));
  const half = (patch - 1) / 2;
  const reach = Math.ceil(maxDisparityPx / sL);
  const energy = verticalEnergy(left);
  const { ia, ib } = inverseRotationOf(model);
  const rightOf = (x: number, y: number) => ({
    x: ia * x + ib * (y - model.ty),
    y: -ib * x + ia * (y - model.ty),
  });
  // The map is affine: each strip row starts at its first sample and steps by one detection pixel of the left.
  const step = rightOf(sL, model.ty);
  const dx = step.x / sR;
  const dy = step.y / sR;
  const seeds: PointMatch[] = [];
  const span = patch + 2 * reach;
  const strip = new Float32Array(patch * span);
  for (let v = 0; v < rows; v++) {
    for (let u = 0; u < columns; u++) {
      if (taken[v * columns + u]) continue;
      const at = sharpestRows(energy, left, u * cell, v * cell, cell, half);
      if (!at) continue;
      for (let j = 0; j < patch; j++) {
        const start = rightOf(
          (at.x - half - reach + 0.5) * sL - 0.5 - cl.x,
          (at.y - half + j + 0.5) * sL - 0.5 - cl.y,
        );
        const x0 = (start.x + cr.x + 0.5) / sR - 0.5;
        const y0 = (start.y + cr.y + 0.5) / sR - 0.5;
        stripRow(right, x0, y0, dx, dy, strip.subarray(j * span, (j + 1) * span));
      }
      const best = bestOffset(left, at, half, strip, span, 2 * reach);
      if (!best || best.score < MIN_CORRELATION || best.second > best.score - UNIQUE_BY) continue;
      const lx = (at.x + 0.5) * sL - 0.5;
      const ly = (at.y + 0.5) * sL - 0.5;
      const r = rightOf(lx - cl.x - (reach - best.offset) * sL, ly - cl.y);
      seeds.push({ lx, ly, rx: r.x + cr.x, ry: r.y + cr.y });
    }
  }
  return { seeds, density };
}

/** The integral image of |vertical gradient| (central difference), for box sums over patches. */
function verticalEnergy(gray: GrayImage): Float64Array {
  const { width, height, data } = gray;
  const sums = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      const up = data[Math.max(0, y - 1) * width + x]!;
      const down = data[Math.min(height - 1, y + 1) * width + x]!;
      row += Math.abs(down - up) / 2;
      sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1]! + row;
    }
  }
  return sums;
}

/** The cell's pixel (on a 2 px lattice) whose patch has the most vertical gradient, when it has enough. */
function sharpestRows(
  sums: Float64Array,
  gray: GrayImage,
  x0: number,
  y0: number,
  cell: number,
  half: number,
): { x: number; y: number } | undefined {
  const { width, height } = gray;
  const w1 = width + 1;
  const box = (x: number, y: number) => {
    const [a, b] = [x - half, x + half + 1];
    const [c, d] = [y - half, y + half + 1];
    return sums[d * w1 + b]! - sums[c * w1 + b]! - sums[d * w1 + a]! + sums[c * w1 + a]!;
  };
  let best: { x: number; y: number } | undefined;
  let most = MIN_VERTICAL_GRADIENT * (2 * half + 1) ** 2;
  const xMax = Math.min(width - half - 2, Math.floor(x0 + cell) - 1);
  const yMax = Math.min(height - half - 2, Math.floor(y0 + cell) - 1);
  for (let y = Math.max(half + 1, Math.ceil(y0)); y <= yMax; y += 2) {
    for (let x = Math.max(half + 1, Math.ceil(x0)); x <= xMax; x += 2) {
      const e = box(x, y);
      if (e > most) {
        most = e;
        best = { x, y };
      }
    }
  }
  return best;
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
 * normalized correlation, and the best correlation more than half a patch from it. Every other offset is scanned on
 * every other row and column of the patch (an eighth of the work: at 24 MP the whole scan cost ~100 ms of CPU per
 * pair), then the best and the runner-up are taken exactly within two offsets of where the scan put them.
 */
function bestOffset(
  left: GrayImage,
  at: { x: number; y: number },
  half: number,
  strip: Float32Array,
  span: number,
  offsets: number,
): { offset: number; score: number; second: number } | undefined {
  const coarse = patchCorrelation(left, at, half, strip, span, 2);
  const exact = patchCorrelation(left, at, half, strip, span, 1);
  if (!coarse || !exact) return undefined;
  const scores = new Float64Array(offsets + 1).fill(Number.NEGATIVE_INFINITY);
  let best = -1;
  for (let o = 0; o <= offsets; o += 2) {
    scores[o] = coarse(o);
    if (scores[o]! > (scores[best] ?? Number.NEGATIVE_INFINITY)) best = o;
  }
  if (best < 0) return undefined;
  let other = -1;
  for (let o = 0; o <= offsets; o += 2) {
    if (Math.abs(o - best) > half && scores[o]! > (scores[other] ?? Number.NEGATIVE_INFINITY)) other = o;
  }
  const around = (centre: number) => {
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
 * or is flat. Undefined when the patch is flat.
 */
function patchCorrelation(
  left: GrayImage,
  at: { x: number; y: number },
  half: number,
  strip: Float32Array,
  span: number,
  step: number,
): ((offset: number) => number) | undefined {
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
