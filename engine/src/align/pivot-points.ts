import { type GrayImage, halvedGray } from '../cv/gray';
import type { ReducedFrames } from './guided-fit';
import type { Correspondences, Similarity } from './similarity';

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
 * the patch; a patch without it, e.g. on a horizontal edge, cannot be placed along the row), at least a patch apart.
 */
function gridPoints(
  gray: GrayImage,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
): { x: number[]; y: number[] } {
  const { width, data } = gray;
  const points = { x: [] as number[], y: [] as number[] };
  const cellWidth = (x1 - x0) / GRID_COLUMNS;
  const cellHeight = (y1 - y0) / GRID_ROWS;
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
          for (let dy = -PATCH; dy <= PATCH; dy += 2) {
            const i = (y + dy) * width + x;
            for (let dx = -PATCH; dx <= PATCH; dx++) {
              const g = data[i + dx + 1]! - data[i + dx - 1]!;
              score += g * g;
            }
          }
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

/** Half the side of the patches compared along a row: reduced px at the fine level, half of those at the coarse. */
const PATCH = 3;
const COARSE_PATCH = 2;
/** A match must correlate at least this well, and better than any other disparity (beyond ±1 coarse step) by this margin. */
const MIN_ZNCC = 0.8;
const UNIQUE_MARGIN = 0.05;

/** A grey image ready for patch correlation: its pixels and the mean and spread of each patch (integral images). */
interface Level {
  gray: GrayImage;
  patch: number;
  /** Mean and root of the summed squared deviations of the patch centred at (x, y) (which must lie inside). */
  stats(x: number, y: number): { mean: number; spread: number };
}

function level(gray: GrayImage, patch: number): Level {
  const { width, height, data } = gray;
  const w1 = width + 1;
  const sum = new Float64Array(w1 * (height + 1));
  const squares = new Float64Array(w1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    let rowSquares = 0;
    for (let x = 0; x < width; x++) {
      const v = data[y * width + x]!;
      row += v;
      rowSquares += v * v;
      sum[(y + 1) * w1 + x + 1] = sum[y * w1 + x + 1]! + row;
      squares[(y + 1) * w1 + x + 1] = squares[y * w1 + x + 1]! + rowSquares;
    }
  }
  const area = (2 * patch + 1) ** 2;
  return {
    gray,
    patch,
    stats(x, y) {
      const x0 = x - patch;
      const y0 = y - patch;
      const x1 = x + patch + 1;
      const y1 = y + patch + 1;
      const s = sum[y1 * w1 + x1]! - sum[y0 * w1 + x1]! - sum[y1 * w1 + x0]! + sum[y0 * w1 + x0]!;
      const q =
        squares[y1 * w1 + x1]! - squares[y0 * w1 + x1]! - squares[y1 * w1 + x0]! + squares[y0 * w1 + x0]!;
      return { mean: s / area, spread: Math.sqrt(Math.max(0, q - (s * s) / area)) };
    },
  };
}

/** Zero-mean normalized cross-correlation of the patches at (px, py) of `l` and (qx, qy) of `r`; -2 when undefined. */
function zncc(l: Level, r: Level, px: number, py: number, qx: number, qy: number): number {
  const p = l.patch;
  if (px < p || py < p || px >= l.gray.width - p || py >= l.gray.height - p) return -2;
  if (qx < p || qy < p || qx >= r.gray.width - p || qy >= r.gray.height - p) return -2;
  const a = l.stats(px, py);
  const b = r.stats(qx, qy);
  if (a.spread < 1 || b.spread < 1) return -2;
  let cross = 0;
  for (let dy = -p; dy <= p; dy++) {
    const li = (py + dy) * l.gray.width + px;
    const ri = (qy + dy) * r.gray.width + qx;
    for (let dx = -p; dx <= p; dx++) cross += l.gray.data[li + dx]! * r.gray.data[ri + dx]!;
  }
  return (cross - (2 * p + 1) ** 2 * a.mean * b.mean) / (a.spread * b.spread);
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
  const fine = { l: level(grayL, PATCH), r: level(grayR, PATCH) };
  const coarse = { l: level(halvedGray(grayL), COARSE_PATCH), r: level(halvedGray(grayR), COARSE_PATCH) };
  const { sL, sR, cl, cr } = frames;
  const norm = model.a * model.a + model.b * model.b;
  /** The right view's centred full-resolution point that disparity d puts at the left point (X, Y). */
  const rightOf = (X: number, Y: number, d: number) => {
    const u = X - d;
    const v = Y - model.ty;
    return { x: (model.a * u + model.b * v) / norm, y: (-model.b * u + model.a * v) / norm };
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
    let best = -2;
    let bestStep = 0;
    for (let step = -steps; step <= steps; step++) {
      const r = rightOf(X, Y, step * coarseStep);
      const score = zncc(coarse.l, coarse.r, hx, hy, pixel(r.x, cr.x, 2 * sR), pixel(r.y, cr.y, 2 * sR));
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
    let fineBest = -2;
    let fineD = 0;
    for (let d = bestStep * coarseStep - 2 * sR; d <= bestStep * coarseStep + 2 * sR + 1e-9; d += sR) {
      const r = rightOf(X, Y, d);
      const score = zncc(
        fine.l,
        fine.r,
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
