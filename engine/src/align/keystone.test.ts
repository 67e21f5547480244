import { describe, expect, it } from 'vitest';
import { seeded } from '../seeded-random';
import { inverseMapOf } from './model-map';
import { dominantFit } from './refine';
import {
  type Correspondences,
  fitVerticalKeystone,
  keystoneOf,
  type Similarity,
  verticalResidual,
} from './similarity';
import { mapPoint } from './warp';

/** Right-view points (centred) and their left positions under a keystone model, with depth-dependent parallax. */
function keystonePoints(
  m: Similarity,
  n: number,
  seed: number,
  noisePx = 0,
  rows: readonly [number, number] = [-630, 630],
): Correspondences {
  const random = seeded(seed);
  const c = {
    xl: new Float64Array(n),
    yl: new Float64Array(n),
    xr: new Float64Array(n),
    yr: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const x = (random() - 0.5) * 1900;
    const y = rows[0] + (rows[1] - rows[0]) * random();
    const den = 1 + (m.g ?? 0) * x + (m.h ?? 0) * y;
    c.xr[i] = x;
    c.yr[i] = y;
    c.xl[i] = (m.a * x - m.b * y) / den + m.tx + random() * 60;
    c.yl[i] = (m.b * x + m.a * y + m.ty) / den + (random() - 0.5) * 2 * noisePx;
  }
  return c;
}

// A toed-in rig: 1.5° of yaw at f ≈ 1900 px gives g ≈ 1.4e-5 per px; a slight pitch gives h.
const truth: Similarity = { a: 0.998, b: 0.004, tx: 30, ty: -6.2, g: 1.4e-5, h: -6e-6 };

describe('keystone model', () => {
  it('fits the keystone terms exactly from the vertical equation alone', () => {
    const c = keystonePoints(truth, 60, 1);
    const fit = fitVerticalKeystone(c, Int32Array.from(c.xl.keys()))!;
    expect(fit.a).toBeCloseTo(truth.a, 9);
    expect(fit.b).toBeCloseTo(truth.b, 9);
    expect(fit.ty).toBeCloseTo(truth.ty, 6);
    expect(fit.g).toBeCloseTo(truth.g!, 12);
    expect(fit.h).toBeCloseTo(truth.h!, 12);
    const model = { ...fit, tx: 0 };
    for (let i = 0; i < 60; i++) expect(Math.abs(verticalResidual(model, c, i))).toBeLessThan(1e-6);
    expect(keystoneOf(model, 960, 640)).toBeCloseTo(1.4e-5 * 960 + 6e-6 * 640, 9);
  });

  it('is kept by the dominant fit when the rows are tilted, and left out when a similarity suffices', () => {
    const tilted = keystonePoints(truth, 300, 2, 0.1);
    const fitted = dominantFit(tilted, { a: 1, b: 0, tx: 0, ty: 0 }, 1920);
    expect(fitted.g).toBeCloseTo(truth.g!, 6);
    expect(fitted.h).toBeCloseTo(truth.h!, 6);
    const flat = keystonePoints({ ...truth, g: 0, h: 0 }, 300, 3, 0.1);
    const plain = dominantFit(flat, { a: 1, b: 0, tx: 0, ty: 0 }, 1920);
    expect(plain.g ?? 0).toBe(0);
    expect(plain.h ?? 0).toBe(0);
    expect(plain.ty).toBeCloseTo(truth.ty, 1);
  });

  it('is left out when the points lie on a band of rows, whatever it would cut there', () => {
    // A railing's upper rails: rows spanning 300 of 1280 px. The keystone would fit these rows exactly, but its x·y
    // bend over the rest of the frame is extrapolated: a band keeps the similarity.
    const band = keystonePoints(truth, 300, 4, 0.1, [-460, -160]);
    const fitted = dominantFit(band, { a: 1, b: 0, tx: 0, ty: 0 }, 1920);
    expect(fitted.g ?? 0).toBe(0);
    expect(fitted.h ?? 0).toBe(0);
    // Points spread over the frame keep it (see above), as do 600 rows of 1280.
    const wide = dominantFit(
      keystonePoints(truth, 300, 5, 0.1, [-560, 40]),
      { a: 1, b: 0, tx: 0, ty: 0 },
      1920,
    );
    expect(wide.g).toBeCloseTo(truth.g!, 6);
  });

  it('warps with the inverse of the model: a left pixel maps back to the right pixel it came from', () => {
    const cl = { x: 959.5, y: 639.5 };
    const cr = { x: 951.5, y: 643.5 };
    const map = inverseMapOf(truth, cl, cr);
    const at = new Float64Array(2);
    for (const [x, y] of [
      [-900, -600],
      [0, 0],
      [700, -300],
      [-120, 610],
    ] as const) {
      const den = 1 + truth.g! * x + truth.h! * y;
      const lx = (truth.a * x - truth.b * y) / den + truth.tx + cl.x;
      const ly = (truth.b * x + truth.a * y + truth.ty) / den + cl.y;
      mapPoint(map, lx, ly, at);
      expect(at[0]).toBeCloseTo(x + cr.x, 6);
      expect(at[1]).toBeCloseTo(y + cr.y, 6);
    }
    // Without keystone terms the map stays affine.
    expect(inverseMapOf({ a: 1, b: 0, tx: 3, ty: 2 }, cl, cr).m20).toBeUndefined();
  });
});
