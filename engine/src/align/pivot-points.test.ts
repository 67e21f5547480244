import { describe, expect, it } from 'vitest';
import type { GrayImage } from '../cv/gray';
import { seeded } from '../seeded-random';
import { PATCH, patchAt, rowDetail, zncc } from './pivot-points';

function noise(width: number, height: number, seed: number): GrayImage {
  const random = seeded(seed);
  return {
    data: Uint8Array.from({ length: width * height }, () => Math.floor(random() * 256)),
    width,
    height,
    scale: 1,
  };
}

describe('rowDetail', () => {
  it("gives each pixel the sum of squared horizontal gradients over its patch's row, up to the image's edges", () => {
    const gray = noise(37, 23, 5);
    // Asked for more than the image holds: it clips to where every gradient of the sum lies inside.
    const detail = rowDetail(gray, -3, 50, -2, 30);
    for (let y = 0; y < gray.height; y++) {
      for (let x = PATCH + 1; x < gray.width - PATCH - 1; x++) {
        let sum = 0;
        for (let dx = -PATCH; dx <= PATCH; dx++) {
          const g = gray.data[y * gray.width + x + dx + 1]! - gray.data[y * gray.width + x + dx - 1]!;
          sum += g * g;
        }
        expect(detail.at(x, y)).toBe(sum);
      }
    }
  });
});

describe('zncc', () => {
  const p = 2;
  const gray = noise(30, 20, 9);
  const inverted: GrayImage = { ...gray, data: gray.data.map((v) => 255 - v) };
  const brighter: GrayImage = {
    ...gray,
    data: gray.data.map((v) => Math.min(255, Math.round(v * 0.5 + 60))),
  };

  it('is 1 for the same patch under a change of exposure and -1 for its negative', () => {
    const a = patchAt(gray, p, 10, 8);
    expect(zncc(gray, a, gray, p, 10, 8, 10, 8)).toBeCloseTo(1, 12);
    expect(zncc(gray, a, brighter, p, 10, 8, 10, 8)).toBeGreaterThan(0.999);
    expect(zncc(gray, a, inverted, p, 10, 8, 10, 8)).toBeCloseTo(-1, 12);
    expect(Math.abs(zncc(gray, a, gray, p, 10, 8, 20, 12))).toBeLessThan(0.8);
  });

  it('is undefined (-2) for a flat patch or one that leaves the image', () => {
    const flat: GrayImage = { data: new Uint8Array(30 * 20).fill(90), width: 30, height: 20, scale: 1 };
    expect(patchAt(flat, p, 10, 8)).toBeUndefined();
    expect(patchAt(gray, p, 1, 8)).toBeUndefined();
    expect(patchAt(gray, p, 10, 18)).toBeUndefined();
    const a = patchAt(gray, p, 10, 8);
    expect(zncc(gray, a, flat, p, 10, 8, 10, 8)).toBe(-2);
    expect(zncc(gray, a, gray, p, 10, 8, 28, 8)).toBe(-2);
    expect(zncc(gray, undefined, gray, p, 10, 8, 10, 8)).toBe(-2);
  });
});
