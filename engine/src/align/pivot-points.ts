import { type GrayImage, halvedGray } from '../cv/gray';
import type { ReducedFrames } from './guided-fit';
import { type Correspondences, inverseRotationOf, type Similarity } from './similarity';

/** The central part of the frame the pivot looks at (fractions of each side, around the centre). */
const CENTRAL_SHARE = 0.6;
/** Grid over the central part, and this many points looked for per cell. */
const GRID_COLUMNS = 12;
const GRID_ROWS = 8;
const PER_CELL = 3;
/** Fewer central matches than this: the pivot falls back to alignment's own matches. */
export const MIN_CENTRAL_MATCHES = 24;

/**
 * Points of the left view's central part [x0, x1) × [y0, y1) worth matching along a row, spread by area: in each
 * cell of a grid, the PER_CELL pixels with the most horizontal detail (the sum of squared horizontal gradients over
 * the patch's every other row; a patch without it, e.g. on a horizontal edge, cannot be placed along the row), at
 * least a patch apart.
 */
function gridPoints(
  gray: GrayImage,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
): { x: number[]; y: number[] } {
  const { width } = gray;
  const points = { x: [] as number[], y: [] as number[] };
  const cellWidth = (x1 - x0) / GRID_COLUMNS;
  const cellHeight = (y1 - y0) / GRID_ROWS;
  const detail = rowDetail(gray, x0 - 1, x1 + 1, y0 - 1 - PATCH, y1 + 1 + PATCH);
  for (let row = 0; row < GRID_ROWS; row++) {
    for (let column = 0; column < GRID_COLUMNS; column++) {
      const cx0 = Math.max(PATCH + 1, Math.round(x0 + column * cellWidth));
      const cx1 = Math.min(width - PATCH - 1, Math.round(x0 + (column + 1) * cellWidth));
      const cy0 = Math.max(PATCH, Math.round(y0 + row * cellHeight));
      const cy1 = Math.min(gray.height - PATCH, Math.round(y0 + (row + 1) * cellHeight));
      const best: { score: number; x: number; y: number }[] = [];
      // Every other pixel: the best of a cell need not be exact.
      for (let y = cy0; y < cy1; y += 2) {
        for (let x = cx0; x < cx1; x += 2) {
          let score = 0;
          for (let dy = -PATCH; dy <= PATCH; dy += 2) score += detail.at(x, y + dy);
          if (best.length === PER_CELL && score <= best[PER_CELL - 1]!.score) continue;
          if (best.some((p) => Math.abs(p.x - x) <= PATCH && Math.abs(p.y - y) <= PATCH)) continue;
          best.push({ score, x, y });
          best.sort((p, q) => q.score - p.score);
          if (best.length > PER_CELL) best.pop();
        }
      }
      for (const p of best) {
        points.x.push(p.x);
        points.y.push(p.y);
      }
    }
  }
  return points;
}

/**
 * The sums of squared horizontal gradients over a patch's row, (2·PATCH + 1) px centred at each pixel of
 * [x0, x1) × [y0, y1) (clipped to where the sum's pixels lie inside the image), made once by a running sum along each
 * row: the grid's candidates overlap, and summing every patch afresh took ~100 ms of a new process's CPU (1024 px).
 * Integers throughout, so the scores are exactly the per-patch sums.
 */
export function rowDetail(gray: GrayImage, x0: number, x1: number, y0: number, y1: number) {
  const { width, height, data } = gray;
  const reach = PATCH + 1;
  const left = Math.max(reach, x0);
  const columns = Math.max(0, Math.min(width - reach, x1) - left);
  const top = Math.max(0, y0);
  const rows = Math.max(0, Math.min(height, y1) - top);
  const sums = new Int32Array(columns * rows);
  for (let r = 0; r < rows; r++) {
    const i = (top + r) * width;
    const squared = (x: number) => {
      const g = data[i + x + 1]! - data[i + x - 1]!;
      return g * g;
    };
    let sum = 0;
    for (let x = left - PATCH; x < left + PATCH; x++) sum += squared(x);
    for (let c = 0; c < columns; c++) {
      sum += squared(left + c + PATCH);
      sums[r * columns + c] = sum;
      sum -= squared(left + c - PATCH);
    }
  }
  return { at: (x: number, y: number) => sums[(y - top) * columns + x - left]! };
}

