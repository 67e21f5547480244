import { describe, expect, it } from 'vitest';
import { seeded } from '../seeded-random';
import { bandFit } from './band-fit';
import type { RefineResult } from './refine';
import { type Correspondences, type Similarity, scaleOf } from './similarity';

const HEIGHT = 1280;
const R2 = (1920 ** 2 + HEIGHT ** 2) / 4;
/** The pair's true model: scale 0.984, 0.4° of rotation, 12 px up. */
const TRUTH: Similarity = { a: 0.984 * Math.cos(0.007), b: 0.984 * Math.sin(0.007), tx: 0, ty: -12 };

/** Points (centred) at rows y0…y1 spread over the width, their left rows from `model`, plus noise of ±`noise` px. */
function points(model: Similarity, y0: number, y1: number, count: number, noise: number, seed: number) {
  const random = seeded(seed);
  const c: Correspondences = {
    xl: new Float64Array(count),
    yl: new Float64Array(count),
    xr: new Float64Array(count),
    yr: new Float64Array(count),
  };
  for (let i = 0; i < count; i++) {
    const x = (random() - 0.5) * 1800;
    const y = y0 + (y1 - y0) * random();
    c.xr[i] = x;
    c.yr[i] = y;
    c.xl[i] = x + 20;
    c.yl[i] = model.b * x + model.a * y + model.ty + (random() * 2 - 1) * noise;
  }
  return c;
}

/** A refinement whose model is the least-squares fit of its points (here: exactly `model`). */
function tracked(model: Similarity, c: Correspondences): RefineResult {
  return { model, points: c, tiles: c };
}

describe('bandFit', () => {
  it('takes the scale from the rough matches when the tracked rows are one narrow band with a stray scale', () => {
    // Tiles along a railing's top rail: 43 rows, on which a scale 6 % off still puts them within a pixel or two.
    const wrong: Similarity = { ...TRUTH, a: TRUTH.a * 0.943, b: TRUTH.b * 0.943 };
    // The band's rows see the wrong model's offset at their centre, so ty absorbs the scale error there.
    wrong.ty = TRUTH.ty + (TRUTH.a - wrong.a) * -136;
    const band = points(wrong, -158, -115, 69, 0.3, 1);
    const rough = points(TRUTH, -600, 600, 87, 0.7, 2);
    const fit = bandFit(tracked(wrong, band), TRUTH, rough, R2, HEIGHT);
    expect(fit).toBeDefined();
    if (!fit) return;
    expect(Math.abs(scaleOf(fit.model) / 0.984 - 1)).toBeLessThan(0.005);
    expect(fit.k).toBe(0);
    // The far rows now land within a pixel or two of their truth, where the band's own fit left them 36 px off.
    const far = 600;
    expect(Math.abs(fit.model.a * far + fit.model.ty - (TRUTH.a * far + TRUTH.ty))).toBeLessThan(2.5);
    expect(Math.abs(wrong.a * far + wrong.ty - (TRUTH.a * far + TRUTH.ty))).toBeGreaterThan(30);
  });

  it('leaves a band whose scale the rough model shares, and points spread over the frame, to the tracked fit', () => {
    const rough = points(TRUTH, -600, 600, 87, 0.7, 2);
    const near: Similarity = { ...TRUTH, a: TRUTH.a * 0.99, b: TRUTH.b * 0.99 };
    expect(
      bandFit(tracked(near, points(near, -158, -115, 69, 0.3, 1)), TRUTH, rough, R2, HEIGHT),
    ).toBeUndefined();
    const wrong: Similarity = { ...TRUTH, a: TRUTH.a * 0.943, b: TRUTH.b * 0.943 };
    expect(
      bandFit(tracked(wrong, points(wrong, -500, 500, 69, 0.3, 1)), TRUTH, rough, R2, HEIGHT),
    ).toBeUndefined();
  });
});
