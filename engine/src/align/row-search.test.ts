import { describe, expect, it } from 'vitest';
import { noiseTexture } from '../cv/synthetic-scene';
import { seeded } from '../seeded-random';
import { grayPair, shiftedView } from '../testing/gray-pair';
import { rowMatcher } from './row-search';

const W = 160;
const H = 60;
const texture = Uint8Array.from(noiseTexture(W, H, seeded(3), W), (v) => Math.round(v * 255));
const level = { a: 1, b: 0, tx: 0, ty: 0 };
/** The left pixel (x, y) in centred coordinates. */
const centred = (x: number, y: number) => ({ x: x - (W - 1) / 2, y: y - (H - 1) / 2 });

describe('rowMatcher', () => {
  // The right view shows the texture 12 px further right: a left pixel is found 12 px to its left (disparity 12).
  const right = shiftedView(texture, W, H, { dx: 12, dy: 0 });

  it.each([1, 2] as const)('finds a patch at its disparity along the row, at stride %i', (stride) => {
    const { grays, frames } = grayPair(texture, right, W, H);
    const match = rowMatcher(grays, frames, level, { half: 7, reach: 40, stride });
    for (const at of [
      { x: 60, y: 20 },
      { x: 90, y: 35 },
    ]) {
      const found = match(at);
      const p = centred(at.x, at.y);
      expect(found).toMatchObject({ x: p.x - 12, y: p.y });
      expect(found!.score).toBeCloseTo(1, 9);
      expect(found!.second).toBeLessThan(0.8);
    }
  });

  it('does not mind a change of exposure between the cameras', () => {
    const darker = right.map((v) => Math.round(v * 0.5 + 60));
    const { grays, frames } = grayPair(texture, darker, W, H);
    const found = rowMatcher(grays, frames, level, { half: 3, reach: 40, stride: 1 })({ x: 70, y: 30 });
    expect(found).toMatchObject({ x: centred(70, 30).x - 12 });
    expect(found!.score).toBeGreaterThan(0.99);
  });

  it("follows the model's row: the right view 3 px lower is found on its row, with the model's ty", () => {
    const lower = shiftedView(texture, W, H, { dx: 12, dy: -3 });
    const { grays, frames } = grayPair(texture, lower, W, H);
    const found = rowMatcher(
      grays,
      frames,
      { ...level, ty: -3 },
      { half: 5, reach: 40, stride: 1 },
    )({ x: 70, y: 30 });
    const p = centred(70, 30);
    expect(found).toMatchObject({ x: p.x - 12, y: p.y + 3 });
    expect(found!.score).toBeCloseTo(1, 9);
  });

  it('reports a repeat along the row as a runner-up as good as the best', () => {
    // Vertical stripes of period 10: every 10 px along the row the patch matches again.
    const stripes = Uint8Array.from({ length: W * H }, (_, i) => ((i % W) % 10 < 5 ? 50 : 200));
    const { grays, frames } = grayPair(stripes, shiftedView(stripes, W, H, { dx: 12, dy: 0 }), W, H);
    const found = rowMatcher(grays, frames, level, { half: 3, reach: 40, stride: 1 })({ x: 70, y: 30 });
    expect(found!.score).toBeCloseTo(1, 9);
    expect(found!.second).toBeCloseTo(1, 9);
  });

  it('finds nothing for a flat patch or one that leaves the left view', () => {
    const flat = new Uint8Array(W * H).fill(90);
    const { grays, frames } = grayPair(flat, right, W, H);
    expect(
      rowMatcher(grays, frames, level, { half: 3, reach: 20, stride: 1 })({ x: 70, y: 30 }),
    ).toBeUndefined();
    const textured = grayPair(texture, right, W, H);
    const match = rowMatcher(textured.grays, textured.frames, level, { half: 3, reach: 20, stride: 1 });
    expect(match({ x: 2, y: 30 })).toBeUndefined();
    expect(match({ x: 70, y: H - 2 })).toBeUndefined();
  });

  it('counts no window that reaches outside the right view', () => {
    const { grays, frames } = grayPair(texture, right, W, H);
    // Near the left edge most disparities put the window outside the right view; the true one (12) stays inside.
    const found = rowMatcher(grays, frames, level, { half: 3, reach: 60, stride: 1 })({ x: 20, y: 30 });
    expect(found).toMatchObject({ x: centred(20, 30).x - 12 });
  });
});
