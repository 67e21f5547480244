import { describe, expect, it } from 'vitest';
import { fillDisparity } from './fill-disparity';

const N = Number.NaN;

/** Rows of equal length as one map. */
const map = (...rows: number[][]) => Float32Array.from(rows.flat());

describe('fillDisparity', () => {
  it('takes a run the other view hides behind a nearer surface for a half-occlusion, even beside another one', () => {
    // Right view of a fence whose parallax (11 px) is about its spacing: the background at x 4–7 is hidden in the
    // left view by a board (left x = x + 0), but the run ends at the next board, so the jump across it points the
    // wrong way for an occlusion.
    const right = map(
      [0, 0, 0, 0, N, N, N, N, 11, 11, 11, 11, 0, 0, 0, 0],
      [0, 0, 0, 0, N, N, N, N, 11, 11, 11, 11, 0, 0, 0, 0],
      [0, 0, 0, 0, N, N, N, N, 11, 11, 11, 11, 0, 0, 0, 0],
    );
    const left = map(
      // A board over x 4–7: the run is hidden there.
      [0, 0, 0, 0, 11, 11, 11, 11, 0, 0, 0, 0, 0, 0, 0, 0],
      // Background visible there too: the run is a mismatch, not an occlusion.
      [0, 0, 0, 0, 0, 0, 11, 11, 0, 0, 0, 0, 0, 0, 0, 0],
      // Unreliable there: nothing explains the run.
      [0, 0, 0, 0, 11, N, 11, 11, 0, 0, 0, 0, 0, 0, 0, 0],
    );
    const { disparity, reliable } = fillDisparity(right, 16, 3, 'right', left);
    for (let y = 0; y < 3; y++)
      expect(Array.from(disparity.subarray(16 * y + 4, 16 * y + 8))).toEqual([0, 0, 0, 0]);
    expect(Array.from(reliable.subarray(4, 8))).toEqual([1, 1, 1, 1]);
    expect(Array.from(reliable.subarray(20, 24))).toEqual([0, 0, 0, 0]);
    expect(Array.from(reliable.subarray(36, 40))).toEqual([0, 0, 0, 0]);
  });

  it('takes a run as wide as the jump beside it for a half-occlusion, and fills the frame edges', () => {
    // Left view: background (0) left of a near surface (4); the 4 px the right view cannot see lie between them.
    const left = map([N, 0, 0, 0, N, N, N, N, 4, 4, 4, 4, N, N, N, N]);
    const right = new Float32Array(16).fill(N);
    const { disparity, reliable } = fillDisparity(left, 16, 1, 'left', right);
    expect(Array.from(disparity)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4, 4, 4]);
    expect(Array.from(reliable)).toEqual(new Array(16).fill(1));
  });
});
