import { describe, expect, it } from 'vitest';
import { seeded } from '../seeded-random';
import { census5x5, halfStepCensus } from './census';

/** The census as defined, every neighbour clamped to the picture: the reference for census5x5's two paths. */
function clampedCensus(data: ArrayLike<number>, w: number, h: number): Uint32Array {
  const at = (x: number, y: number) =>
    data[Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))]!;
  return Uint32Array.from({ length: w * h }, (_, i) => {
    const x = i % w;
    const y = Math.floor(i / w);
    let bits = 0;
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) {
        if (dx !== 0 || dy !== 0) bits = bits * 2 + (at(x + dx, y + dy) < at(x, y) ? 1 : 0);
      }
    }
    return bits;
  });
}

describe('census5x5', () => {
  // Sizes with no inside (under 5 px), a one-pixel inside and a larger one; few grey levels, so ties occur.
  const sizes = [
    [1, 1],
    [4, 3],
    [5, 5],
    [6, 9],
    [37, 23],
  ] as const;

  it('gives each pixel the bits of its darker neighbours, clamped at the edges', () => {
    for (const [w, h] of sizes) {
      const random = seeded(w * 31 + h);
      const grey = Uint8Array.from({ length: w * h }, () => Math.floor(random() * 6));
      expect(census5x5(grey, w, h), `${w}x${h}`).toEqual(clampedCensus(grey, w, h));
    }
  });

  it('codes the picture half a pixel to the right from the sums of neighbouring pixels', () => {
    for (const [w, h] of sizes) {
      const random = seeded(w * 17 + h);
      const grey = Uint8Array.from({ length: w * h }, () => Math.floor(random() * 6));
      const sums = Uint16Array.from(grey, (v, i) => v + ((i + 1) % w === 0 ? v : grey[i + 1]!));
      expect(halfStepCensus(grey, w, h), `${w}x${h}`).toEqual(clampedCensus(sums, w, h));
    }
  });
});
