import type { RawImage } from '../image';
import type { Grid } from './view-synthesis';
import { OWN_CELL } from './view-visibility';

/** A grid cell is on an edge between surfaces when the disparities of its 3×3 neighbourhood span more than this. */
const EDGE_SPAN = 1;
/**
 * A pixel takes the other surface's cell only when its colour is clearly nearer that surface's mean: its squared
 * distance to it below this share of its distance to its own cell's surface.
 */
export const CLEARLY = 0.5;
/**
 * Surfaces whose mean colours (RGB, 0–255) lie closer than this are not told apart by colour: on low-contrast fences
 * and window grids the pixels of such edges went either way by their noise (−0.3 to −0.4 dB without it; at 40 the
 * thin poles gained 0.2 dB less than at 20).
 */
export const COLOUR_GAP = 20;

/**
 * Per full-size pixel of `image`, which grid cell of its 3×3 neighbourhood its disparity is read from (code
 * (dy + 1)·3 + dx + 1; OWN_CELL for its own). On the grid an outline lies on a cell boundary, up to a cell (3 px at
 * 1920) off; here each pixel of a cell on an edge goes with the surface (near or far part of the neighbourhood) whose
 * mean colour is clearly nearer its own.
 * synthesizeView reads them where it decides which surface a pixel of the new view shows (nearestSeen). Measured in
 * bench/engine/interpolate.ts on 50 scenes against that decision on the grid: layered scenes +0.6 to +0.8 dB,
 * fences, railings and window grids +0.15 to +0.6, thin poles and rods +0.2 to +0.6, tiled floors −0.4 to −0.7.
 * Read also where synthesizeView weighs each view by whether it sees the surface, they gave thin poles 0.1 to 0.3 dB
 * more but layered scenes 0.3 to 0.7 less (texture taken for the other surface).
 */
export function edgeCodes(
  image: RawImage,
  /** The image on the grid, RGB (the mean colour of each cell; any smooth reduction). */
  cells: Uint8Array,
  disparity: Float32Array,
  grid: Grid,
  /** Where to write them (width × height; filled first), else a new array. */
  into?: Uint8Array,
): Uint8Array {
  const { width, height } = image;
  const gw = grid.width;
  const gh = grid.height;
  const inv = 1 / grid.scale;
  const codes = (into ?? new Uint8Array(width * height)).fill(OWN_CELL);
  const surfaces = edgeSurfaces(cells, disparity, gw, gh);
  if (!surfaces) return codes;
  // The full-size columns and rows of grid column cx and row cy: [columns[cx], columns[cx + 1]), and so on.
  const bounds = { columns: firstPixels(width, gw, inv), rows: firstPixels(height, gh, inv) };
  for (let cy = 0; cy < gh; cy++) codeRow(image, disparity, grid, surfaces, bounds, cy, codes);
  return codes;
}

/**
 * edgeCodes for the pixels of grid row cy. A function of its own: inside edgeCodes' loop over the rows, that loop was
 * optimized on the stack and the code thrown away at the statement after it in a new process.
 */
function codeRow(
  image: RawImage,
  disparity: Float32Array,
  grid: Grid,
  surfaces: { edge: Uint8Array; mid: Float32Array; near: Float32Array; far: Float32Array },
  bounds: { columns: Int32Array; rows: Int32Array },
  cy: number,
  codes: Uint8Array,
): void {
  const { width, channels, data } = image;
  const { width: gw, height: gh } = grid;
  const inv = 1 / grid.scale;
  const { edge, mid, near, far } = surfaces;
  const { columns, rows } = bounds;
  // Grey (with or without alpha): the grey level against the cells' first channel (reducedRgb repeats it).
  const used = channels >= 3 ? 3 : 1;
  for (let cx = 0; cx < gw; cx++) {
    const cell = cy * gw + cx;
    if (edge[cell] === 0) continue;
    const ownNear = disparity[cell]! > mid[cell]!;
    const own = ownNear ? near : far;
    const other = ownNear ? far : near;
    for (let y = rows[cy]!; y < rows[cy + 1]!; y++) {
      const cellY = (y + 0.5) * inv - cy - 0.5;
      for (let x = columns[cx]!; x < columns[cx + 1]!; x++) {
        const o = (y * width + x) * channels;
        let dOwn = 0;
        let dOther = 0;
        for (let c = 0; c < used; c++) {
          const v = data[o + c]!;
          dOwn += (v - own[cell * 3 + c]!) ** 2;
          dOther += (v - other[cell * 3 + c]!) ** 2;
        }
        if (dOther >= CLEARLY * dOwn) continue;
        // The nearest cell of the other surface.
        const cellX = (x + 0.5) * inv - cx - 0.5;
        let best = -1;
        let bestDistance = Number.POSITIVE_INFINITY;
        for (let dy = -1; dy <= 1; dy++) {
          const ny = cy + dy;
          if (ny < 0 || ny >= gh) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const nx = cx + dx;
            if (nx < 0 || nx >= gw || disparity[ny * gw + nx]! > mid[cell]! === ownNear) continue;
            const distance = (dx - cellX) ** 2 + (dy - cellY) ** 2;
            if (distance < bestDistance) {
              bestDistance = distance;
              best = (dy + 1) * 3 + dx + 1;
            }
          }
        }
        if (best >= 0) codes[y * width + x] = best;
      }
    }
  }
}

