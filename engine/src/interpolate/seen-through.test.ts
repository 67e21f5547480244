import { describe, expect, it } from 'vitest';
import { seeded } from '../seeded-random';
import { foldInFrontOfSeenThrough, type SeenThroughFold, type SeenThroughInput } from './seen-through';

const W = 240;
const H = 40;
const PERIOD = 12;
const BAR = 4;

/** What a pixel off the structure shows: its grey level and its reading. */
type Shown = (x: number, y: number, texture: () => number) => { gray: number; reading: number };

const lattice = (x: number, y: number) => x % PERIOD < BAR || y % PERIOD < BAR;
const bars = (x: number) => x % PERIOD < BAR;
/** The hole (column, row of holes) a pixel off the lattice lies in. */
const holeOf = (x: number, y: number) => [Math.floor(x / PERIOD), Math.floor(y / PERIOD)] as const;

const texturedAt =
  (reading: number): Shown =>
  (_x, _y, texture) => ({ gray: 20 + Math.floor(texture() * 100), reading });

/**
 * A structure (`onStructure`: grey 200, read at `bar`) over what the other pixels show, the same in both views (the
 * maps are what is judged), the period map PERIOD everywhere.
 */
function scene(onStructure: (x: number, y: number) => boolean, bar: number, shown: Shown): SeenThroughInput {
  const random = seeded(7);
  const gray = new Uint8Array(W * H);
  const map = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const pixel = onStructure(x, y) ? { gray: 200, reading: bar } : shown(x, y, random);
      gray[i] = pixel.gray;
      map[i] = pixel.reading;
    }
  }
  const view = { data: gray, width: W, height: H, scale: 1 };
  return {
    maps: { left: map, right: map.slice(), width: W, height: H },
    periods: { left: new Float32Array(W * H).fill(PERIOD), right: new Float32Array(W * H).fill(PERIOD) },
    grays: { left: view, right: view },
  };
}

const count = (map: Float32Array, where: (x: number, y: number) => boolean, reading: number) =>
  map.filter((v, i) => where(i % W, Math.floor(i / W)) && v === reading).length;
const LATTICE = count(new Float32Array(W * H), lattice, 0);

/** Runs the fold and expects it to leave both maps as they were. */
function expectNothingMoved(input: SeenThroughInput) {
  const before = [input.maps.left.slice(), input.maps.right.slice()];
  const fold = foldInFrontOfSeenThrough(input);
  expect(fold.moved).toBe(0);
  expect(fold.target).toBeUndefined();
  expect([input.maps.left, input.maps.right]).toEqual(before);
  return fold;
}

/** Pixel (1, 20) of the left map, on the lattice, left unread. */
function withUnreadPixel(input: SeenThroughInput): SeenThroughInput {
  expect(lattice(1, 20)).toBe(true);
  input.maps.left[20 * W + 1] = Number.NaN;
  return input;
}

/**
 * Expects the whole lattice read at 8 in both views after the fold, but the unread pixel (see withUnreadPixel),
 * which stays unread, and what is seen through its holes (read at 3) where it was read.
 */
function expectLatticeAt8(input: SeenThroughInput, fold: SeenThroughFold) {
  // A few texture pixels of the holes look like their copies by chance: the phase is the lattice's within 0.05.
  expect(fold.target).toBeCloseTo(8, 1);
  expect(count(input.maps.left, lattice, 8)).toBe(LATTICE - 1);
  expect(count(input.maps.right, lattice, 8)).toBe(LATTICE);
  expect(input.maps.left.filter((v, i) => !lattice(i % W, Math.floor(i / W)) && v !== 3)).toHaveLength(0);
  expect(input.maps.left[20 * W + 1]).toBeNaN();
}

