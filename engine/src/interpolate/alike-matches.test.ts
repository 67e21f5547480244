import { describe, expect, it } from 'vitest';
import type { FeatureMatches } from '../align/features';
import type { GrayImage } from '../cv/gray';
import { seeded } from '../seeded-random';
import { matchesAlikeAt } from './alike-matches';

const WIDTH = 240;
const HEIGHT = 40;

/** A left view of `level(x, y)` and the right one it makes at disparity `d` (right x = left x − d). */
function pair(level: (x: number, y: number) => number, d: number): { left: GrayImage; right: GrayImage } {
  const view = (shift: number): GrayImage => {
    const data = new Uint8Array(WIDTH * HEIGHT);
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) data[y * WIDTH + x] = Math.round(level(x + shift, y));
    }
    return { data, width: WIDTH, height: HEIGHT, scale: 1 };
  };
  return { left: view(0), right: view(d) };
}

/** Features at `xs` on row 20 of the left view, matched at disparity `d`. */
function matchedAt(xs: number[], d: number): FeatureMatches {
  return {
    leftX: Float64Array.from(xs),
    leftY: Float64Array.from(xs, () => 20),
    rightX: Float64Array.from(xs, (x) => x - d),
    rightY: Float64Array.from(xs, () => 20),
    leftKeypoints: xs.length,
    rightKeypoints: xs.length,
  };
}

describe('features alike at another disparity', () => {
  it('says a repeated pattern matched two periods off matches as well at its own disparity', () => {
    // Bars every 16 px at disparity 5, their corners matched at 37.
    const { left, right } = pair((x) => (((x % 16) + 16) % 16 < 4 ? 220 : 60), 5);
    const m = matchedAt([90, 110, 130, 150, 170], 37);
    expect(matchesAlikeAt(left, right, m, 37, 5)).toBe(true);
  });

  it('says a textured surface does not match a period or two from its disparity', () => {
    const random = seeded(7);
    const noise = Float64Array.from({ length: (WIDTH + 80) * HEIGHT }, () => 40 + 180 * random());
    const { left, right } = pair((x, y) => noise[y * (WIDTH + 80) + x + 40]!, 5);
    const m = matchedAt([90, 110, 130, 150, 170], 5);
    expect(matchesAlikeAt(left, right, m, 5, 37)).toBe(false);
    expect(matchesAlikeAt(left, right, m, 5, 21)).toBe(false);
  });

  it('says nothing is alike when no feature of the bin can be compared', () => {
    const { left, right } = pair((x) => (x % 16 < 4 ? 220 : 60), 5);
    // Matched at 37, but 37 px left of x = 30 is outside the right view; and no feature lies in bin 12.
    expect(matchesAlikeAt(left, right, matchedAt([30], 37), 37, 5)).toBe(false);
    expect(matchesAlikeAt(left, right, matchedAt([90], 37), 12, 5)).toBe(false);
  });
});
