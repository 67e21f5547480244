import { describe, expect, it } from 'vitest';
import { seeded } from '../seeded-random';
import { descriptorDistance, popcount, runDistances } from './hamming';

function descriptors(count: number, seed: number): Uint32Array {
  const random = seeded(seed);
  return Uint32Array.from({ length: count * 8 }, () => Math.floor(random() * 2 ** 32));
}

describe('Hamming distances of 256-bit descriptors', () => {
  it('counts the set bits of a word', () => {
    expect([0, 1, 0xff, 0x80000001, 0xffffffff].map(popcount)).toEqual([0, 1, 8, 2, 32]);
  });

  it('gives runs of distances in the given order, equal to the JS distance', () => {
    const left = descriptors(40, 1);
    const right = descriptors(300, 2);
    // A reordered copy of a left descriptor (distance 0) and one differing in a single bit of each word.
    right.set(left.subarray(8, 16), 17 * 8);
    right.set(
      left.subarray(16, 24).map((w) => w ^ 0x100),
      33 * 8,
    );
    const order = Int32Array.from({ length: 300 }, (_, s) => (s * 7) % 300);
    const distances = runDistances(left, right, order);
    for (const [i, lo, hi] of [
      [0, 0, 300],
      [1, 5, 77],
      [2, 290, 300],
      [39, 120, 120],
    ] as const) {
      const run = Array.from(distances(i, lo, hi).subarray(0, hi - lo));
      const expected = Array.from({ length: hi - lo }, (_, k) =>
        descriptorDistance(left, i * 8, right, order[lo + k]! * 8, Number.POSITIVE_INFINITY),
      );
      expect(run).toEqual(expected);
    }
    const at = (j: number) => order.indexOf(j);
    expect(distances(1, at(17), at(17) + 1)[0]).toBe(0);
    expect(distances(2, at(33), at(33) + 1)[0]).toBe(8);
  });
});
