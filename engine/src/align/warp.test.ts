import { describe, expect, it } from 'vitest';
import type { RawImage } from '../image';
import { cropImage, largestValidRect, warpBilinear } from './warp';

function ramp(width: number, height: number): RawImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      data[o] = x;
      data[o + 1] = y;
      data[o + 2] = (x + y) & 255;
    }
  }
  return { data, width, height, channels: 3 };
}

describe('warp helpers', () => {
  it('resamples bilinearly at the mapped position (sub-pixel translation)', () => {
    const source = ramp(100, 80);
    const map = { m00: 1, m01: 0, m02: 10.5, m10: 0, m11: 1, m12: 3.25 };
    const out = warpBilinear(source, map, { x: 0, y: 0, width: 50, height: 40 });
    // Pixel (4, 7) reads source (14.5, 10.25): x ramp → 14.5, y ramp → 10.25 (rounded to nearest).
    const o = (7 * 50 + 4) * 3;
    expect(out.data[o]).toBe(15);
    expect(out.data[o + 1]).toBe(10);
  });

  it('crops by row copies', () => {
    const out = cropImage(ramp(100, 80), { x: 20, y: 30, width: 10, height: 5 });
    expect([out.width, out.height]).toEqual([10, 5]);
    expect([out.data[0], out.data[1]]).toEqual([20, 30]);
  });

  it('finds the largest rectangle whose pixels all map inside the source', () => {
    const identity = { m00: 1, m01: 0, m02: 0, m10: 0, m11: 1, m12: 0 };
    expect(largestValidRect(640, 480, identity, 640, 480)).toEqual({ x: 0, y: 0, width: 640, height: 480 });

    const shifted = { ...identity, m02: 30 };
    const r = largestValidRect(640, 480, shifted, 640, 480)!;
    expect(r.x + r.width + 30).toBeLessThanOrEqual(640);
    expect(r.width).toBeGreaterThan(600);

    const th = (3 * Math.PI) / 180;
    const rotate = {
      m00: Math.cos(th),
      m01: Math.sin(th),
      m02: 0,
      m10: -Math.sin(th),
      m11: Math.cos(th),
      m12: 0,
    };
    rotate.m02 = 320 - (rotate.m00 * 320 + rotate.m01 * 240);
    rotate.m12 = 240 - (rotate.m10 * 320 + rotate.m11 * 240);
    const rr = largestValidRect(640, 480, rotate, 640, 480)!;
    for (const [x, y] of [
      [rr.x, rr.y],
      [rr.x + rr.width - 1, rr.y],
      [rr.x, rr.y + rr.height - 1],
      [rr.x + rr.width - 1, rr.y + rr.height - 1],
    ] as const) {
      const sx = rotate.m00 * x + rotate.m01 * y + rotate.m02;
      const sy = rotate.m10 * x + rotate.m11 * y + rotate.m12;
      expect(sx).toBeGreaterThanOrEqual(0);
      expect(sy).toBeGreaterThanOrEqual(0);
      expect(sx).toBeLessThanOrEqual(639);
      expect(sy).toBeLessThanOrEqual(479);
    }
    expect(rr.width * rr.height).toBeGreaterThan(0.8 * 640 * 480);
  });
});
