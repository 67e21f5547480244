import { describe, expect, it } from 'vitest';
import type { GrayImage } from '../cv/gray';
import { seeded } from '../seeded-random';
import { shiftedView } from '../testing/gray-pair';
import { cornerKeypoints } from './corner-features';
import { matchFeatures } from './features';

const WIDTH = 360;
const HEIGHT = 240;

/** Random grey levels in square blocks of `block` px. */
function blocks(block: number, seed: number): Uint8Array {
  const random = seeded(seed);
  const across = Math.ceil(WIDTH / block);
  const levels = Array.from({ length: across * Math.ceil(HEIGHT / block) }, () => Math.floor(random() * 256));
  return Uint8Array.from({ length: WIDTH * HEIGHT }, (_, i) => {
    const x = i % WIDTH;
    const y = (i - x) / WIDTH;
    return levels[Math.floor(y / block) * across + Math.floor(x / block)]!;
  });
}

const gray = (data: Uint8Array, width = WIDTH, height = HEIGHT): GrayImage => ({
  data,
  width,
  height,
  scale: 1,
});

/**
 * The matches between `left` and its copy `shift` px along the rows: their disparities (left x − right x), and
 * whether each was found at full size (whole pixels; the half-size copy's keypoints lie on half pixels).
 */
function matchedDisparities(left: Uint8Array, shift: number, max = 800): { d: number; full: boolean }[] {
  const right = shiftedView(left, WIDTH, HEIGHT, { dx: shift, dy: 0 });
  const m = matchFeatures(cornerKeypoints(gray(left), max), cornerKeypoints(gray(right), max), HEIGHT, 0.01);
  return Array.from(m.leftX, (x, i) => ({ d: x - m.rightX[i]!, full: x % 1 === 0 }));
}

describe('corner keypoints', () => {
  it('match a picture to its copy moved along the rows, at the shift', () => {
    const matches = matchedDisparities(blocks(5, 1), 9);
    expect(matches.length).toBeGreaterThan(200);
    // To the pixel at full size; at half size, to its 2 px.
    const full = matches.filter((m) => m.full);
    expect(full.length).toBeGreaterThan(150);
    expect(full.filter((m) => m.d === 9).length / full.length).toBeGreaterThan(0.95);
    expect(matches.filter((m) => Math.abs(m.d - 9) <= 1).length / matches.length).toBeGreaterThan(0.95);
  });

  it('find coarse texture at half size too, placed on the full grid', () => {
    // Blocks of 14 px: the half-size copy has corners of its own; its keypoints lie on half pixels of the full grid.
    const texture = blocks(14, 2);
    const found = cornerKeypoints(gray(texture), 600);
    const halves = Array.from(found.x).filter((x) => x % 1 === 0.5).length;
    expect(halves).toBeGreaterThan(20);
    const matches = matchedDisparities(texture, 12, 600);
    expect(matches.filter((m) => !m.full).length).toBeGreaterThan(10);
    expect(matches.filter((m) => Math.abs(m.d - 12) <= 1).length / matches.length).toBeGreaterThan(0.95);
  });

  it('keep at most the number asked, each with its whole patch inside the picture', () => {
    const found = cornerKeypoints(gray(blocks(3, 3)), 150);
    expect(found.count).toBe(150);
    expect(found.words.length).toBe(150 * 8);
    for (let k = 0; k < found.count; k++) {
      expect(
        Math.min(found.x[k]!, found.y[k]!, WIDTH - 1 - found.x[k]!, HEIGHT - 1 - found.y[k]!),
      ).toBeGreaterThan(15);
    }
  });

  it('find none on a flat picture or one too small for a patch', () => {
    expect(cornerKeypoints(gray(new Uint8Array(WIDTH * HEIGHT).fill(90)), 500).count).toBe(0);
    expect(cornerKeypoints(gray(blocks(5, 4).subarray(0, 30 * 30), 30, 30), 500).count).toBe(0);
  });
});
