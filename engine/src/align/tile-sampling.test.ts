import { describe, expect, it } from 'vitest';
import { lumaAt, sampleLuma } from '../cv/gray';
import type { RawImage } from '../image';
import { seeded } from '../seeded-random';
import { rotatedTile, uprightTile } from './tile-sampling';

function noise(width: number, height: number, channels: 1 | 3, seed: number): RawImage {
  const random = seeded(seed);
  const data = Uint8Array.from({ length: width * height * channels }, () => Math.floor(random() * 256));
  return { data, width, height, channels };
}

const TILE = 48;

describe('tile sampling', () => {
  it('gives the upright tile lumaAt gives, pixel for pixel', () => {
    for (const channels of [1, 3] as const) {
      const image = noise(130, 90, channels, 5);
      const out = new Float32Array(TILE * TILE);
      uprightTile(image, 60, 40, TILE, out);
      for (let v = 0; v < TILE; v++) {
        for (let u = 0; u < TILE; u++) {
          expect(out[v * TILE + u]).toBe(Math.fround(lumaAt(image, 60 + u - 24, 40 + v - 24)));
        }
      }
    }
  });

  it('gives the rotated tile sampleLuma gives, NaN outside the picture included', () => {
    const box = { lumas: new Float64Array(0) };
    const random = seeded(9);
    let nan = 0;
    let inside = 0;
    for (let k = 0; k < 40; k++) {
      const channels = k % 2 === 0 ? 3 : 1;
      const image = noise(120 + k, 80 + 2 * k, channels, k);
      // Rotations up to ~10 degrees and scales of 0.8-1.25, centres inside, near and across every edge.
      const angle = (random() - 0.5) * 0.35;
      const scale = 0.8 + random() * 0.45;
      const a = scale * Math.cos(angle);
      const b = scale * Math.sin(angle);
      const cx = -10 + random() * (image.width + 20);
      const cy = -10 + random() * (image.height + 20);
      const out = new Float32Array(TILE * TILE);
      rotatedTile(image, cx, cy, a, b, TILE, out, box);
      for (let v = 0; v < TILE; v++) {
        for (let u = 0; u < TILE; u++) {
          const dx = u - 24;
          const dy = v - 24;
          const want = Math.fround(sampleLuma(image, cx + a * dx + b * dy, cy - b * dx + a * dy));
          expect(out[v * TILE + u]).toBe(want);
          if (Number.isNaN(want)) nan++;
          else inside++;
        }
      }
    }
    // Both kinds of sample were compared: the tiles reach past the edges as well as inside.
    expect(nan).toBeGreaterThan(1000);
    expect(inside).toBeGreaterThan(nan);
  });

  it('samples a picture too small for a box of two pixels as sampleLuma does', () => {
    const image = noise(1, 30, 1, 3);
    const out = new Float32Array(TILE * TILE);
    rotatedTile(image, 0, 15, 1, 0, TILE, out, { lumas: new Float64Array(0) });
    for (let v = 0; v < TILE; v++) {
      for (let u = 0; u < TILE; u++) {
        expect(out[v * TILE + u]).toBe(Math.fround(sampleLuma(image, u - 24, 15 + v - 24)));
      }
    }
  });
});
