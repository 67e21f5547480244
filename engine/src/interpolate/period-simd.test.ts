import { describe, expect, it } from 'vitest';
import { seeded } from '../seeded-random';
import { lagProductsOnKernel } from './period-simd';

describe('lagProductsOnKernel', () => {
  it('gives the row sums of g(x)·g(x + lag) that JS computes, for every lag, band and row count', () => {
    const random = seeded(11);
    for (const [w, h] of [
      [37, 9],
      [640, 24],
      [203, 17],
    ] as const) {
      // The gradient's extremes (±1020) included: the products and their sums must not wrap.
      const g = Int16Array.from({ length: w * h }, () =>
        random() < 0.1 ? (random() < 0.5 ? -1020 : 1020) : Math.round((random() - 0.5) * 2040),
      );
      const products = lagProductsOnKernel(g, w, h)!;
      expect(products).toBeDefined();
      for (const [y0, y1] of [
        [0, 8],
        [h - 1, h],
        [h - 8, h],
        [3, 5],
      ] as const) {
        for (const lag of [0, 1, 5, 17, Math.min(80, w - 2)]) {
          const count = w - 1 - lag;
          const got = products(y0, y1, lag, count).slice(0, count);
          const want = Int32Array.from({ length: count }, (_, x) => {
            let sum = 0;
            for (let y = y0; y < y1; y++) sum += g[y * w + x]! * g[y * w + x + lag]!;
            return sum;
          });
          expect(got).toEqual(want);
        }
      }
    }
  });
});
