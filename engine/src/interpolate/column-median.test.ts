import { describe, expect, it } from 'vitest';
import { columnGuide, settledColumns, uprightCells } from './column-median';

/**
 * A fence seen on the grid: boards of 8 cells of every 20 (grey 200) at disparity 10 before a wall (grey 60) at
 * −10, 40 rows. `misread(x, y)` gives a board cell's reading where the matcher did not read 10.
 */
function fence(misread: (x: number, y: number) => number | undefined = () => undefined, w = 60, h = 40) {
  const gray = new Uint8Array(w * h);
  const map = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const board = x % 20 < 8;
      gray[y * w + x] = board ? 200 : 60;
      map[y * w + x] = board ? (misread(x, y) ?? 10) : -10;
    }
  }
  const guide = { gray, period: new Float32Array(w * h).fill(20), upright: uprightCells(gray, w, h) };
  return { map, guide, w, h };
}

/** The cells of `map` that differ from `want(x, y)` (NaN equal to NaN), as "x,y". */
function differing(map: Float32Array, w: number, want: (x: number, y: number) => number): string[] {
  const found: string[] = [];
  map.forEach((d, i) => {
    const expected = want(i % w, Math.floor(i / w));
    if (!(d === expected || (Number.isNaN(d) && Number.isNaN(expected))))
      found.push(`${i % w},${Math.floor(i / w)}`);
  });
  return found;
}

describe('settledColumns', () => {
  it("gives a board's streaks read a period off its column's reading, the wall between the boards its own", () => {
    // Rows 10-13 of every board read a period behind, and a board's cell left unread.
    const { map, guide, w, h } = fence((x, y) =>
      y >= 10 && y < 14 ? -10 : x === 3 && y === 20 ? Number.NaN : undefined,
    );
    const settled = settledColumns(map, guide, w, h);
    expect(differing(settled, w, (x) => (x % 20 < 8 ? 10 : -10))).toEqual([]);
    // The map itself is left as it was.
    expect(map[10 * w]).toBe(-10);
  });

  it("leaves readings less than half a period from their column's median", () => {
    // Rows 10-13 of every board read 4 px nearer (a period is 20).
    const { map, guide, w, h } = fence((_, y) => (y >= 10 && y < 14 ? 14 : undefined));
    const settled = settledColumns(map, guide, w, h);
    expect(differing(settled, w, (x, y) => (x % 20 < 8 ? (y >= 10 && y < 14 ? 14 : 10) : -10))).toEqual([]);
  });

  it("gives a reading exactly half a period from its column's median that median", () => {
    // Rows 10-13 of every board read 10 px nearer: half a period, which is no longer less than half.
    const { map, guide, w, h } = fence((_, y) => (y >= 10 && y < 14 ? 20 : undefined));
    const settled = settledColumns(map, guide, w, h);
    expect(differing(settled, w, (x) => (x % 20 < 8 ? 10 : -10))).toEqual([]);
  });

  it('keeps a rail of its own grey across the boards at its own reading', () => {
    // Rows 16-20 are a rail (grey 150) at 12 across the whole width; every cell judged upright, so that only the
    // grey levels tell the rail from the boards.
    const { map, guide, w, h } = fence();
    for (let y = 16; y < 21; y++) {
      for (let x = 0; x < w; x++) {
        map[y * w + x] = 12;
        guide.gray[y * w + x] = 150;
      }
    }
    guide.upright.fill(1);
    const settled = settledColumns(map, guide, w, h);
    expect(differing(settled, w, (x, y) => (y >= 16 && y < 21 ? 12 : x % 20 < 8 ? 10 : -10))).toEqual([]);
  });

  it('leaves a streak where too few rows of the column are of its surface, or it is no repeated structure', () => {
    // Boards 6 rows tall (rows 20-25) on a wall: fewer than 7 cells of their grey in any column window.
    const short = fence();
    const { map, guide, w, h } = short;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        if (y >= 20 && y < 26) continue;
        guide.gray[y * w + x] = 60;
        map[y * w + x] = -10;
      }
    }
    // Judged as upright, so that only the count of rows of its surface keeps it.
    guide.upright.fill(1);
    map[22 * w + 2] = -10;
    expect(settledColumns(map, guide, w, h)[22 * w + 2]).toBe(-10);
    // A full-height board's streak outside any repeated structure (period 0) stays too.
    const plain = fence((_, y) => (y === 5 ? -10 : undefined));
    plain.guide.period.fill(0);
    expect(settledColumns(plain.map, plain.guide, plain.w, plain.h)[5 * plain.w + 2]).toBe(-10);
  });

  it('leaves the wires of a leaning mesh as they read', () => {
    // Diagonal stripes (a wire every 10 cells, 6 wide, along x + y: most of a column's rows), a streak of the wires
    // read at −10 in rows 10-13.
    const w = 60;
    const h = 40;
    const gray = new Uint8Array(w * h);
    const map = new Float32Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const wire = (x + y) % 10 < 6;
        gray[y * w + x] = wire ? 200 : 60;
        map[y * w + x] = wire && !(y >= 10 && y < 14) ? 10 : -10;
      }
    }
    const guide = { gray, period: new Float32Array(w * h).fill(10), upright: uprightCells(gray, w, h) };
    expect(Array.from(guide.upright.subarray(5 * w + 5, 35 * w + 55)).every((u) => u === 0)).toBe(true);
    expect(differing(settledColumns(map, guide, w, h), w, (x, y) => map[y * w + x]!)).toEqual([]);
  });
});

describe('uprightCells', () => {
  it('finds upright edges and flat surfaces upright, lying edges not', () => {
    const w = 30;
    const h = 30;
    const columns = Uint8Array.from({ length: w * h }, (_, i) => ((i % w) % 6 < 3 ? 200 : 60));
    const rows = Uint8Array.from({ length: w * h }, (_, i) => (Math.floor(i / w) % 6 < 3 ? 200 : 60));
    const flat = new Uint8Array(w * h).fill(90);
    expect(uprightCells(columns, w, h).every((u) => u === 1)).toBe(true);
    expect(uprightCells(rows, w, h).every((u) => u === 0)).toBe(true);
    expect(uprightCells(flat, w, h).every((u) => u === 1)).toBe(true);
  });
});

describe('columnGuide', () => {
  it("works out a view's upright cells only where it has a repeated structure", () => {
    const { map, guide, w, h } = fence((_, y) => (y === 5 ? -10 : undefined));
    expect(columnGuide(guide.gray, guide.period, w, h).upright).toEqual(guide.upright);
    const none = columnGuide(guide.gray, new Float32Array(w * h), w, h);
    expect(none.upright.every((u) => u === 0)).toBe(true);
    expect(settledColumns(map, none, w, h)).toEqual(map);
  });
});
