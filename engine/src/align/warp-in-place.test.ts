import { describe, expect, it } from 'vitest';
import type { RawImage } from '../image';
import { seeded } from '../seeded-random';
import { cropImage, type InverseAffine, largestValidRect, type RadialLens } from './warp';
import { warpBilinear } from './warp-bilinear';
import { cropInPlace, warpInPlace } from './warp-in-place';

function noise(width: number, height: number, seed: number): RawImage {
  const random = seeded(seed);
  const data = Uint8Array.from({ length: width * height * 3 }, () => Math.floor(random() * 256));
  return { data, width, height, channels: 3 };
}

const copyOf = (image: RawImage): RawImage => ({ ...image, data: image.data.slice() });

/** Rotation (degrees), scale and offset of a map from output pixels to source pixels. */
function similarityMap(deg: number, scale: number, dx: number, dy: number): InverseAffine {
  const c = scale * Math.cos((deg * Math.PI) / 180);
  const s = scale * Math.sin((deg * Math.PI) / 180);
  return { m00: c, m01: -s, m02: dx, m10: s, m11: c, m12: dy };
}

describe('aligned views written over their sources', () => {
  it('crops in place to the same bytes as a copy, in the same buffer', () => {
    const image = noise(97, 61, 1);
    const rect = { x: 13, y: 7, width: 70, height: 40 };
    const expected = cropImage(image, rect);
    const buffer = image.data.buffer;
    const cropped = cropInPlace(image, rect);
    expect(cropped.data.buffer).toBe(buffer);
    expect(cropped).toMatchObject({ width: 70, height: 40, channels: 3 });
    expect(Buffer.from(cropped.data).equals(Buffer.from(expected.data))).toBe(true);
  });

  // An enlarging map reads its source rows more slowly than the output's rows advance: later output rows read
  // where earlier ones land, which the queue must hold back (both fail when rows are written at once).
  const maps: [string, InverseAffine][] = [
    ['enlarged ×1.04, rotated −2.5°', similarityMap(-2.5, 1 / 1.04, 6.2, 5.1)],
    ['enlarged ×1.08, rotated 2°', similarityMap(2, 1 / 1.08, 3.1, -0.4)],
    ['rotated 3°', similarityMap(3, 1, -4.3, -2.6)],
    ['shrunk ×0.95, rotated 1°, shifted down', similarityMap(1, 1 / 0.95, -1.7, 9.4)],
    ['a sub-pixel shift', similarityMap(0, 1, 0.37, -0.81)],
  ];
  for (const [name, map] of maps) {
    it(`warps in place to the same bytes as warpBilinear: ${name}`, () => {
      const source = noise(240, 160, 2);
      const rect = largestValidRect(240, 160, map, 240, 160);
      if (!rect) throw new Error('no valid rect');
      const expected = warpBilinear(source, map, rect);
      const warped = warpInPlace(source, map, rect);
      expect(warped?.data.buffer).toBe(source.data.buffer);
      expect(warped).toMatchObject({ width: rect.width, height: rect.height });
      expect(Buffer.from(warped!.data).equals(Buffer.from(expected.data))).toBe(true);
    });
  }

  it('warps in place when the output rows are as wide as the source rows', () => {
    const source = noise(200, 120, 3);
    const map = { m00: 1, m01: 0, m02: 0, m10: 0.004, m11: 1, m12: 0.6 };
    const rect = { x: 0, y: 0, width: 200, height: 118 };
    const expected = warpBilinear(copyOf(source), map, rect);
    const warped = warpInPlace(source, map, rect);
    expect(Buffer.from(warped!.data).equals(Buffer.from(expected.data))).toBe(true);
  });

  // Curved maps (a converged rig's keystone, a lens term, both) read their source rows along curves: the queue
  // holds a strip back by a bound sampled on a grid of the output. The source is taller than a strip (256 rows) so
  // that several strips wait on each other.
  const curved: [string, InverseAffine, RadialLens?][] = [
    [
      'a keystone, enlarged ×1.03',
      { ...similarityMap(1.5, 1 / 1.03, 8.2, 6.1), m20: 2e-5, m21: -3e-5, m22: 1 },
    ],
    ['a keystone, shrunk', { ...similarityMap(-1, 1.02, -3.3, 2.2), m20: -4e-5, m21: 2e-5, m22: 1 }],
    ['barrel lens only', similarityMap(0, 1, 0, 0), { k: 0.08, r2: 0, cx: 0, cy: 0 }],
    ['pincushion lens, rotated 2°', similarityMap(2, 1 / 1.02, 5.4, 4.8), { k: -0.06, r2: 0, cx: 0, cy: 0 }],
    [
      'lens and keystone',
      { ...similarityMap(-1.5, 1 / 1.04, 7.7, 9.3), m20: 1e-5, m21: 2e-5, m22: 1 },
      { k: 0.05, r2: 0, cx: 0, cy: 0 },
    ],
  ];
  for (const [name, map, lensTerm] of curved) {
    it(`warps a curved map in place to the same bytes as warpBilinear: ${name}`, () => {
      const [width, height] = [420, 700];
      const lens = lensTerm && {
        ...lensTerm,
        r2: ((width - 1) ** 2 + (height - 1) ** 2) / 4,
        cx: (width - 1) / 2,
        cy: (height - 1) / 2,
      };
      const source = noise(width, height, 5);
      const rect = largestValidRect(width, height, map, width, height, lens && { left: lens, right: lens });
      if (!rect) throw new Error('no valid rect');
      const expected = warpBilinear(copyOf(source), map, rect, lens);
      const warped = warpInPlace(source, map, rect, lens);
      expect(warped?.data.buffer).toBe(source.data.buffer);
      expect(warped).toMatchObject({ width: rect.width, height: rect.height });
      expect(Buffer.from(warped!.data).equals(Buffer.from(expected.data))).toBe(true);
    });
  }

  it('leaves the source untouched for a map whose source rows do not move down with the output', () => {
    const source = noise(60, 40, 4);
    const before = source.data.slice();
    const flipped = { m00: 1, m01: 0, m02: 0, m10: 0, m11: -1, m12: 39 };
    const flippedKeystone = { ...flipped, m20: 1e-4, m21: 0, m22: 1 };
    const rect = { x: 0, y: 0, width: 50, height: 30 };
    expect(warpInPlace(source, flipped, rect)).toBeUndefined();
    expect(warpInPlace(source, flippedKeystone, rect)).toBeUndefined();
    expect(Buffer.from(source.data).equals(Buffer.from(before))).toBe(true);
  });

  it('leaves a source untouched whose buffer cannot hold the output (a smaller view enlarged onto the canvas)', () => {
    // A right view reduced and cropped, aligned onto a larger left canvas: written in place, the rows ran past its
    // buffer ("offset is out of bounds").
    const source = noise(50, 40, 5);
    const before = source.data.slice();
    const rect = { x: 0, y: 0, width: 58, height: 46 };
    expect(warpInPlace(source, similarityMap(0.5, 1 / 1.18, 0.4, 0.2), rect)).toBeUndefined();
    expect(Buffer.from(source.data).equals(Buffer.from(before))).toBe(true);
  });
});