describe('foldInFrontOfSeenThrough', () => {
  it('moves a lattice read a period behind the texture seen through its holes to the alias in front, in both views', () => {
    // The true lattice at 8, read at 8 − 12 = −4: behind the ground at 3 that shows through its holes.
    const input = withUnreadPixel(scene(lattice, -4, texturedAt(3)));
    const fold = foldInFrontOfSeenThrough(input);
    expect(fold.behind).toBe(0);
    expect(fold.inFront).toBeGreaterThan(1000);
    expectLatticeAt8(input, fold);
    expect(fold.moved).toBe(2 * LATTICE - 1);
  });

  it('moves only the structure whose holes gave the evidence, not another of another period', () => {
    const input = scene(lattice, -4, texturedAt(3));
    // Columns from 200 on: another structure, of period 20, read at −12 (an alias of the target 8 under its period).
    const other = (i: number) => i % W >= 200;
    for (const side of ['left', 'right'] as const) {
      input.maps[side].forEach((_, i) => {
        if (other(i)) input.maps[side][i] = -12;
      });
      input.periods[side].forEach((_, i) => {
        if (other(i)) input.periods[side][i] = 20;
      });
    }
    const fold = foldInFrontOfSeenThrough(input);
    expect(fold.target).toBeCloseTo(8, 1);
    expect(count(input.maps.left, (x, y) => x < 200 && lattice(x, y), 8)).toBeGreaterThan(
      (0.95 * (LATTICE * 200)) / W,
    );
    expect(input.maps.left.filter((v, i) => other(i) && v !== -12)).toHaveLength(0);
  });

  describe('a lattice read a period behind in one part only', () => {
    // Columns left of `split` (96 unless said) read at −4, a period behind the lattice's 8 that the rest reads:
    // each part's holes show the texture of `farHoles` or `nearHoles`.
    const inParts = (farHoles: Shown, nearHoles: Shown, split = 96) =>
      readAlias(
        scene(lattice, 8, (x, y, texture) => (x < split ? farHoles : nearHoles)(x, y, texture)),
        split,
      );
    const readAlias = (input: SeenThroughInput, split: number) => {
      for (const map of [input.maps.left, input.maps.right])
        map.forEach((v, i) => {
          if (i % W < split && v === 8) map[i] = -4;
        });
      return input;
    };

    it("moves that part to the other part's reading, in both views, where its holes show things in front of it", () => {
      const input = withUnreadPixel(inParts(texturedAt(3), texturedAt(3)));
      const fold = foldInFrontOfSeenThrough(input);
      // Over the whole lattice the evidence is two-sided.
      expect(fold.inFront).toBeGreaterThan(500);
      expect(fold.behind).toBeGreaterThan(500);
      expectLatticeAt8(input, fold);
      // The far part's lattice pixels, in both views, but the unread one.
      const farPart = count(new Float32Array(W * H), (x, y) => x < 96 && lattice(x, y), 0);
      expect(fold.moved).toBe(2 * farPart - 1);
    });

    it('needs the far part one-sided: holes on both sides of it move nothing', () => {
      const bothSides: Shown = (x, y, texture) => texturedAt(holeOf(x, y)[0] % 2 ? 3 : -10)(x, y, texture);
      expectNothingMoved(inParts(bothSides, texturedAt(3)));
    });

    it('needs the near part one-sided: holes on both sides of it move nothing', () => {
      const bothSides: Shown = (x, y, texture) => texturedAt(holeOf(x, y)[0] % 2 ? 3 : 15)(x, y, texture);
      expectNothingMoved(inParts(texturedAt(3), bothSides));
    });

    it('needs as much evidence for the near part as against the far one', () => {
      // The far part is most of the lattice (columns left of 168): its holes outnumber the near part's.
      const fold = expectNothingMoved(inParts(texturedAt(3), texturedAt(3), 168));
      expect(fold.behind).toBeGreaterThanOrEqual(100);
    });

    it("needs the near part's reading in front of what the far part's holes show", () => {
      // The far part's holes show things at 12, in front of both readings.
      expectNothingMoved(inParts(texturedAt(12), texturedAt(3)));
    });
  });

  it('leaves a lattice read in front of what is seen through its holes', () => {
    const fold = expectNothingMoved(scene(lattice, 8, texturedAt(3)));
    expect(fold.inFront).toBe(0);
    expect(fold.behind).toBeGreaterThan(1000);
  });

  it('needs one-sided evidence: holes showing surfaces on both sides of the reading move nothing', () => {
    // Every other column of holes shows a surface behind the lattice's reading, the others one in front of it.
    const fold = expectNothingMoved(
      scene(lattice, -4, (x, y, texture) => texturedAt(holeOf(x, y)[0] % 2 ? 3 : -10)(x, y, texture)),
    );
    expect(fold.inFront).toBeGreaterThan(100);
    expect(fold.behind).toBeGreaterThan(100);
  });

  it('does not take objects in front of a lattice, which interrupt its pattern, for what its holes show', () => {
    // Some holes filled by objects in front of the lattice; the others show a faint wall, neither alike nor unlike
    // from hole to hole: an object's copies a period along are no holes.
    const filled = (x: number, y: number) => [3, 7, 11, 15].includes(holeOf(x, y)[0]);
    const faint: Shown = (_x, _y, texture) => ({ gray: 55 + Math.floor(texture() * 20), reading: 3 });
    const fold = expectNothingMoved(
      scene(lattice, 8, (x, y, texture) => (filled(x, y) ? texturedAt(15) : faint)(x, y, texture)),
    );
    // A few faint pixels next to an object differ from their copies (one of which is the object): a handful pass.
    expect(fold.inFront).toBeLessThan(20);
  });

  it('judges only closed holes: the gaps of bars without rails are left to foldToFront', () => {
    // The same misreading as the first case, bars only: between them is no hole closed above and below.
    const fold = expectNothingMoved(scene(bars, -4, texturedAt(3)));
    expect(fold.inFront).toBe(0);
  });

  it('does not take short dashes of other greys on a plain wall for holes in it', () => {
    // Dashes 2 px wide and 6 rows high, a period apart, each of another grey, read in front of the wall: the wall
    // repeats (and so looks like the structure), the dashes do not, but they are narrower than the wall beside them.
    const dash = (x: number, y: number) =>
      x % PERIOD >= 5 && x % PERIOD < 7 && y % PERIOD >= 3 && y % PERIOD < 9;
    const input = scene(
      (x, y) => !dash(x, y),
      3,
      (x, y) => ({ gray: 80 + ((holeOf(x, y)[0] * 37) % 120), reading: 15 }),
    );
    for (const side of ['left', 'right'] as const) {
      input.grays[side].data.forEach((_, i) => {
        if (!dash(i % W, Math.floor(i / W))) input.grays[side].data[i] = 60;
      });
    }
    const fold = expectNothingMoved(input);
    expect(fold.inFront).toBe(0);
  });
});
