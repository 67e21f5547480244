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

  it('warps rotated rows in fixed point within two grey levels of exact bilinear sampling, even on pixel noise', () => {
    const width = 300;
    const height = 200;
    const data = new Uint8Array(width * height * 3);
    for (let i = 0; i < data.length; i++) data[i] = (i * 2654435761) >>> 24;
    const source: RawImage = { data, width, height, channels: 3 };
    const th = 0.03;
    const map = {
      m00: 1.01 * Math.cos(th),
      m01: -1.01 * Math.sin(th),
      m02: 20.3,
      m10: 1.01 * Math.sin(th),
      m11: 1.01 * Math.cos(th),
      m12: 7.7,
    };
    const rect = { x: 10, y: 10, width: 240, height: 150 };
    const out = warpBilinear(source, map, rect);
    let worst = 0;
    for (let y = 0; y < rect.height; y++) {
      for (let x = 0; x < rect.width; x++) {
        const px = map.m00 * (rect.x + x) + map.m01 * (rect.y + y) + map.m02;
        const py = map.m10 * (rect.x + x) + map.m11 * (rect.y + y) + map.m12;
        const x0 = Math.floor(px);
        const y0 = Math.floor(py);
        const fx = px - x0;
        const fy = py - y0;
        for (let c = 0; c < 3; c++) {
          const at = (u: number, v: number) => data[(v * width + u) * 3 + c]!;
          const exact =
            (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) +
            (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy;
          worst = Math.max(worst, Math.abs(out.data[(y * rect.width + x) * 3 + c]! - exact));
        }
      }
    }
    // 1/256 px weights on neighbours that differ by up to 255 levels, plus the rounding.
    expect(worst).toBeLessThanOrEqual(2);
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
