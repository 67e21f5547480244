import { describe, expect, it } from 'vitest';
import { seeded } from '../seeded-random';
import { ransacSimilarity } from './ransac';
import { rivalConsensus } from './seed-model';
import type { Correspondences, Similarity } from './similarity';

const options = { thresholdPx: 1, maxDisparityPx: 300, minScale: 0.8, maxScale: 1.25, maxRotationDeg: 10 };

/** Matches on the rows of `model` (right → left, centred), at random places and disparities. */
function onRows(model: Similarity, count: number, random: () => number): Correspondences {
  const xr = Float64Array.from({ length: count }, () => (random() - 0.5) * 600);
  const yr = Float64Array.from({ length: count }, () => (random() - 0.5) * 400);
  return {
    xl: Float64Array.from(xr, (x, i) => model.a * x - model.b * yr[i]! + 40 + random() * 100),
    yl: Float64Array.from(xr, (x, i) => model.b * x + model.a * yr[i]! + model.ty),
    xr,
    yr,
  };
}

function concat(...sets: Correspondences[]): Correspondences {
  const join = (key: keyof Correspondences) => Float64Array.from(sets.flatMap((c) => [...c[key]]));
  return { xl: join('xl'), yl: join('yl'), xr: join('xr'), yr: join('yr') };
}

describe('rivalConsensus', () => {
  const random = seeded(21);
  // The largest consensus: a board matched a period off (scaled rows); a smaller one: the true matches.
  const aliased: Similarity = { a: 0.975, b: 0.006, tx: 0, ty: -12.5 };
  const truth: Similarity = { a: 1, b: 0.005, tx: 0, ty: -12.8 };
  const strong = concat(onRows(aliased, 60, random), onRows(truth, 20, random));
  const first = ransacSimilarity(strong, options)!;

  it('finds the consensus the first one left out', () => {
    expect(first.inliers.length).toBeGreaterThanOrEqual(60);
    const rival = rivalConsensus(strong, [first], options);
    // The first consensus also holds the true matches where the two models' rows cross; the rest are the rival's.
    expect(rival?.inliers.length).toBe(80 - first.inliers.length);
    expect([...(rival?.inliers ?? [])].every((i) => i >= 60)).toBe(true);
    expect(Math.abs(rival!.model.a - truth.a)).toBeLessThan(1e-6);
    expect(Math.abs(rival!.model.ty - truth.ty)).toBeLessThan(1e-6);
  });

  it('finds none when the matches left are too few to agree', () => {
    const lone = concat(onRows(aliased, 60, random), onRows(truth, 5, random));
    const consensus = ransacSimilarity(lone, options)!;
    expect(rivalConsensus(lone, [consensus], options)).toBeUndefined();
  });
});
