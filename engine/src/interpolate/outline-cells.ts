import { CLEARLY, COLOUR_GAP } from './fine-edges';

/** Cells on the far side of a depth edge that may take the near surface's disparity (see snapOutlines). */
const OUTLINE_CELLS = 2;
/** A depth edge: neighbouring cells whose disparities differ by more than this (grid px). */
const EDGE_STEP = 2;

/**
 * A view's disparity (grid px, in place) with the cells beside a nearer surface that show its colour given its
 * disparity: up to OUTLINE_CELLS cells along the row on the far side of a depth edge, as long as each is clearly
 * nearer in colour (its grid colour, `rgb`; see CLEARLY in fine-edges.ts) to the near cell at the edge than to the
 * far surface two cells further on, those two lie COLOUR_GAP apart or more, and the nearer surface goes on inward in
 * the edge cell's colour (its next cell within a grid px of its disparity, and within half the near-far colour
 * distance). The matcher's window straddles the edge there, and it reads the nearer surface's outline, a cell or two
 * wide, at the far surface's disparity: in the in-betweens that outline moved with the background, and a ray-traced
 * painted fence whose parallax is about its spacing showed a strip of board beside each board. Measured against
 * the maps as read, on bench/engine/interpolate-ray.ts (9 scenes as built, 9 drawn from each of seeds 4444, 2027,
 * 5050, 7070, 3030 and 8181): that fence (4444, 0.97 of its spacing) +2.62 / +1.21 / +1.56 → +6.48 / +5.64 / +6.28
 * dB, other painted fences +0.2 to +1.3 (the one as built −0.1), picket fences +0.1 to +0.6 (one −0.3), frames
 * under +0.5 dB 14 → 12 of 189; tiled floors and gardens, 13 to 20 dB over a cross-fade, −0.1 to −0.56, chain-link
 * −0.1. Without the test that the nearer surface goes on, tiled floors lost 0.5 to 1.0 dB, gardens 0.3 to 0.6 and
 * railings 0.2 to 0.36. bench/engine/interpolate.ts (52 scenes): mean 8.86 → 8.87 dB, near-alias painted fences
 * 2.99 → 3.18, painted fences and fences +0.2 to +0.7, railings and window grids −0.15 to −0.34, the same bytes on
 * one thread and two.
 */
export function snapOutlines(disparity: Float32Array, rgb: Uint8Array, width: number, height: number): void {
  const read = disparity.slice();
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 1; x < width - 1; x++) {
      snapFrom(disparity, read, rgb, row, width, x, 1);
      snapFrom(disparity, read, rgb, row, width, x, -1);
    }
  }
}

/** snapOutlines at cell x of a row, the near cell at x − step and the far side on from x in the direction `step`. */
function snapFrom(
  disparity: Float32Array,
  read: Float32Array,
  rgb: Uint8Array,
  row: number,
  width: number,
  x: number,
  step: number,
): void {
  const near = row + x - step;
  const d = read[near]!;
  if (!(d > read[row + x]! + EDGE_STEP)) return;
  // The nearer surface goes on inward at its disparity (a board, a bar, not a lone cell).
  const inner = x - 2 * step;
  if (inner < 0 || inner >= width || !(Math.abs(read[row + inner]! - d) <= 1)) return;
  for (let k = 0; k < OUTLINE_CELLS; k++) {
    const cell = x + step * k;
    const far = cell + 2 * step;
    if (far < 0 || far >= width) return;
    if (!(read[row + cell]! < d - EDGE_STEP) || !(read[row + far]! < d - EDGE_STEP)) return;
    const gap = distance(rgb, near, row + far);
    if (gap < COLOUR_GAP * COLOUR_GAP || 4 * distance(rgb, row + inner, near) > gap) return;
    if (distance(rgb, row + cell, near) >= CLEARLY * distance(rgb, row + cell, row + far)) return;
    disparity[row + cell] = d;
  }
}

/** Squared RGB distance between cells i and j of an interleaved RGB grid. */
function distance(rgb: Uint8Array, i: number, j: number): number {
  const r = rgb[3 * i]! - rgb[3 * j]!;
  const g = rgb[3 * i + 1]! - rgb[3 * j + 1]!;
  const b = rgb[3 * i + 2]! - rgb[3 * j + 2]!;
  return r * r + g * g + b * b;
}
