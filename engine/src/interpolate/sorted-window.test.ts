import { describe, expect, it } from 'vitest';
import { selectNth } from '../select-nth';
import { SortedWindow } from './sorted-window';

/** A reproducible stream of readings: sub-pixel values, repeats, whole numbers and zeros of both signs. */
function readings(seed: number, n: number): number[] {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  return Array.from({ length: n }, () => {
    const r = next();
    if (r < 0.1) return 0;
    if (r < 0.15) return -0;
    if (r < 0.4) return Math.round(40 * next() - 10);
    return Math.fround(80 * next() - 30);
  });
}

describe('SortedWindow', () => {
  it('gives the order statistics selectNth finds while the window slides over a stream of readings', () => {
    const stream = readings(7, 2000);
    const window = new SortedWindow(200);
    const span = 150;
    for (let start = 0; start + span <= stream.length; start += 7) {
      if (start === 0) for (const v of stream.slice(0, span)) window.add(v);
      else {
        for (const v of stream.slice(start - 7, start)) window.remove(v);
        for (const v of stream.slice(start + span - 7, start + span)) window.add(v);
      }
      const values = Float32Array.from(stream.slice(start, start + span));
      expect(window.size).toBe(span);
      // Equal as numbers: of two zeros, either sign may stand at a rank (the fold only subtracts and compares them).
      const ranks = [0, 22, 75, 127, span - 1];
      expect(ranks.map((k) => window.at(k) === selectNth(values.slice(), span, k))).toEqual(
        ranks.map(() => true),
      );
    }
  });

  it('takes a window filled anew and sorted, then slides from it', () => {
    const window = new SortedWindow(8);
    window.into().set([5, -2.5, 3, 3, 0.25]);
    window.sortFilled(5);
    expect([0, 1, 2, 3, 4].map((k) => window.at(k))).toEqual([-2.5, 0.25, 3, 3, 5]);
    window.remove(3);
    window.add(1);
    window.remove(5);
    expect(window.size).toBe(4);
    expect([0, 1, 2, 3].map((k) => window.at(k))).toEqual([-2.5, 0.25, 1, 3]);
  });
});
