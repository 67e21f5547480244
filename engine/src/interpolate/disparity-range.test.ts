import { describe, expect, it } from 'vitest';
import type { FeatureMatches } from '../align/features';
import type { GrayImage } from '../cv/gray';
import { makeRepetitiveScene } from '../cv/repetitive-scenes';
import { type LayeredScene, makeLayeredScene } from '../cv/synthetic-scene';
import { greyViews } from '../testing/scene-maps';
import { censusSgm, type DisparityMaps } from './census-sgm';
import { disparityRange, featureSpan, offLattice, withoutFarRepeats } from './disparity-range';
import { periodMap, structurePeriods } from './periodic-structure';
import { censusSgmOnTwoThreads } from './two-threads';

const WIDTH = 640;
const HEIGHT = 427;
/** The grey views of a scene, its texture contrast scaled about mid-grey by `contrast`. */
function greyPair(scene: LayeredScene, contrast = 1): Promise<GrayImage[]> {
  const layers = scene.layers.map((layer) => ({
    ...layer,
    texture: layer.texture.map((v) => 0.55 + contrast * (v - 0.55)),
  }));
  return greyViews({ ...scene, layers }, WIDTH);
}

/** No features matched (a picture without corners), so the range is the dense match's. */
const noMatches: FeatureMatches = {
  leftX: new Float64Array(0),
  leftY: new Float64Array(0),
  rightX: new Float64Array(0),
  rightY: new Float64Array(0),
  leftKeypoints: 0,
  rightKeypoints: 0,
};

/** The structures' periods on the left view, as interpolatePair passes them. */
const periodsOf = (left: GrayImage) => structurePeriods(periodMap(left));

/** A dense match that finds nothing consistent (what the range is without the dense check). */
function findsNothing(left: GrayImage): DisparityMaps {
  const empty = new Float32Array(left.width * left.height).fill(Number.NaN);
  return { width: left.width, height: left.height, left: empty, right: empty };
}

/** Feature matches whose disparities fill 1-px bins [bin, count], spread over the rows. */
function featureMatchesAt(bins: [number, number][]): FeatureMatches {
  const d = bins.flatMap(([b, count]) => Array.from({ length: count }, () => b));
  const leftX = Float64Array.from(d, () => WIDTH / 2);
  const leftY = Float64Array.from(d, (_, k) => (k * 7) % HEIGHT);
  return {
    leftX,
    leftY,
    rightX: Float64Array.from(d, (b) => WIDTH / 2 - b),
    rightY: leftY,
    leftKeypoints: d.length,
    rightKeypoints: d.length,
  };
}

/**
 * A dense match whose pixels read each disparity [bin, share] of the full-size grid (the half-size match reads half
 * of it), the first bin also what the others leave.
 */
function denseMatchOf(shares: [number, number][]): (left: GrayImage) => DisparityMaps {
  return (left) => {
    const map = new Float32Array(left.width * left.height).fill(shares[0]![0] / 2);
    let at = 0;
    for (const [b, share] of shares.slice(1)) {
      const count = Math.round(share * map.length);
      map.fill(b / 2, at, at + count);
      at += count;
    }
    return { width: left.width, height: left.height, left: map, right: map };
  };
}

const disparities = (scene: LayeredScene) => [...new Set(scene.layers.map((layer) => layer.disparity))];

/** Every layer's disparity strictly inside the searched range. */
function expectEveryLayerWithin(range: { min: number; max: number }, scene: LayeredScene): void {
  for (const d of disparities(scene)) {
    expect(range.min).toBeLessThan(d);
    expect(range.max).toBeGreaterThan(d);
  }
}

