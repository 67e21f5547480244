import { describe, expect, it } from 'vitest';
import type { GrayImage } from '../cv/gray';
import { seeded } from '../seeded-random';
import { pivotOnRows } from './pivot';
import type { Correspondences } from './similarity';

const W = 640;
const H = 480;
const IDENTITY = { a: 1, b: 0, tx: 0, ty: 0 };

/** Evenly sharp texture, so focus does not favour either set of tiles. */
function texture(): GrayImage {
  const random = seeded(3);
  return {
    data: Uint8Array.from({ length: W * H }, () => 40 + random() * 170),
    width: W,
    height: H,
    scale: 1,
  };
}

/**
 * A board's tiles near the centre (centred coordinates): `trueCount` on their rows at 125 px of disparity, and
 * `repeatCount` a period off at 60 px, 1.5 px off their rows (a tilted pattern's repeat), nearer the centre.
 */
function boardTiles(
  trueCount: number,
  repeatCount: number,
): { tiles: Correspondences; disparities: Float64Array } {
  const xl: number[] = [];
  const yl: number[] = [];
  const xr: number[] = [];
  const yr: number[] = [];
  const add = (x: number, y: number, d: number, dy: number) => {
    xl.push(x);
    yl.push(y);
    xr.push(x - d);
    yr.push(y - dy);
  };
  for (let i = 0; i < trueCount; i++) add(-60 + (i % 6) * 24, -40 + Math.floor(i / 6) * 24, 125, 0);
  for (let i = 0; i < repeatCount; i++) add(-30 + (i % 6) * 12, -20 + Math.floor(i / 6) * 12, 60, 1.5);
  const tiles = {
    xl: Float64Array.from(xl),
    yl: Float64Array.from(yl),
    xr: Float64Array.from(xr),
    yr: Float64Array.from(yr),
  };
  return { tiles, disparities: Float64Array.from(xl, (x, i) => x - xr[i]!) };
}

describe('pivotOnRows', () => {
  it("puts the pivot on the board's own disparity, not on repeats kept a period off its rows", () => {
    const { tiles, disparities } = boardTiles(24, 30);
    const pivot = pivotOnRows(tiles, disparities, IDENTITY, texture(), W, H);
    expect(pivot.disparity).toBeCloseTo(125, 0);
  });

  it('lets every tile vote when too few are on their rows to place a pivot', () => {
    const { tiles, disparities } = boardTiles(6, 30);
    const pivot = pivotOnRows(tiles, disparities, IDENTITY, texture(), W, H);
    expect(pivot.disparity).toBeCloseTo(60, 0);
  });
});
