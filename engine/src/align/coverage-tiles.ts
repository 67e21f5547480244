import type { GrayImage } from '../cv/gray';
import type { ReducedFrames } from './guided-fit';
import type { PointMatch } from './refine';
import { rowMatcher } from './row-search';
import type { Correspondences, Similarity } from './similarity';

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
  const { left } = grays;
  const { sL, cl, cr } = frames;
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
  const energy = verticalEnergy(left);
  const match = rowMatcher(grays, frames, model, { half, reach: Math.ceil(maxDisparityPx / sL), stride: 2 });
  const seeds: PointMatch[] = [];
  for (let v = 0; v < rows; v++) {
    for (let u = 0; u < columns; u++) {
      if (taken[v * columns + u]) continue;
      const at = sharpestRows(energy, left, u * cell, v * cell, cell, half);
      const found = at && match(at);
      if (!at || !found || found.score < MIN_CORRELATION || found.second > found.score - UNIQUE_BY) continue;
      seeds.push({
        lx: (at.x + 0.5) * sL - 0.5,
        ly: (at.y + 0.5) * sL - 0.5,
        rx: found.x + cr.x,
        ry: found.y + cr.y,
      });
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