/**
 * Per grid index k (0 … cells), the first full-size pixel whose cell (floor((p + 0.5) · inv), the last cell holding
 * the rest) is k or more; `size` at k = cells.
 */
function firstPixels(size: number, cells: number, inv: number): Int32Array {
  const first = new Int32Array(cells + 1).fill(size);
  for (let p = size - 1; p >= 0; p--) first[Math.min(cells - 1, Math.floor((p + 0.5) * inv))] = p;
  for (let k = cells - 1; k >= 0; k--) first[k] = Math.min(first[k]!, first[k + 1]!);
  return first;
}

/**
 * The cells on an edge (edge 1): the disparities of their 3×3 neighbourhood span more than EDGE_SPAN and the mean
 * colours of its near part (disparity above `mid`, the middle of the span) and far part lie COLOUR_GAP apart or more;
 * `near` and `far` hold those mean colours. Undefined when no cell is.
 */
function edgeSurfaces(cells: Uint8Array, disparity: Float32Array, gw: number, gh: number) {
  // The 3×3 minimum and maximum, a row then a column at a time.
  const rowLo = new Float32Array(gw * gh);
  const rowHi = new Float32Array(gw * gh);
  rowExtremes(disparity, gw, rowLo, rowHi);
  const surfaces = {
    edge: new Uint8Array(gw * gh),
    mid: new Float32Array(gw * gh),
    near: new Float32Array(gw * gh * 3),
    far: new Float32Array(gw * gh * 3),
  };
  let any = false;
  for (let cy = 0; cy < gh; cy++) {
    if (edgeRow(cells, disparity, gw, gh, cy, rowLo, rowHi, surfaces)) any = true;
  }
  return any ? surfaces : undefined;
}

/**
 * The minimum and maximum of each cell's disparity and its two neighbours along the row. This pass and the next are
 * functions of their own: one function holding both loops ran them at the interpreter's pace in a new process (its
 * first loop optimized on the stack, that code thrown away at the statement after it, which had never run).
 */
function rowExtremes(disparity: Float32Array, gw: number, rowLo: Float32Array, rowHi: Float32Array): void {
  for (let i = 0; i < rowLo.length; i++) {
    const x = i % gw;
    const a = disparity[i]!;
    const b = x > 0 ? disparity[i - 1]! : a;
    const c = x < gw - 1 ? disparity[i + 1]! : a;
    rowLo[i] = Math.min(a, b, c);
    rowHi[i] = Math.max(a, b, c);
  }
}

/** edgeSurfaces for the cells of row cy; whether one of them is an edge. */
function edgeRow(
  cells: Uint8Array,
  disparity: Float32Array,
  gw: number,
  gh: number,
  cy: number,
  rowLo: Float32Array,
  rowHi: Float32Array,
  surfaces: { edge: Uint8Array; mid: Float32Array; near: Float32Array; far: Float32Array },
): boolean {
  const { edge, mid, near, far } = surfaces;
  const y0 = Math.max(0, cy - 1);
  const y1 = Math.min(gh - 1, cy + 1);
  let any = false;
  for (let cx = 0; cx < gw; cx++) {
    const lo = Math.min(rowLo[y0 * gw + cx]!, rowLo[cy * gw + cx]!, rowLo[y1 * gw + cx]!);
    const hi = Math.max(rowHi[y0 * gw + cx]!, rowHi[cy * gw + cx]!, rowHi[y1 * gw + cx]!);
    if (!(hi - lo > EDGE_SPAN)) continue;
    const cell = cy * gw + cx;
    const m = (lo + hi) / 2;
    let nn = 0;
    let nf = 0;
    for (let y = y0; y <= y1; y++)
      for (let x = Math.max(0, cx - 1); x <= Math.min(gw - 1, cx + 1); x++) {
        const n = y * gw + x;
        const isNear = disparity[n]! > m;
        const into = isNear ? near : far;
        if (isNear) nn++;
        else nf++;
        for (let c = 0; c < 3; c++) into[cell * 3 + c]! += cells[n * 3 + c]!;
      }
    let gap = 0;
    for (let c = 0; c < 3; c++) {
      near[cell * 3 + c]! /= nn;
      far[cell * 3 + c]! /= nf;
      gap += (near[cell * 3 + c]! - far[cell * 3 + c]!) ** 2;
    }
    if (gap < COLOUR_GAP * COLOUR_GAP) continue;
    edge[cell] = 1;
    mid[cell] = m;
    any = true;
  }
  return any;
}
