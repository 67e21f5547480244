import { describe, expect, it } from 'vitest';
import { seeded } from '../seeded-random';
import { foldInFrontOfSeenThrough, type SeenThroughInput } from './seen-through';

const W = 240;
const H = 40;
const PERIOD = 12;
const BAR = 4;

interface Layout {
  /** The bars' reading and what the holes between them show (a texture, or a flat wall) and its reading. */
  bar: number;
  holes: { reading: number; flat?: boolean };
  /** Something in front of the fence: columns [x0, x1), textured, at `reading`. */
  inFront?: { x0: number; x1: number; reading: number };
}

/**
 * A lattice (bars and rails every PERIOD px, BAR px wide) over what its holes show, the same in both views (the maps
 * are what is judged).
 */
function scene({ bar, holes, inFront }: Layout): SeenThroughInput {
  const random = seeded(7);
  const gray = new Uint8Array(W * H);
  const map = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const front = inFront && x >= inFront.x0 && x < inFront.x1;
      const isBar = onLattice(x, y);
      gray[i] = front
        ? 130 + Math.floor(random() * 120)
        : isBar
          ? 200
          : holes.flat
            ? 60
            : 20 + Math.floor(random() * 100);
      map[i] = front ? inFront.reading : isBar ? bar : holes.reading;
    }
  }
  const view = { data: gray, width: W, height: H, scale: 1 };
  return {
    maps: { left: map, right: map.slice(), width: W, height: H },
    periods: { left: new Float32Array(W * H).fill(PERIOD), right: new Float32Array(W * H).fill(PERIOD) },
    grays: { left: view, right: view },
  };
}

const onLattice = (x: number, y: number) => x % PERIOD < BAR || y % PERIOD < BAR;
const LATTICE = Array.from({ length: W * H }, (_, i) => onLattice(i % W, Math.floor(i / W))).filter(
  Boolean,
).length;
const barPixels = (input: SeenThroughInput, side: 'left' | 'right', reading: number) =>
  input.maps[side].filter((v, i) => onLattice(i % W, Math.floor(i / W)) && v === reading).length;

describe('foldInFrontOfSeenThrough', () => {
  it('moves a lattice read a period behind the texture seen through its holes to the alias in front, in both views', () => {
    // The true lattice at 8, read at 8 − 12 = −4: behind the ground at 3 that shows through its holes.
    const input = scene({ bar: -4, holes: { reading: 3 } });
    input.maps.left[20 * W + 1] = Number.NaN;
    expect(onLattice(1, 20)).toBe(true);
    const fold = foldInFrontOfSeenThrough(input);
    expect(fold.behind).toBe(0);
    expect(fold.inFront).toBeGreaterThan(1000);
    // A few texture pixels of the holes look like their copies by chance: the phase is the lattice's within 0.05.
    expect(fold.target).toBeCloseTo(8, 1);
    expect(barPixels(input, 'left', 8)).toBe(LATTICE - 1);
    expect(barPixels(input, 'right', 8)).toBe(LATTICE);
    expect(fold.moved).toBe(2 * LATTICE - 1);
    // What is seen through stays where it was read; an unreadable pixel stays unread.
    expect(input.maps.left.filter((v, i) => !onLattice(i % W, Math.floor(i / W)) && v !== 3)).toHaveLength(0);
    expect(input.maps.left[20 * W + 1]).toBeNaN();
  });

  it('leaves a lattice read in front of what is seen through its holes', () => {
    const input = scene({ bar: 8, holes: { reading: 3 } });
    const before = input.maps.left.slice();
    const fold = foldInFrontOfSeenThrough(input);
    expect(fold.inFront).toBe(0);
    expect(fold.behind).toBeGreaterThan(1000);
    expect(fold.moved).toBe(0);
    expect(input.maps.left).toEqual(before);
  });

  it('does not take a pole in front of a fence for something seen through it', () => {
    // Over a flat wall the gaps repeat like the bars; a pole narrower than the spacing interrupts the pattern (its
    // copies a period along are bars and wall, not holes).
    const input = scene({
      bar: 8,
      holes: { reading: 3, flat: true },
      inFront: { x0: 101, x1: 104, reading: 15 },
    });
    const before = input.maps.left.slice();
    const fold = foldInFrontOfSeenThrough(input);
    expect(fold.inFront).toBe(0);
    expect(fold.moved).toBe(0);
    expect(input.maps.left).toEqual(before);
  });

  it('does not take a wide subject in front of a fence for something seen through it', () => {
    // A person standing before the fence: no bar on both sides within a period of most of its pixels, and the
    // pixels near its edges have the person, not a bar, on one side.
    const input = scene({
      bar: 8,
      holes: { reading: 3, flat: true },
      inFront: { x0: 80, x1: 150, reading: 15 },
    });
    const fold = foldInFrontOfSeenThrough(input);
    expect(fold.inFront).toBe(0);
    expect(fold.moved).toBe(0);
  });
});
