import { describe, expect, it } from 'vitest';
import { makeRepetitiveScene } from '../cv/repetitive-scenes';
import { greyViews } from '../testing/scene-maps';
import { censusSgm } from './census-sgm';
import { placeThinRows, type ThinVolume } from './thin-in-front';

const W = 60;
const MIN = -10;
const LEVELS = 41;
const level = (d: number) => d - MIN;

/**
 * One row: a background at disparity 0 (window cost 4) and a board over left pixels [20, 20 + width) matched at
 * `d` with window cost `exact`; at disparity 15 the board's pixels cost `front`, everywhere else 80. The right map
 * points back to the board (consistent) unless `consistent` is false.
 */
function row(
  options: { d?: number; width?: number; exact?: number; front?: number; consistent?: boolean } = {},
) {
  const { d = -6, width = 5, exact = 8, front = 20, consistent = true } = options;
  const cost = new Uint8Array(W * LEVELS).fill(80);
  const left = new Float32Array(W).fill(0);
  const right = new Float32Array(W).fill(0);
  for (let x = 0; x < W; x++) cost[x * LEVELS + level(0)] = 4;
  for (let x = 20; x < 20 + width; x++) {
    left[x] = d;
    cost[x * LEVELS + level(0)] = 80;
    cost[x * LEVELS + level(d)] = exact;
    cost[x * LEVELS + level(15)] = front;
    if (consistent) right[x - d] = d;
  }
  const volume: ThinVolume = { w: W, levels: LEVELS, min: MIN, cost, total: Uint16Array.from(cost) };
  placeThinRows(volume, left, right, 0, 1);
  return Array.from(left.subarray(20, 20 + width));
}

describe('thin runs matched behind their surroundings', () => {
  it('moves an exactly matched board lying behind the surface on both sides in front, where it fits as well', () => {
    expect(row()).toEqual([15, 15, 15, 15, 15]);
  });

  it('keeps runs that are textured, fit worse in front, stand in front already, are wide or inconsistent', () => {
    // Matched with the noise of a texture (mean window cost over 6 census bits): a surface seen through a gap.
    expect(row({ exact: 40 })).toEqual([-6, -6, -6, -6, -6]);
    // In front it costs more than 8 census bits more.
    expect(row({ front: 60 })).toEqual([-6, -6, -6, -6, -6]);
    // Nearer than the background already.
    expect(row({ d: 5 })).toEqual([5, 5, 5, 5, 5]);
    // Wider than a thin structure (12 grid px).
    expect(row({ width: 14 })).toEqual(Array(14).fill(-6));
    // Not left–right consistent: a mismatch says nothing about depth.
    expect(row({ consistent: false })).toEqual([-6, -6, -6, -6, -6]);
  });

  it('places the boards of a painted fence whose neighbour matches exactly at their own disparity', async () => {
    // Boards 16 px wide every 62 px with a parallax of 44 px at 1920 px; matched on a 640 px grid, the neighbour one
    // spacing farther lies 6 grid px behind the background, on whole grid pixels (an exact match).
    const scene = makeRepetitiveScene('painted-fence', 1920, 360, 111, { spacing: 1.3, parallax: 1.1 });
    const boards = scene.layers.slice(1);
    const d = boards[0]!.disparity / 3;
    const [left, right] = await greyViews(scene, 640);
    const maps = censusSgm(left!, right!, { min: -30, max: 30 });
    let total = 0;
    let truth = 0;
    let alias = 0;
    for (let y = 10; y < 110; y++) {
      for (const board of boards) {
        for (
          let x = Math.max(20, Math.ceil(board.x / 3) + 1);
          x < Math.min(620, (board.x + board.width) / 3 - 1);
          x++
        ) {
          const v = maps.left[y * 640 + x]!;
          total++;
          if (Math.abs(v - d) < 1) truth++;
          else if (Math.abs(v - (d - (boards[1]!.x - boards[0]!.x) / 3)) < 1) alias++;
        }
      }
    }
    expect(truth / total).toBeGreaterThan(0.4);
    expect(alias).toBeLessThan(truth / 4);
  });
});
