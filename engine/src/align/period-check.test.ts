import { describe, expect, it } from 'vitest';
import type { GrayImage } from '../cv/gray';
import { barrelView } from '../cv/synthetic-scene';
import { seeded } from '../seeded-random';
import { grayPair, shiftedView } from '../testing/gray-pair';
import type { Keypoints } from './features';
import { guideByModel } from './guided-fit';
import { latticeOffsets } from './lattice-offsets';
import { resolvePeriod } from './period-check';
import { preference, rowConsistency } from './row-consistency';

/** Keypoints at the given positions with the given descriptors (8 words each). */
function keypoints(points: [number, number][], words: Uint32Array): Keypoints {
  return {
    x: Float64Array.from(points, ([x]) => x),
    y: Float64Array.from(points, ([, y]) => y),
    words,
    count: points.length,
  };
}

function randomWords(n: number, seed: number): Uint32Array {
  const random = seeded(seed);
  return Uint32Array.from({ length: n * 8 }, () => Math.floor(random() * 2 ** 32));
}

describe('latticeOffsets', () => {
  const random = seeded(5);
  const n = 300;
  const left = Array.from(
    { length: n },
    () => [40 + random() * 900, 60 + random() * 500] as [number, number],
  );
  const words = randomWords(n, 6);
  const identity = (_x: number, y: number) => y;
  const column = (x: number) => x;

  it('finds the rows where a repeating pattern matches again (a board one period lower)', () => {
    // Every feature appears in the right view 12 px left (parallax) and again 23 px lower (the next period).
    const right = [...left.map(([x, y]) => [x - 12, y]), ...left.map(([x, y]) => [x - 12, y + 23])] as [
      number,
      number,
    ][];
    const both = new Uint32Array(2 * n * 8);
    both.set(words);
    both.set(words, n * 8);
    const offsets = latticeOffsets(keypoints(left, words), keypoints(right, both), identity, column, 60, 100);
    expect(offsets[0]).toBe(-23);
  });

  it('finds none for unique features', () => {
    const right = left.map(([x, y]) => [x - 12, y] as [number, number]);
    expect(
      latticeOffsets(keypoints(left, words), keypoints(right, words), identity, column, 60, 100),
    ).toEqual([]);
  });
});

describe('rowConsistency', () => {
  // A textured picture and its right view: every row shifted 10 px left (parallax), rows unchanged.
  const w = 320;
  const h = 240;
  const random = seeded(9);
  const texture = Uint8Array.from({ length: w * h }, () => random() * 255);
  const {
    grays: { left, right },
    frames,
  } = grayPair(texture, shiftedView(texture, w, h, { dx: 10, dy: 0 }), w, h);
  const range = { min: -20, max: 30 };

  it('prefers the model that puts the content on the same rows over one several rows off', () => {
    const truth = rowConsistency(left, right, { a: 1, b: 0, tx: 0, ty: 0 }, frames, range);
    const off = rowConsistency(left, right, { a: 1, b: 0, tx: 0, ty: 6 }, frames, range);
    expect(preference(truth, off)).toBeGreaterThan(0.5);
    expect(preference(off, truth)).toBeLessThan(-0.5);
    expect(preference(truth, truth)).toBe(0);
  });

  it('rectifies through the lens both views share, as the aligned output is made', () => {
    // Both views bent by one barrel lens: rows curve towards the corners, and only the lens term levels them.
    const k = 0.16;
    const bent = (image: GrayImage): GrayImage => {
      const view = barrelView({ data: image.data, width: w, height: h, channels: 1 }, k);
      return { ...image, data: view.data };
    };
    const [l, r] = [bent(left), bent(right)];
    const identity = { a: 1, b: 0, tx: 0, ty: 0 };
    const r2 = (w * w + h * h) / 4;
    const lens = rowConsistency(l, r, identity, frames, range, { lens: { k, r2 } });
    const flat = rowConsistency(l, r, identity, frames, range);
    expect(preference(lens, flat)).toBeGreaterThan(0.05);
    expect(preference(flat, lens)).toBeLessThan(-0.05);
    // Without a lens term the curved path samples as the plain one does (but for rounding at the borders).
    const curved = rowConsistency(left, right, { ...identity, g: 1e-12 }, frames, range);
    expect(Math.abs(preference(curved, rowConsistency(left, right, identity, frames, range)))).toBeLessThan(
      0.01,
    );
  });
});

describe('resolvePeriod', () => {
  // A textured picture whose right view shows every left point 10 px left and 20 rows up: the true model has
  // ty = 20, and a first model at ty = 0 holds matches among keypoints that repeat on the left's own rows.
  const w = 320;
  const h = 240;
  const random = seeded(21);
  const texture = Uint8Array.from({ length: w * h }, () => random() * 255);
  const { grays, frames } = grayPair(texture, shiftedView(texture, w, h, { dx: 10, dy: 20 }), w, h);
  const n = 200;
  const left = Array.from(
    { length: n },
    () => [30 + random() * 260, 40 + random() * 180] as [number, number],
  );
  const words = randomWords(n, 22);

  /** The first model's answer when the first `repeated` left keypoints also show at their true rows. */
  function resolved(repeated: number) {
    const onOwnRows = left.map(([x, y]) => [x - 10, y] as [number, number]);
    const atTrueRows = left.slice(0, repeated).map(([x, y]) => [x - 10, y - 20] as [number, number]);
    const both = new Uint32Array((n + repeated) * 8);
    both.set(words);
    both.set(words.subarray(0, repeated * 8), n * 8);
    const keys = { left: keypoints(left, words), right: keypoints([...onOwnRows, ...atTrueRows], both) };
    const first = guideByModel(keys.left, keys.right, { a: 1, b: 0, tx: 0, ty: 0 }, frames, 100);
    return resolvePeriod(grays, keys, first, frames, 100).model.ty;
  }

  it('takes the rows the views agree on when the candidate holds as many matches as the first model', () => {
    expect(Math.abs(resolved(n) - 20)).toBeLessThan(0.5);
  });

  it('keeps the first model when the candidate holds far fewer of the matches, whatever the views say', () => {
    // Half the keypoints repeat at the candidate's rows: on a fence whose bars vote for no row, such a candidate
    // won the dense vote by 2.4 % of the pixels and left the pair 19.6 px off.
    expect(Math.abs(resolved(n / 2))).toBeLessThan(0.5);
  });
});
