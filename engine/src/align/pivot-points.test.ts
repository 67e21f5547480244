import { describe, expect, it } from 'vitest';
import type { GrayImage } from '../cv/gray';
import { seeded } from '../seeded-random';
import { PATCH, rowDetail } from './pivot-points';

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
