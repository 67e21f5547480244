import { describe, expect, it } from 'vitest';
import { fillDisparity } from './fill-disparity';

function row(...runs: [number, number][]): Float32Array {
  return Float32Array.from(runs.flatMap(([n, d]) => Array<number>(n).fill(d)));
}

describe('fillDisparity', () => {
  it('explains a half-occlusion beside a near surface: filled with the far side, reliable', () => {
    const { disparity, reliable } = fillDisparity(
      row([12, 0], [8, Number.NaN], [10, 8], [10, 0]),
      40,
      1,
      'left',
    );
    expect([...disparity.subarray(12, 20)]).toEqual(Array(8).fill(0));
    expect([...reliable.subarray(12, 20)]).toEqual(Array(8).fill(1));
  });

  it('does not explain a run by a lone chance match beside it: filled with the far side, unreliable', () => {
    // The same jump, but the "near surface" is one matched pixel among unmatched ones.
    const map = row([12, 0], [8, Number.NaN], [1, 8], [9, Number.NaN], [10, 0]);
    const { disparity, reliable } = fillDisparity(map, 40, 1, 'left');
    expect([...disparity.subarray(12, 20)]).toEqual(Array(8).fill(0));
    expect([...reliable.subarray(12, 20)]).toEqual(Array(8).fill(0));
  });

  it('trusts a run at the frame edge only next to a surface', () => {
    const edge = fillDisparity(row([5, Number.NaN], [20, 3]), 25, 1, 'left');
    expect([...edge.reliable.subarray(0, 5)]).toEqual(Array(5).fill(1));
    const lone = fillDisparity(row([5, Number.NaN], [1, 3], [4, Number.NaN], [15, 0]), 25, 1, 'left');
    expect([...lone.reliable.subarray(0, 5)]).toEqual(Array(5).fill(0));
  });
});
