import { describe, expect, it } from 'vitest';
import { seeded } from '../seeded-random';
import { fitLens, undistort } from './lens-fit';
import { type Correspondences, median, verticalResiduals } from './similarity';

const WIDTH = 6000;
const HEIGHT = 4000;
const R2 = (WIDTH * WIDTH + HEIGHT * HEIGHT) / 4;
/** MSAC threshold at 6000 px, as fitFromSeed gives it. */
const THRESHOLD = 0.6 * (WIDTH / 2000);
const IDENTITY = { a: 1, b: 0, tx: 0, ty: 0 };
/** The lens the matches are seen through: it bends their rows by up to ~0.7 px apart at the corners. */
const LENS_K = 0.12;

/** The point whose undistortion (see undistort) with `k` is p (fixed-point iteration). */
function distorted(x: number, y: number, k: number): [number, number] {
  let dx = x;
  let dy = y;
  for (let n = 0; n < 20; n++) {
    const f = 1 + (k * (dx * dx + dy * dy)) / R2;
    dx = x / f;
    dy = y / f;
  }
  return [dx, dy];
}

/**
 * `count` matches spread over a 6000×4000 frame (centred coordinates): the right view's point is the left one moved
 * 0-60 px along the row, both seen through a lens of coefficient `k`, with vertical noise of σ ≈ `noise` px.
 */
function matches(count: number, k: number, noise: number, seed: number): Correspondences {
  const random = seeded(seed);
  const c = {
    xl: new Float64Array(count),
    yl: new Float64Array(count),
    xr: new Float64Array(count),
    yr: new Float64Array(count),
  };
  for (let i = 0; i < count; i++) {
    const x = (random() - 0.5) * (WIDTH - 100);
    const y = (random() - 0.5) * (HEIGHT - 100);
    const [lx, ly] = distorted(x, y, k);
    const [rx, ry] = distorted(x - 60 * random(), y, k);
    c.xl[i] = lx;
    c.yl[i] = ly;
    c.xr[i] = rx;
    c.yr[i] = ry + (random() + random() + random() - 1.5) * 2 * noise;
  }
  return c;
}

describe('fitLens', () => {
  it.each([
    ['searched whole', 600],
    ['sampled first', 1500],
  ])('finds the lens that bends the rows (%s, %i points)', (_, count) => {
    const points = matches(count, LENS_K, 0.4, count);
    const fit = fitLens(points, IDENTITY, WIDTH, HEIGHT, THRESHOLD);
    expect(Math.abs(fit.k - LENS_K)).toBeLessThanOrEqual(0.02);
    // The points come back undistorted by the kept k, and the model puts them on their rows: what is left is the
    // noise (σ 0.4 px: median |dy| 0.29 here, 0.51-0.53 before the lens is taken out).
    expect(fit.points).toEqual(undistort(points, fit.k, fit.r2));
    expect(median(verticalResiduals(fit.model, fit.points))).toBeLessThan(0.33);
    expect(median(verticalResiduals(IDENTITY, points))).toBeGreaterThan(0.45);
  });

  it.each([600, 1500])('keeps no lens where the residual is noise alone (%i points)', (count) => {
    const points = matches(count, 0, 0.6, 7 * count);
    const fit = fitLens(points, IDENTITY, WIDTH, HEIGHT, THRESHOLD);
    expect(fit.k).toBe(0);
    expect(fit.points).toBe(points);
  });
});
