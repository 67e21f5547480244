import { describe, expect, it } from 'vitest';
import { straddles } from './sub-windows';

/** One tile's four sub-windows: [dx, dy] each, all tracked unless `lost` says otherwise. */
function subs(shifts: [number, number][], lost: number[] = []) {
  return {
    shift: Float32Array.from(shifts.flat()),
    status: Uint8Array.from(shifts, (_, c) => (lost.includes(c) ? 0 : 1)),
  };
}

describe('straddles', () => {
  it('flags a tile one of whose sub-windows moves vertically unlike the tile (a depth edge)', () => {
    expect(
      straddles(
        subs([
          [4, 0.02],
          [4, 0.01],
          [-6, 0.4],
          [4, 0],
        ]),
        0,
        0.02,
      ),
    ).toBe(true);
  });

  it('keeps a tile on a slanted surface: horizontal shifts differ, vertical ones agree', () => {
    expect(
      straddles(
        subs([
          [3, 0.01],
          [5, 0.02],
          [2, 0],
          [6, -0.01],
        ]),
        0,
        0.01,
      ),
    ).toBe(false);
  });

  it('ignores sub-windows LK could not track (flat paint)', () => {
    expect(
      straddles(
        subs(
          [
            [4, 0],
            [4, 0.01],
            [0, 3],
            [4, 0],
          ],
          [2],
        ),
        0,
        0,
      ),
    ).toBe(false);
  });
});
