import { describe, expect, it } from 'vitest';
import { snapOutlines } from './outline-cells';

/** One grid row (disparities, grey levels as RGB colours) after snapOutlines, its disparities as an array. */
function snapped(disparity: number[], grey: number[]): number[] {
  const map = Float32Array.from(disparity);
  snapOutlines(map, Uint8Array.from(grey.flatMap((g) => [g, g, g])), disparity.length, 1);
  return Array.from(map);
}

describe('snapOutlines', () => {
  it("gives a board's outline, read at the background's disparity, the board's own", () => {
    // Board (disparity 10, grey 240) on cells 4–9; the matcher read cells 8 and 9 at the background's 0. The
    // background's grey varies from 60 to 90.
    const grey = [60, 70, 80, 90, 240, 240, 240, 240, 238, 236, 62, 75, 88, 64, 71, 80];
    expect(snapped([0, 0, 0, 0, 10, 10, 10, 10, 0, 0, 0, 0, 0, 0, 0, 0], grey)).toEqual([
      0, 0, 0, 0, 10, 10, 10, 10, 10, 10, 0, 0, 0, 0, 0, 0,
    ]);
  });

  it('snaps on the left of a nearer surface as on its right', () => {
    // A board on cells 5–7 read as near; cells 3 and 4 on its left are board-coloured but read at the background's.
    const grey = [60, 70, 80, 240, 238, 240, 240, 240, 70, 80, 60, 75];
    expect(snapped([0, 0, 0, 0, 0, 10, 10, 10, 0, 0, 0, 0], grey)).toEqual([
      0, 0, 0, 10, 10, 10, 10, 10, 0, 0, 0, 0,
    ]);
  });

  it('leaves edges read right, surfaces alike in colour, and near cells that do not go on inward', () => {
    const board = [0, 0, 0, 0, 10, 10, 10, 10, 0, 0, 0, 0];
    // Cells 8 and 9 beside the board show the background's colour: they were read right.
    expect(snapped(board, [60, 70, 80, 90, 240, 240, 240, 240, 70, 65, 80, 90])).toEqual(board);
    // A low-contrast board (grey 100 before a background of 90): colour cannot tell the surfaces apart.
    expect(snapped(board, [90, 90, 90, 90, 100, 100, 100, 100, 99, 98, 90, 90])).toEqual(board);
    // A lone near cell (a mismatch on a tile, not a board) in a tile of one colour: nothing goes on inward at its
    // disparity, though the tile's cells on either side look like it.
    const lone = [0, 0, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0];
    expect(snapped(lone, [60, 70, 80, 90, 240, 240, 240, 238, 70, 65, 80, 90])).toEqual(lone);
    // A board whose inner cells differ in colour from its edge (a textured surface, a tile and its grout).
    expect(snapped(board, [60, 70, 80, 90, 120, 240, 120, 240, 238, 65, 80, 90])).toEqual(board);
  });
});
