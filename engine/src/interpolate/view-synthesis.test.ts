import { describe, expect, it } from 'vitest';
import type { RawImage } from '../image';
import { synthesizeView, type ViewDisparity } from './view-synthesis';

/** A grey ramp (value = x) so a pixel's value tells where in the view it was read. */
function ramp(width: number, height: number): RawImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.fill(x, (y * width + x) * 3, (y * width + x) * 3 + 3);
  }
  return { data, width, height, channels: 3 };
}

/**
 * Two rows of 120 px with boards 14 px wide every 30 px (grey 250) before a background whose grey is 50 + x / 4:
 * the picture both views of the hidden-gap tests show.
 */
function boardsEvery30() {
  const gw = 120;
  const gh = 2;
  const onBoard = (i: number) => (i % gw) % 30 < 14;
  const image: RawImage = {
    data: Uint8Array.from({ length: gw * gh * 3 }, (_, k) => {
      const i = Math.floor(k / 3);
      return onBoard(i) ? 250 : 50 + (i % gw) / 4;
    }),
    width: gw,
    height: gh,
    channels: 3,
  };
  return { gw, gh, onBoard, image };
}

describe('synthesizeView', () => {
  it('moves a slanted surface continuously, not in steps of a grid cell', () => {
    // Disparity rises by 0.5 grid px per grid px (a receding floor seen sideways); only the left view sees it.
    const scale = 3;
    const gw = 60;
    const gh = 4;
    const image = ramp(gw * scale, gh * scale);
    const left: ViewDisparity = {
      image,
      disparity: Float32Array.from({ length: gw * gh }, (_, i) => 0.5 * (i % gw)),
      reliable: new Float32Array(gw * gh).fill(1),
    };
    const right: ViewDisparity = {
      image,
      disparity: new Float32Array(gw * gh).fill(-1000),
      reliable: new Float32Array(gw * gh),
    };
    const t = 0.5;
    const view = synthesizeView(left, right, { width: gw, height: gh, scale }, t, 1.5);
    // Each output pixel reads the left view t·d·scale px to its right, so values climb by a steady amount per pixel:
    // the steps a per-cell disparity makes (several levels at once, then none) must not show.
    const y = 5;
    const steps: number[] = [];
    for (let x = 30; x < 120; x++)
      steps.push(view.data[(y * view.width + x + 1) * 3]! - view.data[(y * view.width + x) * 3]!);
    expect(Math.max(...steps) - Math.min(...steps)).toBeLessThanOrEqual(1);
  });

  it('shows background that both views hide behind fence boards, not the boards cross-faded', () => {
    // Boards 4 px wide every 10 px with a disparity of 10 px cover the same columns in both views; halfway, each
    // board has moved 5 px and uncovers background neither view sees. Background reads 50 + x, boards 250.
    const gw = 40;
    const gh = 2;
    const onBoard = (i: number) => (i % gw) % 10 < 4;
    const image: RawImage = {
      data: Uint8Array.from({ length: gw * gh * 3 }, (_, k) => (onBoard(k / 3) ? 250 : 50 + ((k / 3) % gw))),
      width: gw,
      height: gh,
      channels: 3,
    };
    const side = (): ViewDisparity => ({
      image,
      disparity: Float32Array.from({ length: gw * gh }, (_, i) => (onBoard(i) ? 10 : 0)),
      reliable: new Float32Array(gw * gh).fill(1),
    });
    const view = synthesizeView(side(), side(), { width: gw, height: gh, scale: 1 }, 0.5, 1.5);
    // The boards that were at 20–23 stand at 15–18 now; 20–23 is background no view shows.
    for (let x = 15; x < 19; x++) expect(view.data[x * 3]).toBe(250);
    for (let x = 20; x < 24; x++) expect(view.data[x * 3]).toBeLessThan(100);
  });

  it('fills a wide hidden gap from the background, though each view reads the background a little differently', () => {
    // Boards 14 px wide every 30 px with a disparity of 30 px: halfway each has moved 15 px, and the 14 px behind
    // where it stood are background neither view shows. The left map reads the background at 0, the right at -2.
    const { gw, gh, onBoard, image } = boardsEvery30();
    const side = (background: number): ViewDisparity => ({
      image,
      disparity: Float32Array.from({ length: gw * gh }, (_, i) => (onBoard(i) ? 30 : background)),
      reliable: new Float32Array(gw * gh).fill(1),
    });
    const view = synthesizeView(side(0), side(-2), { width: gw, height: gh, scale: 1 }, 0.5, 1.5);
    // The boards that were at 60–73 stand at 45–58 now; 60–73 is background, not boards (250) nor half boards.
    for (let x = 45; x < 59; x++) expect(view.data[x * 3]).toBe(250);
    for (let x = 60; x < 74; x++) expect(view.data[x * 3]).toBeLessThan(100);
  });

  it('fills a hidden gap from inside the background, not from a board outline read at its disparity', () => {
    // Boards 14 px wide every 30 px with a disparity of 30 px, as above, but both maps read each board's outer
    // columns (first and last) at the background's disparity: the matcher's window straddles the edge there. Those
    // columns stay where they were, and their colour is the board's.
    const { gw, gh, onBoard, image } = boardsEvery30();
    const outline = (i: number) => (i % gw) % 30 === 0 || (i % gw) % 30 === 13;
    const side = (): ViewDisparity => ({
      image,
      disparity: Float32Array.from({ length: gw * gh }, (_, i) => (onBoard(i) && !outline(i) ? 30 : 0)),
      reliable: new Float32Array(gw * gh).fill(1),
    });
    const view = synthesizeView(side(), side(), { width: gw, height: gh, scale: 1 }, 0.5, 1.5);
    // The board read at 61–72 stands at 46–57 now; 61–72 is background no view shows. Filled from the nearest
    // column either view shows at the background's disparity, it took the outline's 250 beside it.
    for (let x = 46; x < 58; x++) expect(view.data[x * 3]).toBe(250);
    for (let x = 61; x < 73; x++) expect(view.data[x * 3]).toBeLessThan(100);
  });

  it('samples its own surface where each view has only a lone nearer cell (a mismatch, not a structure)', () => {
    // A floor at disparity 2 with one outlier cell of disparity 8 in each map, both on the floor point that pixel
    // 19 shows halfway: the floor there is seen in both images (texture f), so it is read there, not beside it.
    const gw = 40;
    const gh = 2;
    const f = (x: number) => ((x * 37) % 200) + 20;
    const view = (shift: number, outlier: number): ViewDisparity => ({
      image: {
        data: Uint8Array.from({ length: gw * gh * 3 }, (_, k) => f((Math.floor(k / 3) % gw) + shift)),
        width: gw,
        height: gh,
        channels: 3,
      },
      disparity: Float32Array.from({ length: gw * gh }, (_, i) => (i % gw === outlier ? 8 : 2)),
      reliable: new Float32Array(gw * gh).fill(1),
    });
    const out = synthesizeView(view(0, 20), view(2, 18), { width: gw, height: gh, scale: 1 }, 0.5, 1.5);
    expect(out.data[19 * 3]).toBe(f(20));
  });

  it('takes a pixel one view alone shows to the in-between exposure', () => {
    // The right camera is 20 % darker: a surface reads 100 in the left view and 80 in the right one. Each view shows
    // it where the other's map hides it (NaN); the true in-between at t reads (1 − t) · 100 + t · 80 either way.
    const gw = 20;
    const gh = 2;
    const image = (level: number): RawImage => ({
      data: new Uint8Array(gw * gh * 3).fill(level),
      width: gw,
      height: gh,
      channels: 3,
    });
    const side = (level: number, seen: boolean): ViewDisparity => ({
      image: image(level),
      disparity: new Float32Array(gw * gh).fill(seen ? 0 : Number.NaN),
      reliable: new Float32Array(gw * gh).fill(seen ? 1 : 0),
    });
    // The right view's levels on the left one's: left ≈ (right − 80) · 1.25 + 100.
    const levels = {
      gain: new Float64Array(3).fill(1.25),
      ownMean: new Float64Array(3).fill(80),
      otherMean: new Float64Array(3).fill(100),
    };
    const grid = { width: gw, height: gh, scale: 1 };
    for (const t of [0.25, 0.5]) {
      const expected = Math.round((1 - t) * 100 + t * 80);
      const leftAlone = synthesizeView(side(100, true), { ...side(80, false), levels }, grid, t, 1.5);
      const rightAlone = synthesizeView(side(100, false), { ...side(80, true), levels }, grid, t, 1.5);
      expect(leftAlone.data[(gw + 10) * 3]).toBe(expected);
      expect(rightAlone.data[(gw + 10) * 3]).toBe(expected);
      // Without the levels, each showed its own camera's exposure.
      expect(synthesizeView(side(100, true), side(80, false), grid, t, 1.5).data[(gw + 10) * 3]).toBe(100);
    }
  });
});
