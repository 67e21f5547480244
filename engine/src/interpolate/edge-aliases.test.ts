import { describe, expect, it } from 'vitest';
import { foldAliases, foldEdgeAliases } from './edge-aliases';

/**
 * A fence as the matcher reads it: boards of 12 cells of every 27 (period 27) at 10 before a wall at −10. Each
 * entry of `strips` is [first cell, cells, reading] along every row of the board starting at 27·k, `unread` cells
 * are NaN.
 */
function fence(strips: [number, number, number][], unread: number[] = [], periodic = true) {
  // A sixth board closes the fifth gap.
  const w = 27 * 5 + 12;
  const h = 4;
  const map = new Float32Array(w * h);
  const period = new Float32Array(w * h).fill(periodic ? 27 : 0);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) map[y * w + x] = x % 27 < 12 ? 10 : -10;
    for (let k = 0; k < 5; k++) {
      for (const [first, cells, reading] of strips) {
        for (let x = first; x < first + cells; x++) map[y * w + 27 * k + x] = reading;
      }
      for (const x of unread) map[y * w + 27 * k + x] = Number.NaN;
    }
  }
  return { map, period, w, h };
}

describe('foldEdgeAliases', () => {
  it("moves a board's edge strips read a period in front back onto the board, the gaps left as they read", () => {
    // Right edge: the board's last two cells and the wall's first read 37; left edge: one cell, then an unread one.
    const { map, period, w, h } = fence(
      [
        [10, 3, 37.4],
        [25, 1, 36.6],
      ],
      [26],
    );
    const moved = foldEdgeAliases(map, period, w, h);
    expect(moved).toBe(4 * 5 * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const c = x < 27 * 5 ? x % 27 : -1;
        const want = c === 25 ? 9.6 : c >= 10 && c < 13 ? 10.4 : x % 27 < 12 ? 10 : -10;
        if (c === 26) expect(map[y * w + x], `${x},${y}`).toBeNaN();
        else expect(map[y * w + x], `${x},${y}`).toBeCloseTo(want, 4);
      }
    }
  });

  it('looks past a stray cell read elsewhere for the surface behind, within half a period', () => {
    // A board (10), its right-edge strip (37), an unread cell, one read at 27, unread cells, then the wall (-10) from
    // `wallFrom` on: 2 cells past the strip, or 15 (more than half the period of 27).
    for (const [wallFrom, moves] of [
      [15, true],
      [28, false],
    ] as const) {
      const w = 60;
      const map = Float32Array.from({ length: w }, (_, x) =>
        x < 10 ? 10 : x < 13 ? 37 : x === 14 ? 27 : x < wallFrom ? Number.NaN : x < 41 ? -10 : 10,
      );
      foldEdgeAliases(map, new Float32Array(w).fill(27), w, 1);
      expect(map[11], `wall from ${wallFrom}`).toBe(moves ? 10 : 37);
      expect(map[14]).toBe(27);
    }
  });

  it('leaves strips that are no alias, too long, beyond a gap, or outside a repeated structure', () => {
    const cases: { strips: [number, number, number][]; unread?: number[]; periodic?: boolean }[] = [
      // 20 in front of the board, not a period: a thin line of its own.
      { strips: [[10, 3, 30]] },
      // As long as a fifth of the period and more: a surface of its own.
      { strips: [[6, 6, 37]] },
      // Three unread cells between the strip and the board.
      { strips: [[15, 2, 37]], unread: [12, 13, 14] },
      { strips: [[10, 3, 37]], periodic: false },
      // A period behind: foldToFront's to judge.
      { strips: [[10, 3, -17]] },
    ];
    for (const { strips, unread, periodic } of cases) {
      const { map, period, w, h } = fence(strips, unread, periodic);
      const before = map.slice();
      expect(foldEdgeAliases(map, period, w, h), JSON.stringify(strips)).toBe(0);
      expect(map).toEqual(before);
    }
  });
});

describe('foldEdgeAliases on thin structures', () => {
  it('leaves balusters a period in front of the wall between them, with or without an unread strip beside', () => {
    const w = 27 * 5;
    const h = 2;
    const map = new Float32Array(w * h).fill(-10);
    const period = new Float32Array(w * h).fill(27);
    for (let k = 0; k < 5; k++) {
      for (let x = 27 * k + 12; x < 27 * k + 15; x++) map[x] = 17;
      for (let x = 27 * k + 12; x < 27 * k + 15; x++) map[w + x] = 17;
      // The second row: the wall hidden from the other view beside each baluster is unread.
      for (let x = 27 * k + 15; x < 27 * k + 25; x++) map[w + x] = Number.NaN;
    }
    const before = map.slice();
    expect(foldEdgeAliases(map, period, w, h)).toBe(0);
    expect(map).toEqual(before);
  });
});

describe('foldEdgeAliases at the ends of a row', () => {
  it('leaves a strip with nothing read beyond it: no surface shows it to be an edge', () => {
    const w = 40;
    const map = new Float32Array(w).fill(10);
    map[0] = 37;
    map[1] = 37;
    for (let x = 35; x < w; x++) map[x] = x < 37 ? Number.NaN : 37;
    const before = map.slice();
    expect(foldEdgeAliases(map, new Float32Array(w).fill(27), w, 1)).toBe(0);
    expect(map).toEqual(before);
  });
});

describe('foldAliases', () => {
  it('folds a board read a period behind the wall (foldToFront), then the edge strips, its own among them', () => {
    // Strips of five cells: a fifth of the readings around, the structure's front for foldToFront.
    const { map, period, w, h } = fence([[10, 5, 37]]);
    for (let y = 0; y < h; y++) for (let x = 54; x < 64; x++) map[y * w + x] = -17;
    foldAliases(map, period, w, h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const strip = x < 27 * 5 && x % 27 >= 10 && x % 27 < 15;
        expect(map[y * w + x], `${x},${y}`).toBe(strip || x % 27 < 12 ? 10 : -10);
      }
    }
  });
});
