import { describe, expect, it } from 'vitest';
import type { RawImage } from '../image';
import { edgeCodes } from './fine-edges';
import { synthesizeView, type ViewDisparity } from './view-synthesis';
import { OWN_CELL } from './view-visibility';

const SCALE = 3;
const GW = 40;
const GH = 4;
const WIDTH = GW * SCALE;
/** Disparity of the bar: 4 grid px, 12 full-size px. */
const BAR = 4;
/** The code of a pixel that reads the cell left of its own. */
const LEFT_CELL = OWN_CELL - 1;

/**
 * A bar of level `bar` over full-size columns [from, to) on a background of level `background`, or with `ramp` of
 * level 40 + x / 2 (a pixel's level then tells where the background was read), grey in RGB.
 */
function barImage(from: number, to: number, bar: number, background: number | 'ramp' = 'ramp'): RawImage {
  const data = new Uint8Array(WIDTH * GH * SCALE * 3);
  for (let y = 0; y < GH * SCALE; y++)
    for (let x = 0; x < WIDTH; x++) {
      const level =
        x >= from && x < to
          ? bar
          : background === 'ramp'
            ? 40 + (Math.imul(x, 2654435761) >>> 27) * 2
            : background;
      data.fill(level, (y * WIDTH + x) * 3, (y * WIDTH + x) * 3 + 3);
    }
  return { data, width: WIDTH, height: GH * SCALE, channels: 3 };
}

/** The image's mean colour in each grid cell (SCALE × SCALE pixels), RGB. */
function cellColours(image: RawImage): Uint8Array {
  const out = new Uint8Array(GW * GH * 3);
  for (let cy = 0; cy < GH; cy++)
    for (let cx = 0; cx < GW; cx++)
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let y = cy * SCALE; y < (cy + 1) * SCALE; y++)
          for (let x = cx * SCALE; x < (cx + 1) * SCALE; x++) sum += image.data[(y * WIDTH + x) * 3 + c]!;
        out[(cy * GW + cx) * 3 + c] = Math.round(sum / SCALE ** 2);
      }
  return out;
}

/** The bar on grid cells [from, to) at disparity BAR, the background at 0: outlines on cell boundaries. */
function gridMap(from: number, to: number): Float32Array {
  return Float32Array.from({ length: GW * GH }, (_, i) => (i % GW >= from && i % GW < to ? BAR : 0));
}

// The bar lies at full-size columns 46–75 in the left view and 34–63 in the right one (12 px of parallax); a matcher
// on the grid puts its outlines on cell boundaries: cells 15–24 (45–74) in the left view, 11–20 (33–62) in the right.
const grid = { width: GW, height: GH, scale: SCALE };
const side = (image: RawImage, map: Float32Array): ViewDisparity => ({
  image,
  disparity: map,
  reliable: new Float32Array(GW * GH).fill(1),
});

describe('edgeCodes', () => {
  it('gives each pixel of a cell on an outline the surface of its colour', () => {
    const image = barImage(46, 76, 220);
    const codes = edgeCodes(image, cellColours(image), gridMap(15, 25), grid);
    const y = 5;
    // Column 45, dark, lies in the bar's first cell: it reads the background cell left of it. Column 75, bright, lies
    // in the background's first cell: it reads the bar's last cell, left of it.
    expect(codes[y * WIDTH + 45]).toBe(LEFT_CELL);
    expect(codes[y * WIDTH + 75]).toBe(LEFT_CELL);
    // Pixels of the colour of their own cell's surface keep it.
    for (const x of [44, 46, 47, 60, 74, 76, 77]) expect(codes[y * WIDTH + x]).toBe(OWN_CELL);
  });

  it('leaves outlines between surfaces of nearly one colour on the grid', () => {
    const codes = edgeCodes(
      barImage(46, 76, 52, 40),
      cellColours(barImage(46, 76, 52, 40)),
      gridMap(15, 25),
      grid,
    );
    expect(codes.every((code) => code === OWN_CELL)).toBe(true);
  });
});

describe('synthesizeView with edge codes', () => {
  it('draws an outline where the views show it, not on the grid cell boundary', () => {
    const left = barImage(46, 76, 220);
    const right = barImage(34, 64, 220);
    const mapL = gridMap(15, 25);
    const mapR = gridMap(11, 21);
    const withCodes = (image: RawImage, map: Float32Array) => ({
      ...side(image, map),
      codes: edgeCodes(image, cellColours(image), map, grid),
    });
    const y = 5;
    const row = (view: RawImage) =>
      Array.from({ length: 50 }, (_, k) => view.data[(y * WIDTH + 30 + k) * 3]!);
    // Halfway the bar has moved 6 px: it covers columns 40–69.
    const truth = row(barImage(40, 70, 220));
    const fine = synthesizeView(withCodes(left, mapL), withCodes(right, mapR), grid, 0.5, 1.5);
    expect(row(fine).slice(0, 45)).toEqual(truth.slice(0, 45));
    // On the grid alone column 39 takes the bar's disparity (the left view's grid counts column 45 as bar) and reads
    // the background 6 px off in both views.
    const coarse = synthesizeView(side(left, mapL), side(right, mapR), grid, 0.5, 1.5);
    expect(row(coarse)[39 - 30]).not.toBe(truth[39 - 30]);
  });

  it("does not show a thin pole beside itself where its grid cell is the background's", () => {
    // A pole 3 px wide over columns 47–49 in the left view and 35–37 in the right one: the matcher gives it one cell
    // in each (16 and 12), its first column lies in the cell before (15 and 11), read as the background.
    const left = barImage(47, 50, 230);
    const right = barImage(35, 38, 230);
    const mapL = gridMap(16, 17);
    const mapR = gridMap(12, 13);
    const view = (image: RawImage, map: Float32Array) => ({
      ...side(image, map),
      codes: edgeCodes(image, cellColours(image), map, grid),
    });
    const y = 5;
    const at = (image: RawImage, x: number) => image.data[(y * WIDTH + x) * 3]!;
    // Halfway the pole covers 41–43. Columns 35 and 47 show the background, which the right view hides behind the
    // pole's column 35 and the left view behind its column 47: read from those views as the background, the pole
    // showed there too (the right view's 155 at column 35 instead of 80).
    const truth = barImage(41, 44, 230);
    const middle = synthesizeView(view(left, mapL), view(right, mapR), grid, 0.5, 1.5);
    for (const x of [34, 35, 36, 41, 42, 43, 47, 48]) expect([x, at(middle, x)]).toEqual([x, at(truth, x)]);
  });
});
