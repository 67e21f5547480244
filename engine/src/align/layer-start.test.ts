import { describe, expect, it } from 'vitest';
import { seeded } from '../seeded-random';
import type { SeedFit } from './fit-from-seed';
import { layerStart } from './layer-start';
import { type Correspondences, concatOf, median, type Similarity, verticalResidual } from './similarity';

const width = 640;
const height = 480;
const random = seeded(5);

/**
 * `count` tracked points (centred) spread over the frame at `disparity` (±3 px), put on the rows of `model` and
 * then `dy` px lower in the left view, with ±0.05 px of tracking noise.
 */
function layer(model: Similarity, count: number, disparity: number, dy: number): Correspondences {
  const xr = Float64Array.from({ length: count }, () => (random() - 0.5) * 560);
  const yr = Float64Array.from({ length: count }, () => (random() - 0.5) * 400);
  const noise = () => (random() - 0.5) * 0.1;
  return {
    xl: Float64Array.from(xr, (x, i) => model.a * x - model.b * yr[i]! + disparity + (random() - 0.5) * 6),
    yl: Float64Array.from(xr, (x, i) => model.b * x + model.a * yr[i]! + model.ty + dy + noise()),
    xr,
    yr,
  };
}

/** A fit of `model` resting on `points` (no lens term), as fitFromSeed returns it. */
function fitOf(model: Similarity, points: Correspondences): SeedFit {
  return { model, points, refined: { model, points, tiles: points }, lens: { k: 0, r2: 1, model, points } };
}

const truth: Similarity = { a: 0.998, b: 0.004, tx: 0, ty: -12.5 };

describe('layerStart', () => {
  it('starts a fit from the layer its model leaves off the rows: a pattern a period off outnumbers the true matches', () => {
    // The board's true matches (disparity 158) and, three times as many, the board a period off along its tilted
    // rows (disparity 115, 4 px lower); the fit followed the many.
    const board = layer(truth, 100, 158, 0);
    const aliased = layer(truth, 300, 115, 4);
    const points = concatOf(aliased, board);
    const followed = fitOf({ ...truth, ty: truth.ty + 4 }, points);
    const start = layerStart(followed, width, height);
    expect(start).toBeDefined();
    const model = start!.model;
    expect(model.ty).toBeCloseTo(truth.ty, 0);
    const onRows = Float64Array.from(board.xl.keys(), (i) => Math.abs(verticalResidual(model, board, i)));
    expect(median(onRows)).toBeLessThan(0.1);
    // Its tiles are the board's, on its rows: the pattern a period off is left out.
    expect(start!.refined!.tiles.xl.length).toBe(100);
  });

  it('starts none when the depth layers share the rows', () => {
    const near = layer(truth, 100, 158, 0);
    const far = layer(truth, 300, 40, 0);
    expect(layerStart(fitOf(truth, concatOf(far, near)), width, height)).toBeUndefined();
  });

  it('starts none when the other layer holds too few points to be told from outliers', () => {
    const few = layer(truth, 12, 158, 0);
    const many = layer(truth, 300, 115, 4);
    expect(
      layerStart(fitOf({ ...truth, ty: truth.ty + 4 }, concatOf(many, few)), width, height),
    ).toBeUndefined();
  });
});