describe('disparity range', () => {
  it('takes the range from a dense match where the features are too few to tell it', async () => {
    const scene = makeLayeredScene({ width: WIDTH, height: HEIGHT, seed: 12, objects: 3, maxDisparity: 24 });
    const [left, right] = await greyPair(scene, 0.08);
    const range = await disparityRange(left!, right!, censusSgm, [], noMatches);
    const blind = await disparityRange(left!, right!, findsNothing, [], noMatches);
    // Without the dense match: ±15 % of the width.
    expect(blind.max - blind.min).toBeGreaterThan(0.29 * WIDTH);
    expectEveryLayerWithin(range, scene);
    expect(range.max - range.min).toBeLessThan(0.15 * WIDTH);
    expect(await disparityRange(left!, right!, censusSgmOnTwoThreads, [], noMatches)).toEqual(range);
    // Its faint texture still has corners: they tell the range too.
    const corners = await disparityRange(left!, right!, findsNothing);
    expect(corners.matches).toBeGreaterThanOrEqual(12);
    expectEveryLayerWithin(corners, scene);
    expect(corners.max - corners.min).toBeLessThan(0.15 * WIDTH);
  });

  it('drops feature bins of a window grid matched periods off, which no surface confirms', async () => {
    const scene = makeRepetitiveScene('window-grid', WIDTH, HEIGHT, 2, { spacing: 0.9, parallax: 1.1 });
    const [left, right] = await greyPair(scene, 0.35);
    const range = await disparityRange(left!, right!, censusSgm, periodsOf(left!));
    const blind = await disparityRange(left!, right!, findsNothing);
    expect(range.matches).toBeGreaterThanOrEqual(12);
    expect(blind.max - blind.min).toBeGreaterThan(0.3 * WIDTH);
    expectEveryLayerWithin(range, scene);
    // Within a tenth of the width, and a period more where the dense match holds the grid there on 1 % of its pixels
    // (its own surfaces are kept, features or not: see DENSE_SURFACE); the features alone span 0.3 of the width.
    expect(range.max - range.min).toBeLessThan(0.1 * WIDTH + Math.round(0.035 * 0.9 * WIDTH));
  });

  it('searches a low-contrast painted fence a period either side, not at its farther repeats', async () => {
    // Without features, the dense match finds the fence at its disparity and, in patches, whole periods nearer
    // (two periods nearer too: the search reached 93 before).
    const scene = makeRepetitiveScene('painted-fence', WIDTH, HEIGHT, 5, { spacing: 1.5, parallax: 1.18 });
    const [left, right] = await greyPair(scene, 0.2);
    const range = await disparityRange(left!, right!, censusSgm, [], noMatches);
    const fence = Math.max(...disparities(scene));
    const period = Math.round(0.025 * 1.5 * WIDTH);
    expectEveryLayerWithin(range, scene);
    // The margins beyond the span: 4.5 % of the width on the near side.
    expect(range.max).toBeGreaterThanOrEqual(fence + period + 0.045 * WIDTH - 2);
    expect(range.max).toBeLessThanOrEqual(fence + period + 0.045 * WIDTH + 2);
    // Its corners match it mostly a period farther, and a few at every period from there: with the fence's period,
    // the range is that repeat and the fence and the margins beyond them (see featureSpan); without, the repeats
    // take it two periods nearer and more.
    const corners = await disparityRange(left!, right!, censusSgm, periodsOf(left!));
    expectEveryLayerWithin(corners, scene);
    expect(corners.min).toBeLessThan(fence - period);
    expect(corners.max).toBeLessThan(fence + period);
    expect((await disparityRange(left!, right!, censusSgm)).max).toBeGreaterThan(fence + 2 * period);
  });

  it('reaches a period nearer than a repeated structure read less than half its period before its wall', async () => {
    // Boards 38 px apart, 44 px in front of the wall (1.16 spacings): their corners match them 6 px in front of it,
    // a period off, and the margin alone stopped the search at 35, short of the boards (see aliasReach).
    const scene = makeRepetitiveScene('painted-fence', WIDTH, HEIGHT, 5, { spacing: 2.4, parallax: 3.44 });
    const [left, right] = await greyPair(scene);
    const boards = Math.max(...disparities(scene));
    expect(boards).toBe(44);
    const range = await disparityRange(left!, right!, censusSgm, periodsOf(left!));
    expectEveryLayerWithin(range, scene);
    // A period and 2 px beyond the boards' reading, not a margin beyond the boards.
    expect(range.max).toBeLessThan(boards + 6);
  });

  it('keeps a wide range that real surfaces span', async () => {
    // Layers at 0, 64 and 128 px (a fifth of the width, beyond the ±15 % searched without features): the features'
    // span is checked, and confirmed.
    const scene = makeLayeredScene({ width: WIDTH, height: HEIGHT, seed: 2, objects: 2, maxDisparity: 128 });
    const [left, right] = await greyPair(scene);
    const range = await disparityRange(left!, right!, censusSgm);
    expect(Math.max(...disparities(scene))).toBeGreaterThan(0.15 * WIDTH);
    expectEveryLayerWithin(range, scene);
    expect(range).toEqual(await disparityRange(left!, right!, findsNothing));
  });

  it('keeps surfaces that are no repeats of the dominant one', () => {
    // Three surfaces at 0, 14 and 30 grid px (no lattice: 14 + 16 is no other kept bin's offset), and a repeated
    // one at 14, 38, 62 whose 62 goes.
    const at = (pairs: [number, number][]) => new Map(pairs);
    const surfaces = at([
      [0, 300],
      [14, 900],
      [30, 200],
    ]);
    const span = { lo: 0, hi: 30, kept: Float64Array.from([0, 14, 30]) };
    expect(withoutFarRepeats(span, surfaces)).toEqual(span);
    const repeats = at([
      [0, 300],
      [14, 900],
      [38, 120],
      [62, 80],
    ]);
    const wide = { lo: 0, hi: 62, kept: Float64Array.from([0, 14, 38, 62]) };
    expect(withoutFarRepeats(wide, repeats)).toEqual({ lo: 0, hi: 38, kept: Float64Array.from([0, 14, 38]) });
  });

  it('keeps the feature bins nearer the dominant bin than the surface whose repeats they could be', () => {
    // The corners of a ray-traced window grid (bench/engine/interpolate-ray.ts, 640 px grid): its bars at 23 before
    // a facade at -15 matched 26 times three periods (47.4) off, at -120, more than at 23 itself, so -120 passed
    // for a surface and the bars went as its repeat (the frames fell 1.9 dB below a cross-fade). Its repeats at 5
    // and 7 periods from -120, farther from the facade than it, still go.
    const grid = new Map([
      [-15, 75],
      [-120, 26],
      [-16, 25],
      [23, 14],
      [-26, 6],
      [212, 6],
      [-25, 5],
      [118, 5],
      [-72, 4],
      [-24, 4],
      [22, 3],
    ]);
    // Judged by the dominant bin alone (no bin's features match as well elsewhere).
    const span = featureSpan(grid, 192, [47.4], () => false);
    expect([span?.lo, span?.hi]).toEqual([-120, 23]);
    expect([...span!.kept].sort((a, b) => a - b)).toEqual([-120, -72, -26, -25, -24, -16, -15, 22, 23]);
    // Where they do, -120 and -72, three and two periods from the bars and farther from zero, go as their repeats.
    const alike = featureSpan(grid, 192, [47.4]);
    expect([...alike!.kept].sort((a, b) => a - b)).toEqual([-26, -25, -24, -16, -15, 22, 23]);
    // A ray-traced painted fence's corners: its boards' other reading a period from them (11), farther from the
    // dominant bin (its wall, -11), goes as before.
    const fence = new Map([
      [-11, 194],
      [-10, 85],
      [-16, 77],
      [-12, 43],
      [11, 8],
      [-17, 3],
      [-152, 3],
    ]);
    const boards = featureSpan(fence, 449, [27.1]);
    expect([boards?.lo, boards?.hi]).toEqual([-16, -10]);
  });

  it('drops a surface of the features two periods or more from another on its lattice, farther from zero', () => {
    // The corners of ray-traced chain-link meshes (bench/engine/interpolate-ray.ts --seed 3030, 640 px grid): the mesh
    // at 6 grid px matched 40 times 13 periods off (282), a surface by its count; the dense check searched around
    // the two, without the mesh, and read it three periods off (70): frames 0.6-1.1 dB under a cross-fade.
    const mesh = new Map([
      [6, 140],
      [282, 40],
      [-249, 18],
      [27, 13],
      [70, 9],
      [176, 8],
      [-79, 7],
      [-36, 7],
      [-270, 4],
      [-185, 3],
      [-355, 3],
    ]);
    expect([...featureSpan(mesh, 276, [21.2])!.kept]).toEqual([6]);
    // Another, at 8: its repeats 5 and 9 periods off held more matches (63 and 48 against 41).
    const finer = new Map([
      [86, 63],
      [148, 48],
      [8, 41],
      [-69, 27],
      [-38, 17],
      [-7, 14],
      [24, 9],
      [-426, 8],
      [303, 6],
      [-131, 5],
      [-6, 4],
      [-209, 4],
      [117, 3],
      [-8, 3],
    ]);
    expect([...featureSpan(finer, 284, [15.52, 31.02])!.kept].sort((a, b) => a - b)).toEqual([-6, 8]);
    // Another (seed 4242), at 5.5: its matches split over two bins (14 and 11), neither a surface, while its repeats
    // seven periods off held 69 and 41; the search spanned -128 to -83 and the frames lay 1.0-2.3 dB under a
    // cross-fade. Counted with its neighbour, 5 is what the repeats farther from zero are judged from.
    const split = new Map([
      [123, 69],
      [-112, 41],
      [224, 24],
      [-230, 17],
      [5, 14],
      [6, 11],
      [-12, 9],
      [22, 8],
      [106, 8],
      [140, 6],
      [-213, 5],
      [-129, 5],
      [-566, 5],
      [476, 4],
      [-10, 4],
      [-28, 3],
    ]);
    expect([...featureSpan(split, 246, [16.84])!.kept].sort((a, b) => a - b)).toEqual([-12, -10, 5, 6, 22]);
    // Surfaces a period apart are both kept (a fence's other reading is judged later, see aliasMaps); two apart,
    // the one nearer zero disparity.
    const fence = new Map([
      [-22, 120],
      [-1, 40],
    ]);
    expect([...featureSpan(fence, 160, [21.2])!.kept].sort((a, b) => a - b)).toEqual([-22, -1]);
    const twice = new Map([
      [-22, 120],
      [20, 40],
    ]);
    expect([...featureSpan(twice, 160, [21.2])!.kept]).toEqual([20]);
    // Unless its features do not match as well at the other (a wall two spacings behind a fence: see
    // matchesAlikeAt).
    const unlike = featureSpan(twice, 160, [21.2], () => false);
    expect([...unlike!.kept].sort((a, b) => a - b)).toEqual([-22, 20]);
  });

  it('stops the near margin halfway to the second alias of a fence whose first is the nearest bin', async () => {
    // What a ray-traced picket fence gave (boards at 5-6, period 22.77, a brick wall at -10; see secondAliasBound):
    // its corners matched the boards also a period and two nearer (28, 50-51), the wall at a far repeat (-128); the
    // dense match read the boards' aliases too, and 1.4 % of its pixels at 70, a third alias off the lattice.
    const grey: GrayImage = {
      data: new Uint8Array(WIDTH * HEIGHT).fill(128),
      width: WIDTH,
      height: HEIGHT,
      scale: 1,
    };
    const features: [number, number][] = [
      [-10, 150],
      [-128, 18],
      [5, 13],
      [6, 6],
      [28, 4],
      [50, 8],
      [51, 3],
    ];
    const shares: [number, number][] = [
      [-10, 0.727],
      [6, 0.061],
      [28, 0.024],
      [-18, 0.021],
      [5, 0.021],
      [70, 0.014],
      [50, 0.01],
      [72, 0.009],
    ];
    const range = await disparityRange(grey, grey, denseMatchOf(shares), [22.77], featureMatchesAt(features));
    // The boards and their first alias nearer are searched, their second (6 + 2 · 22.77) is not: the matcher read
    // the wall between the boards there. It was searched to 99 (70 and the near margin).
    expect(range.min).toBeLessThan(-18);
    expect(range.max).toBeGreaterThan(28);
    expect(range.max).toBeLessThanOrEqual(Math.ceil(6 + 1.5 * 22.77));
    // Without the structure's period, none of it is known: 70 and the near margin.
    const unknown = await disparityRange(grey, grey, denseMatchOf(shares), [], featureMatchesAt(features));
    expect(unknown.max).toBe(Math.ceil(70 + 0.045 * WIDTH));
  });

  it('leaves out the repeats two periods or more from a surface, not those a period from one', () => {
    // A window grid (period 47.4) at 22 in front of a facade at -16: its features matched one period nearer (70),
    // two and three farther (-72, -120), and the dense match confirmed each. A surface off the lattice (5) stays.
    const bins = new Map([
      [-120, 19],
      [-72, 5],
      [-16, 408],
      [-15, 204],
      [5, 40],
      [22, 94],
      [70, 16],
    ]);
    const kept = [-120, -72, -16, -15, 5, 22, 70];
    expect(offLattice(kept, bins, 1000, [47.4])).toEqual([-16, -15, 5, 22, 70]);
    // No structure in view, or none named: every bin stays.
    expect(offLattice(kept, bins, 1000, [])).toEqual(kept);
    // A bin two periods from one surface and one period from another stays (-43: boards at 10, wall at -16, period
    // 27); three periods from the boards (92) goes.
    const fence = new Map([
      [-43, 2],
      [-16, 59],
      [-11, 363],
      [10, 55],
      [38, 38],
      [92, 3],
    ]);
    expect(offLattice([-43, -16, -11, 10, 38, 92], fence, 1000, [27])).toEqual([-43, -16, -11, 10, 38]);
  });
});
