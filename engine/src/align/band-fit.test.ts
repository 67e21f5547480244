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
    // Rough matches on the band too: the tiles' scale (2 % from 1) stands, as they measured it.
    const scaled: Similarity = { ...TRUTH, a: 1.02, b: 0.05 };
    const onBand = points(scaled, -126, -115, 69, 0.05, 1);
    const roughOnBand: Similarity = { a: 1, b: 0.05, tx: 0, ty: -12 };
    const roughPoints = points(roughOnBand, -126, -115, 40, 1, 2);
    expect(bandFit(tracked(scaled, onBand), roughOnBand, roughPoints, R2, HEIGHT)).toBeUndefined();
    const wrong: Similarity = { ...TRUTH, a: TRUTH.a * 0.943, b: TRUTH.b * 0.943 };
    expect(
      bandFit(tracked(wrong, points(wrong, -500, 500, 69, 0.3, 1)), TRUTH, rough, R2, HEIGHT),
    ).toBeUndefined();
  });

  it('holds the scale at 1 when the rough matches lie on the same band: nothing in the pair measures it', () => {
    // A faint wall above a railing: every match on its top rail (4 rows), where the tiles' fit found a scale 8.6 %
    // off and the rough matches' 3.2 % off (the truth is 1.002): on 4 rows, either explains the points.
    const truth: Similarity = { a: 1.002 * Math.cos(0.0094), b: 1.002 * Math.sin(0.0094), tx: 0, ty: -13.6 };
    const off = (scale: number): Similarity => ({
      a: truth.a * scale,
      b: truth.b * scale,
      tx: 0,
      ty: truth.ty + truth.a * (1 - scale) * -124,
    });
    const band = points(truth, -126, -122, 142, 0.3, 3);
    const rough = points(truth, -126, -122, 161, 1.2, 4);
    const fit = bandFit(tracked(off(0.914), band), off(0.968), rough, R2, HEIGHT);
    expect(fit).toBeDefined();
    if (!fit) return;
    expect(scaleOf(fit.model)).toBeCloseTo(1, 9);
    expect(fit.k).toBe(0);
    // Rotation and ty still come from the band: the rows at the frame's edges land within a pixel of their truth.
    for (const [x, y] of [
      [-960, -640],
      [960, -640],
      [-960, 640],
      [960, 640],
    ] as const) {
      const row = (m: Similarity) => m.b * x + m.a * y + m.ty;
      expect(Math.abs(row(fit.model) - row(truth))).toBeLessThan(2);
      expect(Math.abs(row(off(0.968)) - row(truth))).toBeGreaterThan(15);
    }
  });
});
