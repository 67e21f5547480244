import { describe, expect, it } from 'vitest';
import { checkVisibility } from './visibility';

/** One row of a disparity map from runs of [length, disparity] (NaN = unmatched). */
function row(...runs: [number, number][]): Float32Array {
  return Float32Array.from(runs.flatMap(([n, d]) => Array<number>(n).fill(d)));
}

const nanAt = (map: Float32Array) => [...map.keys()].filter((x) => Number.isNaN(map[x]!));

describe('checkVisibility (occlusion order)', () => {
  it('leaves a true scene alone: a near board in front of a wall, its half-occlusions already unmatched', () => {
    // Left view: the 8 px of wall just left of the board (disparity 8) are hidden in the right view.
    const left = row([12, 0], [8, Number.NaN], [10, 8], [10, 0]);
    // Right view: hidden just right of the board.
    const right = row([20, 0], [10, 8], [8, Number.NaN], [2, 0]);
    const before = [Float32Array.from(left), Float32Array.from(right)];
    checkVisibility(left, right, 40, 1);
    expect(left).toEqual(before[0]);
    expect(right).toEqual(before[1]);
  });

  it('unmatches pixels a nearer matched surface hides in the other view, however consistent', () => {
    const left = row([12, 0], [8, 0], [10, 8], [10, 0]);
    const right = row([20, 0], [10, 8], [8, 0], [2, 0]);
    checkVisibility(left, right, 40, 1);
    // Left pixel x lands at x − 0; the board's pixel 20 + k lands at 12 + k: pixels 12..19 are behind it.
    expect(nanAt(left)).toEqual([12, 13, 14, 15, 16, 17, 18, 19]);
    expect(nanAt(right)).toEqual([30, 31, 32, 33, 34, 35, 36, 37]);
  });

  it('unmatches a narrow strip put behind the wall it is seen in front of (a board matched to its neighbour)', () => {
    // A 5 px board at −6 between wall pixels at 0: seen from the right view it lies behind the wall to its right.
    const left = row([20, 0], [5, -6], [15, 0]);
    const right = row([40, 0]);
    checkVisibility(left, right, 40, 1);
    expect(nanAt(left)).toEqual([20, 21, 22, 23, 24]);
    expect(nanAt(right)).toEqual([]);
  });
});
