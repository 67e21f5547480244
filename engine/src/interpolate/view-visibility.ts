/**
 * What a view shows at a pixel of an in-between frame, read on the grid: the tests synthesizeRow and synthesizePixel
 * make per pixel (does the view see the surface there, hide it, show a thin line; which cell its edge codes name).
 */

/** The code of a pixel that reads its own grid cell (see ViewDisparity.codes). */
export const OWN_CELL = 4;

/** What the tests read of the synthesis (see Synthesis in view-synthesis.ts). */
export interface CellGrid {
  /** Full-size width, and full-size px per grid px inverted. */
  width: number;
  inv: number;
  gw: number;
  gh: number;
  /** A view sees the surface of disparity d where its own is within this (grid px). */
  tolerance: number;
}

/**
 * Grid px searched on each side of a pixel whose surface both views hide (see seenNear). Between the boards of a
 * fence whose parallax over the wall behind exceeds their gap, the part of the wall both views hide is as wide as
 * that excess, up to most of the gap: 4 px left the middle of a ray-traced painted fence's gaps (15 grid px) to a
 * mix of the boards either side. Measured against 4 with the matching tolerance instead of STAND_IN_NEARER: that
 * fence +0.42 dB on each frame, the layered scenes of bench/engine/interpolate.ts 0 to -0.09 (the wider search's
 * share: 4 with STAND_IN_NEARER lost -0.02 at most on them); 6 gave the fence +0.32 to +0.40 and the layered
 * typical and crowded scenes -0.02 to -0.06 (8: -0.02 to -0.07).
 */
const GAP_SEARCH = 8;
/**
 * A view's cell stands in for a hidden surface of disparity d when it is not nearer than d by more than this (grid
 * px): the surface itself, read a little off (a wall read at -11 in one view and -13 in the other between a fence's
 * boards, its hidden part filled at -13), or what lies behind it. At 3, a ray-traced garden's nearer objects stood
 * in for the ground behind others (-0.06 to -0.14 dB) for 0.1 dB more on the painted fence.
 */
const STAND_IN_NEARER = 2;
/**
 * How many cells further into a surface that stands in seenNear reads, past the first one (while the surface goes
 * on): beside a nearer surface the matcher's window straddles the edge, and it reads the nearer surface's outline a
 * cell or two wide at the far one's disparity. Copied into the hidden part, that outline filled it with the nearer
 * surface's colour: on a ray-traced painted fence whose parallax is about its spacing (seed 4444's, 0.97 of
 * it), each gap showed boards again and the frames lost 0.3 to 1.6 dB to a cross-fade. Measured against the
 * first cell: bench/engine/interpolate-ray.ts (9 scenes as built, 9 drawn from each of seeds 4444, 2027, 5050,
 * 7070, 3030): that fence −0.45 / −1.56 / −0.30 → +2.62 / +1.21 / +1.56 dB, other painted fences +0.2 to +0.7,
 * frames under +0.5 dB 13 → 9 of 162; railings −0.1 to −0.2, a chain-link and the painted fence as built −0.35 at
 * most (their first cells were right, and the background further on matches the hidden part less well); seed 8181,
 * drawn after the choice: a painted fence −0.15 → +1.43 dB at frame 50, frames under 6 → 5 of 27, none lower.
 * bench/engine/interpolate.ts (52 scenes): mean gain 8.84 → 8.86 dB, min 1.19 → 1.40; fences +0.6 to +1.4 and −0.4
 * to −0.7, window grids −0.1 to −0.5. One cell left that ray-traced fence under a cross-fade (−0.40 dB at frame 50),
 * three gained it 0.4 to 0.6 dB more and lost as much again elsewhere. Moving on only past cells whose colour is
 * nearer the hiding surface's than the next cells' lost less (layered fences −0.1, min 1.27 dB) but gained less where
 * it matters (that fence +1.72 / +0.92 / +1.66): a cell on the edge mixes both surfaces' colours.
 */
const PAST_EDGE = 2;
/**
 * Grid cells beside a pixel's position in a view (xl / scale in the left one) whose own disparity synthesizeRows
 * may read: seenNear's search and the cells past its edge, and hides' neighbour at its end.
 */
export const VIEW_REACH = GAP_SEARCH + PAST_EDGE + 1;

/**
 * The offset (grid px) from x along the row where the view shows a surface that can stand in for the hidden one of
 * disparity d (see STAND_IN_NEARER): past the edge of the nearest such surface (±1 to ±GAP_SEARCH, the left side
 * first) by up to PAST_EDGE cells of it; 0 when there is none.
 */
export function seenNear(map: Float32Array, row: number, width: number, x: number, d: number): number {
  for (let k = 1; k <= GAP_SEARCH; k++) {
    if (standsIn(map, row, width, x - k, d)) return pastEdge(map, row, width, x, d, -k);
    if (standsIn(map, row, width, x + k, d)) return pastEdge(map, row, width, x, d, k);
  }
  return 0;
}

/** The offset `edge` (of the first cell that can stand in) moved on by up to PAST_EDGE cells that can stand in too. */
function pastEdge(map: Float32Array, row: number, width: number, x: number, d: number, edge: number): number {
  const step = Math.sign(edge);
  let at = edge;
  for (let m = 0; m < PAST_EDGE && standsIn(map, row, width, x + at + step, d); m++) at += step;
  return at;
}

