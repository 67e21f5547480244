import type { Cv } from '../cv/opencv';
import { trackLk } from './lk-track';

/** Sub-window shifts of the refinement tiles (tile-mosaic coordinates, px) and whether LK tracked each. */
export interface SubShifts {
  shift: Float32Array;
  status: Uint8Array;
}

/** Offset (px) of the four sub-windows from a tile's centre, and their window size. */
export const SUB_OFFSET = 9;
const SUB_WINDOW = 13;
/**
 * Vertical shift (px) by which a sub-window may differ from its tile's before the tile is taken to straddle two
 * surfaces. Vertical only: a slanted surface (a receding floor) changes the horizontal shift across a tile without
 * biasing its vertical one. 0.08 px let a thin-poles scene's extra points tip its order check; 0.15 and a 2-D test
 * at 0.35 px gave the same residuals on the repetitive scenes.
 */
const STRADDLE_PX = 0.15;

export const SUB_CORNERS = [
  [-1, -1],
  [1, -1],
  [-1, 1],
  [1, 1],
] as const;

/** Whether a tracked sub-window of tile t moved vertically differently from the tile (by more than STRADDLE_PX). */
export function straddles(subs: SubShifts, t: number, dy: number): boolean {
  for (let c = 0; c < 4; c++) {
    const k = 4 * t + c;
    if (!subs.status[k]) continue;
    if (Math.abs(subs.shift[2 * k + 1]! - dy) > STRADDLE_PX) return true;
  }
  return false;
}

/**
 * Shifts of four small windows around each tile's centre, tracked from the tile's own result (no pyramid). A tile
 * across a depth edge (a fence's boards over the ground behind) mixes two horizontal parallaxes, and LK's joint
 * 2-D solve turns the mix into a vertical error of tenths of a pixel; on one surface the small windows agree with
 * the tile to a few hundredths (rotation and scale differ by well under 1 % across 9 px), across an edge some
 * move with the other surface. Windows LK cannot track (flat paint) have status 0.
 */
export function subWindowShifts(
  cv: Cv,
  prev: InstanceType<Cv['Mat']>,
  next: InstanceType<Cv['Mat']>,
  centres: Float32Array,
  found: Float32Array,
  ok: Uint8Array,
  /** Largest shift (px) a window may report and still count as tracked, and LK's eigenvalue floor. */
  lk: { maxShift: number; minEigen: number },
  keep: <M extends { delete(): void }>(m: M) => M,
): SubShifts {
  const n = ok.length;
  const from = new Float32Array(n * 8);
  const to = new Float32Array(n * 8);
  for (let t = 0; t < n; t++) {
    const fx = ok[t] ? found[2 * t]! - centres[2 * t]! : 0;
    const fy = ok[t] ? found[2 * t + 1]! - centres[2 * t + 1]! : 0;
    SUB_CORNERS.forEach(([sx, sy], c) => {
      const k = 2 * (4 * t + c);
      from[k] = centres[2 * t]! + sx * SUB_OFFSET;
      from[k + 1] = centres[2 * t + 1]! + sy * SUB_OFFSET;
      to[k] = from[k]! + fx;
      to[k + 1] = from[k + 1]! + fy;
    });
  }
  const { found: moved, tracked } = trackLk(cv, keep, prev, next, from, to, {
    window: SUB_WINDOW,
    levels: 0,
    iterations: 30,
    ...lk,
  });
  const shift = Float32Array.from(moved, (v, k) => v - from[k]!);
  return { shift, status: tracked };
}
