import { describe, expect, it } from 'vitest';
import { seeded } from './seeded-random';
import { selectNth } from './select-nth';

/** What a numeric sort puts at k (the reference selectNth must agree with). */
function sortedAt(values: ArrayLike<number>, k: number): number {
  return Float64Array.from(values).sort()[k]!;
}

describe('selectNth', () => {
  it('finds what a sort puts at every index, with repeats, negatives and infinities', () => {
    const random = seeded(9);
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(random() * 60);
      // Few distinct levels on some trials: long runs of equal values are the partition's hard case.
      const levels = trial % 3 === 0 ? 3 : 1000;
      const values = Float64Array.from({ length: n }, () => {
        const r = random();
        if (r < 0.03) return Number.POSITIVE_INFINITY;
        if (r < 0.06) return Number.NEGATIVE_INFINITY;
        return Math.floor(random() * levels) - levels / 2 + 0.25;
      });
      for (let k = 0; k < n; k++) {
        expect(selectNth(values.slice(), n, k)).toBe(sortedAt(values, k));
      }
    }
  });

  it('reads only the first n values and keeps them all (it reorders, never loses one)', () => {
    const values = Float32Array.from([5, 1, 4, 2, 3, -100, 100]);
    expect(selectNth(values, 5, 0)).toBe(1);
    expect(selectNth(values, 5, 4)).toBe(5);
    expect(Array.from(values.subarray(0, 5)).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(Array.from(values.subarray(5))).toEqual([-100, 100]);
  });

  it('handles sorted, reversed and constant inputs of a few thousand values', () => {
    const n = 4001;
    const ascending = Float64Array.from({ length: n }, (_, i) => i);
    const descending = Float64Array.from({ length: n }, (_, i) => n - i);
    const constant = new Float64Array(n).fill(7);
    expect(selectNth(ascending, n, n >> 1)).toBe(2000);
    expect(selectNth(descending, n, n >> 1)).toBe(2001);
    expect(selectNth(constant, n, 17)).toBe(7);
  });
});
