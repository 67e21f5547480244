import { describe, expect, it } from 'vitest';
import type { RawImage } from '../image';
import { seeded } from '../seeded-random';
import { bilinearKernel } from './bilinear-simd';
import { type InverseAffine, type RadialLens, type Rect, warpOf, warpRow } from './warp';
import { warpBilinear } from './warp-bilinear';

function noise(width: number, height: number, seed: number): RawImage {
  const random = seeded(seed);
  const data = Uint8Array.from({ length: width * height * 3 }, () => Math.floor(random() * 256));
  return { data, width, height, channels: 3 };
}

/** The JS loop's rows (warp.ts), one call per row: the reference the kernel must match byte for byte. */
function rowByRow(source: RawImage, map: InverseAffine, rect: Rect, lens?: RadialLens): Uint8Array {
  const warp = warpOf(source, map, lens, new Uint8Array(rect.width * rect.height * 3));
  for (let y = 0; y < rect.height; y++) warpRow(warp, rect, y, y * rect.width);
  return warp.out;
}

describe('the warp in WebAssembly SIMD', () => {
  it('is available on the Node versions the engine runs on', () => {
    expect(bilinearKernel()).toBeDefined();
  });

  // Wider than an anchor stretch (512 px) and taller than a strip (256 rows); rects that reach past the valid
  // region make rows the kernel must leave to the clamped JS path, in the middle of its strips.
  const source = noise(1300, 700, 3);
  const cases: [string, InverseAffine, Rect, RadialLens?][] = [
    [
      'rotated 1.3°, enlarged, inside the source',
      { m00: 0.99, m01: -0.0225, m02: 14.6, m10: 0.0225, m11: 0.99, m12: 3.3 },
      { x: 5, y: 4, width: 1260, height: 660 },
    ],
    [
      'rotated −2°, shrunk, past the top and bottom edges',
      { m00: 1.02, m01: 0.0356, m02: 2.1, m10: -0.0356, m11: 1.02, m12: -9.7 },
      { x: 0, y: 0, width: 1200, height: 700 },
    ],
    [
      'a shift of exactly half a pixel and a thousandth',
      { m00: 1, m01: 0, m02: 0.5, m10: 0, m11: 1, m12: 0.001 },
      { x: 0, y: 0, width: 1299, height: 699 },
    ],
    // Curved maps: straight stretches between knots, some of them clamped where the lens bends rows out of the picture.
    [
      'through a barrel lens, rotated 0.5°',
      { m00: 1, m01: -0.0087, m02: 4.2, m10: 0.0087, m11: 1, m12: -1.6 },
      { x: 0, y: 0, width: 1300, height: 700 },
      { k: -0.04, r2: 650 ** 2 + 350 ** 2, cx: 650, cy: 350 },
    ],
    [
      'with a keystone',
      { m00: 1.01, m01: 0.004, m02: 3.1, m10: -0.004, m11: 1.01, m12: 2.2, m20: 2e-5, m21: -1.5e-5, m22: 1 },
      { x: 10, y: 8, width: 1250, height: 670 },
    ],
  ];
  for (const [name, map, rect, lens] of cases) {
    it(`gives the same bytes as the JS loop: ${name}`, () => {
      const expected = rowByRow(source, map, rect, lens);
      const out = warpBilinear(source, map, rect, lens);
      expect(out).toMatchObject({ width: rect.width, height: rect.height, channels: 3 });
      const differing = out.data.findIndex((v, i) => v !== expected[i]);
      expect(differing).toBe(-1);
    });
  }
});