/** Whether the view's cell at grid (row, x) can stand in for a hidden surface of disparity d (NaN never can). */
function standsIn(map: Float32Array, row: number, width: number, x: number, d: number): boolean {
  return cellAt(map, row, width, x) <= d + STAND_IN_NEARER;
}

/**
 * Whether the view's own disparity at grid (row, x) and at a cell beside it is nearer than d by more than a grid px
 * (a surface at least two cells wide hides d there). A lone nearer cell is more often a mismatch than a structure:
 * on slanted tiled floors such cells in both views made the floor look hidden, and the grout of a neighbouring tile
 * was copied in (the second cell gave tiled floors back 0.23 to 0.66 dB; no other scene lost more than 0.06 dB).
 */
export function hides(map: Float32Array, row: number, width: number, x: number, d: number): boolean {
  const nearer = d + 1;
  return (
    cellAt(map, row, width, x) > nearer &&
    (cellAt(map, row, width, x - 1) > nearer || cellAt(map, row, width, x + 1) > nearer)
  );
}

/** Whether the view's own disparity at grid (row, x) agrees with d (it sees that surface there). */
export function sees(
  map: Float32Array,
  row: number,
  width: number,
  x: number,
  d: number,
  tolerance: number,
): boolean {
  return agrees(cellAt(map, row, width, x), d, tolerance);
}

/** Whether a view's disparity `own` is that of the surface d, within the tolerance (NaN never is). */
export function agrees(own: number, d: number, tolerance: number): boolean {
  return Math.abs(own - d) <= tolerance;
}

/**
 * Whether a view (its disparity `map` and `codes`) sees the surface of disparity d at full-size x on the row (its
 * disparity there agrees within the tolerance): the grid cell the view's codes name for the pixel nearest x (see
 * edgeCodes), or without codes the cell holding x.
 */
export function seesAt(
  map: Float32Array,
  codes: Uint8Array | undefined,
  k: CellGrid,
  line: number,
  grow: number,
  x: number,
  d: number,
): boolean {
  const cell = codedCell(codes, k, line, grow, x);
  if (cell >= 0) return agrees(map[cell]!, d, k.tolerance);
  return sees(map, grow, k.gw, x * k.inv, d, k.tolerance);
}

/**
 * The grid cell (index) a view's codes name for the full-size pixel nearest x on the row when it is not the
 * pixel's own (see edgeCodes), else −1.
 */
export function codedCell(
  codes: Uint8Array | undefined,
  k: CellGrid,
  line: number,
  grow: number,
  x: number,
): number {
  const xi = Math.round(x);
  const code = codes && xi >= 0 && xi < k.width ? codes[line + xi]! : OWN_CELL;
  if (code === OWN_CELL) return -1;
  const cx = Math.min(k.gw - 1, Math.floor((xi + 0.5) * k.inv)) + (code % 3) - 1;
  const cy = grow / k.gw + Math.floor(code / 3) - 1;
  return cx >= 0 && cx < k.gw && cy >= 0 && cy < k.gh ? cy * k.gw + cx : -1;
}

/**
 * Whether a view (its disparity `m`) shows a thin line, not the surface of disparity d, at a full-size pixel its
 * codes put on grid cell `cell` (codedCell; −1 for none): a line one cell wide (nearer than both its row neighbours
 * by more than a grid px, going on at its disparity in the row above or below) whose disparity is not d. A pole
 * 3 px wide at full size lies across two grid cells of which the matcher gives it one; the pixels of it in the
 * other cell were read back as the surface behind and the pole showed twice, faintly, beside itself. Measured on
 * the interpolation bench against the grid cells alone: thin poles +0.06 to +0.38 dB, slanted rods +0.19, tiled
 * floors within −0.03 (without the row above or below, their lone nearer cells cost them up to 0.14).
 */
export function showsThinLine(m: Float32Array, cell: number, d: number, k: CellGrid): boolean {
  if (cell < 0) return false;
  const c = m[cell]!;
  return (
    !agrees(c, d, k.tolerance) &&
    isThinCell(m, k.gw, cell) &&
    (goesOnThin(m, k.gw, cell - k.gw, c) || goesOnThin(m, k.gw, cell + k.gw, c))
  );
}

/** Whether grid cell j is nearer than both its row neighbours by more than a grid px (never at a row's ends). */
function isThinCell(m: Float32Array, gw: number, j: number): boolean {
  const x = j % gw;
  return x > 0 && x < gw - 1 && m[j]! > m[j - 1]! + 1 && m[j]! > m[j + 1]! + 1;
}

/** Whether grid cell j exists, lies within a grid px of disparity c and is thin (isThinCell). */
function goesOnThin(m: Float32Array, gw: number, j: number, c: number): boolean {
  return j >= 0 && j < m.length && Math.abs(m[j]! - c) <= 1 && isThinCell(m, gw, j);
}

/** The map's value in the grid cell holding x on the row; NaN outside the row (which neither sees nor hides). */
function cellAt(map: Float32Array, row: number, width: number, x: number): number {
  const xi = Math.floor(x);
  return xi >= 0 && xi < width ? map[row + xi]! : Number.NaN;
}
