import { describe, expect, it } from 'vitest';
import { noiseTexture } from '../cv/synthetic-scene';
import { seeded } from '../seeded-random';
import { grayPair, shiftedView } from '../testing/gray-pair';
import { chooseFit } from './choose-fit';
import { moreConsistent, type SeedFit } from './fit-from-seed';
import type { Similarity } from './similarity';

// A textured picture and its right view: every row shifted 10 px left (parallax), rows unchanged, with a noise of
// ±40 levels (a real pair's cameras and content differ; a perfect copy tells a tenth of a pixel apart).
const w = 320;
const h = 240;
const random = seeded(11);
const texture = Uint8Array.from(noiseTexture(w, h, random, w), (v) => v * 255);
const { grays, frames } = grayPair(
  texture,
  shiftedView(texture, w, h, { dx: 10, dy: 0 }, () => (random() - 0.5) * 80),
  w,
  h,
);

/** A fit of `model` whose `count` tracked points (centred, 10 px of disparity) all lie on its own rows. */
function fitWith(model: Similarity, count: number): SeedFit {
  const xr = Float64Array.from({ length: count }, (_, i) => -140 + ((i * 37) % 280));
  const yr = Float64Array.from({ length: count }, (_, i) => -100 + ((i * 53) % 200));
  const yl = Float64Array.from(xr, (x, i) => model.b * x + model.a * yr[i]! + model.ty);
  const xl = Float64Array.from(xr, (x, i) => model.a * x - model.b * yr[i]! + 10);
  const points = { xl, yl, xr, yr };
  return { model, points, refined: { model, points, tiles: points } };
}

const truth: Similarity = { a: 1, b: 0, tx: 0, ty: 0 };

describe('chooseFit', () => {
  it('keeps the fit that puts the views on their rows, however many points the other explains', () => {
    // A board matched a period off: its fit explains its own many points, and puts the picture 4 rows off.
    const right = fitWith(truth, 20);
    const wrong = fitWith({ ...truth, a: 0.99, ty: 4 }, 80);
    expect(moreConsistent(right, wrong, w)).toBe(wrong);
    expect(chooseFit([wrong, right], grays, frames, 60, w)).toBe(right);
    expect(chooseFit([right, wrong], grays, frames, 60, w)).toBe(right);
  });

  it('leaves near-ties, which the views cannot tell apart, to the tracked points', () => {
    const fewer = fitWith(truth, 20);
    // 0.6 px apart: neither fit explains the other's points (see moreConsistent), the views barely tell.
    const more = fitWith({ ...truth, ty: 0.6 }, 80);
    expect(chooseFit([fewer, more], grays, frames, 60, w)).toBe(more);
    expect(chooseFit([more, fewer], grays, frames, 60, w)).toBe(more);
  });

  it('returns a lone fit as it is', () => {
    const only = fitWith(truth, 5);
    expect(chooseFit([only], grays, frames, 60, w)).toBe(only);
  });
});
