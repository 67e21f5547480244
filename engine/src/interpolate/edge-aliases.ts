import { foldToFront } from './periodic-structure';

/** Consecutive readings of one run along a row lie within this of each other (grid px). */
const RUN_STEP = 1;
/** A run is short up to this share of its structure's period; the run beside it must be longer and at least this. */
const SHORT_SHARE = 0.2;
/** Unread cells (NaN) that may lie between a short run and the run beside it. */
const GAP = 2;
/** A run on a strip's other side is the surface behind it when it reads this far behind the strip's alias (grid px). */
const BEHIND_MARGIN = 2;
/** That surface is looked for within this share of the period beyond the strip. */
const BEHIND_REACH = 0.5;
/** A short run reads the alias of the run beside it when its mean lies a period in front of theirs within this. */
const ALIAS_TOLERANCE = 1;

/**
 * foldToFront, then foldEdgeAliases, of `map` (in place; `source` as for foldToFront, its copy of `map` when
 * absent); returns how many readings moved. Every caller folds a map this way, on one thread or two.
 */
export function foldAliases(
  map: Float32Array,
  period: Float32Array,
  w: number,
  h: number,
  source?: Float32Array,
): number {
  return foldToFront(map, period, w, h, source) + foldEdgeAliases(map, period, w, h);
}

/**
 * Moves each short run of readings along a row of a repeated structure (period > 0) that lies one period in front
 * of the longer run on one side of it, with a surface behind that run's reading on its other side, back by that
 * period, in place; returns how many readings moved.
 * At a board's edges a census window straddles the board and the surface seen past it, which moves otherwise than
 * the board: the window matches the next board's edge (one period along, where painted boards look alike) as well
 * as its own, and the matcher reads a strip of one to three cells a period in front, left–right consistent (the
 * other view's edges read the same alias), in some rows and not in others. foldToFront leaves them: such strips
 * are a fifth of a fence's readings or more, its structure's front. In the synthesis the strip is the nearest
 * surface and moves a period farther than its board, half a period at frame 50: into the gap between the boards,
 * where it paints the board's colour over what the gap shows, in a ladder of rows.
 * The surface behind tells an edge from a thin structure standing a period in front of what is around it (a
 * baluster before its wall, boards a spacing in front of theirs), which reads the same on both sides. It is looked
 * for within half a period of the strip, past cells read elsewhere (a stray cell between the strip and the gap).
 * Measured (bench/engine/interpolate-ray.ts, seeds 2027, 5050, 7070 and 3030, 72 scenes; interpolate.ts, 58):
 * - the ray-traced low-contrast painted fence of seed 2027 (parallax 0.72 of the spacing): +0.88 / −0.34 / +0.34
 *   dB over a cross-fade → +2.22 / +1.07 / +1.85; no other frame of either bench moved by 0.02 dB or more;
 * - the surface behind looked for in the next run only: that fence +1.86 / +0.65 / +1.50;
 * - without the surface behind: that fence +2.66 / +1.58 / +2.33 and a chain-link of seed 7070 +1.1–1.4 →
 *   +3.9–4.1, but the layered bench's thin boards and balusters a spacing in front moved into their wall (four
 *   fences and railings −0.3 to −2.2 dB), seed 5050's railing and chain-link −0.1; a row's end taken for the
 *   surface behind cost a layered fence 0.08 dB (its board cut by the frame's edge);
 * - marking the strips unread instead (the filling then takes the surface behind): +1.33 / +0.40 / +0.91.
 */
export function foldEdgeAliases(map: Float32Array, period: Float32Array, w: number, h: number): number {
  const runs = new RowRuns(w);
  let moved = 0;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    runs.read(map, row);
    for (let k = 0; k < runs.count; k++) {
      const start = runs.start[k]!;
      const end = runs.end[k]!;
      const length = end - start;
      const q = period[row + start + (length >> 1)]!;
      if (q <= 0 || length > SHORT_SHARE * q) continue;
      const alias = runs.mean[k]! - q;
      const edge =
        (runs.aliasBeside(k, k - 1, alias, q) && runs.behindBeyond(k, 1, alias, BEHIND_REACH * q)) ||
        (runs.aliasBeside(k, k + 1, alias, q) && runs.behindBeyond(k, -1, alias, BEHIND_REACH * q));
      if (!edge) continue;
      for (let i = row + start; i < row + end; i++) map[i] = map[i]! - q;
      moved += length;
    }
  }
  return moved;
}

/** The runs of one row of a map: [start, end) and mean of each, left to right; the arrays are reused per row. */
class RowRuns {
  readonly start: Int32Array;
  readonly end: Int32Array;
  readonly mean: Float64Array;
  count = 0;

  constructor(private readonly width: number) {
    this.start = new Int32Array(width);
    this.end = new Int32Array(width);
    this.mean = new Float64Array(width);
  }

  /** Splits the row at `row` of `map` into runs (NaN cells belong to none). */
  read(map: Float32Array, row: number): void {
    const w = this.width;
    let n = 0;
    let x = 0;
    while (x < w) {
      const first = map[row + x]!;
      if (Number.isNaN(first)) {
        x++;
        continue;
      }
      let sum = first;
      let e = x + 1;
      for (; e < w; e++) {
        const v = map[row + e]!;
        if (!(Math.abs(v - map[row + e - 1]!) <= RUN_STEP)) break;
        sum += v;
      }
      this.start[n] = x;
      this.end[n] = e;
      this.mean[n] = sum / (e - x);
      n++;
      x = e;
    }
    this.count = n;
  }

  /**
   * Whether a run on the `step` side of run k (1: right, -1: left) starting within `reach` cells of it reads a surface
   * BEHIND_MARGIN or more behind `reading`.
   */
  behindBeyond(k: number, step: 1 | -1, reading: number, reach: number): boolean {
    for (let j = k + step; j >= 0 && j < this.count; j += step) {
      const distance = step > 0 ? this.start[j]! - this.end[k]! : this.start[k]! - this.end[j]!;
      if (distance > reach) return false;
      if (this.mean[j]! <= reading - BEHIND_MARGIN) return true;
    }
    return false;
  }

  /** Whether run j, beside run k, is longer and at least SHORT_SHARE of `q`, within GAP of it, and reads `alias`. */
  aliasBeside(k: number, j: number, alias: number, q: number): boolean {
    if (j < 0 || j >= this.count) return false;
    const length = this.end[j]! - this.start[j]!;
    const gap = j < k ? this.start[k]! - this.end[j]! : this.start[j]! - this.end[k]!;
    return (
      gap <= GAP &&
      length >= SHORT_SHARE * q &&
      length > this.end[k]! - this.start[k]! &&
      Math.abs(this.mean[j]! - alias) <= ALIAS_TOLERANCE
    );
  }
}
