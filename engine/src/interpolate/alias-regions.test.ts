import { describe, expect, it } from 'vitest';
import { FLAT_COLOUR, regionsOf, stepEdged } from './alias-regions';

const WIDTH = 24;
const HEIGHT = 20;

/** Grey levels of an RGB picture, as the grid's grey copy weighs them (BT.601). */
function greyOf(rgb: Uint8Array): Uint8Array {
  return Uint8Array.from({ length: rgb.length / 3 }, (_, i) =>
    Math.round(0.299 * rgb[3 * i]! + 0.587 * rgb[3 * i + 1]! + 0.114 * rgb[3 * i + 2]!),
  );
}

/** A flat wall of colour `wall` with a board of colour `board` over columns 8–13 of every row. */
function boardOnWall(
  board: [number, number, number],
  wall: [number, number, number],
): { rgb: Uint8Array; grey: Uint8Array } {
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let i = 0; i < WIDTH * HEIGHT; i++) {
    const x = i % WIDTH;
    rgb.set(x >= 8 && x < 14 ? board : wall, 3 * i);
  }
  return { rgb, grey: greyOf(rgb) };
}

/** The region holding pixel (x, y), as its members, or undefined when that pixel lies in none. */
function regionAt(regions: ReturnType<typeof regionsOf>, x: number, y: number) {
  const number = regions.label[y * WIDTH + x];
  return regions.regions.find((r) => r.region === number)?.pixels;
}

describe('flat regions in colour', () => {
  // A green board as bright as the grey-green wall behind it (grey 128 and 127): a board of a random painted fence
  // that the grey copy hardly shows (the interpolation bench's random draw 9090, its tenth scene).
  const green: [number, number, number] = [69, 157, 131];
  const greyGreen: [number, number, number] = [105, 144, 128];

  it('keeps a board apart from a wall of its brightness in another hue, as grey alone does not', () => {
    const { rgb, grey } = boardOnWall(green, greyGreen);
    expect(Math.abs(grey[8]! - grey[0]!)).toBeLessThanOrEqual(3);
    const inGrey = regionsOf(grey, WIDTH, 3, 12);
    expect(regionAt(inGrey, 10, 5)?.length).toBe(WIDTH * HEIGHT);
    const inColour = regionsOf(grey, WIDTH, 3, 12, { rgb, tolerance: FLAT_COLOUR });
    const board = regionAt(inColour, 10, 5);
    expect(board?.length).toBe(6 * HEIGHT);
    expect(board?.every((i) => i % WIDTH >= 8 && i % WIDTH < 14)).toBe(true);
  });

  it('counts a step of hue at the edges of a board as bright as its wall', () => {
    const { rgb, grey } = boardOnWall(green, greyGreen);
    const regions = regionsOf(grey, WIDTH, 3, 12, { rgb, tolerance: FLAT_COLOUR });
    const board = regionAt(regions, 10, 5)!;
    expect(stepEdged({ data: grey, width: WIDTH, height: HEIGHT, scale: 1 }, rgb, regions.label, board)).toBe(
      true,
    );
  });

  it('does not count the shading of one colour as a step of hue', () => {
    // A patch of a red wall 10 % brighter than the rest: its red steps by 20 levels, its grey by 9, its hue not at
    // all. A patch of texture, not a part of its own.
    const { rgb, grey } = boardOnWall([220, 44, 44], [200, 40, 40]);
    const regions = regionsOf(grey, WIDTH, 3, 12, { rgb, tolerance: FLAT_COLOUR });
    const patch = regionAt(regions, 10, 5)!;
    expect(patch.length).toBe(6 * HEIGHT);
    expect(stepEdged({ data: grey, width: WIDTH, height: HEIGHT, scale: 1 }, rgb, regions.label, patch)).toBe(
      false,
    );
  });
});
