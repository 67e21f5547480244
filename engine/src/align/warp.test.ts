import { describe, expect, it } from 'vitest';
import type { RawImage } from '../image';
import { seeded } from '../seeded-random';
import { cropImage, distortPoint, largestValidRect, mapPoint, type RadialLens, type Rect } from './warp';
import { warpBilinear } from './warp-bilinear';

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

/** Largest difference (grey levels) between `out` and exact bilinear sampling of `source` at `positionOf`. */
function worstDeviation(
  source: RawImage,
  out: RawImage,
  rect: Rect,
  positionOf: (x: number, y: number, at: Float64Array) => void,
): number {
  const at = new Float64Array(2);
  let worst = 0;
  for (let y = 0; y < rect.height; y++) {
    for (let x = 0; x < rect.width; x++) {
      positionOf(rect.x + x, rect.y + y, at);
      const x0 = Math.floor(at[0]!);
      const y0 = Math.floor(at[1]!);
      const fx = at[0]! - x0;
      const fy = at[1]! - y0;
      for (let c = 0; c < 3; c++) {
        const v = (u: number, w: number) => source.data[(w * source.width + u) * 3 + c]!;
        const exact =
          (v(x0, y0) * (1 - fx) + v(x0 + 1, y0) * fx) * (1 - fy) +
          (v(x0, y0 + 1) * (1 - fx) + v(x0 + 1, y0 + 1) * fx) * fy;
        worst = Math.max(worst, Math.abs(out.data[(y * rect.width + x) * 3 + c]! - exact));
      }
    }
  }
  return worst;
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
    const worst = worstDeviation(source, out, rect, (x, y, at) => {
      at[0] = map.m00 * x + map.m01 * y + map.m02;
      at[1] = map.m10 * x + map.m11 * y + map.m12;
    });
    // 1/256 px weights on neighbours that differ by up to 255 levels, plus the rounding.
    expect(worst).toBeLessThanOrEqual(2);
  });

  it('stays within a grey level of exact sampling along rows of thousands of pixels, up to the last pixel', () => {
    // Waves of up to 40 levels per pixel: a drift of 1/40 px along the row would cost a level more.
    const width = 5000;
    const height = 12;
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const o = (y * width + x) * 3;
        data[o] = 128 + 100 * Math.sin(x / 2.5 + y / 3);
        data[o + 1] = 128 + 100 * Math.cos(x / 11);
        data[o + 2] = 128 + 100 * Math.sin(x / 5 + y / 3);
      }
    }
    const source: RawImage = { data, width, height, channels: 3 };
    // A step half a fixed-point unit off its rounding and a slight slope. The rows end 10 px inside the source
    // (each is one straight run), then a thousandth of a pixel inside its last row and column (where rounding must
    // not take the last pixel past them).
    const m00 = 1 - 0.5 / 65536;
    const m10 = 0.001;
    const rect = { x: 0, y: 0, width: 4980, height: 6 };
    for (const inside of [10, 0.001]) {
      const end = { x: width - 1 - inside, y: height - 1 - Math.min(1, inside) };
      const last = rect.width - 1;
      const map = { m00, m01: 0, m02: end.x - m00 * last, m10, m11: 1, m12: end.y - 5 - m10 * last };
      const out = warpBilinear(source, map, rect);
      const worst = worstDeviation(source, out, rect, (x, y, at) => {
        at[0] = map.m00 * x + map.m02;
        at[1] = map.m10 * x + y + map.m12;
      });
      expect(worst, `${inside} px inside`).toBeLessThanOrEqual(1);
    }
  });

  it('warps through a lens and a keystone within two grey levels of exact per-pixel sampling', () => {
    // Waves of up to ~20 levels per pixel: a position off by 1/64 px would show as a third of a level.
    const width = 900;
    const height = 600;
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const o = (y * width + x) * 3;
        data[o] = 128 + 100 * Math.sin(x / 5 + y / 9);
        data[o + 1] = 128 + 100 * Math.sin(y / 4);
        data[o + 2] = 128 + 100 * Math.cos((x + y) / 7);
      }
    }
    const source: RawImage = { data, width, height, channels: 3 };
    const cases: { k: number; g: number }[] = [
      { k: 0.04, g: 0 },
      { k: -0.3, g: 0 },
      { k: 0, g: 2e-4 },
    ];
    for (const { k, g } of cases) {
      const lens: RadialLens | undefined =
        k === 0 ? undefined : { k, r2: (width * width + height * height) / 4, cx: 449.5, cy: 299.5 };
      const map = {
        m00: 0.999,
        m01: -0.01,
        m02: 6.2,
        m10: 0.01,
        m11: 0.999,
        m12: 3.4,
        m20: g,
        m21: 0,
        m22: 1,
      };
      const rect = { x: 250, y: 150, width: 400, height: 300 };
      const out = warpBilinear(source, map, rect, lens);
      const worst = worstDeviation(source, out, rect, (x, y, at) => {
        mapPoint(map, x, y, at);
        if (lens) distortPoint(lens, at[0]!, at[1]!, at);
      });
      expect(worst, `k ${k}, g ${g}`).toBeLessThanOrEqual(2);
    }
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

  it('bisects the rows of an affine map to the rectangle that testing every corner finds', () => {
    const random = seeded(44);
    for (let n = 0; n < 60; n++) {
      const th = ((random() - 0.5) * 16 * Math.PI) / 180;
      const s = 0.9 + 0.2 * random();
      // Sizes whose grid step does not divide them (the last corner is clamped), and sources of another size.
      const [width, height] = [1000 + Math.floor(random() * 5000), 700 + Math.floor(random() * 3000)];
      const [sw, sh] = [
        width + Math.floor((random() - 0.5) * 400),
        height + Math.floor((random() - 0.5) * 300),
      ];
      const map = {
        m00: s * Math.cos(th),
        m01: s * Math.sin(th),
        m02: (random() - 0.5) * 300,
        m10: -s * Math.sin(th),
        m11: s * Math.cos(th),
        m12: (random() - 0.5) * 300,
      };
      // A perspective term too small to move any point (1e-300·x + 1 is 1) takes the corner-by-corner test.
      const tested = largestValidRect(width, height, { ...map, m20: 1e-300 }, sw, sh);
      expect(largestValidRect(width, height, map, sw, sh)).toEqual(tested);
    }
    // None inside at all.
    const away = { m00: 1, m01: 0, m02: 5000, m10: 0, m11: 1, m12: 0 };
    expect(largestValidRect(640, 480, away, 640, 480)).toBeUndefined();
  });
});
