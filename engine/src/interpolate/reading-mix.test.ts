import { describe, expect, it } from 'vitest';
import type { RawImage } from '../image';
import { seeded } from '../seeded-random';
import { mixReadings } from './reading-mix';

const W = 96;
const H = 48;
/** Full-size pixels per grid cell: the squares the readings are compared over (16 cells) are 32 px. */
const GRID = { width: W / 2, height: H / 2, scale: 2 };

function noise(seed: number): RawImage {
  const random = seeded(seed);
  return {
    data: Uint8Array.from({ length: W * H * 3 }, () => Math.floor(random() * 256)),
    width: W,
    height: H,
    channels: 3,
  };
}

/** Grid disparities from a function of the cell. */
function depth(of: (gx: number, gy: number) => number): Float32Array {
  return Float32Array.from({ length: GRID.width * GRID.height }, (_, i) =>
    of(i % GRID.width, Math.floor(i / GRID.width)),
  );
}

/** Every row's columns [from, to). */
function span(from: number, to: number): Int32Array {
  return Int32Array.from({ length: 2 * H }, (_, k) => (k % 2 === 0 ? from : to));
}

const copy = (f: RawImage): RawImage => ({ ...f, data: new Uint8Array(f.data) });

/** The mix of A and B with A's weight w, rounded as the mix rounds. */
const mixed = (a: number, b: number, w: number) => Math.floor(w * a + (1 - w) * b + 0.5);

describe('mixReadings', () => {
  const a = noise(1);
  const b = noise(2);

  it('mixes evenly, as the byte average, when both readings move as far', () => {
    const into = copy(a);
    // A board at +6 under one reading, at -6 under the other; the wall at -6 / +6 between: no smaller motion.
    mixReadings(into, b, span(0, W), {
      a: depth((gx) => (gx % 8 < 4 ? 6 : -6)),
      b: depth((gx) => (gx % 8 < 4 ? -6 : 6)),
      grid: GRID,
    });
    expect(Array.from(into.data)).toEqual(Array.from(a.data, (v, i) => (v + b.data[i]! + 1) >> 1));
  });

  it('leans 0.7 towards the reading of smaller motion, whichever made the frame', () => {
    for (const [da, db, w] of [
      [3, 9, 0.5 + 0.2],
      [9, 3, 0.5 - 0.2],
      [-3, 9, 0.5 + 0.2],
      [9, -3, 0.5 - 0.2],
    ] as const) {
      const into = copy(a);
      mixReadings(into, b, span(0, W), { a: depth(() => da), b: depth(() => db), grid: GRID });
      for (let i = 0; i < into.data.length; i++) expect(into.data[i]).toBe(mixed(a.data[i]!, b.data[i]!, w));
    }
  });

  it('leans by the mean difference of the motions up to 2 grid px, on the cells whose readings differ', () => {
    const into = copy(a);
    // Half the cells 1 px apart (|4| against |5|: half the whole lean), the others the same surface (no evidence).
    mixReadings(into, b, span(0, W), {
      a: depth((gx) => (gx % 2 ? 4 : 7)),
      b: depth((gx) => (gx % 2 ? 5 : 7.5)),
      grid: GRID,
    });
    for (let i = 0; i < into.data.length; i++)
      expect(into.data[i]).toBe(mixed(a.data[i]!, b.data[i]!, 0.5 + 0.1));
  });

  it('judges each region on its own readings', () => {
    // Left third: A moves less; right third: B does; the middle agrees. Squares of 32 px and their neighbours.
    const into = copy(a);
    mixReadings(into, b, span(0, W), {
      a: depth((gx) => (gx < 16 ? 2 : gx < 32 ? 5 : 12)),
      b: depth((gx) => (gx < 16 ? 12 : gx < 32 ? 5 : 2)),
      grid: GRID,
    });
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < 16; x++) {
        const i = (y * W + x) * 3;
        expect(into.data[i]).toBe(mixed(a.data[i]!, b.data[i]!, 0.5 + 0.2));
        const j = (y * W + W - 1 - x) * 3;
        expect(into.data[j]).toBe(mixed(a.data[j]!, b.data[j]!, 0.5 - 0.2));
      }
    }
  });

  it('leaves the pixels outside the columns alone', () => {
    const into = copy(a);
    const columns = span(20, 70);
    mixReadings(into, b, columns, { a: depth(() => 3), b: depth(() => 9), grid: GRID });
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = (y * W + x) * 3;
        const inside = x >= 20 && x < 70;
        expect(into.data[i]).toBe(inside ? mixed(a.data[i]!, b.data[i]!, 0.5 + 0.2) : a.data[i]);
      }
    }
  });
});