/** Half the side of the patches compared along a row: reduced px at the fine level, half of those at the coarse. */
export const PATCH = 3;
const COARSE_PATCH = 2;
/** A match must correlate at least this well, and better than any other disparity (beyond ±1 coarse step) by this margin. */
const MIN_ZNCC = 0.8;
const UNIQUE_MARGIN = 0.05;

/** Mean and root of the summed squared deviations of a patch. */
interface Patch {
  mean: number;
  spread: number;
}

const area = (patch: number) => (2 * patch + 1) ** 2;

/** Root of the summed squared deviations of n values from their sum and sum of squares. */
const spreadOf = (sum: number, squares: number, n: number) =>
  Math.sqrt(Math.max(0, squares - (sum * sum) / n));

/**
 * The patch of half side `patch` centred at (x, y), or undefined where no correlation is defined: it leaves the image
 * or is flat (spread < 1). Summed directly: the left patch is fixed for each point's search, and the right one is
 * summed with the correlation (see zncc); integral images of both views took more than the search (~65 ms of a new
 * process's CPU at 1024 px). Integer sums, so the statistics are exactly theirs.
 */
export function patchAt(gray: GrayImage, patch: number, x: number, y: number): Patch | undefined {
  if (x < patch || y < patch || x >= gray.width - patch || y >= gray.height - patch) return undefined;
  let s = 0;
  let q = 0;
  for (let dy = -patch; dy <= patch; dy++) {
    const i = (y + dy) * gray.width + x;
    for (let dx = -patch; dx <= patch; dx++) {
      const v = gray.data[i + dx]!;
      s += v;
      q += v * v;
    }
  }
  const spread = spreadOf(s, q, area(patch));
  return spread < 1 ? undefined : { mean: s / area(patch), spread };
}

/**
 * Zero-mean normalized cross-correlation of the left patch `a` at (px, py) of `l` (see patchAt) and the patch at
 * (qx, qy) of `r`; -2 when undefined.
 */
export function zncc(
  l: GrayImage,
  a: Patch | undefined,
  r: GrayImage,
  patch: number,
  px: number,
  py: number,
  qx: number,
  qy: number,
): number {
  if (!a) return -2;
  if (qx < patch || qy < patch || qx >= r.width - patch || qy >= r.height - patch) return -2;
  let s = 0;
  let q = 0;
  let cross = 0;
  for (let dy = -patch; dy <= patch; dy++) {
    const li = (py + dy) * l.width + px;
    const ri = (qy + dy) * r.width + qx;
    for (let dx = -patch; dx <= patch; dx++) {
      const v = r.data[ri + dx]!;
      s += v;
      q += v * v;
      cross += l.data[li + dx]! * v;
    }
  }
  const n = area(patch);
  const spread = spreadOf(s, q, n);
  if (spread < 1) return -2;
  return (cross - n * a.mean * (s / n)) / (a.spread * spread);
}

/**
 * Matches for the suggested pivot, spread evenly over the central part of the frame. Alignment's own matches follow
 * the strongest corners of the whole picture, so a bright, detailed background can take all of them and leave none
 * on a darker or smoother subject in the middle (bench/engine/pivot.ts: with a sharp background, 8 of 16 subjects
 * had no match). Here the central part of the left view gives a few points per cell of a grid (so each surface
 * counts by the area it covers, not by its contrast; see gridPoints), and each is looked for along the row the
 * fitted model predicts in the right view by the correlation of a small patch (zero-mean, so exposure differences
 * between the cameras do not matter): over the whole disparity range on copies of half the size, where only a
 * clear, unique best counts, then to the pixel around it. Centred, full-resolution coordinates, like alignment's.
 */
