import { selectNth } from '../select-nth';

/** Rows on each side of a pixel whose readings its own is judged with. */
const ROWS = 7;
/** Readings of pixels within this many grey levels of the pixel's own are of its surface. */
const SAME_SURFACE_LEVELS = 12;
/** The square (cells each side) over which a view's gradients tell an upright pattern (see uprightCells). */
const ORIENTATION_REACH = 3;
/** Upright: the squared horizontal gradients sum to at least this many times the vertical ones. */
const UPRIGHT_RATIO = 3;

/**
 * Per grid cell of a grey view, 1 where the pattern around it stands upright (see UPRIGHT_RATIO: the edges of
 * boards, balusters and bars, or no edges at all), 0 where it leans or lies (a chain-link mesh's wires, a rail, a
 * window grid's transoms). Central differences, summed over the square of ORIENTATION_REACH cells each side (0 on
 * the view's border rows and columns); the sums are of integers, exact whatever their order.
 */
export function uprightCells(gray: Uint8Array, w: number, h: number): Uint8Array {
  // Summed-area tables of gx² and gy², one row and column larger.
  const W = w + 1;
  const sumX = new Float64Array(W * (h + 1));
  const sumY = new Float64Array(W * (h + 1));
  for (let y = 0; y < h; y++) {
    let rowX = 0;
    let rowY = 0;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (x > 0 && x < w - 1 && y > 0 && y < h - 1) {
        const gx = gray[i + 1]! - gray[i - 1]!;
        const gy = gray[i + w]! - gray[i - w]!;
        rowX += gx * gx;
        rowY += gy * gy;
      }
      sumX[(y + 1) * W + x + 1] = sumX[y * W + x + 1]! + rowX;
      sumY[(y + 1) * W + x + 1] = sumY[y * W + x + 1]! + rowY;
    }
  }
  const box = (table: Float64Array, x0: number, y0: number, x1: number, y1: number) =>
    table[(y1 + 1) * W + x1 + 1]! - table[y0 * W + x1 + 1]! - table[(y1 + 1) * W + x0]! + table[y0 * W + x0]!;
  const upright = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - ORIENTATION_REACH);
    const y1 = Math.min(h - 1, y + ORIENTATION_REACH);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - ORIENTATION_REACH);
      const x1 = Math.min(w - 1, x + ORIENTATION_REACH);
      upright[y * w + x] = box(sumX, x0, y0, x1, y1) >= UPRIGHT_RATIO * box(sumY, x0, y0, x1, y1) ? 1 : 0;
    }
  }
  return upright;
}

/** One view as settledColumns reads it: its grey copy on the grid, its periods (see periodMap), its upright cells. */
export interface ColumnGuide {
  gray: Uint8Array;
  period: Float32Array;
  upright: Uint8Array;
}

/**
 * One view's ColumnGuide. A view without a repeated structure (no period > 0) has no cell to settle: its upright
 * cells are not worked out (6 ms of CPU per view on the 640 × 427 grid) but left 0.
 */
export function columnGuide(gray: Uint8Array, period: Float32Array, w: number, h: number): ColumnGuide {
  const periodic = period.some((p) => p > 0);
  return { gray, period, upright: periodic ? uprightCells(gray, w, h) : new Uint8Array(w * h) };
}

/**
 * A copy of one view's disparity `map` (w × h) in which each reading of an upright repeated structure (period > 0
 * and upright, see uprightCells) that lies half a period or more from the median of the readings along its column
 * within ROWS rows of it whose grey levels lie within SAME_SURFACE_LEVELS of its own, where at least ROWS of them
 * are read, is that median (an unread pixel among them is read so too; elsewhere readings stay as they are).
 *
 * A repeated structure matches a whole period off along the row as well as at its own reading, and the matcher
 * settles its rows apart: a baluster, a board or a bar reads its disparity in some rows and a repeat's in others,
 * in horizontal streaks a few rows tall, which the in-betweens show as pieces of it a period along. Along an upright
 * structure's column the view says which rows are one surface: its grey above and below, and most of its rows read
 * it right. Leaning or lying patterns are left: a mesh's wires cross a column in a row or two, among the background
 * seen through the mesh, whose readings would take their place. So are departures of less than half a period, which
 * are no repeat's: a tiled floor recedes along the column, and the median of its tiles' readings there (its grout,
 * of another grey, left out) lies off their own by a level or more.
 * Measured (gain over a cross-fade, frames 25/50/75) on bench/engine/interpolate-ray.ts, seeds 2027, 5050, 7070
 * and 3030 (72 scenes):
 * - railings +0.04 to +0.50 dB, window grids +0.17 to +0.57, painted fences +0.13 to +0.35, a slanted fence at
 *   0.82 of its spacing −0.08 / +0.60 / −0.24 → −0.05 / +0.66 / −0.20; the means as built 8.97 → 9.08 dB, drawn
 *   8.45 → 8.64, 9.76 → 9.76, 5.82 → 5.84, 7.05 → 7.14;
 * - two low-contrast picket fences (wood grain at 0.4 of the contrast) lost 0.05 to 0.18 dB;
 * - bench/engine/interpolate.ts (58 layered scenes): fences, railings and painted fences +0.02 to +1.17 dB, the
 *   held-out means 8.35 → 8.53, random 9.09 → 9.28, all but exposure 8.73 → 8.84; the tiled floors, whose parts
 *   stand upright beside their grout, lost 0.01 to 0.68 dB (from 15 to 25 dB over a cross-fade); one thread and two
 *   give the same bytes;
 * - without the upright test, the railing as built gained 0.3 dB more, but a chain-link mesh (seed 3030, at 0.72 of
 *   its spacing) lost 0.4 to 0.5 dB; without the half period, tiled floors lost up to 2.2 dB;
 * - taken before the chain of other readings (see otherReadings), where the alias tests read the maps, a painted
 *   fence's boards read cleaner found their alias a period nearer, and the mix that leans towards it (see
 *   mixReadings) cost the fence 2.4 dB.
 */
export function settledColumns(map: Float32Array, guide: ColumnGuide, w: number, h: number): Float32Array {
  const { gray, period, upright } = guide;
  const settled = map.slice();
  const window = new Float64Array(2 * ROWS + 1);
  for (let y = 0; y < h; y++) {
    const first = Math.max(0, y - ROWS) * w;
    const last = Math.min(h - 1, y + ROWS) * w;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!(period[i]! > 0) || upright[i] === 0) continue;
      const level = gray[i]!;
      let n = 0;
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      for (let j = first + x; j <= last + x; j += w) {
        const d = map[j]!;
        if (!Number.isFinite(d) || Math.abs(gray[j]! - level) > SAME_SURFACE_LEVELS) continue;
        window[n++] = d;
        if (d < lo) lo = d;
        if (d > hi) hi = d;
      }
      if (n < ROWS) continue;
      // The median lies within [lo, hi]: where that is less than half a period from the pixel's own reading, so is
      // the median, and the reading stays.
      const own = map[i]!;
      const half = period[i]! / 2;
      if (own - lo < half && hi - own < half) continue;
      // Most columns of a surface read one value: it is their median.
      const median = lo === hi ? lo : selectNth(window, n, n >> 1);
      if (!(Math.abs(own - median) < half)) settled[i] = median;
    }
  }
  return settled;
}
