import type { GrayImage } from '../cv/gray';
import type { ReducedFrames } from './guided-fit';
import { rowMatcher } from './row-search';
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

/** Half the side of the patches compared along a row, in pixels of the detection copies. */
export const PATCH = 3;
/**
 * A match must correlate at least this well, and better than at any disparity more than half a patch from it by
 * this margin.
 */
const MIN_ZNCC = 0.8;
const UNIQUE_MARGIN = 0.05;

/**
 * Matches for the suggested pivot, spread evenly over the central part of the frame. Alignment's own matches follow
 * the strongest corners of the whole picture, so a bright, detailed background can take all of them and leave none
 * on a darker or smoother subject in the middle (bench/engine/pivot.ts: with a sharp background, 8 of 16 subjects
 * had no match). Here the central part of the left view gives a few points per cell of a grid (so each surface
 * counts by the area it covers, not by its contrast; see gridPoints), and each is looked for along the row the
 * fitted model predicts in the right view by the correlation of a small patch at every disparity of the range (see
 * rowMatcher), where only a clear, unique best counts. Centred, full-resolution coordinates, like alignment's.
 *
 * The search was once its own: nearest pixels of half-size copies, then of the detection copies around the best.
 * On the pivot bench (bench/engine/pivot.ts) that put 15 of 16 subjects' pivots within 1 px (scene 13 went to the
 * background, 24 px off); the shared search puts all 16 there.
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
  const { sL, cl } = frames;
  const match = rowMatcher({ left: grayL, right: grayR }, frames, model, {
    half: PATCH,
    reach: Math.ceil(maxDisparityPx / sL),
    stride: 1,
  });
  const out = { xl: [] as number[], yl: [] as number[], xr: [] as number[], yr: [] as number[] };
  for (let k = 0; k < points.x.length; k++) {
    const at = { x: points.x[k]!, y: points.y[k]! };
    const found = match(at);
    if (!found || found.score < MIN_ZNCC || found.second > found.score - UNIQUE_MARGIN) continue;
    out.xl.push((at.x + 0.5) * sL - 0.5 - cl.x);
    out.yl.push((at.y + 0.5) * sL - 0.5 - cl.y);
    out.xr.push(found.x);
    out.yr.push(found.y);
  }
  return {
    xl: Float64Array.from(out.xl),
    yl: Float64Array.from(out.yl),
    xr: Float64Array.from(out.xr),
    yr: Float64Array.from(out.yr),
  };
}