export function centralMatches(
  grayL: GrayImage,
  grayR: GrayImage,
  model: Similarity,
  frames: ReducedFrames,
  maxDisparityPx: number,
): Correspondences {
  const margin = (1 - CENTRAL_SHARE) / 2;
  const lx0 = Math.round(grayL.width * margin);
  const lx1 = Math.round(grayL.width * (1 - margin));
  const ly0 = Math.round(grayL.height * margin);
  const ly1 = Math.round(grayL.height * (1 - margin));
  const points = gridPoints(grayL, lx0, lx1, ly0, ly1);
  const coarse = { l: halvedGray(grayL), r: halvedGray(grayR) };
  const { sL, sR, cl, cr } = frames;
  const { ia, ib } = inverseRotationOf(model);
  /** The right view's centred full-resolution point that disparity d puts at the left point (X, Y). */
  const rightOf = (X: number, Y: number, d: number) => {
    const u = X - d;
    const v = Y - model.ty;
    return { x: ia * u + ib * v, y: -ib * u + ia * v };
  };
  /** Pixel of a level whose pixels are `s` full-resolution px, for a centred coordinate about `c`. */
  const pixel = (value: number, c: number, s: number) => Math.round((value + c + 0.5) / s - 0.5);
  const coarseStep = 2 * sR;
  const steps = Math.ceil(maxDisparityPx / coarseStep);
  const scores = new Float64Array(2 * steps + 1);
  const out = { xl: [] as number[], yl: [] as number[], xr: [] as number[], yr: [] as number[] };
  for (let k = 0; k < points.x.length; k++) {
    const X = (points.x[k]! + 0.5) * sL - 0.5 - cl.x;
    const Y = (points.y[k]! + 0.5) * sL - 0.5 - cl.y;
    const hx = pixel(X, cl.x, 2 * sL);
    const hy = pixel(Y, cl.y, 2 * sL);
    const coarsePatch = patchAt(coarse.l, COARSE_PATCH, hx, hy);
    let best = -2;
    let bestStep = 0;
    for (let step = -steps; step <= steps; step++) {
      const r = rightOf(X, Y, step * coarseStep);
      const qx = pixel(r.x, cr.x, 2 * sR);
      const score = zncc(coarse.l, coarsePatch, coarse.r, COARSE_PATCH, hx, hy, qx, pixel(r.y, cr.y, 2 * sR));
      scores[step + steps] = score;
      if (score > best) {
        best = score;
        bestStep = step;
      }
    }
    if (best < MIN_ZNCC) continue;
    let second = -2;
    for (let i = 0; i < scores.length; i++) {
      if (Math.abs(i - steps - bestStep) > 1 && scores[i]! > second) second = scores[i]!;
    }
    if (second > best - UNIQUE_MARGIN) continue;
    // To the pixel of the reduced views, within a coarse step of the coarse best.
    const finePatch = patchAt(grayL, PATCH, points.x[k]!, points.y[k]!);
    let fineBest = -2;
    let fineD = 0;
    for (let d = bestStep * coarseStep - 2 * sR; d <= bestStep * coarseStep + 2 * sR + 1e-9; d += sR) {
      const r = rightOf(X, Y, d);
      const score = zncc(
        grayL,
        finePatch,
        grayR,
        PATCH,
        points.x[k]!,
        points.y[k]!,
        pixel(r.x, cr.x, sR),
        pixel(r.y, cr.y, sR),
      );
      if (score > fineBest) {
        fineBest = score;
        fineD = d;
      }
    }
    if (fineBest < MIN_ZNCC) continue;
    const r = rightOf(X, Y, fineD);
    out.xl.push(X);
    out.yl.push(Y);
    out.xr.push(r.x);
    out.yr.push(r.y);
  }
  return {
    xl: Float64Array.from(out.xl),
    yl: Float64Array.from(out.yl),
    xr: Float64Array.from(out.xr),
    yr: Float64Array.from(out.yr),
  };
}
